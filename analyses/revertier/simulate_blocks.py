"""``simulate revertier`` block by block, through a runner (analyses/distributed/): each block plays a
range of games from the seed's per-game streams, so the blocks merged in order are the in-process run."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from spadille.analyses.distributed.blocks import Block, plan_blocks
from spadille.analyses.distributed.regroup import OnBatch, Regroup, run_blocks

# Blocks of about a second or more of one core's work, fixed by the run, never by the cluster.
# games (CPU-s of a block, measured: heuristic 6, heuristic-full 2, expectimax 1.7)
REVERTIER_BLOCK = {"random": 16_384, "heuristic": 16_384, "heuristic-full": 1_024, "hitter": 1_024, "runner": 1_024,
                   "expectimax": 16}


def revertier_block(config) -> np.ndarray:
    """One block on a worker: the per-game rows of the config's games (the serial kernel)."""
    from spadille.kernel.revertier.simulate import run_games

    return run_games(config, batch=config.games).out


def revertier_on(runner, config, progress=None, on_batch: OnBatch | None = None):
    """``kernel.revertier.simulate.run_games`` block by block: a ``GamesResult``."""
    from spadille.kernel.revertier.simulate import GamesResult, default_batch

    config.validate()
    size = runner.block_deals or min(REVERTIER_BLOCK[p] for p in config.policies)
    blocks = plan_blocks(config.first_game, config.games, size)
    result = GamesResult(config)
    groups = Regroup(default_batch(config), on_batch) if on_batch is not None else None
    threads = None if runner.distributed else config.threads

    def on_block(block: Block, rows: np.ndarray) -> None:
        result.rows.append(rows)
        if groups is not None:
            groups.add(block.start, rows)

    started, cpu = time.perf_counter(), time.process_time()
    result.interrupted = run_blocks(
        runner, revertier_block, blocks,
        lambda block: replace(config, first_game=block.start, games=block.deals, threads=threads), on_block, progress)
    if groups is not None:
        groups.flush()
    result.seconds, result.cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    return result
