"""Seat policies by name, with per-seat parameters: 'heuristic', 'random',
'heuristic:reversis_from=8,break=0,espagnolette=1,discard=0'.

A policy is an id and an int64 parameter vector (``_layout.P_*``) that both engines pass to the
jitted functions of ``_policies.py``. An unknown name or parameter raises ``ReversisPolicyError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError

from . import _layout as L

PARAM_RANGES = {"reversis_from": (0, 12), "break": (0, 1), "espagnolette": (0, 1), "discard": (0, 3),
                "worlds": (1, 256), "force_discard": (-1, 47)}


class ReversisPolicyError(SimulationError):
    """A policy that cannot be read; one sentence for the user."""


@dataclass(frozen=True)
class SeatPolicy:
    name: str
    params: tuple[int, ...] = L.PARAM_DEFAULTS

    @property
    def policy_id(self) -> int:
        return L.POLICY_NAMES.index(self.name)

    def describe(self) -> str:
        changed = [f"{k}={v}" for k, v, d in zip(L.PARAM_NAMES, self.params, L.PARAM_DEFAULTS) if v != d]
        return self.name + (":" + ",".join(changed) if changed and self.name != "random" else "")


def parse_policy(text: str) -> SeatPolicy:
    name, _, rest = text.strip().partition(":")
    if name not in L.POLICY_NAMES:
        raise ReversisPolicyError(f"unknown Reversis policy {name!r}; policies: {', '.join(L.POLICY_NAMES)}")
    params = list(L.PARAM_DEFAULTS)
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or key not in PARAM_RANGES:
            raise ReversisPolicyError(f"policy {text!r}: unknown parameter {item!r} (parameters: "
                                      f"{', '.join(f'{k}=N' for k in PARAM_RANGES)})")
        low, high = PARAM_RANGES[key]
        if not value.strip().lstrip("-").isdigit() or not low <= int(value) <= high:
            raise ReversisPolicyError(f"policy {text!r}: {key} must be a whole number from {low} to {high}")
        params[L.PARAM_NAMES.index(key)] = int(value)
    return SeatPolicy(name, tuple(params))


def seat_policies(texts: Sequence[str] | str) -> tuple[SeatPolicy, ...]:
    """One policy for all four players, or four (one per player)."""
    texts = [texts] if isinstance(texts, str) else list(texts)
    if len(texts) == 1:
        texts = texts * L.N_POS
    if len(texts) != L.N_POS:
        raise ReversisPolicyError(f"give one policy for all players or one per player (4), not {len(texts)}")
    return tuple(parse_policy(t) for t in texts)


def kernel_arrays(policies: Sequence[SeatPolicy]) -> tuple[np.ndarray, np.ndarray]:
    """(ids int64[4], params int64[4, N_PARAMS]), by player."""
    ids = np.array([p.policy_id for p in policies], dtype=np.int64)
    params = np.array([p.params for p in policies], dtype=np.int64)
    return ids, params
