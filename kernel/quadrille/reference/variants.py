"""The reference engine's paired replays: every deal played under every variant, one by one.

The same contract as ``kernel.variants.play_variants`` (docs/engine.md), without its shortcut:
a variant that differs from an earlier one only by the vole choice is replayed here, not
copied, so the parity test also checks that the kernel's copying is exact.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.variants import Variant, play_seed

from .deal import Forced, ReferenceEngine
from .settlement import Table


def play_variants(base_ruleset: Ruleset, base_policies: Sequence[SeatPolicy], variants: Sequence[Variant],
                  hands: np.ndarray, deal_ids: np.ndarray, seed: int) -> np.ndarray:
    """out int64[n_deals, n_variants, N_OUT], laid out per layout.OUT_*."""
    engines = [ReferenceEngine(v.ruleset or base_ruleset, v.policies or tuple(base_policies)) for v in variants]
    out = np.zeros((len(hands), len(variants), L.N_OUT), dtype=np.int64)
    for d, (deal_hands, deal) in enumerate(zip(hands, deal_ids)):
        seats = engines[0].rules.seats
        start = [{card for card in range(40) if int(deal_hands[seat]) >> card & 1} for seat in range(seats)]
        for v, (variant, engine) in enumerate(zip(variants, engines)):
            stream = PythonStream(play_seed(seed), int(deal))
            played = engine.play_hands(int(deal), start, stream, Table(), Forced.from_array(variant.force.array()))
            out[d, v, :L.OUT_VOLE_DECIDER] = played.row[list(L.OUT_ROW_COLUMNS)]
            out[d, v, L.OUT_VOLE_DECIDER] = played.vole_decider
            out[d, v, L.OUT_SITUATION] = played.row[L.COL_SITUATION]
            out[d, v, L.OUT_SITUATION + 1] = played.row[L.COL_SITUATION_SEAT]
    return out
