"""The bridge to the jitted policies of kernel/reversis/_policies.py, which the kernel calls too.

The reference builds each call's arguments itself (masks from its sets, the observation laid out
per ``layout.O_*``) and lends the policy the deal's random stream as ``uint64[2] = (key, draws
so far)``, copying the count back into the PythonStream so both stay in step.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from spadille.kernel.common._rng import PythonStream

from .. import layout as L
from .. import _policies
from ..cards import kernel_tables
from ..policies import ReversisPolicyError, SeatPolicy


def mask_of(cards: Iterable[int]) -> np.uint64:
    m = 0
    for c in cards:
        m |= 1 << c
    return np.uint64(m)


class SharedPolicies:
    """Each position's policy for one deal."""

    def __init__(self, by_position: Sequence[SeatPolicy], stream: PythonStream) -> None:
        if any(p.name == "search" for p in by_position):
            raise ReversisPolicyError("the search policy plays in the kernel only (it rolls deals out with the "
                                      "kernel's own play); the reference engine plays random, heuristic and strong")
        self.ids = [p.policy_id for p in by_position]
        self.params = [p.row() for p in by_position]
        self.suit_masks, self.points = kernel_tables()
        self.stream = stream

    def _state(self) -> np.ndarray:
        return np.array([self.stream.key, self.stream.count], dtype=np.uint64)

    def _sync(self, state: np.ndarray) -> None:
        self.stream.count = int(state[1])

    def discard(self, position: int, hand: set[int], may_keep: bool) -> int:
        state = self._state()
        card = _policies.choose_discard(self.ids[position], self.params[position], mask_of(hand), may_keep,
                                        self.suit_masks, self.points, state)
        self._sync(state)
        return int(card)

    def card(self, position: int, hand: set[int], legal: set[int], follow: set[int], obs: np.ndarray) -> int:
        state = self._state()
        card = _policies.choose_card(self.ids[position], self.params[position], mask_of(hand), mask_of(legal),
                                     mask_of(follow), obs, self.suit_masks, self.points, state)
        self._sync(state)
        return int(card)
