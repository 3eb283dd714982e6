"""The claims' simulated experiments block by block, through the runner a command opened.

``played_blocks`` yields (begin, end, out) over the dealt hands of a claim: without a runner, the
in-process loop it replaces (CHUNK_DEALS at a time, over the local threads); with one, blocks of
``block_deals`` deals played by ``play_block`` on the workers and handed back in block order.
Every deal is played from its own stream (its attempt number), so the outcome array, and every
estimate computed from it, is the same either way.
"""

from __future__ import annotations

from typing import Callable, Iterator

import numpy as np

from spadille.analyses.distributed.blocks import plan_blocks
from spadille.analyses.distributed.runner import active_runner

CLAIM_BLOCK = 16_384     # deals a block of a heuristic claim (each played under every arm)
SEARCH_BLOCK = 16        # deals a block when some seat searches (dd, pimc)

def play_block(spec, hands: np.ndarray, ids: np.ndarray, seed: int) -> np.ndarray:
    """One block on a worker: out int64[n, V, N_OUT] of its deals (the serial kernel)."""
    from .simulated import _play

    return _play(spec, hands, ids, seed, None, None)


def _searching(spec) -> bool:
    from spadille.kernel.quadrille.simulate import SEARCHING_POLICIES

    return spec.policy in SEARCHING_POLICIES


def played_blocks(spec, hands: np.ndarray, ids: np.ndarray, seed: int, deals: int, threads: int | None,
                  progress: Callable[[int], None] | None, chunk_deals: int) -> Iterator[tuple[int, int, np.ndarray]]:
    from .simulated import _play

    runner = active_runner()
    if runner is None:
        for begin in range(0, deals, chunk_deals):
            end = min(deals, begin + chunk_deals)
            yield begin, end, _play(spec, hands[begin:end], ids[begin:end], seed, threads, progress)
        return
    size = runner.block_deals or (SEARCH_BLOCK if _searching(spec) else CLAIM_BLOCK)
    blocks = plan_blocks(0, deals, size)
    items = [(spec, hands[b.start:b.stop], ids[b.start:b.stop], seed) for b in blocks]
    outs: list[np.ndarray] = []

    def take(index: int, out: np.ndarray) -> None:
        outs.append(out)
        if progress is not None:
            progress(blocks[index].deals)

    warm = (spec, hands[:1], ids[:1], seed) if deals else None
    runner.map(play_block, items, take, warm_up=warm)
    for block, out in zip(blocks, outs):
        yield block.start, block.stop, out
