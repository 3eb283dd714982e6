"""Hands dealt to order, played under several variants, block by block through a runner.

``variants_block`` is what a worker runs: ``play_variants`` (kernel/quadrille/variants.py) on a
block of the hands. ``play_variants_on`` cuts the hands into blocks, plays them on the runner and
puts the outcomes back in hand order. Every hand is played from its own stream (its deal id),
so the outcome array is the one the in-process call returns, whatever the blocks or workers.
The rule check (analyses/quadrille/rule_check.py) plays its pimc hands this way under
``--scheduler``.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from spadille.analyses.distributed.blocks import plan_blocks

from .map_blocks import default_block_deals


def variants_block(ruleset, policies, variants, hands: np.ndarray, deal_ids: np.ndarray, seed: int) -> np.ndarray:
    """One block on a worker: out int64[n, n_variants, N_OUT] (the serial kernel over its threads)."""
    from spadille.kernel.quadrille.variants import play_variants

    return play_variants(ruleset, tuple(policies), variants, hands, deal_ids, seed)


def play_variants_on(runner, ruleset, policies: Sequence, variants: Sequence, hands: np.ndarray,
                     deal_ids: np.ndarray, seed: int, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """``play_variants`` of every hand, block by block on ``runner``, in hand order. A
    KeyboardInterrupt propagates, as it does from the in-process call."""
    # a hand under every variant is a map's deal under every action: the maps' block sizes
    every_policy = [*policies, *(p for v in variants for p in (v.policies or ()))]
    size = runner.block_deals or default_block_deals(every_policy)
    n = len(hands)
    blocks = plan_blocks(0, n, size)
    common = (ruleset, tuple(policies), tuple(variants))
    items = [(*common, hands[b.start:b.stop], deal_ids[b.start:b.stop], seed) for b in blocks]
    outs: list[np.ndarray] = []

    def take(index: int, out: np.ndarray) -> None:
        outs.append(out)   # the runner hands the blocks on in block order
        if progress is not None:
            progress(blocks[index].deals)

    warm = (*common, hands[:1], deal_ids[:1], seed) if runner.distributed and n else None
    runner.map(variants_block, items, take, warm_up=warm)
    return np.concatenate(outs) if outs else variants_block(*common, hands, deal_ids, seed)
