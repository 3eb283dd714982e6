"""A Ctrl-C that lands once the last batch or block is done stopped nothing: the run is whole, and
not marked interrupted (a cluster's workers may finish every block while the client is still
writing the first ones; the file then said "interrupted" over all the deals, and the run exited 0)."""

from __future__ import annotations

from spadille.analyses.distributed.blocks import plan_blocks
from spadille.analyses.distributed.regroup import run_blocks
from spadille.analyses.distributed.runner import InProcessRunner
from spadille.analyses.quadrille.simulate_blocks import simulate_on
from spadille.kernel.quadrille.simulate import RunConfig, simulate


def _stopping_at(call: int):
    """A progress callback that raises KeyboardInterrupt (as a first Ctrl-C makes it) at its ``call``-th call."""
    calls = []

    def progress(n: int) -> None:
        calls.append(n)
        if len(calls) == call:
            raise KeyboardInterrupt

    return progress


def test_in_process_batches(ruleset, heuristic4):
    config = RunConfig(ruleset, heuristic4, seed=1, deals=5000, threads=1)   # batches of 2,048, 2,048 and 904
    late = simulate(config, progress=_stopping_at(3), batch_size=2048)
    assert late.deals_done == 5000 and not late.interrupted
    early = simulate(config, progress=_stopping_at(1), batch_size=2048)
    assert early.deals_done == 2048 and early.interrupted


def test_blocks(ruleset, heuristic4):
    config = RunConfig(ruleset, heuristic4, seed=1, deals=3000, threads=1)   # three blocks of 1,000
    late = simulate_on(InProcessRunner(), config, 1000, progress=_stopping_at(3))
    assert late.deals_done == 3000 and not late.interrupted
    early = simulate_on(InProcessRunner(), config, 1000, progress=_stopping_at(2))
    assert early.deals_done == 2000 and early.interrupted


def test_the_other_games_blocks():
    blocks = plan_blocks(0, 30, 10)
    kept = []
    assert run_blocks(InProcessRunner(), len, blocks, lambda block: "x" * block.deals,
                      lambda block, outcome: kept.append(outcome), _stopping_at(3)) is False
    assert kept == [10, 10, 10]
    assert run_blocks(InProcessRunner(), len, blocks, lambda block: "x" * block.deals,
                      lambda block, outcome: kept.append(outcome), _stopping_at(1)) is True
