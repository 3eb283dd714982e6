"""The working arrays of the deal loop, bundled as one argument (DealScratch), and their allocation.

A chunk of deals (``_engine.run_chunks``, ``_variants.play_variants``, ``_table_return``) allocates
one DealScratch and passes it to every deal it plays; ``play_hands`` unpacks it into local names.

One numba pitfall decides how the parallel kernels use it (numba issues 5872, 7135, 10338, open in
0.68): inside a ``prange`` loop, a write through a NamedTuple's field (``scratch.table[:] = 0``,
``scratch.hands_nat[seat] = x``) is dropped as dead code, because the parfor pass does not count
a field read off a tuple built in the kernel as an alias of the tuple's array. So the parallel
kernels never write through a bundle: they write in a jitted callee (``play_deal``, ``seed_deal``,
``set_hands``) or into an array they hold apart (the session's ``table``). The first bundling
attempt wrote ``work.hands_nat[seat] = ...`` in ``play_variants``: the hands stayed empty and the
double-dummy solver read out of bounds.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from . import layout as L
from .search._dd_tt import BUCKET_WORDS, SHAPE_WORDS


class DealScratch(NamedTuple):
    """What one chunk of the deal loop plays in; nothing in it carries from one deal to the next
    (the session's table travels apart). compress8 is the solver's byte table, read only.

    rng uint64[2] · res int64[N_ROW_COLS] · deck int64[40] · hands_nat, hands, start_ord, played
    uint64[MAX_SEATS] · nets int64[MAX_SEATS] · obs int64[N_OBS] · values int64[40] · compress8
    uint8[256] · dd_table uint64[2**bits, BUCKET_WORDS] · dd_shapes uint64[2**(bits-2), SHAPE_WORDS]
    """

    rng: np.ndarray
    res: np.ndarray
    deck: np.ndarray
    hands_nat: np.ndarray
    hands: np.ndarray
    start_ord: np.ndarray
    played: np.ndarray
    nets: np.ndarray
    obs: np.ndarray
    values: np.ndarray
    compress8: np.ndarray
    dd_table: np.ndarray
    dd_shapes: np.ndarray


@njit(cache=True, _nrt=True)
def deal_scratch(compress8, dd_table_bits):
    """A chunk's DealScratch. The double-dummy solver's tables are tiny unless a seat plays dd or
    pimc (dd_table_bits)."""
    return DealScratch(np.zeros(2, dtype=np.uint64), np.zeros(L.N_ROW_COLS, dtype=np.int64),
                       np.zeros(40, dtype=np.int64), np.zeros(L.MAX_SEATS, dtype=np.uint64),
                       np.zeros(L.MAX_SEATS, dtype=np.uint64), np.zeros(L.MAX_SEATS, dtype=np.uint64),
                       np.zeros(L.MAX_SEATS, dtype=np.uint64), np.zeros(L.MAX_SEATS, dtype=np.int64),
                       np.zeros(L.N_OBS, dtype=np.int64), np.zeros(40, dtype=np.int64), compress8,
                       np.zeros((1 << dd_table_bits, BUCKET_WORDS), dtype=np.uint64),
                       np.zeros((1 << max(dd_table_bits - 2, 0), SHAPE_WORDS), dtype=np.uint64))


@njit(cache=True, _nrt=False)
def set_hands(scratch, hands_in, deal):
    """Seat the hands of row ``deal`` of ``hands_in`` (natural masks) in the scratch, for ``play_hands``."""
    for seat in range(L.MAX_SEATS):
        scratch.hands_nat[seat] = hands_in[deal, seat]
