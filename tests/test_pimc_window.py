"""pimc's window: cards scored only as far as the payment tells side totals apart.

``card_values_within`` must equal the exact ``card_values`` clamped to the window, card by
card (and the position's value clamped), whatever guess of the value it starts from, on full
deals and endings, with or without a trick in progress, whatever the table
holds from earlier solves under other windows (the exact oracle is a fresh table each time).
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.bench_dd import random_deals, random_endings
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.search._dd import card_values_within
from spadille.kernel.quadrille.search._players import P_WINDOW, _window
from spadille.kernel.quadrille.search.solver import DoubleDummySolver
from spadille.kernel.quadrille.simulate import RunConfig, simulate

WINDOWS = [(4, 6), (4, 5), (4, 7), (5, 9), (0, 10), (3, 3), (6, 10)]


def _within(solver, position, low, high, guess):
    out = np.zeros(40, dtype=np.int64)
    args = solver._arguments(position.hands, position.trump, position.side, position.to_move, (), 0)
    value = card_values_within(*args, solver.compress8, solver.table, solver.shapes, np.int64(solver.stamp),
                               np.int64(low), np.int64(high), np.int64(guess), np.int64(0), out)
    return int(value), {int(p): int(v) for p, v in enumerate(out) if v >= 0}


@pytest.mark.parametrize("kind", ["full deals", "endings"])
def test_windowed_values_are_the_exact_values_clamped(tables, kind):
    positions = random_deals(tables, 24, seed=11) if kind == "full deals" else \
        random_endings(tables, 60, tricks_left=5, seed=12)
    exact = DoubleDummySolver(tables)
    shared = DoubleDummySolver(tables)  # one table across every window and position, as pimc keeps it
    checked = 0
    for index, position in enumerate(positions):
        exact.clear()
        values = exact.card_values(position.hands, position.trump, position.side, position.to_move)
        best = (max if position.to_move in position.side else min)(values.values())
        for low, high in WINDOWS[index % 3:] + WINDOWS[:index % 3]:
            clamped = {card: min(max(value, low), high) for card, value in values.items()}
            guess = (-1, low, high, best, 5, 11)[(index + low) % 6]  # none, right or wrong: the same values
            assert _within(shared, position, low, high, guess) == (min(max(best, low), high), clamped), \
                (index, low, high, guess)
            checked += 1
    assert checked == len(positions) * len(WINDOWS)


def test_the_window_follows_the_payment_thresholds(tables):
    rules = tables.rules.copy()
    params = np.zeros(L.N_POLICY_PARAMS)
    obs = np.zeros(L.N_OBS, dtype=np.int64)
    assert _window(params, obs, 0, rules) == (0, rules[L.R_HAND])  # 0: exact totals
    params[P_WINDOW] = 1
    remise, win = rules[L.R_REMISE_TRICKS], rules[L.R_WIN_TRICKS]
    assert _window(params, obs, 0, rules) == (remise - 1, win)
    params[P_WINDOW] = 3
    assert _window(params, obs, 0, rules) == (remise - 1, win + 2)
    params[P_WINDOW] = 10
    assert _window(params, obs, 0, rules) == (remise - 1, rules[L.R_HAND])
    obs[L.O_TRICK] = rules[L.R_VOLE_AFTER]  # at the vole point, every trick won: the vole is in play
    assert _window(params, obs, rules[L.R_VOLE_AFTER], rules) == (0, rules[L.R_HAND])
    assert _window(params, obs, rules[L.R_VOLE_AFTER] - 1, rules)[0] == remise - 1
    rules[L.R_DEVOLE] = 1
    assert _window(params, obs, 0, rules)[0] == 0


def test_the_windowed_setting_plays_legal_reproducible_deals_the_reference_agrees_with(ruleset):
    fast = make_seat_policy("pimc", {"samples": 8, "window": 1, "stop_z": 1.0})
    heuristic = make_seat_policy("heuristic")
    policies = (fast, heuristic, fast, make_seat_policy("pimc", {"samples": 6}))

    def rows(threads):
        return simulate(RunConfig(ruleset, policies, seed=3, deals=10, threads=threads, record=True)).rows

    kernel = rows(1)
    assert np.array_equal(kernel, rows(2))
    reference = play_deals(ruleset, policies, 3, 0, 10)
    differing = np.nonzero((kernel != reference).any(axis=1))[0]
    assert differing.size == 0, f"deals {differing.tolist()} differ from the reference engine"
    played = kernel[kernel[:, L.COL_CONTRACT] != L.NO_CONTRACT]
    assert len(played) > 0
