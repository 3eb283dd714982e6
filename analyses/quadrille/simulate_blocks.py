"""``spadille simulate quadrille`` (and the report's baseline) block by block, through a runner.

``simulate_block`` is the function a worker runs: the existing serial kernel over the deals
[first_deal, first_deal + deals) of the seed. ``simulate_on`` mirrors
``kernel.quadrille.simulate.simulate``: it merges the blocks' integer aggregates in block order
and hands the rows on in groups of exactly the rows an in-process run writes at a time, so a
Parquet file has the same row groups, and the same bytes, as the in-process run's.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

import numpy as np

from spadille.analyses.distributed.blocks import Block, plan_blocks, rounded_block
from spadille.analyses.distributed.regroup import Regroup
from spadille.analyses.distributed.runner import InProcessRunner, Status

SUMMARY_BLOCK = 262_144     # deals a block when only aggregates come back (about 2 s on one core)
ROWS_BLOCK = 65_536         # deals a block when every row comes back (720 bytes a deal)
SEARCH_BLOCK = 8            # deals a block when a seat searches (dd about 0.05 s a deal, pimc 0.25 s and more)


def default_block_deals(config) -> int:
    """The command's block size: fixed by what the run is, never by the number of workers."""
    from spadille.kernel.quadrille.simulate import searches

    size = SEARCH_BLOCK if searches(config) else (ROWS_BLOCK if config.record else SUMMARY_BLOCK)
    return rounded_block(size, config.chunk)


def simulate_block(config):
    """One block on a worker: (deals, by_contract, by_seat, rows or None), from the serial kernel."""
    from spadille.kernel.quadrille.simulate import simulate

    result = simulate(config)
    return result.deals_done, result.by_contract, result.by_seat, result.rows


def row_group_deals(config) -> int:
    """Rows an in-process run of ``config`` writes at a time (its batch size)."""
    import numba

    from spadille.kernel.quadrille.simulate import default_batch_size

    numba.set_num_threads(config.threads if config.threads is not None else numba.config.NUMBA_NUM_THREADS)
    return default_batch_size(config)


def simulate_on(runner, config, block_deals: int | None = None, progress: Callable[[int], None] | None = None,
                on_rows: Callable[[np.ndarray], None] | None = None, on_status: Callable[[Status], None] | None = None):
    """The run of ``config`` over blocks (a ``RunResult``; ``result.ranges`` lists the deals that
    finished when an interrupted run kept blocks with a gap between them)."""
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille.simulate import RunResult, validate

    validate(config)
    runner = runner or InProcessRunner()
    size = block_deals or runner.block_deals or default_block_deals(config)
    blocks = plan_blocks(config.first_deal, config.deals, size, config.session_length)
    threads = None if runner.distributed else config.threads
    items = [(replace(config, first_deal=block.start, deals=block.deals, threads=threads),) for block in blocks]
    # The warm-up takes the first block's path through the kernel: a batch of one chunk is played
    # without the parallel kernel (simulate.iter_batches), so a warm-up of one session compiled only
    # that, and a worker's first block of several chunks then compiled the parallel kernel, cold,
    # outside the warm-up (tests/test_distributed_cluster.py's Ctrl-C found no block done after 4 s).
    warm_deals = min(blocks[0].deals, config.chunk + config.session_length) if blocks else config.session_length
    warm = (replace(config, deals=warm_deals, threads=threads),) if runner.distributed else None
    result = RunResult(config)
    result.ranges = []
    kept_rows: list[np.ndarray] = []
    groups = (Regroup(row_group_deals(config), lambda first, rows: on_rows(rows))
              if on_rows is not None and config.record else None)

    def take(index: int, outcome) -> None:
        deals, by_contract, by_seat, rows = outcome
        block: Block = blocks[index]
        result.by_contract += by_contract
        result.by_seat += by_seat
        result.deals_done += deals
        if result.ranges and result.ranges[-1][1] == block.start:
            result.ranges[-1][1] = block.stop
        else:
            result.ranges.append([block.start, block.stop])
        if rows is not None:
            if groups is not None:
                groups.add(block.start, rows)
            else:
                kept_rows.append(rows)
        if progress is not None:
            progress(deals)

    started = time.perf_counter()
    try:
        runner.map(simulate_block, items, take, tick=on_status, warm_up=warm)
    except KeyboardInterrupt:
        # a Ctrl-C that came once every block had finished stopped nothing
        result.interrupted = result.deals_done < config.deals
    if groups is not None:
        groups.flush()
    result.seconds = time.perf_counter() - started
    if config.record and groups is None:
        result.rows = np.concatenate(kept_rows) if kept_rows else np.zeros((0, L.N_ROW_COLS), np.int64)
    return result
