"""Deals replayed under several variants, here or on the command's cluster.

``play_variants`` (kernel/quadrille/variants.py) in this process, or under a command's
``--scheduler`` block by block on the cluster (analyses/quadrille/variant_blocks.py): the same
outcomes either way, each deal played from its own stream (its deal id). The rule check and the
ladder play their searching deals this way.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from spadille.kernel.quadrille.variants import play_variants


def replay(ruleset, policies: Sequence, variants: Sequence, hands: np.ndarray, deal_ids: np.ndarray, seed: int,
           threads: int | None = None, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """out int64[n, n_variants, N_OUT]: ``play_variants`` of every deal, here or on the active runner."""
    from spadille.analyses.distributed.runner import active_runner

    runner = active_runner()
    if runner is None:
        return play_variants(ruleset, tuple(policies), variants, hands, deal_ids, seed, threads=threads,
                             progress=progress)
    from spadille.analyses.quadrille.variant_blocks import play_variants_on

    return play_variants_on(runner, ruleset, tuple(policies), variants, hands, deal_ids, seed, progress)
