"""The standard strategy report: what ``spadille report`` runs, part by part.

Parts, in order: the game as the heuristic players play it (contracts and outcomes); the
strength ladder (what random and double-dummy play win a deal against the heuristic); the
decision maps (which hands pass, ask or go sans prendre, by matadors and trumps, and by kings
and voids); the vole; how the thresholds move when card play is double-dummy or PIMC; the
claims of the period texts with verdicts; worked evaluations of hands the texts discuss; and
the parts of the other games that join this report (the caller names them: ``companions``,
from the registry of games; Cabriolet gives the value of each case of its board). The report
is titled for all the games: Quadrille's sections sit under a Quadrille heading and every other
game's under its own (its module's ``PART_TITLE``).

Sizes come from one number, the decision map's deals (``plan_for``); every other part scales
with it, so ``--deals`` and ``--quick`` shrink or grow the whole report together. A Ctrl-C
stops the part in progress; the report then holds the parts that finished (and the part cut
short, with the deals it finished, if that part can say so).
"""

from __future__ import annotations

import importlib
from functools import partial
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from spadille.kernel.quadrille.policies import CARD_PLAYS, DEFAULT_CARD_PLAY
from spadille.kernel.quadrille.ruleset import Ruleset

from spadille.reports import formatting as fmt
from spadille.reports.document import FigureItem, Report, Section, TableItem, figure_png

DEFAULT_MAP_DEALS = 4_000_000
RULE_CHECK_DEALS = 40
QUICK_MAP_DEALS = 100_000
QUADRILLE_PARTS = ("baseline", "ladder", "maps", "rules", "sensitivity", "claims", "hands")
# The stronger-play ladder (the maps again under dd and pimc card play) is not in the default report:
# at the sizes a default run affords (1,000 dd deals, 64 pimc) it left most classes without an answer
# and cost minutes. `--stronger-play` adds it.
DEFAULT_PARTS = tuple(part for part in QUADRILLE_PARTS if part != "sensitivity")
PART_NAMES = {"baseline": "the game as played", "ladder": "the strength ladder and the bidding fixpoint", "maps": "decision maps, verdicts and the vole",
              "rules": "each seat's rule under pimc",
              "sensitivity": "stronger play", "claims": "the period advice", "hands": "worked hands"}
# The report covers every game of the registry that has a part; Quadrille's sections come first,
# under their own heading, then each other game's under its own.
REPORT_TITLE = "spadille strategy report: the games of the Académie des jeux"
QUADRILLE_TITLE = "Quadrille: which hands call a king, go sans prendre or try the vole"


@dataclass(frozen=True)
class ReportPlan:
    ruleset: Ruleset
    seed: int
    map_deals: int                     # heuristic decision map
    baseline_deals: int                # simulate, heuristic
    sensitivity: dict                  # card-play policy -> deals (a prefix of the map's deals)
    ladder: dict                       # policy -> deals of the strength ladder (reports/quadrille/ladder.py)
    claims_scale: float
    evaluation_deals: int              # per worked hand
    answer_deals: int = 0              # deals scanned for the asker's take-or-cede answer
    table_return_samples: int = 0      # sessions followed to value a jeton left on the table
    fixpoint_deals: int = 0            # deals of the bidding fixpoint (half fitted, half held out)
    card_play: str = "heuristic"       # the policy whose card play the verdicts rest on
    heuristic_map_deals: int = 0       # the heuristic's own map beside it (0: none, or it is the heuristic)
    rule_check_deals: int = 0          # hands of each kind dealt to check each seat's rule under pimc (0: none)
    # other games' parts: (game, module under spadille.reports, deals), in the order they follow
    companions: tuple[tuple[str, str, int], ...] = ()
    threads: int | None = None
    quick: bool = False
    parts: tuple[str, ...] = QUADRILLE_PARTS

    def describe(self) -> dict:
        return {"map_deals": self.map_deals, "baseline_deals": self.baseline_deals,
                "sensitivity_deals": dict(self.sensitivity), "ladder_deals": dict(self.ladder),
                "claims_scale": self.claims_scale, "evaluation_deals": self.evaluation_deals,
                "answer_deals": self.answer_deals, "table_return_samples": self.table_return_samples,
                "fixpoint_deals": self.fixpoint_deals, "card_play": self.card_play,
                "heuristic_map_deals": self.heuristic_map_deals, "rule_check_deals": self.rule_check_deals,
                **{f"{game}_deals": deals for game, _, deals in self.companions}, "quick": self.quick}


def plan_for(ruleset: Ruleset, seed: int, deals: int | None, quick: bool, threads: int | None = None,
             companions: Sequence[tuple[str, str]] = (), stronger_play: bool = False,
             card_play: str = DEFAULT_CARD_PLAY) -> ReportPlan:
    """Sizes of every part from the decision map's deals (default: about ten minutes on two cores).

    ``companions``: (game, module under spadille.reports) of each other game whose part follows
    Quadrille's; the module's ``report_deals(scale)`` sizes it and ``report_sections`` builds it."""
    from spadille.kernel.quadrille.simulate import MAX_SEED
    from spadille.kernel.common.errors import SimulationError

    map_deals = deals if deals is not None else (QUICK_MAP_DEALS if quick else DEFAULT_MAP_DEALS)
    if not isinstance(map_deals, int) or not 1_000 <= map_deals <= 10**9:
        raise SimulationError(f"--deals must be between 1,000 and 1,000,000,000, not {map_deals!r}")
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    scale = map_deals / DEFAULT_MAP_DEALS
    # dd costs about 0.05 s a deal and pimc 1.8 s with one focal seat a deal (2 cores)
    sensitivity = {"heuristic": max(200, round(4_000 * scale)), "dd": max(40, round(1_000 * scale)),
                   "pimc": max(8, round(64 * scale))}
    if quick and deals is None:
        sensitivity = {"heuristic": 200, "dd": 40, "pimc": 8}
    # The strength ladder: random and the heuristic are cheap (a few seconds at 20,000 deals, each
    # played once per seat); dd about a hundredth of a second a deal and seat on two cores.
    cheap = max(1_000, min(100_000, round(20_000 * scale)))
    ladder = {"random": cheap, "heuristic": cheap, "strong": cheap, "dd": max(20, min(2_000, round(200 * scale)))}
    if card_play not in CARD_PLAYS:
        raise SimulationError(f"--card-play must be one of {', '.join(CARD_PLAYS)}, not {card_play!r}")
    return ReportPlan(
        ruleset=ruleset, seed=seed, map_deals=map_deals,
        baseline_deals=max(10_000, map_deals // 2),
        sensitivity=sensitivity,
        ladder=ladder,
        claims_scale=min(4.0, max(0.02, scale)) if not quick else 0.02,
        evaluation_deals=max(300, min(20_000, round(4_000 * math.sqrt(scale)))),
        # about a tenth of a forced ask comes per deal scanned; a tenth of the map's deals gives the
        # classes with 2-3 true matadors (where the answer turns) a few hundred hands each
        answer_deals=max(1_000, map_deals // 10),
        # a sample costs about two deals (most tables are taken at the next deal); 200,000 give each
        # seat's value a 95% interval of about ±0.004 jetons a jeton, in a few seconds
        table_return_samples=max(2_000, min(1_000_000, round(200_000 * scale))),
        # each round replays the fitted half once per seat and bid; at 80,000 deals a seat's held-out
        # gain has a 95% interval of about ±0.06 jetons a deal
        fixpoint_deals=max(2_000, min(1_000_000, round(80_000 * scale))),
        card_play=card_play,
        # the heuristic's verdicts beside the card play's: a tenth of the map's deals is enough to
        # see where a class's best bid differs clearly
        heuristic_map_deals=0 if card_play == "heuristic" else max(1_000, map_deals // 10),
        # four kinds of hand a seat, each hand played twice by pimc at every seat: 40 hands a kind
        # give a 95% interval of about ±3 jetons on an ask
        rule_check_deals=max(4, round(RULE_CHECK_DEALS * math.sqrt(scale))),
        companions=tuple((game, module, _companion(module).report_deals(scale)) for game, module in companions),
        threads=threads, quick=quick,
        parts=(QUADRILLE_PARTS if stronger_play else DEFAULT_PARTS) + tuple(game for game, _ in companions),
    )


# Seconds each part took in the default report on the 2-core machine from a cold numba cache, so
# compiling included (measured 2026-12-05, 12 min 23 s in all: `spadille report quadrille` with an empty
# NUMBA_CACHE_DIR, on a day the machine ran about 1.5 times slower than the quiet one of the stated
# 8 min 36 s; only the shares matter to the whole-report bar, and its rate and ETA come from the clock;
# "sensitivity" is not in the default report and is an estimate, the maps' share of its last measure);
# estimated_seconds scales them.
DEFAULT_PART_SECONDS = {"baseline": 45.0, "ladder": 169.0, "maps": 234.0, "rules": 99.0, "sensitivity": 292.0,
                        "claims": 77.0, "hands": 1.0}
DEFAULT_COMPANION_SECONDS = {"cabriolet": 38.0, "reversis": 25.0, "revertier": 49.0}


def estimated_seconds(plan: ReportPlan) -> dict[str, float]:
    """Each part's expected seconds: what it took at the default size, scaled by its own sample
    size (a numba compile on a cold cache adds a few minutes at the start). The shares of the
    whole-report bar (cli/progress.WholeRun)."""
    scale = plan.map_deals / DEFAULT_MAP_DEALS
    sizes = {"baseline": plan.baseline_deals / max(10_000, DEFAULT_MAP_DEALS // 2), "ladder": scale, "maps": scale,
             "rules": plan.rule_check_deals / RULE_CHECK_DEALS, "sensitivity": scale, "claims": plan.claims_scale,
             "hands": plan.evaluation_deals / 4_000}
    out = {}
    for name in plan.parts:
        if name in DEFAULT_PART_SECONDS:
            out[name] = DEFAULT_PART_SECONDS[name] * sizes[name]
        else:
            deals = next(d for game, _, d in plan.companions if game == name)
            default = _companion(next(m for g, m, _ in plan.companions if g == name)).report_deals(1.0)
            out[name] = DEFAULT_COMPANION_SECONDS.get(name, 30.0) * deals / max(1, default)
    return out


def _companion(module: str):
    return importlib.import_module(f"spadille.reports.{module}")


Step = Callable[[str, int], Callable[[int], None]]


class PartInterrupted(KeyboardInterrupt):
    """A part stopped by Ctrl-C that still has sections worth keeping (the deals it finished)."""

    def __init__(self, sections: list[Section]):
        super().__init__()
        self.sections = sections


def build_report(plan: ReportPlan, step: Step, log: Callable[[str], None] | None = None,
                 starting: Callable[[str], None] | None = None) -> tuple[Report, bool]:
    """Run the parts; ``step(description, total)`` returns a progress callback for one part,
    ``starting`` hears each part's name as it starts and ``log`` how long it took. Returns the
    report and whether it was interrupted."""
    from spadille.kernel.common.version import package_version

    metadata = {
        "spadille_version": package_version(), "game": "quadrille", "analysis": "report", "seed": plan.seed,
        "ruleset": plan.ruleset.name, "ruleset_overrides": {k: v for k, v in plan.ruleset.overrides},
        "plan": plan.describe(),
        "policies": [_policy_description(plan.card_play)],
    }
    report = Report(REPORT_TITLE, metadata, _under([_introduction(plan)], QUADRILLE_TITLE))
    shared: dict = {}   # what a later part needs of an earlier one: the claims part sets claims beside the map
    parts = {"baseline": _baseline, "ladder": partial(_ladder, shared=shared), "maps": partial(_maps, shared=shared),
             "rules": partial(_rules, shared=shared), "sensitivity": _sensitivity,
             "claims": partial(_claims, shared=shared),
             "hands": _hands, **{game: _companion_part(module, deals) for game, module, deals in plan.companions}}
    titles = {game: part_title(game, module) for game, module, _ in plan.companions}
    interrupted = False
    for name in plan.parts:
        started = time.perf_counter()
        if starting is not None:
            starting(name)
        try:
            report.sections += _under(parts[name](plan, step), titles.get(name, QUADRILLE_TITLE))
            if log is not None:
                log(f"{PART_NAMES.get(name, titles.get(name, name))}: {time.perf_counter() - started:,.0f} s")
        except PartInterrupted as stopped:
            report.sections += _under(stopped.sections, titles.get(name, QUADRILLE_TITLE))
            interrupted = True
            break
        except KeyboardInterrupt:
            interrupted = True
            break
    metadata["interrupted"] = interrupted
    fixpoint = shared.get("bidding")
    if fixpoint is not None:   # the stamp names what every seat played: the card play at its own thresholds
        metadata["policies"] = [f"{plan.card_play} card play, each seat bidding at the fixpoint's thresholds: "
                                f"{fixpoint.stamp()}"]
    report.sections = _leading_first(report.sections)
    if interrupted:
        report.sections.append(Section("Interrupted", [
            "The run was stopped before every part finished; the parts above are complete unless they say otherwise."]))
    return report, interrupted


def _leading_first(sections: list[Section]) -> list[Section]:
    """Each part's leading sections (its verdicts, made once the maps are done) first in the part,
    so the report opens on what it found; then the part's other sections in the order they were
    made (how to read the figures first)."""
    out: list[Section] = []
    for section in sections:
        if section.leading:
            continue
        if not any(s.part == section.part for s in out):
            out += [s for s in sections if s.leading and s.part == section.part]
        out.append(section)
    return out


def part_title(game: str, module: str) -> str:
    """The heading of a game's part of the report: its module's ``PART_TITLE``, else its name."""
    return getattr(_companion(module), "PART_TITLE", game.capitalize())


def _under(sections: list[Section], title: str) -> list[Section]:
    """The sections, each placed under its game's heading (a section that names its own part keeps it)."""
    for section in sections:
        if section.part is None:
            section.part = title
    return sections


# ---------------------------------------------------------------- parts
def _policy_description(name: str = "heuristic") -> str:
    from spadille.kernel.quadrille.policies import make_seat_policy

    return make_seat_policy(name).describe()


def _long_phrase(name: str) -> str:
    from .card_play import card_play_phrase

    return card_play_phrase(name)


def _introduction(plan: ReportPlan) -> Section:
    return Section("How to read the Quadrille figures", [
        f"Every figure comes from simulated deals of the ruleset `{plan.ruleset.name}` ({plan.ruleset.title}) "
        "and carries its number of observations **n** and a 95% confidence interval. "
        "Comparisons between actions are paired: every action replays the very same deals from the same random "
        "stream, so their difference is measured deal by deal.",
        "A payment is the net jetons of the hand in question for one deal at a fresh table (the antes included; "
        "a bête put on the table counts as spent). The verdicts also value a jeton left on the table at its "
        "expected return in a long session, and say where that changes a bid. 1 fiche = 10 jetons.",
        f"The verdicts rest on {_long_phrase(plan.card_play)}. "
        f"The claims use {plan.card_play}'s card play where they name no policy, with the heuristic's beside it; "
        "the game as played and the worked hands use the heuristic (a club player's trick estimate "
        "and card-play rules); a table that says dd (double-dummy: it sees every hand, as if all were open) or "
        "pimc (sampling the unseen hands and solving each) plays so.",
        f"Seed {plan.seed}; rerunning `spadille report --seed {plan.seed}` with the same sizes reproduces every number.",
    ])


def _baseline(plan: ReportPlan, step: Step) -> list[Section]:
    from spadille.analyses.quadrille.summary import contract_summary, outcome_summary
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    seats = plan.ruleset["pack.seats"]
    config = RunConfig(plan.ruleset, (make_seat_policy("heuristic"),) * seats, plan.seed, plan.baseline_deals,
                       threads=plan.threads)
    from spadille.analyses.distributed.runner import active_runner

    if active_runner() is None:
        result = simulate(config, progress=step("the game as played", plan.baseline_deals))
    else:  # `--scheduler`: block by block on the cluster, the same aggregates
        from spadille.analyses.distributed.quadrille import simulate_on

        result = simulate_on(active_runner(), config, progress=step("the game as played", plan.baseline_deals))
    if result.interrupted:
        raise KeyboardInterrupt
    contracts = contract_summary(result)
    outcomes = outcome_summary(result)
    run_metadata = {**config.metadata(), "deals_done": result.deals_done}
    return [Section("The game as the heuristic players play it", [
        f"{result.deals_done:,} deals, every seat playing the heuristic policy: how often each contract is played, "
        "and how it ends. This is the background against which the decision maps compare actions."],
        [TableItem("contracts", "Contracts", contracts[["contract", "count", "n", "estimate", "ci_low", "ci_high"]],
                   f"share of the {result.deals_done:,} deals, 95% Wilson intervals", metadata=run_metadata,
                   kinds={"estimate": "share"},
                   headers={"count": "deals with it (n)", "n": "deals (n)", "estimate": "share of deals"}),
         _outcome_item(outcomes, run_metadata)])]


def _ladder(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from .bidding import bidding_section
    from .ladder import ladder_sections

    sections = ladder_sections(plan.ruleset, plan.seed, plan.ladder, plan.threads, step)
    bidding, fixpoint = bidding_section(plan.ruleset, plan.seed, plan.fixpoint_deals, plan.threads, step,
                                        plan.card_play)
    if shared is not None and fixpoint is not None:
        shared["bidding"] = fixpoint
    return sections + bidding


def _outcome_item(outcomes, run_metadata) -> TableItem:
    grid = _outcome_grid(outcomes)
    headers = {name: f"{fmt.title(name)} [95% CI]" for name in grid.columns if name not in ("contract", "n")}
    headers["n"] = "deals (n)"
    headers.update({"ombre_payment": "ombre's payment [95% CI]", "side_payment": "side's payment [95% CI]"})
    return TableItem("outcomes", "Outcomes and payments by contract, all ombre seats", grid,
                     "estimate [95% CI]: rates with Wilson intervals, payments (jetons a deal) with normal intervals; "
                     "the CSV has every seat", data=outcomes, metadata=run_metadata, headers=headers)


def _outcome_grid(outcomes):
    """One row per contract (all ombre seats together): each measure as 'estimate [low, high]'."""
    import pandas as pd

    rows = outcomes[outcomes["ombre"] == "all"]
    grid = {}
    for row in rows.itertuples(index=False):
        entry = grid.setdefault(row.contract, {"contract": row.contract, "n": row.n})
        kind = "share" if row.kind == "rate" else "gain"
        entry[row.measure] = fmt.estimate(row.estimate, row.ci_low, row.ci_high, kind)
    frame = pd.DataFrame(list(grid.values()))
    frame.attrs = dict(outcomes.attrs)
    return frame


def _maps(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from spadille.analyses.quadrille import plots
    from spadille.analyses.quadrille.decision_maps import decision_map
    from spadille.kernel.quadrille.policies import make_seat_policy

    from spadille.analyses.quadrille.decision_maps import combined

    from .verdicts import verdict_section
    from .vole_point import class_items

    from .card_play import short_phrase

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
    heuristic_map = None
    if plan.heuristic_map_deals and not data.interrupted:
        # the heuristic as it was (hand-set bidding): where its verdicts differ from these
        heuristic_map = decision_map(plan.ruleset, (make_seat_policy("heuristic"),) * seats, plan.heuristic_map_deals,
                                     plan.seed, focal_seats=tuple(range(seats)), threads=plan.threads,
                                     progress=step("decision maps (the heuristic, for comparison)",
                                                   plan.heuristic_map_deals))
        if heuristic_map.interrupted:
            heuristic_map = None
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
                               "; ".join(dict.fromkeys(p.describe() for p in policies)), _figure, answers,
                               table_return, card_play=card_play, heuristic_map=heuristic_map)
    verdicts.leading = True
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
                   _figure(plots.plot_best_action, data, seat="all"), f"n = {n:,} deals × {seats} seats",
                   data.metadata),
        FigureItem("best-bid-eldest", "Best bid for eldest hand", _figure(plots.plot_best_action, data, seat="eldest"),
                   "", data.metadata),
        FigureItem("gain-over-pass", "What each bid gains over passing",
                   _figure(plots.plot_ev_curves, data, seat="all"), "paired differences with 95% bands", data.metadata),
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
        *(FigureItem(f"vole-{bid}", f"The vole after {_bid_phrase(bid)}", _figure(plots.plot_vole, data, contract=bid),
                     "", data.metadata) for bid in bids),
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


def _sensitivity(plan: ReportPlan, step: Step) -> list[Section]:
    from spadille.analyses.quadrille import plots
    from spadille.analyses.quadrille.decision_maps import sensitivity

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
                     _figure(plots.plot_sensitivity, result, action=action, baseline=baseline), "", result.metadata)
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


def _rules(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    """Each seat's rule of thumb, nobody having bid before it, checked under pimc on hands dealt
    to order; placed right after the verdicts it checks. Nothing without a finished map or with no deals asked for."""
    from .rule_check import rule_check_section

    data = (shared or {}).get("map")
    if data is None or data.interrupted or not plan.rule_check_deals:
        return []
    section = rule_check_section(plan.ruleset, data, shared["policies"], plan.rule_check_deals, plan.seed,
                                 plan.threads, step, plan.card_play)
    if section is None:
        return []
    section.leading = True
    return [section]


def _claims(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from .claims_part import claims_sections

    return claims_sections(plan, step, (shared or {}).get("map"))


def _hands(plan: ReportPlan, step: Step) -> list[Section]:
    from .worked_hands import WORKED_HANDS, evaluate_worked_hands

    summary, tables = evaluate_worked_hands(plan.ruleset, plan.evaluation_deals, plan.seed, threads=plan.threads,
                                            progress=step("worked hands", plan.evaluation_deals * len(WORKED_HANDS)))
    if not tables:
        return []
    others = (plan.ruleset["pack.seats"] - 1) * plan.ruleset["pack.hand_size"]
    items = [TableItem("worked-hands", "Best action for each worked hand", summary,
                       f"n = {plan.evaluation_deals:,} paired deals of the other {others} cards per hand")]
    for worked in WORKED_HANDS:
        if worked.name not in tables:
            continue
        items.append(TableItem(f"hand-{worked.name}", f"{fmt.hand(worked.hand)} ({worked.seat})",
                               tables[worked.name], worked.why, max_rows=12))
    return [Section("Worked hands", [
        "Hands the period texts talk about, evaluated with `spadille evaluate`: every action on the same deals of "
        "the other cards, ranked by mean payment."], items)]


def _companion_part(module: str, deals: int) -> Callable[[ReportPlan, Step], list[Section]]:
    """Another game's part of the report, at the size the plan gave it."""
    def part(plan: ReportPlan, step: Step) -> list[Section]:
        return _companion(module).report_sections(plan.seed, deals, threads=plan.threads, progress=step)
    return part


def _figure(plot, data, **options) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(7.5, 4.6))
    plot(data, ax, **options)
    return figure_png(figure)
