"""The pot valued two ways: the decision map's bids at a fresh table and under session accounting.

At a fresh table (the map's own figures) a deal's payment counts every jeton the seat puts on the
table as spent: its ante, and a bête when it loses. At a real table those jetons stay in play. A
later deal's winner takes them, and the payer may be that winner. Under *session accounting* a
jeton left on the table is worth ``value`` jetons to a seat: what the table later pays that seat
back for it. By symmetry alone each seat would expect ``1 / seats`` of every jeton
(``table_value``); the report uses the *measured* return instead, per seat of the deal that left
the jeton (kernel/quadrille/table_return.py, ``measured_values``), which follows the seat as the
deal passes and counts the bigger bêtes a riding chain makes.

A bid's session-valued payment is ``pay + value * left``, with ``left`` what the deal left on the
table (``layout.OUT_POOL``). The map keeps the sums of ``left``, ``pay * left`` and ``left * left``
per action and seat (map_actions.K_*). The session-valued means and paired differences therefore
come exactly from the same deals, without another run; the all-seats rows add each seat's sums at
its own value. Values are fractions, so that the scaled sums stay whole numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction

from typing import Sequence, Union

import numpy as np
import pandas as pd

from spadille.analyses.stats import mean_interval

from spadille.kernel.quadrille.layout import MAX_SEATS

from .decision_maps import (ALL_SEATS, FEATURE_COLUMNS, KEY_COLUMNS, MIN_N, SCHEMES, DecisionMapData, _frame,
                            scheme_stats)
from .map_actions import K_N, K_SUM
from .map_cells import difference_range

FLIP_COLUMNS = KEY_COLUMNS + ["n", "fresh_best", "fresh_margin", "fresh_ci_low", "fresh_ci_high", "session_best",
                              "session_margin", "session_ci_low", "session_ci_high", "both_confident"]
FLIP_SCHEMES = ("matadors_trumps", "auction_matadors_trumps")


def table_value(seats: int) -> Fraction:
    """What one jeton left on the table is worth to each seat in a long session: an equal share."""
    return Fraction(1, seats)


Values = Union[Fraction, Sequence[Fraction]]
VALUE_DIGITS = 4     # measured values are kept to 1/10,000 of a jeton, well inside their intervals


def measured_values(table_return) -> tuple[Fraction, ...]:
    """Each seat's measured value of a jeton left on the table (a table_return.TableReturn), as
    fractions of 1/10,000."""
    scale = 10 ** VALUE_DIGITS
    return tuple(Fraction(round(seat.value * scale), scale) for seat in table_return.by_seat)


def _common(parts) -> tuple[list[tuple[object, int]], int]:
    """[(cell, numerator)] over one common denominator, and that denominator."""
    denominator = math.lcm(*(Fraction(value).denominator for _, value in parts))
    return [(cell, int(Fraction(value) * denominator)) for cell, value in parts], denominator


def session_difference(cell, a: int, b: int, layout, value: Fraction) -> tuple[float, float, float, float]:
    """(mean, stderr, low, high) of the session-valued payment of action ``a`` minus ``b``, paired,
    from one cell's sums."""
    return parts_difference([(cell, value)], a, b, layout)


def parts_difference(parts, a: int, b: int, layout) -> tuple[float, float, float, float]:
    """The same over the pooled hands of several cells, each valued at its own ``value``:
    ``parts`` is [(cell, value)], one per seat."""
    scaled, q = _common(parts)
    n_act, gram, cross, table_gram = layout.n_act, layout.k_gram, layout.k_pay_table, layout.k_table_gram
    n = total = squares = 0
    for cell, p in scaled:
        def at(base: int, i: int, j: int) -> int:
            return int(cell[base + i * n_act + j])

        pay_sum = int(cell[K_SUM + a]) - int(cell[K_SUM + b])
        left_sum = int(cell[layout.k_table + a]) - int(cell[layout.k_table + b])
        pay_sq = at(gram, a, a) - 2 * at(gram, a, b) + at(gram, b, b)
        left_sq = at(table_gram, a, a) - 2 * at(table_gram, a, b) + at(table_gram, b, b)
        pay_left = at(cross, a, a) - at(cross, a, b) - at(cross, b, a) + at(cross, b, b)
        n += int(cell[K_N])
        total += q * pay_sum + p * left_sum
        squares += q * q * pay_sq + 2 * p * q * pay_left + p * p * left_sq
    scaled_range = None
    if layout.pay_range is not None:
        low, high = difference_range(layout.pay_range)
        # what a deal leaves on the table is what the seats lost: at most every seat's worst payment
        most_left = -MAX_SEATS * min(layout.pay_range[0], 0)
        p = max(abs(p) for _, p in scaled)
        scaled_range = (q * low - p * most_left, q * high + p * most_left)
    mean, stderr, ci_low, ci_high = mean_interval(n, total, squares, outcome_range=scaled_range)
    return mean / q, stderr / q, ci_low / q, ci_high / q


def session_mean(cell, a: int, layout, value: Fraction) -> float:
    return parts_mean([(cell, value)], a, layout)


def parts_mean(parts, a: int, layout) -> float:
    n = sum(int(cell[K_N]) for cell, _ in parts)
    if n == 0:
        return math.nan
    return sum(int(cell[K_SUM + a]) + float(value) * int(cell[layout.k_table + a]) for cell, value in parts) / n


def _seat_value(values: Values, seat: int) -> Fraction:
    return Fraction(values) if isinstance(values, (Fraction, int)) else values[seat]


def _valued_cells(data: DecisionMapData, values: Values):
    """(keys, n, parts) for every class of the flip schemes, per seat and all seats together:
    ``parts`` [(cell, value)], the all-seats row one part per seat at that seat's value."""
    from spadille.kernel.quadrille.cards import SEAT_NAMES

    labels = SEAT_NAMES[data.stats.shape[-2]]
    for scheme in FLIP_SCHEMES:
        names = SCHEMES[scheme]
        table = scheme_stats(data.stats, scheme)
        for index in np.ndindex(*table.shape[:-2]):
            keys = {f: pd.NA for f in FEATURE_COLUMNS}
            keys.update({f: int(v) for f, v in zip(names, index)})
            parts = [(table[index + (seat,)], _seat_value(values, seat)) for seat in range(len(labels))]
            for label, chosen in [*((labels[s], [parts[s]]) for s in range(len(labels))), (ALL_SEATS, parts)]:
                n = sum(int(cell[K_N]) for cell, _ in chosen)
                if n > 0:
                    yield {"scheme": scheme, "seat": label, **keys}, n, chosen


def flip_table(data: DecisionMapData, values: Values) -> pd.DataFrame:
    """Every class (matadors × trumps, and the same by auction; per seat and all seats) with enough
    hands: the best bid at a fresh table and under session accounting at ``values`` (one value, or
    one per seat), each with its paired margin over its runner-up. ``both_confident``: both
    margins' intervals exclude 0, so a class whose best bids differ really flips."""
    layout = data.layout
    bids = layout.bids
    min_n = data.min_n or MIN_N
    records = []
    for keys, n, parts in _valued_cells(data, values):
        if n < min_n:
            continue
        fresh = _best([(cell, Fraction(0)) for cell, _ in parts], layout, bids)
        session = _best(parts, layout, bids)
        records.append({**keys, "n": n,
                        **{f"fresh_{k}": v for k, v in fresh.items()},
                        **{f"session_{k}": v for k, v in session.items()},
                        "both_confident": bool(fresh["ci_low"] > 0 and session["ci_low"] > 0)})
    shown = values if isinstance(values, (Fraction, int)) else ", ".join(str(v) for v in values)
    return _frame(records, FLIP_COLUMNS, {**data.metadata, "table_value": str(shown)})


def _best(parts, layout, bids) -> dict:
    means = {b: parts_mean(parts, layout.index(b), layout) for b in bids}
    ranked = sorted(bids, key=lambda b: -means[b])      # stable: ties keep the bids' order
    margin, _, low, high = parts_difference(parts, layout.index(ranked[0]), layout.index(ranked[1]), layout)
    return {"best": ranked[0], "margin": margin, "ci_low": low, "ci_high": high}


def flips(table: pd.DataFrame, seat: str = ALL_SEATS, scheme: str = "matadors_trumps") -> pd.DataFrame:
    """The classes of ``table`` (flip_table) whose best bid differs between the two accountings."""
    rows = table[(table["seat"] == seat) & (table["scheme"] == scheme)]
    return rows[rows["fresh_best"] != rows["session_best"]]


def valuation_clause(valuation) -> str:
    """How a jeton left on the table is valued: ``valuation`` a Fraction (the same for every seat)
    or a measured table_return.TableReturn."""
    if isinstance(valuation, (Fraction, int)):
        value = Fraction(valuation)
        shown = f"{value.numerator}/{value.denominator}" if value.denominator > 1 else str(value.numerator)
        return (f"a jeton left on the table is worth {shown} of a jeton to each seat. That is each seat's equal "
                "share of what the table later pays out, over a session long enough for the table to be taken.")
    seats = len(valuation.by_seat)
    listed = ", ".join(f"{seat.seat} {seat.value:.3f} [{seat.ci_low:.3f}, {seat.ci_high:.3f}]"
                       for seat in valuation.by_seat)
    return (f"a jeton left on the table is worth what the table later pays that seat back for it, measured: "
            f"{listed} of a jeton, by the seat of the deal that left it (95% intervals; an equal share would be "
            f"1/{seats} = {1 / seats:.3f}). These come from {valuation.samples:,} sessions, each begun by a deal at a "
            "fresh table and followed, on the same later deals, from the table that deal left and from an empty "
            "one, until the two tables agreed (after "
            f"{valuation.mean_deals_followed:.2f} deals on average when the first deal left anything; {valuation.unsettled_share:.1%} of what was left "
            f"was still on the table after {valuation.horizon} deals). The seat is followed as the deal passes to "
            f"the right, and the bigger bêtes a riding chain makes are counted; bêtes are "
            f"{valuation.bete_share:.0%} of the {valuation.left_per_deal:.2f} jetons a deal leaves on average.")


def accounting_sentences(table: pd.DataFrame, valuation, card_play: str, bids: tuple[str, ...]) -> list[str]:
    """Which accounting the rules of thumb use, and where the best bid flips under the other."""
    from .verdicts import AUCTION_KEYS, BID_WORDS, _interval, _signed, _trumps

    intro = (
        "**The pot valued two ways.** The rules of thumb count each deal at a fresh table: an ante or a bête put "
        "on the table is spent. They need no assumption about the deals that follow. Under *session accounting* "
        f"{valuation_clause(valuation)} The same deals are valued both ways, with {card_play}.")
    overall = flips(table)
    cells = table[(table["seat"] == ALL_SEATS) & (table["scheme"] == "matadors_trumps")]
    if overall.empty:
        summary = (f" The best bid is the same under both in all {len(cells)} classes of matadors × trumps, all "
                   "seats together.")
    else:
        listed = "; ".join(
            f"{int(row.matadors)} true matador{'s' if int(row.matadors) != 1 else ''} and {_trumps(int(row.trumps))}: "
            f"{BID_WORDS.get(row.fresh_best, row.fresh_best)} at a fresh table "
            f"({_signed(row.fresh_margin)} {_interval(row.fresh_ci_low, row.fresh_ci_high)} over the runner-up), "
            f"{BID_WORDS.get(row.session_best, row.session_best)} under session accounting "
            f"({_signed(row.session_margin)} {_interval(row.session_ci_low, row.session_ci_high)}), "
            f"n = {int(row.n):,}{'' if row.both_confident else ', one of the two not clear at 95%'}"
            for row in overall.itertuples(index=False))
        summary = (f" The best bid flips in {len(overall)} of the {len(cells)} classes of matadors × trumps, all "
                   f"seats together: {listed}.")
    by_seat = table[(table["seat"] != ALL_SEATS) & (table["scheme"] == "auction_matadors_trumps")]
    flipped = by_seat[by_seat["fresh_best"] != by_seat["session_best"]]
    detail = ""
    if not by_seat.empty:
        clear = int(flipped["both_confident"].sum())
        rank = {bid: position for position, bid in enumerate(bids)}
        higher = sum(rank[s] > rank[f] for f, s in zip(flipped["fresh_best"], flipped["session_best"]))
        if flipped.empty:
            detail = (f" Per seat and auction situation, none of the {len(by_seat)} classes flips. The CSV "
                      "accounting-flips has every class with both verdicts.")
        else:
            detail = (f" Per seat and auction situation, {len(flipped)} of {len(by_seat)} classes flip ({clear} of "
                      f"them clearly under both); {higher} of the {len(flipped)} flips go to a higher bid under "
                      "session accounting. The table accounting-flips lists them; its CSV has every class with both "
                      "verdicts.")
    situations = sorted({AUCTION_KEYS.get(int(a), str(a)) for a in flipped["auction"].dropna()})
    if situations:
        detail += f" The flips come where {' and where '.join(situations)}."
    return [intro + summary + detail]
