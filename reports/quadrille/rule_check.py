"""The report's check of each seat's rule of thumb, nobody having bid before it, under searching
card play (analyses/quadrille/rule_check.py): the rule's hands dealt to order and played by pimc at
every seat, with the fast card play on the same deals beside it."""

from __future__ import annotations

from typing import Callable

import pandas as pd

from spadille.analyses.sequential import Design
from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem

# pimc at its defaults: 20 sampled deals a decision, each card scored only as codille, remise or win
# (its window, docs/speed.md "pimc: faster at the same strength"), a deal over 15,000 search nodes set aside (its node budget).
# Its stopping rule is left off: with the window it lost strength.
SEARCH_POLICY, SEARCH_PARAMS = "pimc", {}
# The check's sequential design (analyses/sequential.py): a part is decided once its interval excludes 0
# or lies within this many jetons of it; the first look at RULE_CHECK_FIRST hands (standard.py).
INDIFFERENT_MARGIN = 1.5
MIN_CAP_LOOKS = 3
BAND = "band"
BID_WORDS = {"ask": "asking", "sans-prendre": "going sans prendre", "pass": "passing", "demand": "demanding",
             "casco": "going casco"}


def check_design(first: int, budget: int) -> Design:
    """The check's sequential design: looks at ``first`` hands, then twice as many and so on up to
    a cap of half the ``budget`` (so that two parts may reach it; at least MIN_CAP_LOOKS looks), the
    budget over every part, alpha shared equally by the looks. Simulated on the 16 parts' gains and
    spreads under pimc, an equal share decided more parts than most of alpha kept for the last look,
    and looks doubling more than looks growing fourfold."""
    cap = first
    while cap * 2 <= max(budget // 2, first * 2 ** (MIN_CAP_LOOKS - 1)):
        cap *= 2
    return Design(first=first, cap=cap, budget=budget, margin=INDIFFERENT_MARGIN)


def rule_check_section(ruleset, data, policies, design: Design, seed: int, threads: int | None,
                       step: Callable[[str, int], Callable[[int], None]], card_play: str):
    """(section, marks), or None when the map gives no seat a bid to check. ``policies``: the maps'
    seat policies (the fast card play at the fixpoint's thresholds); the searching play bids at
    the same thresholds. Each seat's rule is the one for nobody having bid before it. ``marks``:
    (seat, bid) -> what pimc says of that bid's rule, for the verdicts (rule_marks)."""
    from spadille.analyses.quadrille.bidding_fixpoint import with_thresholds
    from spadille.analyses.quadrille.decision_maps import AUCTION_OPEN
    from spadille.analyses.quadrille.rule_check import check_seats, hands_needed
    from spadille.analyses.quadrille.verdicts import bid_thresholds
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.policies import make_seat_policy

    seats = SEAT_NAMES[ruleset["pack.seats"]]
    thresholds = {seat: bid_thresholds(data, name, AUCTION_OPEN) for seat, name in enumerate(seats)}
    total = hands_needed(thresholds, design, ruleset)
    if not total:
        return None
    search = with_thresholds(make_seat_policy(SEARCH_POLICY, SEARCH_PARAMS),
                             [(p.value("ask_threshold"), p.value("alone_threshold")) for p in policies])
    tick = step("each seat's rule under pimc (hands dealt to order)", total)
    frame = check_seats(ruleset, thresholds, policies, search, design, seed, threads=threads, progress=tick)
    if hasattr(tick, "set_total"):
        tick.set_total(frame.attrs["hands_played"])   # the parts decided before the budget ran out
    frame.attrs.update({"seed": seed, "ruleset": ruleset.name, "search_policy": search[0].describe(),
                        "fast_policies": "; ".join(p.describe() for p in policies),
                        "dealing": "conditional (kernel/quadrille/conditions.py), one attempt stream per seat and kind "
                                   "of hand; a later seat keeps the first hands where nobody had bid before it"})
    view = _view(frame, card_play)
    paragraphs = _paragraphs(frame, design, card_play)
    unchecked = _none_one_short(ruleset, thresholds)
    if unchecked:
        paragraphs.insert(1, f"Some thresholds are the fewest trumps a best suit with those true matadors can hold: "
                             f"{unchecked}. No hand lies one trump short of them, so that part of the rule has "
                             f"nothing to check: spadille and basto are trumps in every suit, which raises the fewest "
                             f"trumps a hand holding either can have in its best suit (the exact chances of the "
                             f"classes, summed over the hands' counts of each suit's trumps and true matadors, "
                             f"say which classes are dealt at all).")
    section = Section("The rules of thumb under searching play", paragraphs, [
        TableItem("rule-check-pimc", "Each seat's rule of thumb, nobody having bid, under pimc and under " + card_play,
                  view, f"jetons a deal for the seat, the bid over the one below it, paired on the same hands of each "
                  f"kind (n: how many, as the sampling stopped); intervals: {design.levels_text()}, a 95% "
                  f"confidence sequence over the looks; difference: pimc's gain less {card_play}'s, paired",
                  data=frame, kinds={c: "text" for c in view.columns}),
    ])
    return section, rule_marks(frame), first_page_sentence(frame)


def rule_marks(frame: pd.DataFrame) -> dict[tuple[str, str], str]:
    """(seat, bid) -> what pimc says of the rule for that bid, from its band and the hands one trump
    short: "contradicted under pimc" where a part contradicts it; "confirmed under pimc" where the
    band is confirmed and the hands short are confirmed or practically indifferent; "practically
    indifferent under pimc" where neither contradicts and the band is within the margin; else "not
    decided under pimc at n = ..." with the undecided parts' hands."""
    marks = {}
    for (seat, bid), rows in frame.groupby(["seat", "bid"], sort=False):
        verdicts = dict(zip(rows["hands"], rows["search_verdict"]))
        undecided = rows[rows["search_verdict"] == "not clear"]
        if "contradicts" in verdicts.values():
            marks[(seat, bid)] = "contradicted under pimc"
        elif not undecided.empty:
            sizes = " and ".join(f"{n:,}" for n in undecided["n"])
            marks[(seat, bid)] = f"not decided under pimc at n = {sizes}"
        elif verdicts.get(BAND) == "indifferent":
            marks[(seat, bid)] = "practically indifferent under pimc (within ±1.5 jetons)"
        else:
            marks[(seat, bid)] = "confirmed under pimc"
    return marks


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


VERDICT_WORDS = {"confirms": "pimc confirms it", "contradicts": "pimc contradicts it",
                 "indifferent": "under pimc the two bids are practically worth the same (within ±1.5 jetons)",
                 "not clear": "not decided"}


def decided_counts(frame: pd.DataFrame) -> str:
    """"12: 7 confirmed, 2 contradicted, 3 practically indifferent; 4 not decided (at n = ...)"."""
    counts = frame["search_verdict"].value_counts().to_dict()
    decided = len(frame) - counts.get("not clear", 0)
    summary = ", ".join(f"{counts[v]} {word}" for v, word in (
        ("confirms", "confirmed"), ("contradicts", "contradicted"), ("indifferent", "practically indifferent"))
        if v in counts)
    open_parts = frame[frame["search_verdict"] == "not clear"]
    undecided = (f"; {len(open_parts)} not decided (at n = {', '.join(f'{n:,}' for n in open_parts['n'])})"
                 if len(open_parts) else "")
    return f"{decided}: {summary or 'none'}{undecided}"


def first_page_sentence(frame: pd.DataFrame) -> str:
    """What the first page says of the check: how many parts of the rules pimc decided, and how."""
    played = frame.attrs.get("hands_played", int(frame["n"].sum()))
    return (f"**Checked under pimc.** Each seat's rule for when nobody has bid was checked with every seat "
            f"playing pimc on hands dealt to order ({played:,} hands; the section *The rules of thumb under "
            f"searching play*). Of its {len(frame)} parts pimc decides {decided_counts(frame)}. Each rule below "
            "says what the check found of it.")


def _paragraphs(frame: pd.DataFrame, design: Design, card_play: str) -> list[str]:
    played = frame.attrs.get("hands_played", int(frame["n"].sum()))
    out = [
        f"The rule of thumb above rests on {card_play}'s card play. A searching player (pimc: for each card it "
        "samples 20 layouts of the unseen cards that agree with what it has seen, solves each open-handed and "
        "plays the card that does best on average, where a layout only tells codille, remise and win apart and the "
        "rare layout too costly to solve is set aside) plays some five thousand times slower, too slow to replay the "
        "map's millions of deals. So each seat's rule for when nobody has bid yet is checked on "
        "hands dealt to order instead, uniform among the deals where the seat holds that class and every seat "
        "before it passed, each played twice (the bid, and the bid below it) with every seat playing pimc and "
        f"bidding at the thresholds of the maps. {card_play.capitalize()} replays the very same deals.",
        f"Each part of a rule is sampled until pimc decides it: until its interval excludes 0 (the bid pays more, "
        f"or less, than the one below) or lies within ±{design.margin:g} jetons (the two are practically worth the "
        f"same), or until it reaches its cap of {design.cap:,} hands or the check's {design.budget or played:,} "
        "hands are spent, the part that seems nearest a decision going first. The looks are fixed in advance "
        f"({', '.join(f'{look:,}' for look in design.looks)} hands) and each interval is taken at "
        f"{design.levels_text()}, so that the chance of any look misleading is at most 5% (Bonferroni over the "
        f"looks: the intervals are a 95% confidence sequence). Of the {len(frame)} parts of the rules, pimc decides "
        f"{decided_counts(frame)}; {played:,} hands in all.",
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
        verdict = VERDICT_WORDS[row["search_verdict"]]
        if row["search_verdict"] == "not clear":
            verdict += f" at n = {row['n']:,}"
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
            "pimc": {"not clear": f"not decided at n = {row['n']:,}"}.get(row["search_verdict"],
                                                                          row["search_verdict"]),
        })
    view = pd.DataFrame(rows)
    view.attrs = dict(frame.attrs)
    return view
