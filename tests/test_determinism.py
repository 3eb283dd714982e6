"""Deal k of seed s is the same deal, with the same play and payments, however the run is cut:
threads, chunk size, batch size, or where the run starts (simulate.py's promise)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.simulate import RunConfig, play_one, simulate

SEED = 4_242
DEALS = 3_000
TWO_THREADS = pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="numba has a single thread here")


@pytest.fixture(scope="module")
def mixed():
    """Heuristic and random players at one table: every kind of decision draws from the stream."""
    return (make_seat_policy("heuristic"), make_seat_policy("random"),
            make_seat_policy("heuristic", {"ask_threshold": 3.0}), make_seat_policy("random"))


def run(ruleset, policies, *, session_length=1, threads=1, chunk_size=0, batch_size=None,
        first_deal=0, deals=DEALS, seed=SEED):
    """chunk_size 0 means 50 sessions a chunk; None leaves RunConfig's default."""
    config = RunConfig(ruleset, policies, seed, deals, first_deal=first_deal, session_length=session_length,
                       chunk_size=50 * session_length if chunk_size == 0 else chunk_size, threads=threads,
                       record=True)
    return simulate(config, batch_size=batch_size)


def assert_same(a, b):
    assert a.deals_done == b.deals_done
    np.testing.assert_array_equal(a.by_contract, b.by_contract)
    np.testing.assert_array_equal(a.by_seat, b.by_seat)
    np.testing.assert_array_equal(a.rows, b.rows)


@pytest.fixture(scope="module", params=[1, 10], ids=["session1", "session10"])
def reference(request, ruleset, mixed):
    return request.param, run(ruleset, mixed, session_length=request.param, threads=1)


@TWO_THREADS
def test_two_threads_give_the_same_run(ruleset, mixed, reference):
    session_length, expected = reference
    assert_same(run(ruleset, mixed, session_length=session_length, threads=2), expected)


@TWO_THREADS
@pytest.mark.parametrize(("chunks", "batch_chunks"), [(1, 37), (7, 3), (130, 1)])
def test_chunk_and_batch_sizes_give_the_same_run(ruleset, mixed, reference, chunks, batch_chunks):
    session_length, expected = reference
    chunk_size = chunks * session_length
    result = run(ruleset, mixed, session_length=session_length, threads=2, chunk_size=chunk_size,
                 batch_size=chunk_size * batch_chunks)
    assert_same(result, expected)


def test_single_thread_chunking_gives_the_same_run(ruleset, mixed, reference):
    session_length, expected = reference
    result = run(ruleset, mixed, session_length=session_length, threads=1, chunk_size=3 * session_length,
                 batch_size=3 * session_length * 50)
    assert_same(result, expected)


def test_default_chunking_gives_the_same_run(ruleset, mixed, reference):
    session_length, expected = reference
    assert_same(run(ruleset, mixed, session_length=session_length, threads=None, chunk_size=None), expected)


def test_a_run_starting_elsewhere_plays_the_same_deals(ruleset, mixed, reference):
    """Deals 1000.. of a run from deal 1000 are deals 1000.. of the run from deal 0; the
    aggregates of the two parts add up to the whole."""
    session_length, expected = reference
    head = run(ruleset, mixed, session_length=session_length, deals=1000)
    tail = run(ruleset, mixed, session_length=session_length, first_deal=1000, deals=DEALS - 1000)
    np.testing.assert_array_equal(tail.rows, expected.rows[1000:])
    np.testing.assert_array_equal(head.rows, expected.rows[:1000])
    np.testing.assert_array_equal(head.by_contract + tail.by_contract, expected.by_contract)
    np.testing.assert_array_equal(head.by_seat + tail.by_seat, expected.by_seat)
    assert (tail.rows[:, L.COL_DEAL] == np.arange(1000, DEALS)).all()


def test_play_one_is_the_deal_inside_any_run(ruleset, mixed):
    """``play_one`` (a run of one deal) gives row k of a run that starts before k."""
    expected = run(ruleset, mixed, first_deal=5_000_000, deals=400, threads=None)
    for k in (5_000_000, 5_000_001, 5_000_137, 5_000_399):
        np.testing.assert_array_equal(play_one(ruleset, mixed, SEED, k), expected.rows[k - 5_000_000])


def test_sessions_carry_the_table_and_change_the_payments(ruleset, mixed, reference):
    """Not vacuous: a ten-deal session plays the same cards as single deals but pays out of a table
    carried between them, and another seed deals other cards."""
    session_length, expected = reference
    if session_length == 1:
        other = run(ruleset, mixed, seed=SEED + 1, deals=200)
        assert (other.rows[:, L.COL_HANDS] != expected.rows[:200, L.COL_HANDS]).mean() > 0.99
        return
    single = run(ruleset, mixed, session_length=1)
    np.testing.assert_array_equal(single.rows[:, :L.COL_TRICKS], expected.rows[:, :L.COL_TRICKS])
    np.testing.assert_array_equal(single.rows[:, L.COL_LEADERS:], expected.rows[:, L.COL_LEADERS:])
    assert (single.rows[:, L.COL_PAY:L.COL_POOL + 1] != expected.rows[:, L.COL_PAY:L.COL_POOL + 1]).any()
