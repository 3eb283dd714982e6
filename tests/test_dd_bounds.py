"""The solver's sure-trick bounds (_dd_bounds) against their arithmetic and against minimax.

A bound may only be too low: on every position at a trick's start, the side's sure tricks are at
most what it takes with best play, and the defence's at most what the side does not take."""

from __future__ import annotations

import random

import numpy as np

from spadille.kernel.common._bits import bit
from spadille.kernel.quadrille.search._dd_bounds import sure_tricks, trump_count

from test_dd_solver import minimax, random_ending


def _mask(*positions: int) -> np.uint64:
    return np.uint64(sum(1 << p for p in positions))


def test_trumps_under_a_higher_trump_of_the_other_team_still_count():
    """Three trumps against one higher: at least two tricks, resting on the lowest of the three;
    four against three interleaved higher ones: one (the count's first best, the two highest of
    the four against the one above them); with no trump against them, every trump, resting on
    nothing but the shape."""
    assert trump_count(_mask(38, 37, 36), _mask(39)) == (2, bit(36))
    assert trump_count(_mask(35, 34, 31, 30), _mask(36, 33, 32)) == (1, bit(34))
    assert trump_count(_mask(35, 34, 31), np.uint64(0)) == (3, np.uint64(0))
    assert trump_count(_mask(30), _mask(31, 32)) == (0, np.uint64(0))


def test_the_sure_tricks_never_exceed_best_play(tables):
    """800 random endings of up to 5 cards a hand at a trick's start (a third dealt mostly
    trumps): side_sure <= the side's tricks still to come with best play <= left - defence_sure."""
    rng = random.Random("dd-bounds")
    checked = 0
    trump_heavy_hits = 0
    while checked < 800:
        ending = random_ending(rng, tables, trump_heavy=checked % 3 == 0)
        if ending["trick"]:
            continue
        hands = np.array(ending["hands"], dtype=np.uint64)
        side_mask = sum(1 << s for s in ending["side"])
        side, _, defence, _ = sure_tricks(hands, np.int64(len(hands)), np.int64(side_mask), np.int64(ending["trump"]),
                                          tables.block_mask)
        to_come = minimax(tables, ending) - ending["side_tricks"]
        left = bin(ending["hands"][ending["to_move"]]).count("1")
        assert side <= to_come <= left - defence, (ending, side, defence, to_come)
        trump_heavy_hits += side + defence > 0
        checked += 1
    assert trump_heavy_hits >= 200  # the bounds had something to say in many of them
