"""The report's check of each seat's rule of thumb, nobody having bid before it, under searching
card play (analyses/quadrille/rule_check.py): the rule's hands dealt to order and played by pimc at
every seat, with the fast card play on the same deals beside it."""

from __future__ import annotations

from typing import Callable

import pandas as pd

from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem

# pimc at its defaults: 20 sampled deals a decision, each card scored only as codille, remise or win
# (its window, README "pimc's window"), a deal over 15,000 search nodes set aside (its node budget).
# Its stopping rule is left off: with the window it lost strength.
SEARCH_POLICY, SEARCH_PARAMS = "pimc", {}
BID_WORDS = {"ask": "asking", "sans-prendre": "going sans prendre", "pass": "passing", "demand": "demanding",
             "casco": "going casco"}


def rule_check_section(ruleset, data, policies, deals: int, seed: int, threads: int | None,
                       step: Callable[[str, int], Callable[[int], None]], card_play: str) -> Section | None:
    """The section, or None when the map gives no seat a bid to check. ``policies``: the maps'
    seat policies (the fast card play at the fixpoint's thresholds); the searching play bids at
    the same thresholds. Each seat's rule is the one for nobody having bid before it."""
    from spadille.analyses.quadrille.bidding_fixpoint import with_thresholds
    from spadille.analyses.quadrille.decision_maps import AUCTION_OPEN
    from spadille.analyses.quadrille.rule_check import check_rules, deals_needed
    from spadille.analyses.quadrille.verdicts import bid_thresholds
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.policies import make_seat_policy

    seats = SEAT_NAMES[ruleset["pack.seats"]]
    thresholds = {seat: bid_thresholds(data, name, AUCTION_OPEN) for seat, name in enumerate(seats)}
    total = sum(deals_needed(frame, deals, ruleset) for frame in thresholds.values() if not frame.empty)
    if not total:
        return None
    search = with_thresholds(make_seat_policy(SEARCH_POLICY, SEARCH_PARAMS),
                             [(p.value("ask_threshold"), p.value("alone_threshold")) for p in policies])
    tick = step("each seat's rule under pimc (hands dealt to order)", total)
    frames = []
    for seat, frame in thresholds.items():
        if frame.empty or not deals_needed(frame, deals, ruleset):
            continue
        checked = check_rules(ruleset, frame, policies, search, deals, seed, threads=threads, progress=tick, seat=seat)
        checked.insert(0, "seat", seats[seat])
        frames.append(checked)
    frame = pd.concat(frames, ignore_index=True)
    frame.attrs = {"seed": seed, "ruleset": ruleset.name, "deals_per_kind": deals,
                   "search_policy": search[0].describe(), "fast_policies": "; ".join(p.describe() for p in policies),
                   "dealing": "conditional (kernel/quadrille/conditions.py), one attempt stream per seat and kind of "
                              "hand; a later seat keeps the first hands where nobody had bid before it"}
    view = _view(frame, card_play)
    paragraphs = _paragraphs(frame, deals, card_play)
    unchecked = _none_one_short(ruleset, thresholds)
    if unchecked:
        paragraphs.insert(1, f"Some thresholds are the fewest trumps a best suit with those true matadors can hold: "
                             f"{unchecked}. No hand lies one trump short of them, so that part of the rule has "
                             f"nothing to check: spadille and basto are trumps in every suit, which raises the fewest "
                             f"trumps a hand holding either can have in its best suit (the exact chances of the "
                             f"classes, summed over the hands' counts of each suit's trumps and true matadors, "
                             f"say which classes are dealt at all).")
    return Section("The rules of thumb under searching play", paragraphs, [
        TableItem("rule-check-pimc", "Each seat's rule of thumb, nobody having bid, under pimc and under " + card_play,
                  view, f"jetons a deal for the seat, the bid over the one below it, paired on the same {deals:,} "
                  f"hands of each kind; difference: pimc's gain less {card_play}'s, paired",
                  data=frame, kinds={c: "text" for c in view.columns}),
    ])


def _none_one_short(ruleset, thresholds: dict) -> str:
    """The thresholds (bid, trumps, matadors) with no hand one trump short, in words, each with the
    seats whose rule has it (grouped, since the seats' rules often share them)."""
    from spadille.analyses.quadrille.class_chances import possible
    from spadille.kernel.quadrille.cards import SEAT_NAMES

    seats = SEAT_NAMES[ruleset["pack.seats"]]
    found: dict[tuple, list[int]] = {}
    for seat, frame in thresholds.items():
        for row in frame.itertuples(index=False):
            if row.from_trumps is pd.NA or not possible(ruleset, int(row.matadors), int(row.from_trumps)):
                continue
            if not possible(ruleset, int(row.matadors), int(row.from_trumps) - 1):
                found.setdefault((row.bid, int(row.from_trumps), int(row.matadors)), []).append(seat)
    parts = []
    for (bid, trumps, matadors), holders in found.items():
        who = ("every seat" if len(holders) == len(seats) else
               "the " + _words([seats[seat] for seat in holders]) + (" hands" if len(holders) > 1 else " hand"))
        parts.append(f"{BID_WORDS.get(bid, bid)} from {trumps} trumps with {matadors} true "
                     f"matador{'s' if matadors != 1 else ''} ({who})")
    return "; ".join(parts)


def _words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _paragraphs(frame: pd.DataFrame, deals: int, card_play: str) -> list[str]:
    counts = frame["search_verdict"].value_counts().to_dict()
    summary = ", ".join(f"{counts[v]} {word}" for v, word in (("confirms", "confirmed"), ("not clear", "not clear"),
                                                              ("contradicts", "contradicted")) if v in counts)
    out = [
        f"The rule of thumb above rests on {card_play}'s card play. A searching player (pimc: for each card it "
        "samples 20 layouts of the unseen cards that agree with what it has seen, solves each open-handed and "
        "plays the card that does best on average, where a layout only tells codille, remise and win apart and the "
        "rare layout too costly to solve is set aside) plays some five thousand times slower, too slow to replay the "
        "map's millions of deals. So each seat's rule for when nobody has bid yet is checked on "
        f"hands dealt to order instead: {deals:,} hands of each kind below, uniform among the deals where "
        "the seat holds that class and every seat before it passed, each played twice (the bid, and the bid below "
        f"it) with every seat playing pimc and bidding at the thresholds of the maps. {card_play.capitalize()} "
        f"replays the very same deals. The sample is small, so the intervals are wide: of the {len(frame)} parts "
        f"of the rules, pimc's play leaves {summary}.",
    ]
    seat = None
    for row in frame.to_dict("records"):
        if row["seat"] != seat:
            seat = row["seat"]
            out.append(f"**{seat.capitalize()} hand, nobody has bid yet:**")
        over = BID_WORDS.get(row["over"], row["over"])
        bid = BID_WORDS.get(row["bid"], row["bid"])
        where = "the hands the rule gives it" if row["hands"] == "band" else "the hands one trump short of it"
        expected = "pays" if row["expected"] == "positive" else "does not pay"
        verdict = {"confirms": "pimc confirms it", "contradicts": "pimc contradicts it",
                   "not clear": "pimc's interval leaves it open"}[row["search_verdict"]]
        out.append(f"- {bid.capitalize()} over {over} on {where} ({row['classes']}): the rule says it {expected}; "
                   f"under pimc {fmt.estimate(row['search_gain'], row['search_low'], row['search_high'], 'gain')} "
                   f"jetons a deal, under {card_play} "
                   f"{fmt.estimate(row['fast_gain'], row['fast_low'], row['fast_high'], 'gain')}, n = {row['n']:,} "
                   f"hands; {verdict}.")
    return out


def _view(frame: pd.DataFrame, card_play: str) -> pd.DataFrame:
    rows = []
    for row in frame.to_dict("records"):
        rows.append({
            "seat": row["seat"],
            "bid": f"{row['bid']} over {row['over']}",
            "hands": row["hands"],
            "classes": row["classes"],
            "n": f"{row['n']:,}",
            "the rule says": "pays" if row["expected"] == "positive" else "does not pay",
            f"gain under {card_play}": fmt.estimate(row["fast_gain"], row["fast_low"], row["fast_high"], "gain"),
            "gain under pimc": fmt.estimate(row["search_gain"], row["search_low"], row["search_high"], "gain"),
            "difference": fmt.estimate(row["difference"], row["difference_low"], row["difference_high"], "gain"),
            "pimc": row["search_verdict"],
        })
    view = pd.DataFrame(rows)
    view.attrs = dict(frame.attrs)
    return view
