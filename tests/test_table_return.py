"""The measured value of a jeton left on the table: the kernel against the reference engine
followed by hand, money conserved sample by sample, the same whatever the batches."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._table_return import N_RETURN_COLS, R_BETE, R_DEALS, R_LEFT, R_UNSETTLED
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.deal import ReferenceEngine
from spadille.kernel.quadrille.reference.settlement import Table
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.table_return import measure_table_return, sample_rows

SEED = 77


def _same_table(a: Table, b: Table) -> bool:
    """The kernel's test: the same money and chain (how a broken chain began is moot)."""
    return (a.stakes, a.betes, a.riding, a.odd, a.chain_length) == (b.stakes, b.betes, b.riding, b.odd,
                                                                     b.chain_length) and (
        a.chain_length == 0 or a.chain_first == b.chain_first)


def reference_returns(ruleset, policies, seed: int, samples: int, horizon: int) -> np.ndarray:
    """The kernel's rows, computed the slow way: play, copy the table, follow both sessions."""
    engine = ReferenceEngine(ruleset, policies)
    seats = ruleset["pack.seats"]
    out = np.zeros((samples, N_RETURN_COLS), dtype=np.int64)
    for i in range(samples):
        base = i * (horizon + 1)
        left = Table()
        engine.play_deal(seed, base, left)
        out[i, R_LEFT], out[i, R_BETE] = left.total(), left.betes
        empty = Table()
        followed = 0
        for j in range(1, horizon + 1):
            if _same_table(left, empty):
                break
            followed = j
            with_left = engine.play_deal(seed, base + j, left)
            without = engine.play_deal(seed, base + j, empty)
            for first_position in range(seats):
                now = (first_position - j) % seats
                out[i, first_position] += with_left[L.COL_PAY + now] - without[L.COL_PAY + now]
        out[i, R_UNSETTLED] = left.total() - empty.total()
        out[i, R_DEALS] = followed
    return out


def kernel_rows(ruleset, policies, seed, samples, horizon, batch_size=25_000):
    return (measure_table_return(ruleset, policies, seed, samples, horizon, batch_size=batch_size),
            sample_rows(ruleset, policies, seed, samples, horizon, batch_size=batch_size))


@pytest.mark.parametrize("name", ["encyclopedie-1765", "italian-modern", "quadrille-a-trois"])
def test_the_kernel_follows_the_sessions_as_the_reference_engine_does(name):
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    policies = (make_seat_policy("heuristic"),) * seats
    samples, horizon = 60, 6
    _, rows = kernel_rows(ruleset, policies, SEED, samples, horizon)
    expected = reference_returns(ruleset, policies, SEED, samples, horizon)
    assert np.array_equal(rows, expected)
    assert rows[:, R_LEFT].sum() > 0


def test_what_is_left_is_paid_back_or_still_on_the_table(ruleset, heuristic4):
    result, rows = kernel_rows(ruleset, heuristic4, SEED, 3_000, 60)
    assert np.array_equal(rows[:, :4].sum(axis=1) + rows[:, R_UNSETTLED], rows[:, R_LEFT])
    # a deal that won leaves an empty table: nothing to follow
    assert ((rows[:, R_LEFT] == 0) == (rows[:, R_DEALS] == 0)).all()
    assert abs(result.total() + result.unsettled_share - 1) < 1e-9
    for seat in result.by_seat:
        assert seat.ci_low < seat.value < seat.ci_high and 0 < seat.value < 1


def test_the_same_samples_whatever_the_batches(ruleset, heuristic4):
    _, whole = kernel_rows(ruleset, heuristic4, SEED, 900, 60)
    _, batched = kernel_rows(ruleset, heuristic4, SEED, 900, 60, batch_size=250)
    assert np.array_equal(whole, batched)


def test_searching_policies_and_bad_sizes_are_refused(ruleset, heuristic4):
    with pytest.raises(SimulationError):
        measure_table_return(ruleset, heuristic4, SEED, 0)
    with pytest.raises(SimulationError):
        measure_table_return(ruleset, heuristic4, SEED, 10, horizon=0)
    with pytest.raises(SimulationError):
        measure_table_return(ruleset, (make_seat_policy("dd"),) * 4, SEED, 10)
    with pytest.raises(SimulationError):
        measure_table_return(ruleset, heuristic4[:3], SEED, 10)
