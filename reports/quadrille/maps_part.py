"""The report's decision-map parts: the maps with their verdicts and the vole (``maps_sections``),
and the same thresholds under stronger card play (``sensitivity_sections``, with ``--stronger-play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadille.reports import formatting as fmt
from spadille.reports.document import FigureItem, Section, TableItem

from .part_support import PartInterrupted, Step, plot_figure

if TYPE_CHECKING:
    from .standard import ReportPlan


def maps_sections(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from spadille.analyses.quadrille import plots
    from spadille.analyses.quadrille.decision_maps import combined, decision_map
    from spadille.kernel.quadrille.policies import make_seat_policy

    from .card_play import short_phrase
    from .verdicts import verdict_section
    from .vole_point import class_items

    seats = plan.ruleset["pack.seats"]
    base = make_seat_policy(plan.card_play)
    fixpoint = (shared or {}).get("bidding")
    policies = fixpoint.policies(base) if fixpoint is not None else (base,) * seats
    card_play = short_phrase(plan.card_play, fixpoint is not None)
    progress = step(f"decision maps ({plan.card_play})", plan.map_deals)
    # In two halves, added back into one map: the rule card is fitted on one and scored on the other.
    half = plan.map_deals // 2
    first = decision_map(plan.ruleset, policies, half, plan.seed, focal_seats=tuple(range(seats)),
                         threads=plan.threads, progress=progress)
    second = None if first.interrupted else decision_map(
        plan.ruleset, policies, plan.map_deals - half, plan.seed, focal_seats=tuple(range(seats)),
        threads=plan.threads, progress=progress, first_deal=half)
    data = first if second is None else combined(first, second)
    previous_map = None
    if plan.previous_map_deals and plan.previous_play and not data.interrupted:
        # the play the verdicts rested on before, as it was (its own bidding): where its verdicts differ
        previous_map = decision_map(plan.ruleset, (make_seat_policy(plan.previous_play),) * seats,
                                    plan.previous_map_deals, plan.seed, focal_seats=tuple(range(seats)),
                                    threads=plan.threads,
                                    progress=step(f"decision maps ({plan.previous_play}, for comparison)",
                                                  plan.previous_map_deals))
        if previous_map.interrupted:
            previous_map = None
    if shared is not None:
        # the claims are played with the report's card play, so they sit beside its map
        shared["map"] = data
        shared["policies"] = policies
    answers = None
    if not data.interrupted:
        from spadille.analyses.quadrille.take_or_cede import take_or_cede

        answer_deals = plan.answer_deals
        answers = take_or_cede(plan.ruleset, policies, answer_deals, plan.seed, threads=plan.threads,
                               progress=step("the asker's answer to a force (take or cede)", answer_deals))
    table_return = None
    if not data.interrupted:
        from spadille.kernel.quadrille.table_return import measure_table_return

        samples = plan.table_return_samples
        table_return = measure_table_return(plan.ruleset, policies, plan.seed, samples, threads=plan.threads,
                                            progress=step("what a jeton left on the table brings back", samples))
    verdicts = verdict_section(data, first, None if second is None or second.interrupted else second, plan.ruleset,
                               "; ".join(dict.fromkeys(p.describe() for p in policies)), plot_figure, answers,
                               table_return, card_play=card_play, previous_map=previous_map, policy=plan.card_play,
                               previous=plan.previous_play)
    verdicts.leading = True
    if shared is not None:   # the check under pimc marks each rule on it (standard._rules)
        shared["verdicts"] = (verdicts, data, card_play)
    n = data.deals_done
    cut = " (interrupted: the deals that finished)" if data.interrupted else ""
    best = data.best_by_class
    bids = data.layout.declaring
    maps = Section("Which hands justify what", [
        f"Every one of {n:,} deals{cut} is replayed for each seat in turn with that seat's bid fixed: pass or "
        f"{_listed(bids)} (trump, king and everything else chosen by {card_play}), stopping at the game "
        "when the vole point comes. Hands are classed by the true matadors and the trumps they would hold "
        "in their best suit (the suit with most trumps). A cell's colour is the bid with the highest mean "
        "payment; the number is its paired margin over the runner-up; pale hatched cells are not clear at 95%.",
    ], [
        FigureItem("best-bid-all", "Best bid by matadors and trumps, all seats",
                   plot_figure(plots.plot_best_action, data, seat="all"), f"n = {n:,} deals × {seats} seats",
                   data.metadata),
        FigureItem("best-bid-eldest", "Best bid for eldest hand",
                   plot_figure(plots.plot_best_action, data, seat="eldest"), "", data.metadata),
        FigureItem("gain-over-pass", "What each bid gains over passing",
                   plot_figure(plots.plot_ev_curves, data, seat="all"), "paired differences with 95% bands",
                   data.metadata),
        TableItem("best-by-class", "Best bid by matadors and trumps", _readable_best(best, "matadors_trumps"),
                  "all seats; margin = paired mean payment over the runner-up, jetons a deal", data=best),
        TableItem("best-by-matadors-trumps-kings", "Best bid by matadors, trumps and side kings",
                  _readable_best(best, "matadors_trumps_kings"),
                  "all seats; side kings: the kings of the suits other than the best one (its king is a trump); "
                  "answers 'so many matadors and trumps, so many kings: bid?'",
                  data=best[best["scheme"] == "matadors_trumps_kings"], max_rows=60),
        TableItem("best-by-kings-voids", "Best bid by side kings and voids, averaged over trump length",
                  _readable_best(best, "kings_voids"),
                  "all seats; an average over every trump holding, so most hands with three side kings are short "
                  "in trumps here: read the table above for a given trump holding; the CSV with every scheme and "
                  "seat is best-by-class.csv", data=best[best["scheme"] == "kings_voids"]),
        TableItem("thresholds", "Thresholds: from how many trumps a bid pays", data.thresholds,
                  "per matador count; see analyses/quadrille/decision_maps.py threshold_table",
                  headers={"threshold_low": "threshold, 95% range (trumps)", "margin": "margin at the threshold"}),
        TableItem("ev-by-class", "Mean payment of each action by class", data.ev_by_class,
                  "every scheme and seat; the full table is in the CSV", max_rows=30),
    ])
    vole = Section("The vole", [
        "When the ombre's side reaches the vole point (plain quadrille: it has won the first six tricks) it may "
        "stop and take the game, or undertake the vole. The tables give how often that point comes and what "
        "going on is worth there, paired against stopping on the same deals.",
        "The first tables class the decision by the hand the ombre was dealt. The table by sure winners classes "
        "it by what the player on lead knows at the point: how many of his cards no card still out can beat (a "
        "trump above every trump still out; a plain card above every card of its suit still out, when no trump "
        "is out) and how many trumps are still out. \"Still out\" is every card he neither holds nor has seen "
        "played, his friend's included. For each class: the positions (n), how often going on made the vole, and "
        "the paired gain of going on over stopping, each deal replayed both ways from its start, under this "
        "ruleset's vole rules and under each cited reading (the same positions replayed under it).",
    ], [
        *(FigureItem(f"vole-{bid}", f"The vole after {_bid_phrase(bid)}",
                     plot_figure(plots.plot_vole, data, contract=bid), "", data.metadata) for bid in bids),
        TableItem("vole-summary", "The vole, in summary", data.vole_summary[_VOLE_SUMMARY_SHOWN],
                  data=data.vole_summary),
        *_vole_value_items(data),
        TableItem("vole", "The vole by class", data.vole, max_rows=30),
        *class_items(data),
    ])
    if data.interrupted:
        raise PartInterrupted([verdicts, maps, vole])
    return [verdicts, maps, vole]


_VOLE_SUMMARY_SHOWN = ["seat", "contract", "n", "declared", "reached", "p_reached_per_deal", "p_reached",
                       "p_reached_ci_low", "p_reached_ci_high", "go_minus_stop", "ci_low", "ci_high", "p_made_going",
                       "classes_go_pays", "classes_go_costs", "classes_tested"]


def _vole_value_items(data) -> list:
    """The vole verdicts under the other cited reading of vole.value, on the same deals."""
    import pandas as pd

    if data.vole_values is None:
        return []
    current, other = data.vole_values
    rows = data.vole_summary[data.vole_summary["seat"] == "all"]
    view = pd.DataFrame({
        "contract": rows["contract"],
        "vole point reached (n)": [fmt.count(v) for v in rows["reached"]],
        f"go on − stop, vole {current} [95% CI]": [fmt.estimate(m, lo, hi, "gain") for m, lo, hi in
                                                   zip(rows["go_minus_stop"], rows["ci_low"], rows["ci_high"])],
        f"classes where going on pays / costs, vole {current}": [
            f"{fmt.count(p)} / {fmt.count(c)} of {fmt.count(t)}" for p, c, t in
            zip(rows["classes_go_pays"], rows["classes_go_costs"], rows["classes_tested"])],
        f"go on − stop, vole {other} [95% CI]": [fmt.estimate(m, lo, hi, "gain") for m, lo, hi in
                                                 zip(rows["other_go_minus_stop"], rows["other_ci_low"],
                                                     rows["other_ci_high"])],
        f"classes where going on pays / costs, vole {other}": [
            f"{fmt.count(p)} / {fmt.count(c)} of {fmt.count(t)}" for p, c, t in
            zip(rows["classes_other_go_pays"], rows["classes_other_go_costs"], rows["classes_tested"])],
    })
    view.attrs = dict(data.vole_summary.attrs)
    return [TableItem("other-vole-value", f"The vole if it is worth {other} jetons a head instead of {current}", view,
                      f"vole.value has two cited readings ({current}: ENC's one fiche; {other}: HOY's double "
                      "stake); the same reached deals, each deal's go payment moved by exactly what the other "
                      "value pays (card play does not depend on it); jetons a deal to the ombre, 95% CI",
                      data=rows)]


def _bid_phrase(bid: str) -> str:
    from spadille.analyses.quadrille.verdicts import BID_PHRASES

    return BID_PHRASES.get(bid, bid)


def _listed(bids) -> str:
    words = [bid.replace("-", " ") for bid in bids]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _readable_best(best, scheme: str):
    """One scheme's classes, all seats together, without the keys the scheme does not use."""
    from spadille.analyses.quadrille.decision_maps import FEATURE_COLUMNS, SCHEMES

    keep = best[(best["scheme"] == scheme) & (best["seat"] == "all")]
    unused = [c for c in FEATURE_COLUMNS if c not in SCHEMES[scheme]]
    return keep.drop(columns=["scheme", "seat", *unused])


def sensitivity_sections(plan: ReportPlan, step: Step) -> list[Section]:
    from spadille.analyses.quadrille import plots
    from spadille.analyses.quadrille.map_sensitivity import sensitivity

    total = sum(plan.sensitivity.values())
    result = sensitivity(plan.ruleset, plan.seed, plan.sensitivity, rotate=True, threads=plan.threads,
                         progress=step("stronger card play (dd, pimc)", total))
    sizes = ", ".join(f"{name} {data.deals_done:,}" for name, data in result.maps.items())
    section = Section("Do the thresholds hold with stronger card play?", [
        f"The same deals (a prefix of the decision map's) with every seat's card play heuristic, double-dummy "
        f"(dd) or PIMC; each deal has one focal seat in turn. Deals: {sizes}. Searching play costs about a "
        "second a deal, so these samples are small and the intervals wide: read them as a check on direction.",
    ], [
        *(FigureItem(f"sensitivity-{action}",
                     f"{_bid_phrase(action).split(' ', 1)[1].capitalize()} over {baseline.replace('-', ' ')}: "
                     "trump threshold by play policy",
                     plot_figure(plots.plot_sensitivity, result, action=action, baseline=baseline), "", result.metadata)
          for action, baseline in _sensitivity_pairs(result)),
        TableItem("sensitivity-thresholds", "Thresholds by play policy", result.thresholds),
        TableItem("sensitivity-agreement", "Best bid by class under each play policy", result.agreement, max_rows=30),
    ])
    if result.metadata.get("interrupted"):
        raise PartInterrupted([section])
    return [section]


def _sensitivity_pairs(result) -> list[tuple[str, str]]:
    """The lowest bid over passing and the highest over the one below it (plain quadrille: ask
    over pass, sans prendre over ask)."""
    layout = next(iter(result.maps.values())).layout
    pairs = list(dict.fromkeys([layout.threshold_comparisons[0], (layout.bids[-1], layout.bids[-2])]))
    return pairs
