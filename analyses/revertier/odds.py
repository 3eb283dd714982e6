"""The exact odds of `odds revertier`: the throws of two dice, and re-entering from the bar.

A man waiting to enter comes in on the track point of one die ("using the value of one die, not
both", entry.point = die-value), so with k of the six entry points closed to him a throw enters
one man when either die is open, and two men when both are; a doublet enters a second man only
on the start point, where the no-doubling zone lets men stack (not under first-12-with-start). Under entry.blocked = whole-turn a throw that cannot enter every
waiting man plays nothing; under rest-of-roll it enters what it can. The counts are over the 36
throws, exact (kernel/revertier/exact.py gives the throws; this module counts, nothing samples).
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from spadille.kernel.revertier.exact import mean_pips_per_throw, throws
from spadille.kernel.revertier.ruleset import RevertierRuleset

DOUBLET_NAMES = {1: "beset (two aces)", 2: "double deux", 3: "ternes", 4: "carmes", 5: "quines", 6: "sonnez"}


def throw_frame(ruleset: RevertierRuleset) -> pd.DataFrame:
    """The 21 distinct throws, named as the seed names them ("le plus gros nombre le premier"),
    with their chance and the pips they move."""
    moves = ruleset["dice.doublets"]
    rows = [{"throw": f"{high} and {low}" if high != low else DOUBLET_NAMES[high], "chance": float(p),
             "in 36": int(p * 36), "pips": high * moves if high == low else high + low}
            for high, low, p in throws()]
    frame = pd.DataFrame(rows)
    frame.attrs["mean_pips"] = float(mean_pips_per_throw(moves))
    return frame


def entering(closed: int, waiting: int, moves: int, stack_on_start: bool) -> Fraction:
    """The chance a throw enters ``waiting`` men when ``closed`` of the six entry points are closed
    to them. Each die enters one man on its own point; a doublet enters one man on its point and
    more only on the start point (point 1) where ``stack_on_start`` (the no-doubling zone forbids
    two of one's men on any other entry point), at most ``moves``. Which points are closed does
    not change the count, each die being uniform, except through point 1: the closed points are
    taken from the top (6, 5, ...), so point 1 closes last."""
    enters = 0
    for high in range(1, 7):
        for low in range(1, 7):
            open_high, open_low = high <= 6 - closed, low <= 6 - closed
            if high == low:
                entered = 0 if not open_high else moves if high == 1 and stack_on_start else 1
            else:
                entered = open_high + open_low
            enters += entered >= waiting
    return Fraction(enters, 36)


def entry_frame(ruleset: RevertierRuleset) -> pd.DataFrame:
    """Per number of closed entry points: the chance to enter one man, and with two waiting the
    chance to enter both (all the throw plays under whole-turn) and at least one (rest-of-roll)."""
    moves = ruleset["dice.doublets"]
    stack = ruleset["making.no_doubling_zone"] != "first-12-with-start"
    rows = []
    for closed in range(7):
        rows.append({"closed points": closed, "one waiting: enters": float(entering(closed, 1, moves, stack)),
                     "two waiting: both enter": float(entering(closed, 2, moves, stack)),
                     "two waiting: at least one": float(entering(closed, 1, moves, stack))})
    return pd.DataFrame(rows)
