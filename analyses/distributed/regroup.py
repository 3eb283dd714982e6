"""What every game's block-by-block ``simulate`` shares: mapping a block function over blocks
(``run_blocks``), and handing the rows on in the in-process run's batches (``Regroup``).

A game's kernel wrapper plays a range of games or sessions from the seed's per-game streams, so a
block replays exactly the games of the same range in a run in this process. Each game's ``*_on``
function (``analyses/<game>/simulate_blocks.py``) returns the wrapper's own result type, with the
blocks merged in block order, and hands the rows on in groups of exactly the rows the in-process
run writes at a time: the row file has the same row groups, hence the same bytes.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .blocks import Block

OnBatch = Callable[[int, np.ndarray], None]


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
    results in block order, then ``progress`` the units done. Returns whether Ctrl-C stopped it
    before every block was done."""
    items = [(config_of(block),) for block in blocks]
    warm = (config_of(Block(0, blocks[0].start, blocks[0].start + 1)),) if runner.distributed and blocks else None

    handed = 0

    def take(index: int, outcome) -> None:
        nonlocal handed
        on_block(blocks[index], outcome)
        handed += 1
        if progress is not None:
            progress(blocks[index].deals * units_per_block_unit)

    try:
        runner.map(function, items, take, warm_up=warm)
    except KeyboardInterrupt:
        return handed < len(blocks)   # a Ctrl-C that came once every block had finished stopped nothing
    return False
