"""Bidding that answers to the play: the estimates the heuristic bids on, the exact best pair of
thresholds, and the iteration itself."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from spadille.analyses.quadrille import bidding_fixpoint as B
from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.bid_estimates import bid_estimates
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate

CODES = np.array([L.PASS, L.ASK, L.ALONE])


@pytest.mark.parametrize("params", [{}, {"ask_threshold": 4.4, "alone_threshold": 6.6}])
def test_the_estimates_say_what_the_kernel_bids_when_nobody_has_bid(ruleset, params):
    policy = make_seat_policy("heuristic", params)
    rows = simulate(RunConfig(ruleset, (policy,) * 4, 5, 4_000, record=True)).rows
    ask, alone = policy.value("ask_threshold"), policy.value("alone_threshold")
    for seat in range(4):
        open_to_seat = (rows[:, L.COL_BIDS:L.COL_BIDS + seat] == L.PASS).all(axis=1)
        estimates = bid_estimates(rows[open_to_seat, L.COL_HANDS + seat].astype(np.uint64), ruleset)
        expected = CODES[B.rule_choice(estimates, ask, alone)]
        assert np.array_equal(rows[open_to_seat, L.COL_BIDS + seat], expected)
        assert open_to_seat.sum() > 50


def test_the_best_pair_is_the_brute_force_best_on_the_grid():
    rng = np.random.default_rng(3)
    n = 400
    estimates = np.round(rng.uniform(0, 8, size=(n, 2)) * 20) / 20
    estimates[rng.random(n) < 0.1, 1] = -1.0
    pays = rng.integers(-30, 30, size=(n, 3))
    got = B.best_pair(pays, estimates)
    grid = B._grid()
    totals = {(a, b): B._rule_pay(pays, estimates, (a, b)).sum() for a, b in itertools.product(grid, grid)}
    top = max(totals.values())
    assert totals[got] == top
    # ties go to the higher sans-prendre threshold, then the higher ask threshold
    assert got == max((pair for pair, total in totals.items() if total == top), key=lambda p: (p[1], p[0]))


@pytest.fixture(scope="module")
def fixpoint(ruleset):
    return B.bidding_fixpoint(ruleset, make_seat_policy("heuristic"), 6_000, 11, max_iterations=3)


def test_each_iteration_is_a_best_response_so_it_never_loses_on_the_fitted_deals(fixpoint):
    table = fixpoint.iterations
    assert (table["fit_gain"] >= 0).all()
    assert set(table["seat"]) == {"eldest", "second", "third", "dealer"}
    first = table[table["iteration"] == 1]
    assert np.allclose(first["moved"], [max(abs(a - 3.6), abs(b - 5.9)) for a, b in
                                        zip(first["ask_threshold"], first["alone_threshold"])])
    last = table[table["iteration"] == table["iteration"].max()]
    assert tuple(zip(last["ask_threshold"], last["alone_threshold"])) == fixpoint.final
    assert fixpoint.settled == bool((last["moved"] == 0).all())
    assert len(fixpoint.held_out) == 4 and (fixpoint.held_out["n"] == 3_000).all()
    assert "eldest ask" in fixpoint.stamp()


def test_the_fixpoint_is_reproducible(ruleset, fixpoint):
    again = B.bidding_fixpoint(ruleset, make_seat_policy("heuristic"), 6_000, 11, max_iterations=3)
    assert again.final == fixpoint.final and again.iterations.equals(fixpoint.iterations)


def test_the_final_policies_bid_at_their_seats_thresholds(fixpoint):
    policies = fixpoint.policies(make_seat_policy("heuristic"))
    assert [(p.value("ask_threshold"), p.value("alone_threshold")) for p in policies] == list(fixpoint.final)


def test_rulesets_and_policies_it_cannot_handle_are_refused(ruleset):
    with pytest.raises(SimulationError, match="ask and sans prendre"):
        B.bidding_fixpoint(load_ruleset("italian-modern"), make_seat_policy("heuristic"), 1_000, 1)
    with pytest.raises(SimulationError, match="no bidding thresholds"):
        B.bidding_fixpoint(ruleset, make_seat_policy("random"), 1_000, 1)
    with pytest.raises(SimulationError, match="deals"):
        B.bidding_fixpoint(ruleset, make_seat_policy("heuristic"), 10, 1)


def test_pooled_gives_every_seat_the_pair_best_for_all_seats_together(ruleset):
    pooled = B.bidding_fixpoint(ruleset, make_seat_policy("heuristic"), 2_000, 11, max_iterations=2, pooled=True)
    assert len(set(pooled.final)) == 1
    assert pooled.metadata["pooled"] is True
