"""``simulate cabriolet`` (the card game and the dice) block by block, through a runner
(analyses/distributed/): each block plays a range of sessions from the seed's per-session streams,
so the blocks merged in order are the in-process run."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from spadille.analyses.distributed.blocks import Block, plan_blocks
from spadille.analyses.distributed.regroup import OnBatch, Regroup, run_blocks

# Blocks of about a second or more of one core's work, fixed by the run, never by the cluster.
CABRIOLET_BLOCK = 65_536          # sessions (of 20 deals: 3.7 CPU-s a block for the cards, 1 s for the dice)


def cabriolet_block(config) -> np.ndarray:
    """One block on a worker: out int64[sessions, V, N_OUT] of the config's sessions, card or dice."""
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, run_dice_sessions, run_sessions

    run = run_dice_sessions if isinstance(config, DiceSessionConfig) else run_sessions
    return run(config, batch=config.sessions).out


def cabriolet_on(runner, config, progress=None, on_batch: OnBatch | None = None, batch: int = 8192):
    """``run_sessions`` or ``run_dice_sessions`` of ``kernel.cabriolet.simulate`` block by block:
    a ``SessionResult``. ``progress`` gets sessions."""
    from spadille.kernel.cabriolet import layout as L
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, SessionResult

    config.validate()
    blocks = plan_blocks(config.first_session, config.sessions, runner.block_deals or CABRIOLET_BLOCK)
    result = SessionResult(config, L.N_DICE_OUT if isinstance(config, DiceSessionConfig) else L.N_OUT)
    groups = Regroup(batch, on_batch) if on_batch is not None else None
    threads = None if runner.distributed else config.threads

    def on_block(block: Block, out: np.ndarray) -> None:
        result.rows.append(out)
        if groups is not None:
            groups.add(block.start, out)

    started = time.perf_counter()
    result.interrupted = run_blocks(
        runner, cabriolet_block, blocks,
        lambda block: replace(config, first_session=block.start, sessions=block.deals, threads=threads),
        on_block, progress)
    if groups is not None:
        groups.flush()
    result.seconds = time.perf_counter() - started
    return result
