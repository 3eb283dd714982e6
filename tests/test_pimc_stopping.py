"""pimc's stopping rule: a decision stops sampling once its best card leads every rival clearly."""

from __future__ import annotations

import numpy as np

from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.search._players import _settled
from spadille.kernel.quadrille.simulate import RunConfig, simulate


def _seen(rows):
    seen = np.zeros((len(rows), 40), dtype=np.int64)
    for w, values in enumerate(rows):
        for card, value in values.items():
            seen[w, card] = value
    return seen, seen.sum(axis=0)


LEGAL = np.uint64((1 << 3) | (1 << 7) | (1 << 12))


def test_a_clear_leader_settles_and_a_rival_that_sometimes_wins_does_not():
    clear, totals = _seen([{3: 6, 7: 4, 12: 5}, {3: 5, 7: 4, 12: 4}, {3: 6, 7: 3, 12: 5}, {3: 7, 7: 5, 12: 6}])
    assert _settled(clear, 4, totals, LEGAL, True, False, 2.0)
    mixed, totals = _seen([{3: 6, 7: 4, 12: 5}, {3: 5, 7: 4, 12: 6}, {3: 6, 7: 3, 12: 5}, {3: 7, 7: 5, 12: 6}])
    assert not _settled(mixed, 4, totals, LEGAL, True, False, 2.0)


def test_a_defender_minimises_and_a_card_equal_in_every_world_is_no_rival():
    # card 12 always equals card 3 (an equivalent card): the tie rule settles it
    seen, totals = _seen([{3: 4, 7: 6, 12: 4}, {3: 3, 7: 5, 12: 3}, {3: 4, 7: 6, 12: 4}, {3: 2, 7: 5, 12: 2}])
    assert _settled(seen, 4, totals, LEGAL, False, False, 2.0)
    # a defender's rival that is sometimes as good, sometimes worse, is not settled at a strict z
    close, totals = _seen([{3: 4, 7: 4, 12: 9}, {3: 3, 7: 4, 12: 9}, {3: 4, 7: 4, 12: 9}, {3: 2, 7: 3, 12: 9}])
    assert not _settled(close, 4, totals, LEGAL, False, False, 3.0)
    assert _settled(close, 4, totals, LEGAL, False, False, 1.5)


def test_stopping_plays_legal_reproducible_deals_and_zero_means_every_sample(ruleset):
    def rows(params):
        policy = make_seat_policy("pimc", {"samples": 8, **params})
        return simulate(RunConfig(ruleset, (policy,) * 4, 5, 6, record=True, threads=1)).rows

    assert np.array_equal(rows({"stop_z": 1.0}), rows({"stop_z": 1.0}))
    assert np.array_equal(rows({}), rows({"stop_z": 0.0}))
