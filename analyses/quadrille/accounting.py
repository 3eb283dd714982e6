"""The pot valued two ways: the decision map's bids at a fresh table and under session accounting.

At a fresh table (the map's own figures) a deal's payment counts every jeton the seat puts on the
table as spent: its ante, and a bête when it loses. At a real table those jetons stay in play. A
later deal's winner takes them, and the payer may be that winner. Under *session accounting* a
jeton left on the table is worth ``value`` jetons to each seat, its expected share of what the
table later pays out. The seats bid and play alike, and the deal goes round, so no seat is
favoured: each expects the same share, ``1 / seats`` of every jeton, when the session is long
enough for the table to be taken. That is the value used here. A shorter session leaves jetons
on the table at its end, so the value is then an upper bound.

A bid's session-valued payment is ``pay + value * left``, with ``left`` what the deal left on the
table (``_layout.OUT_POOL``). The map keeps the sums of ``left``, ``pay * left`` and ``left * left``
per action (map_actions.K_*). The session-valued means and paired differences therefore come
exactly from the same deals, without another run. ``value`` is a fraction, so that the scaled sums
stay whole numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd

from spadille.analyses.stats import mean_interval

from .decision_maps import ALL_SEATS, KEY_COLUMNS, MIN_N, DecisionMapData, _cells, _frame, difference_range
from spadille.kernel.quadrille._layout import MAX_SEATS

from .map_actions import K_N, K_SUM

FLIP_COLUMNS = KEY_COLUMNS + ["n", "fresh_best", "fresh_margin", "fresh_ci_low", "fresh_ci_high", "session_best",
                              "session_margin", "session_ci_low", "session_ci_high", "both_confident"]
FLIP_SCHEMES = ("matadors_trumps", "auction_matadors_trumps")


def table_value(seats: int) -> Fraction:
    """What one jeton left on the table is worth to each seat in a long session: an equal share."""
    return Fraction(1, seats)


def _scaled(value: Fraction) -> tuple[int, int]:
    """(numerator, denominator) of ``value``: scaled by the denominator every sum stays a whole number."""
    value = Fraction(value)
    return value.numerator, value.denominator


def session_difference(cell, a: int, b: int, layout, value: Fraction) -> tuple[float, float, float, float]:
    """(mean, stderr, low, high) of the session-valued payment of action ``a`` minus ``b``, paired,
    from one cell's sums."""
    p, q = _scaled(value)
    n_act, gram, cross, table_gram = layout.n_act, layout.k_gram, layout.k_pay_table, layout.k_table_gram

    def at(base: int, i: int, j: int) -> int:
        return int(cell[base + i * n_act + j])

    pay_sum = int(cell[K_SUM + a]) - int(cell[K_SUM + b])
    left_sum = int(cell[layout.k_table + a]) - int(cell[layout.k_table + b])
    pay_sq = at(gram, a, a) - 2 * at(gram, a, b) + at(gram, b, b)
    left_sq = at(table_gram, a, a) - 2 * at(table_gram, a, b) + at(table_gram, b, b)
    pay_left = at(cross, a, a) - at(cross, a, b) - at(cross, b, a) + at(cross, b, b)
    total = q * pay_sum + p * left_sum
    squares = q * q * pay_sq + 2 * p * q * pay_left + p * p * left_sq
    scaled_range = None
    if layout.pay_range is not None:
        low, high = difference_range(layout.pay_range)
        # what a deal leaves on the table is what the seats lost: at most every seat's worst payment
        most_left = -MAX_SEATS * min(layout.pay_range[0], 0)
        scaled_range = (q * low - p * most_left, q * high + p * most_left)
    mean, stderr, ci_low, ci_high = mean_interval(int(cell[K_N]), total, squares, outcome_range=scaled_range)
    return mean / q, stderr / q, ci_low / q, ci_high / q


def session_mean(cell, a: int, layout, value: Fraction) -> float:
    n = int(cell[K_N])
    if n == 0:
        return math.nan
    return (int(cell[K_SUM + a]) + float(value) * int(cell[layout.k_table + a])) / n


def flip_table(data: DecisionMapData, value: Fraction) -> pd.DataFrame:
    """Every class (matadors × trumps, and the same by auction; per seat and all seats) with enough
    hands: the best bid at a fresh table and under session accounting at ``value``, each with its
    paired margin over its runner-up. ``both_confident``: both margins' intervals exclude 0, so a
    class whose best bids differ really flips."""
    layout = data.layout
    bids = layout.bids
    min_n = data.min_n or MIN_N
    from spadille.kernel.quadrille.cards import SEAT_NAMES

    records = []
    for keys, cell in _cells(data.stats, SEAT_NAMES[data.stats.shape[-2]]):
        if keys["scheme"] not in FLIP_SCHEMES or int(cell[K_N]) < min_n:
            continue
        fresh = _best(cell, layout, bids, Fraction(0))
        session = _best(cell, layout, bids, value)
        records.append({**keys, "n": int(cell[K_N]),
                        **{f"fresh_{k}": v for k, v in fresh.items()},
                        **{f"session_{k}": v for k, v in session.items()},
                        "both_confident": bool(fresh["ci_low"] > 0 and session["ci_low"] > 0)})
    frame = _frame(records, FLIP_COLUMNS, {**data.metadata, "table_value": str(value)})
    return frame


def _best(cell, layout, bids, value: Fraction) -> dict:
    means = {b: session_mean(cell, layout.index(b), layout, value) for b in bids}
    ranked = sorted(bids, key=lambda b: -means[b])      # stable: ties keep the bids' order
    margin, _, low, high = session_difference(cell, layout.index(ranked[0]), layout.index(ranked[1]), layout, value)
    return {"best": ranked[0], "margin": margin, "ci_low": low, "ci_high": high}


def flips(table: pd.DataFrame, seat: str = ALL_SEATS, scheme: str = "matadors_trumps") -> pd.DataFrame:
    """The classes of ``table`` (flip_table) whose best bid differs between the two accountings."""
    rows = table[(table["seat"] == seat) & (table["scheme"] == scheme)]
    return rows[rows["fresh_best"] != rows["session_best"]]


def accounting_sentences(table: pd.DataFrame, value: Fraction, card_play: str, bids: tuple[str, ...]) -> list[str]:
    """Which accounting the rules of thumb use, and where the best bid flips under the other."""
    from .verdicts import AUCTION_KEYS, BID_WORDS, _interval, _signed, _trumps

    shown = f"{value.numerator}/{value.denominator}" if value.denominator > 1 else str(value.numerator)
    intro = (
        "**The pot valued two ways.** The rules of thumb count each deal at a fresh table: an ante or a bête put "
        "on the table is spent. They need no assumption about the deals that follow. Under *session accounting* "
        f"a jeton left on the table is worth {shown} of a jeton to each seat. That is each seat's equal share of "
        "what the table later pays out, over a session long enough for the table to be taken. The same deals "
        f"are valued both ways, with {card_play}.")
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
        detail = (f" Per seat and auction situation, {len(flipped)} of {len(by_seat)} classes flip ({clear} of them "
                  f"clearly under both); {higher} of the {len(flipped)} flips go to a higher bid under session "
                  "accounting. The table accounting-flips lists them; its CSV has every class with both verdicts.")
    situations = sorted({AUCTION_KEYS.get(int(a), str(a)) for a in flipped["auction"].dropna()})
    if situations:
        detail += f" The flips come where {' and where '.join(situations)}."
    return [intro + summary + detail]
