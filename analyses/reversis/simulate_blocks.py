"""``simulate reversis`` block by block, through a runner (analyses/distributed/): each block plays a
range of sessions from the seed's per-session streams, so the blocks merged in order are the in-process run."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from spadille.analyses.distributed.blocks import Block, plan_blocks
from spadille.analyses.distributed.regroup import OnBatch, Regroup, run_blocks

# Blocks of about a second or more of one core's work, fixed by the run, never by the cluster.
REVERSIS_BLOCK = 262_144          # deals (a heuristic deal costs about 2 µs)
REVERSIS_ROWS_BLOCK = 65_536      # deals, when every row comes back


def reversis_block(config, want_rows: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """One block on a worker: (the aggregates, the rows or None) of the config's sessions."""
    from spadille.kernel.reversis.simulate import run_sessions

    result = run_sessions(config, want_rows=want_rows, batch_deals=config.sessions * config.session_length)
    return result.aggregates, (np.concatenate(result.rows) if want_rows else None)


def _reversis_rows_block(config):
    return reversis_block(config, True)


def _reversis_summary_block(config):
    return reversis_block(config, False)


def reversis_on(runner, config, want_rows: bool = False, progress=None, on_batch: OnBatch | None = None,
                batch_deals: int = 262_144):
    """``kernel.reversis.simulate.run_sessions`` block by block: a ``ReversisResult``."""
    from spadille.kernel.reversis import _session as S
    from spadille.kernel.reversis.simulate import ReversisResult

    config.validate()
    length = config.session_length
    block_deals = runner.block_deals or (REVERSIS_ROWS_BLOCK if want_rows else REVERSIS_BLOCK)
    blocks = plan_blocks(0, config.sessions, max(1, block_deals // length))
    result = ReversisResult(config, np.zeros(S.N_AGG, dtype=np.int64))
    groups = Regroup(max(1, batch_deals // length) * length, on_batch) if want_rows and on_batch else None
    threads = None if runner.distributed else config.threads
    last = config.deals   # the sessions' deals: the wrapper plays whole sessions

    def on_block(block: Block, outcome) -> None:
        aggregates, rows = outcome
        result.aggregates += aggregates
        result.sessions_done += block.deals
        if rows is None:
            return
        if groups is not None:
            groups.add(block.start * length, rows)
        else:
            result.rows.append(rows)

    def config_of(block: Block):
        return replace(config, first_session=config.first_session + block.start,
                       deals=min(block.deals * length, last - block.start * length), threads=threads)

    started = time.perf_counter()
    result.interrupted = run_blocks(runner, _reversis_rows_block if want_rows else _reversis_summary_block, blocks,
                                    config_of, on_block, progress, units_per_block_unit=length)
    if groups is not None:
        groups.flush()
    result.seconds = time.perf_counter() - started
    return result
