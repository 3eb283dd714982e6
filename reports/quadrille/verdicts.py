"""The report's first page: what the decision maps found, said as rules a player can use.

Built from the decision map of the report's card play (learned by default), played in two halves of the deals (``decision_maps.combined``
adds them back into the whole map): the rules of thumb per seat and the vole verdict come from the
whole map, the distilled rule card is fitted on the first half and scored on the second.
"""

from __future__ import annotations

from spadille.reports.document import FigureItem, Section, TableItem


CARD_PLAY = "the heuristic's bidding and card play"
TABLE_LINK = "table: best-by-class.csv"
POINT_INTRODUCTION = (
    "The vole is decided at the point, by the player on lead once his side has won every trick so far, knowing his "
    "own cards and the cards played: the sentences below class those positions by how many of his cards no card "
    "still out can beat (his sure winners), and compare going on with stopping on the very same deals, replayed "
    "both ways from the deal's start. Under each cited reading of the vole rules (the vole worth another sum; a "
    "failed vole paid as the Encyclopédie's text has it) the same positions are replayed under that reading.")


def verdict_section(data, first, second, ruleset, policy_description: str, figure, answers=None,
                    table_return=None, card_play: str = CARD_PLAY, previous_map=None, policy: str | None = None,
                    previous: str | None = None) -> Section:
    """``data`` the whole map, ``first``/``second`` its halves (``second`` None when the run was
    stopped before it); ``figure(plot, data, **options)`` renders a plot to PNG; ``answers`` the
    asker's take-or-cede comparison (take_or_cede.py), when it was run; ``table_return`` the
    measured value of a jeton left on the table (kernel/quadrille/table_return.py), without which
    session accounting gives each seat an equal share; ``card_play`` the phrase naming the play;
    ``previous_map`` the map of the play the verdicts rested on before (``previous``, by its registry
    name: strong before learned, the heuristic before strong), with its own bidding, whose verdicts
    and thresholds are set beside these; ``policy`` the registry name of the
    verdicts' play, whose measured strength against pimc opens the page."""
    from spadille.analyses.quadrille import plots
    from spadille.analyses.quadrille.accounting import accounting_sentences, flip_table, measured_values, table_value
    from spadille.analyses.quadrille.take_or_cede import take_sentence
    from spadille.analyses.quadrille.rule_card import fit_rule_card
    from spadille.analyses.quadrille.verdicts import BID_PHRASES, bidding_verdicts, vole_sentences
    from spadille.analyses.quadrille.vole_rule import rule_sentences
    from spadille.kernel.quadrille.cards import SEAT_NAMES

    from spadille.analyses.quadrille.vole_rule import rule_words

    from .card_play import seats_playing, short_phrase
    from .first_page import glance_item, moves_items, strength_item, strength_paragraph
    from .vole_point import rule_items

    seats = SEAT_NAMES[ruleset["pack.seats"]]
    sentences, thresholds, gains = bidding_verdicts(data, card_play, table_link=TABLE_LINK)
    # the play the verdicts and the vole rule rest on, as the map's policies describe themselves
    played_by = seats_playing(data.metadata.get("policies") or [policy_description], seats)
    at_the_point = rule_sentences(data.vole_point_rules, f"{card_play} ({played_by})", BID_PHRASES, data.min_n)
    n = data.deals_done
    if table_return is not None:
        valuation, values = table_return, measured_values(table_return)
    else:
        valuation = values = table_value(ruleset["pack.seats"])
    flips = flip_table(data, values)
    paragraphs = [
        f"What {n:,} deals of `{ruleset.name}` ({ruleset.title}) say, each deal replayed for every seat with "
        f"that seat's bid fixed (pass or each bid), everything else played by {card_play}. Hands are classed "
        "by the *true matadors* (how many of spadille, that suit's manille and basto the hand holds) and the "
        "*trumps* it would hold in its best suit (the suit with most trumps, spadille and basto included). A gain is the paired difference "
        "in the seat's own jetons a deal, on the very same deals, with its 95% interval and n; the accounting is "
        "a fresh table (antes paid, a bête put down counted as spent). The seats bid and play as "
        f"{played_by}.",
        *([strength_paragraph(policy)] if policy else []),
        "Each seat's rules are for the situation it meets when it first speaks: nobody has bid yet (always so "
        "for eldest hand), or someone has bid before it, when an ask is no longer open (the map's fixed ask is "
        "then a pass) and the question is whether to outbid with a sans prendre. Where a bid was not actually "
        "played on all the hands it is given (an asker may take the sans prendre himself), the share is said.",
        *sentences,
        *([take_sentence(answers, card_play)] if answers is not None else []),
        *accounting_sentences(flips, valuation, card_play, data.layout.bids),
        *vole_sentences(data, card_play),
        *([POINT_INTRODUCTION, *at_the_point] if at_the_point else []),
    ]
    comparison = None
    before_name = previous or "heuristic"   # a map given without its play's name is the heuristic's
    before_play = short_phrase(before_name, False)
    if previous_map is not None:
        from spadille.analyses.quadrille.play_comparison import compare_maps, comparison_sentence

        comparison = compare_maps(data, previous_map)
        paragraphs.append(comparison_sentence(comparison, card_play, before_play, previous_map.deals_done, before_name))
    moved, moves_item = [], None
    if previous_map is not None and policy and previous and previous != policy:
        _, before, _ = bidding_verdicts(previous_map, before_play)
        moved, moves_item = moves_items(thresholds, before, card_play, before_play, policy, previous)
    paragraphs[2:2] = moved  # after the introduction and the play's strength
    vole_rules = {BID_PHRASES.get(contract, contract): rule_words(group.iloc[0]["from_masters"],
                                                                   int(group.iloc[0]["cards_left"]), data.min_n)
                  for contract, group in data.vole_point_rules.groupby("contract", sort=False)
                  if group["n_go"].sum() + group["n_stop"].sum() > 0}
    leading = [glance_item(thresholds, list(data.layout.bids[1:]), vole_rules, card_play)]
    if policy:
        leading.append(strength_item([policy] + ([previous] if previous and previous != policy else [])))
    items = leading + [FigureItem(f"chart-{seat}", f"Basic bidding chart: {seat} hand",
                        figure(plots.plot_best_action, data, seat=seat),
                        "colour: the bid with the highest mean payment; number: its paired margin over the "
                        "runner-up in jetons a deal; pale hatched: the margin's 95% CI holds 0; grey: too few hands",
                        data.metadata)
             for seat in seats]
    items += [TableItem("rules-of-thumb", "Rules of thumb: from how many trumps each bid is best", thresholds,
                        "per seat and true matadors: the bid is best from from_trumps, up to below the next "
                        "bid's threshold (below_next); empty: never"),
              TableItem("rule-gains", "What following the rules of thumb gains", gains,
                        "per seat and bid: the paired gain over the bid below it, pooled over the hands the rule "
                        "gives the bid, with n, 95% CI and the share of them on which the bid was played"),
              _flip_item(flips, valuation),
              *([_answer_item(answers)] if answers is not None and answers.offered else []),
              *([_comparison_item(comparison, card_play, before_name)] if comparison is not None else []),
              *([moves_item] if moves_item is not None else []),
              *rule_items(data)]
    if second is not None and first.deals_done and second.deals_done:
        card = fit_rule_card(first, second)
        paragraphs.append(
            f"**A rule card**, the first of its kind for Quadrille: a shallow decision tree fitted to the first "
            f"{first.deals_done:,} deals' map and scored on the other {second.deals_done:,} deals. On those it "
            f"names each class's best bid for {card.accuracy:.0%} of the hands and loses {card.regret:.2f} jetons a "
            f"hand [{card.regret_low:.2f}, {card.regret_high:.2f}] against bidding each class's best "
            f"(n = {card.n:,} hands; always passing would lose {card.pass_regret:.2f}). With {card_play}:")
        paragraphs += [f"{number}. {rule}" for number, rule in enumerate(card.rules, 1)]
        items.append(TableItem("rule-card", "The rule card, scored on held-out deals", card.summary(data.metadata),
                               "accuracy: share of held-out hands whose class's best bid is the card's; regret: jetons "
                               "a hand lost against each class's best bid, paired, 95% CI"))
    return Section("Verdicts: when to ask, go sans prendre or try the vole", paragraphs, items)


def mark_rules(section: Section, data, card_play: str, marks: dict, counted: str | None = None) -> None:
    """Each seat's rule sentence, nobody having bid, with what the check under pimc said of each bid
    (rule_check.rule_marks): the sentences are made again with the marks and put in place of the
    plain ones; ``counted``, the check's decided and undecided parts, goes before the first rule."""
    from spadille.analyses.quadrille.verdicts import bidding_verdicts

    plain, _, _ = bidding_verdicts(data, card_play, table_link=TABLE_LINK)
    marked, _, _ = bidding_verdicts(data, card_play, table_link=TABLE_LINK, marks=marks)
    replaced = dict(zip(plain, marked))
    section.paragraphs = [replaced.get(paragraph, paragraph) for paragraph in section.paragraphs]
    if counted:
        first_rule = next((i for i, paragraph in enumerate(section.paragraphs) if paragraph in marked),
                          len(section.paragraphs))
        section.paragraphs.insert(first_rule, counted)


def _two_verdicts(rows, first: tuple[str, str], second: tuple[str, str], extra: dict, flag: tuple[str, str]):
    """The classes ``rows`` with two verdicts side by side: (header, column prefix) for each, the
    prefix naming ``<prefix>best``/``margin``/``ci_low``/``ci_high`` columns; ``extra`` columns
    after the class; ``flag`` (header, column) a yes/no column last."""
    import pandas as pd

    from spadille.analyses.quadrille.verdicts import AUCTION_KEYS
    from spadille.reports import formatting as fmt

    def verdicts(prefix: str) -> list[str]:
        best, margin, low, high = (rows[prefix.format(name)] for name in ("best", "margin", "ci_low", "ci_high"))
        return [f"{b} {fmt.estimate(m, lo, hi, 'gain')}" for b, m, lo, hi in zip(best, margin, low, high)]

    return pd.DataFrame({
        "seat": rows["seat"],
        "auction so far": [AUCTION_KEYS.get(None if pd.isna(a) else int(a), "any") for a in rows["auction"]],
        "true matadors": rows["matadors"], "trumps": rows["trumps"], **extra,
        first[0]: verdicts(first[1]), second[0]: verdicts(second[1]),
        flag[0]: [fmt.boolean(c) for c in rows[flag[1]]],
    })


def _flip_item(flips, valuation) -> TableItem:
    """The classes whose best bid differs between a fresh table and session accounting (all in the CSV)."""
    from spadille.reports import formatting as fmt

    rows = flips[flips["fresh_best"] != flips["session_best"]]
    view = _two_verdicts(rows, ("best at a fresh table [margin, 95% CI]", "fresh_{}"),
                         ("best under session accounting [margin, 95% CI]", "session_{}"),
                         {"hands (n)": [fmt.count(n) for n in rows["n"]]}, ("clear under both", "both_confident"))
    view.attrs = dict(flips.attrs)
    return TableItem("accounting-flips", "Where session accounting changes the best bid", view,
                     f"a jeton left on the table worth {_valuation_words(valuation)} under session accounting; "
                     "margin: paired over the runner-up, jetons a deal; the CSV has every class with both verdicts",
                     data=flips, kinds={c: "text" for c in view.columns})


def _comparison_item(comparison, card_play: str, previous: str = "heuristic") -> TableItem:
    """The classes whose best bid differs between the verdicts' play and the previous play's."""
    other = "the heuristic" if previous == "heuristic" else previous
    rows = comparison[comparison["differ"]].rename(columns={
        f"{value}_{side}": f"{side}_{name}" for side in ("main", "other")
        for value, name in (("best_action", "best"), ("margin", "margin"), ("margin_ci_low", "ci_low"),
                            ("margin_ci_high", "ci_high"))})
    view = _two_verdicts(rows, (f"best under {card_play} [margin, 95% CI]", "main_{}"),
                         (f"best under {other} [margin, 95% CI]", "other_{}"), {}, ("clearly", "differ_clearly"))
    view.attrs = dict(comparison.attrs)
    whose = "the heuristic's" if previous == "heuristic" else f"{previous}'s"
    return TableItem("play-comparison", f"Where {whose} verdicts differ", view,
                     "margin: paired over the runner-up, jetons a deal; clearly: both best bids clear at 95%; the "
                     "CSV has every class with both verdicts", data=comparison, kinds={c: "text" for c in view.columns})


def _valuation_words(valuation) -> str:
    from fractions import Fraction

    if isinstance(valuation, (Fraction, int)):
        return f"{valuation} to each seat"
    return "its measured return to the seat (" + ", ".join(f"{s.seat} {s.value:.3f}" for s in valuation.by_seat) + ")"


def _answer_item(answers) -> TableItem:
    """The asker's take − cede by class, all seats together (every seat in the CSV)."""
    from spadille.reports import formatting as fmt

    rows = answers.table[answers.table["seat"] == "all"]
    view = rows[["matadors", "trumps", "n"]].copy()
    view["take − cede, jetons a deal [95% CI]"] = [fmt.estimate(m, lo, hi, "gain") for m, lo, hi in
                                                   zip(rows["take_minus_cede"], rows["ci_low"], rows["ci_high"])]
    view["the policy takes"] = [fmt.share(p) for p in rows["p_policy_takes"]]
    view.attrs = dict(answers.table.attrs)
    return TableItem("take-or-cede", "Asked, then forced: take the higher bid or cede it", view,
                     f"the asker's hands by true matadors and trumps of the best suit; {answers.forced:,} forced deals "
                     f"of {answers.deals:,} scanned; each replayed with the answer fixed both ways (paired)",
                     data=answers.table, max_rows=40,
                     headers={"matadors": "true matadors", "trumps": "trumps", "n": "forced hands (n)"},
                     kinds={"take − cede, jetons a deal [95% CI]": "text", "the policy takes": "text"})
