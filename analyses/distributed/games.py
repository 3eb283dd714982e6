"""``simulate`` of Cabriolet, Reversis and Révertier block by block, through a runner.

Each game's kernel wrapper plays a range of games or sessions from the seed's per-game streams
(``first_session`` / ``first_game`` in its config), so a block replays exactly the games of the
same range in a run in this process. The ``*_on`` functions return the wrapper's own result
type, with the blocks merged in block order, and hand the rows on in groups of exactly the rows
the in-process run writes at a time: the row file has the same row groups, hence the same bytes.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

import numpy as np

from .blocks import Block, plan_blocks

OnBatch = Callable[[int, np.ndarray], None]

# Blocks of about a second or more of one core's work, fixed by the run, never by the cluster.
REVERSIS_BLOCK = 262_144          # deals (a heuristic deal costs about 2 µs)
REVERSIS_ROWS_BLOCK = 65_536      # deals, when every row comes back
CABRIOLET_BLOCK = 65_536          # sessions (of 20 deals: 3.7 CPU-s a block for the cards, 1 s for the dice)
# games (CPU-s of a block, measured: heuristic 6, heuristic-full 2, expectimax 1.7)
REVERTIER_BLOCK = {"random": 16_384, "heuristic": 16_384, "heuristic-full": 1_024, "hitter": 1_024, "runner": 1_024,
                   "expectimax": 16}


class Regroup:
    """Rows of consecutive blocks in, the in-process run's batches out: ``on_batch(first, rows)``
    with ``size`` rows each (the last one, or one before a gap, shorter)."""

    def __init__(self, size: int, on_batch: OnBatch):
        self.size, self.on_batch = size, on_batch
        self._held: list[np.ndarray] = []
        self._first = 0
        self._count = 0

    def add(self, first: int, rows: np.ndarray) -> None:
        if self._count and first != self._first + self._count:   # a gap: an interrupted run's later block
            self.flush()
        if not self._count:
            self._first = first
        self._held.append(rows)
        self._count += len(rows)
        if self._count < self.size:
            return
        joined = np.concatenate(self._held)
        cut = len(joined) - len(joined) % self.size
        for begin in range(0, cut, self.size):
            self.on_batch(self._first + begin, joined[begin:begin + self.size])
        self._held = [joined[cut:]] if cut < len(joined) else []
        self._first += cut
        self._count = len(joined) - cut

    def flush(self) -> None:
        if self._count:
            self.on_batch(self._first, np.concatenate(self._held))
        self._held, self._count = [], 0


def run_blocks(runner, function: Callable, blocks: list[Block], config_of: Callable[[Block], object],
               on_block: Callable[[Block, object], None], progress: Callable[[int], None] | None,
               units_per_block_unit: int = 1) -> bool:
    """Map ``function(config_of(block))`` over ``blocks`` on ``runner``; ``on_block`` sees the
    results in block order, then ``progress`` the units done. Returns whether Ctrl-C stopped it."""
    items = [(config_of(block),) for block in blocks]
    warm = (config_of(Block(0, blocks[0].start, blocks[0].start + 1)),) if runner.distributed and blocks else None

    def take(index: int, outcome) -> None:
        on_block(blocks[index], outcome)
        if progress is not None:
            progress(blocks[index].deals * units_per_block_unit)

    try:
        runner.map(function, items, take, warm_up=warm)
    except KeyboardInterrupt:
        return True
    return False


# ---------------------------------------------------------------- Révertier
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


# ---------------------------------------------------------------- Reversis
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


# ---------------------------------------------------------------- Cabriolet (the card game and the dice)
def cabriolet_block(config) -> np.ndarray:
    """One block on a worker: out int64[sessions, V, N_OUT] of the config's sessions, card or dice."""
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, run_dice_sessions, run_sessions

    run = run_dice_sessions if isinstance(config, DiceSessionConfig) else run_sessions
    return run(config, batch=config.sessions).out


def cabriolet_on(runner, config, progress=None, on_batch: OnBatch | None = None, batch: int = 8192):
    """``run_sessions`` or ``run_dice_sessions`` of ``kernel.cabriolet.simulate`` block by block:
    a ``SessionResult``. ``progress`` gets sessions."""
    from spadille.kernel.cabriolet import _dice_session as DS
    from spadille.kernel.cabriolet import _session as S
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, SessionResult

    config.validate()
    blocks = plan_blocks(config.first_session, config.sessions, runner.block_deals or CABRIOLET_BLOCK)
    result = SessionResult(config, DS.N_OUT if isinstance(config, DiceSessionConfig) else S.N_OUT)
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
