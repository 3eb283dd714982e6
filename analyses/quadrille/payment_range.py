"""The range of one seat's net payment for one deal at a fresh table, under a ruleset.

An interval on a mean payment needs it where every deal observed paid the same (a sans prendre
won 200 times out of 200 pays 49 each time): the deals not seen may still pay anything a deal
can pay, and ``analyses.stats.mean_interval`` widens the interval by its bound on their share
times the distance to the end of this range (never the zero-width "49 [49, 49]").

The range is found by brute force through the reference engine's own settlement: every
contract, with and without a friend, every count of side and ombre tricks, every vole state
and every count of matadors, each settled on a fresh table after the antes. Some of those
combinations cannot happen (a vole made with no trick), so the range is wide, never too narrow.
"""

from __future__ import annotations

import hashlib

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.reference.contract import NOBODY
from spadille.kernel.quadrille.reference.rules import read_rules
from spadille.kernel.quadrille.reference.settlement import Table, pay_antes, settle
from spadille.kernel.quadrille.ruleset import Ruleset

CONTRACTS = (L.CALLED, L.SELF_CALLED, L.SANS_PRENDRE, L.FORCED, L.DEMANDED, L.CASCO_GAME)
MOST_MATADORS = 12   # an unbroken run can be at most every trump of a red suit


def payment_range(ruleset: Ruleset) -> tuple[int, int]:
    """(lowest, highest) net jetons one seat can get from one deal at a fresh table, antes
    included, as the ``pay`` of the kernel's results counts them."""
    key = hashlib.sha256((ruleset.text + repr(ruleset.overrides)).encode("utf-8")).hexdigest()
    if key not in _RANGES:
        _RANGES[key] = _payment_range(ruleset)
    return _RANGES[key]


def difference_range(ruleset: Ruleset, terms: int = 2) -> tuple[int, int]:
    """The range of a paired difference of ``terms`` payments, signs alternating (a - b, or
    (a - b) - (c - d) with ``terms`` = 4): each term spans the whole payment range."""
    lowest, highest = payment_range(ruleset)
    span = highest - lowest
    return -span * (terms // 2), span * (terms // 2)


_RANGES: dict[str, tuple[int, int]] = {}   # by the ruleset's text and overrides: a Ruleset is not hashable


def _payment_range(ruleset: Ruleset) -> tuple[int, int]:
    rules = read_rules(ruleset)
    seats, tricks = rules.seats, rules.hand_size
    lowest = highest = 0
    for contract in CONTRACTS:
        for friend in (NOBODY, 1):
            for side_tricks in range(tricks + 1):
                for ombre_tricks in (range(side_tricks + 1) if friend != NOBODY else (side_tricks,)):
                    for vole in (L.VOLE_NONE, L.VOLE_FAILED, L.VOLE_MADE):
                        for matadors in range(MOST_MATADORS + 1):
                            for odd_defender in (NOBODY, seats - 1):
                                table, nets = Table(), [0] * seats
                                pay_antes(table, nets, 0, rules)
                                settled = settle(table, contract, 0, friend, side_tricks, ombre_tricks, vole,
                                                 matadors, odd_defender, rules)
                                totals = [a + b for a, b in zip(nets, settled.nets)]
                                lowest, highest = min(lowest, *totals), max(highest, *totals)
    # The médiateur's exchange fee is paid outside the settlement: allow it on either side.
    fee = abs(rules.demand_fee) + abs(rules.demand_fee_favourite)
    return lowest - fee, highest + fee
