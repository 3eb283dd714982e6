"""The first page's rules of thumb checked with searching card play, on hands dealt to order.

A seat's rule of thumb when nobody has bid yet (verdicts.bid_thresholds: "ask from 5 trumps with
0–1 true matadors, from 4 with 2–3 …") makes two claims for each bid: on the hands it gives the
bid (its band), the bid pays more than the one below it; on the hands one trump short of the
threshold, it does not. The decision map measured both under the fast card play (strong), over
every hand dealt. Searching play (pimc) is thousands of times slower, so it cannot replay the map;
instead the hands are dealt conditionally (kernel/quadrille/conditions.py), ``deals`` of each kind,
and each hand is played twice, the bid and the one below it, with every seat playing the searching
card play and bidding at the same thresholds as in the map. The fast card play replays the same
deals, so the two gains and their difference are paired.

The eldest hand always speaks first. A later seat's rule is for the deals where every seat before
it passed: its hands are dealt to order, played under the fast card play, and the first ``deals``
where the auction reached it open are kept (the seats before it bid at the same thresholds under
both card plays, and their bids do not depend on its own). So the hands are uniform among the
deals where the seat holds the class and nobody has bid before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.sequential import (INDIFFERENT, NEGATIVE, POSITIVE, UNDECIDED, Design, decide, fixed_design,
                                         hands_to_decide, interval)
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.conditions import deal_conditioned
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset

from .class_chances import possible
from .decision_maps import AUCTION_OPEN, TRUMPS_TOP, auction_levels
from .focal import focal_view
from .map_actions import map_layout
from .map_cells import difference_range
from .replays import replay

SEAT = 0                      # the eldest hand
SEAT_STREAMS = 100            # attempt streams a seat's kinds of hand may take (seed + 100 * seat + kind + 1)
MAX_DEALT = 1_000_000         # hands of one kind dealt at most while looking for the auction open
BAND, BELOW = "band", "just below"
COLUMNS = ["bid", "over", "hands", "classes", "n", "fast_gain", "fast_low", "fast_high", "search_gain", "search_low",
           "search_high", "difference", "difference_low", "difference_high", "expected", "decision", "search_verdict"]


@dataclass(frozen=True)
class Cells:
    """One kind of hand to deal: the (true matadors, trumps) classes of the eldest's best suit."""

    bid: str
    over: str
    hands: str                            # BAND or BELOW
    classes: tuple[tuple[int, int], ...]  # (matadors, trumps); trumps == TRUMPS_TOP means that many or more

    def condition(self, ruleset: Ruleset, seat_index: int = SEAT) -> str:
        """The condition language's text for these classes of the seat's hand, suit by suit of its best
        suit, each matador count's trumps as runs (``5 <= trumps(...) <= 7``), so that a band of many
        classes stays well inside the reader's bound on a condition's length."""
        seat = cards.SEAT_NAMES[ruleset["pack.seats"]][seat_index]
        by_matadors: dict[int, list[int]] = {}
        for matadors, trumps in self.classes:
            by_matadors.setdefault(matadors, []).append(trumps)
        terms = []
        for suit in cards.SUITS:
            groups = []
            for matadors, counts in sorted(by_matadors.items()):
                runs = " or ".join(_trump_run(f"trumps({seat}, {suit})", low, high) for low, high in _runs(counts))
                groups.append(f"(true_matadors({seat}, {suit}) == {matadors} and ({runs}))")
            terms.append(f"(best_suit({seat}) == {suit} and ({' or '.join(groups)}))")
        return " or ".join(terms)

    def describe(self) -> str:
        by_trumps: dict[int, list[int]] = {}
        for matadors, trumps in self.classes:
            by_trumps.setdefault(trumps, []).append(matadors)
        parts = [f"{_trumps(t)} with {_counts(m)} true matador{'s' if m != [1] else ''}"
                 for t, m in sorted(by_trumps.items())]
        return "; ".join(parts)


def _runs(counts: list[int]) -> list[tuple[int, int]]:
    """Sorted trump counts as runs of consecutive counts, (low, high) each; TRUMPS_TOP means that many or more."""
    runs: list[list[int]] = []
    for count in sorted(set(counts)):
        if runs and count == runs[-1][1] + 1:
            runs[-1][1] = count
        else:
            runs.append([count, count])
    return [(low, high) for low, high in runs]


def _trump_run(term: str, low: int, high: int) -> str:
    if high >= TRUMPS_TOP:
        return f"{term} >= {low}"
    return f"{term} == {low}" if low == high else f"{low} <= {term} <= {high}"


def _trumps(count: int) -> str:
    return f"{count}+ trumps" if count >= TRUMPS_TOP else f"{count} trumps"


def _counts(values: list[int]) -> str:
    values = sorted(values)
    if len(values) > 1 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values)


def rule_cells(thresholds: pd.DataFrame, ruleset: Ruleset) -> list[Cells]:
    """The hands each bid of a seat's rule is checked on: its band and the classes one trump
    short of its threshold (``thresholds``: verdicts.bid_thresholds of the seat, nobody having bid),
    leaving out the classes no dealt hand is of (class_chances.py: 3 trumps with 2 true matadors,
    say). A kind with no class left is no kind: a threshold at the fewest trumps a hand of those
    matadors can hold has no hands one short."""
    out = []
    for (bid, over), rows in thresholds.groupby(["bid", "over"], sort=False):
        band, below = [], []
        for row in rows.itertuples(index=False):
            if row.from_trumps is pd.NA:
                continue
            start = int(row.from_trumps)
            stop = TRUMPS_TOP + 1 if row.below_next is pd.NA else int(row.below_next)
            band += [(int(row.matadors), t) for t in range(max(start, 0), stop)]
            below.append((int(row.matadors), start - 1))
        band = [c for c in band if possible(ruleset, *c)]
        below = [c for c in below if possible(ruleset, *c)]
        if band:
            out.append(Cells(bid, over, BAND, tuple(band)))
        if below:
            out.append(Cells(bid, over, BELOW, tuple(below)))
    return out


@dataclass
class Part:
    """One kind of hand of one seat's rule, as the check samples it: the hands played so far, in
    attempt order, and the bid's gain over the one below on each, under both card plays."""

    seat: int
    number: int
    cells: Cells
    fast: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    search: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    decision: str = UNDECIDED

    @property
    def n(self) -> int:
        return int(self.search.size)

    @property
    def expected(self) -> str:
        return "positive" if self.cells.hands == BAND else "not positive"


def rule_parts(ruleset: Ruleset, thresholds: dict[int, pd.DataFrame]) -> list[Part]:
    """Every part the check samples: each seat's (``thresholds``: seat -> its rule, nobody having
    bid) bids, on their band and just below, in seat order."""
    return [Part(seat, number, cells) for seat, frame in thresholds.items() if not frame.empty
            for number, cells in enumerate(rule_cells(frame, ruleset))]


def check_rules(ruleset: Ruleset, thresholds: pd.DataFrame, fast: Sequence[SeatPolicy],
                search: Sequence[SeatPolicy], design: Design | int, seed: int, threads: int | None = None,
                progress: Callable[[int], None] | None = None, seat: int = SEAT) -> pd.DataFrame:
    """The check of one seat's rule (``check_seats`` with that seat alone, without its column);
    ``design`` a whole number of hands is one look at that many hands of each kind."""
    frame = check_seats(ruleset, {seat: thresholds}, fast, search, design, seed, threads, progress)
    return frame.drop(columns="seat")


def check_seats(ruleset: Ruleset, thresholds: dict[int, pd.DataFrame], fast: Sequence[SeatPolicy],
                search: Sequence[SeatPolicy], design: Design | int, seed: int, threads: int | None = None,
                progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per seat, bid and kind of hand (COLUMNS): the bid's paired gain over the one below
    it for the seat, nobody having bid before it, under the ``fast`` and the ``search`` seat
    policies on the same hands, their paired difference, what the rule expects (``positive`` on its
    band, ``not positive`` just below) and what the searching play says.

    Sequential (analyses/sequential.py): every part is played to the design's first look, then the
    budget goes, a look at a time, to the undecided part that seems nearest a decision, until every
    part is decided or at the cap, or the budget is spent. Each look's interval is at the design's
    per-look level, so the intervals are a 95% confidence sequence over the looks. The parts, their
    hands and so every figure depend only on the seed and the design (never on time or threads)."""
    if isinstance(design, int):
        if design < 2:
            raise ValueError(f"the rule check needs at least 2 deals a kind of hand, not {design}")
        design = fixed_design(design)
    layout = map_layout(ruleset)
    parts = rule_parts(ruleset, thresholds)
    players = (tuple(fast), tuple(search))
    spent = 0
    budget = design.budget if design.budget is not None else len(parts) * design.cap
    for part in parts:
        if spent + design.first > budget:
            break
        _extend(ruleset, layout, part, design.first, players, seed, design, threads, progress)
        spent += design.first
    while True:
        open_parts = [p for p in parts if p.decision == UNDECIDED and p.n and design.next_look(p.n) is not None
                      and spent + design.next_look(p.n) - p.n <= budget]
        if not open_parts:
            break
        part = min(open_parts, key=lambda p: (hands_to_decide(p.search, design), parts.index(p)))
        look = design.next_look(part.n)
        spent += look - part.n
        _extend(ruleset, layout, part, look, players, seed, design, threads, progress)
    seats = cards.SEAT_NAMES[ruleset["pack.seats"]]
    records = [_record(part, seats[part.seat], layout, design) for part in parts]
    frame = pd.DataFrame.from_records(records, columns=["seat", *COLUMNS])
    frame.attrs = {"design": design.describe(), "levels": list(design.levels), "budget": budget,
                   "hands_played": spent, "looks": list(design.looks)}
    return frame


def _extend(ruleset, layout, part: Part, n: int, players, seed: int, design: Design, threads, progress) -> None:
    """Play ``part`` on to its first ``n`` hands (the next attempts of its own stream) and look."""
    fast, search = players
    # every kind of hand has its own stream of attempts, so adding a kind changes no other
    stream = seed + SEAT_STREAMS * part.seat + part.number + 1
    cells = part.cells
    variants = [v for v in layout.variants(part.seat) if v.label in (cells.bid, cells.over)]
    order = [v.label for v in variants]
    hands, attempts, fast_out = _open_hands(ruleset, cells, part.seat, fast, variants, n, stream, seed, threads)
    new = slice(part.n, n)
    search_out = _play(ruleset, search, variants, hands[new], attempts[new], seed, threads, progress)

    def gains(out):
        pay = focal_view(out, part.seat).pay.astype(np.int64)
        return pay[:, order.index(cells.bid)] - pay[:, order.index(cells.over)]

    part.fast = gains(fast_out)
    part.search = np.concatenate([part.search, gains(search_out)])
    _, _, low, high = interval(part.search, design, difference_range(layout.pay_range))
    part.decision = decide(low, high, design.margin)


def _record(part: Part, seat: str, layout, design: Design) -> dict:
    bounds = difference_range(layout.pay_range)
    wide = difference_range(layout.pay_range, widen=1)
    n, fast_gain, fast_low, fast_high = interval(part.fast, design, bounds)
    _, search_gain, search_low, search_high = interval(part.search, design, bounds)
    _, difference, difference_low, difference_high = interval(part.search - part.fast, design, wide)
    cells = part.cells
    return {"seat": seat, "bid": cells.bid, "over": cells.over, "hands": cells.hands, "classes": cells.describe(),
            "n": n, "fast_gain": fast_gain, "fast_low": fast_low, "fast_high": fast_high,
            "search_gain": search_gain, "search_low": search_low, "search_high": search_high,
            "difference": difference, "difference_low": difference_low, "difference_high": difference_high,
            "expected": part.expected, "decision": part.decision,
            "search_verdict": _verdict(part.expected, search_low, search_high, design.margin)}


def _open_hands(ruleset, cells, seat, fast, variants, deals, stream, seed, threads):
    """(hands, attempts, the fast play's outcomes) of the first ``deals`` hands of the kind, in
    attempt order, where nobody has bid before ``seat`` (for the eldest, every hand). Dealing more
    never changes the first hands (attempt k of a stream is always the same deal), so the kept
    hands do not depend on how many were dealt to find them."""
    wanted = deals
    while True:
        dealt = deal_conditioned(ruleset, stream, wanted, condition=cells.condition(ruleset, seat), focal_seat=seat)
        out = _play(ruleset, fast, variants, dealt.hands, dealt.attempts, seed, threads, None)
        if seat == SEAT:
            return dealt.hands, dealt.attempts, out
        kept = np.nonzero(auction_levels(out, seat, ruleset) == AUCTION_OPEN)[0][:deals]
        if kept.size == deals:
            return dealt.hands[kept], dealt.attempts[kept], out[kept]
        if wanted >= MAX_DEALT:
            raise ValueError(f"fewer than {deals} of {wanted:,} hands of {cells.describe()} reach the "
                             f"{cards.SEAT_NAMES[ruleset['pack.seats']][seat]} hand with nobody having bid")
        # from the rate seen, with a margin; at least twice as many
        wanted = min(MAX_DEALT, max(2 * wanted, int(1.3 * deals * wanted / max(kept.size, 1))))


def _play(ruleset, policies, variants, hands, deal_ids, seed, threads, progress):
    """The hands under the variants, here or on the command's cluster (replays.py)."""
    return replay(ruleset, policies, variants, hands, deal_ids, seed, threads, progress)


def _verdict(expected: str, low: float, high: float, margin: float = 0.0) -> str:
    """What the interval says of the rule under the searching play: ``confirms`` (on the rule's
    side of 0), ``contradicts``, ``indifferent`` (within ±margin: the two bids are practically worth
    the same) or ``not clear``."""
    decision = decide(low, high, margin)
    if decision == INDIFFERENT:
        return "indifferent"
    if decision == UNDECIDED:
        return "not clear"
    holds = decision == POSITIVE if expected == "positive" else decision == NEGATIVE
    return "confirms" if holds else "contradicts"


def hands_needed(thresholds: dict[int, pd.DataFrame], design: Design | int, ruleset: Ruleset) -> int:
    """The most hands the searching policy plays (each under two bids), for a progress bar's total:
    the budget, or every part to its cap."""
    design = fixed_design(design) if isinstance(design, int) else design
    most = len(rule_parts(ruleset, thresholds)) * design.cap
    return most if design.budget is None else min(most, design.budget)


__all__ = ["BAND", "BELOW", "COLUMNS", "Cells", "Part", "check_rules", "check_seats", "hands_needed", "rule_cells",
           "rule_parts"]
