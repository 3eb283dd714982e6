"""Seat policies by name, with per-seat parameters: 'heuristic', 'random', 'strong', 'search',
'heuristic:reversis_from=8,break=0,espagnolette=1,discard=0', 'search:worlds=8,rollout=1'.

A policy is an id and an int64 row (``layout.P_*``: the named parameters, then the strong
policy's weights, the shipped ``strong.toml`` unless given) that both engines pass to the jitted
functions of ``_policies.py``. An unknown name or parameter raises ``ReversisPolicyError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError

from . import layout as L

PARAM_RANGES = {"reversis_from": (0, 12), "break": (0, 1), "espagnolette": (0, 1), "discard": (0, 3),
                "worlds": (1, 256), "force_discard": (-1, 47), "rollout": (0, 1)}
DESCRIPTIONS = {
    "random": "a legal card at random",
    "heuristic": "the hand-written rules of docs/reversis.md §9",
    "strong": "a linear score of each card's features, fitted to the search's values (strong.toml)",
    "search": "Monte Carlo rollouts over sampled worlds",
}


class ReversisPolicyError(SimulationError):
    """A policy that cannot be read; one sentence for the user."""


@dataclass(frozen=True)
class PolicySpec:
    name: str
    kernel_id: int        # layout.POLICY_NAMES index, the id both engines pass to _policies.py
    summary: str


POLICIES: dict[str, PolicySpec] = {name: PolicySpec(name, index, DESCRIPTIONS[name])
                                   for index, name in enumerate(L.POLICY_NAMES)}


@dataclass(frozen=True)
class SeatPolicy:
    name: str
    params: tuple[int, ...] = L.PARAM_DEFAULTS
    weights: tuple[int, ...] | None = None      # the strong policy's, in 1 / WEIGHT_SCALE; None: the shipped file's

    @property
    def policy_id(self) -> int:
        return POLICIES[self.name].kernel_id

    def describe(self) -> str:
        changed = [f"{k}={v}" for k, v, d in zip(L.PARAM_NAMES, self.params, L.PARAM_DEFAULTS) if v != d]
        own = ["weights=own"] if self.weights is not None else []
        return self.name + (":" + ",".join(changed + own) if (changed or own) and self.name != "random" else "")

    @property
    def reads_weights(self) -> bool:
        """The strong policy, and a search whose rollouts it plays."""
        return self.name == "strong" or (self.name == "search" and self.params[L.P_ROLLOUT] == 1)

    def row(self) -> np.ndarray:
        """int64[N_POLICY_COLUMNS]: the named parameters, then the strong policy's weights (zeros
        for a policy that reads none, so the others never depend on the weights file)."""
        if self.weights is not None:
            weights = self.weights
        elif self.reads_weights:
            from .strong import shipped, weight_columns

            weights = weight_columns(shipped()[0])
        else:
            weights = (0,) * (L.N_KINDS * L.N_FEATURES)
        return np.array(tuple(self.params) + tuple(weights), dtype=np.int64)


def parse_policy(text: str) -> SeatPolicy:
    name, _, rest = text.strip().partition(":")
    if name not in POLICIES:
        raise ReversisPolicyError(f"unknown Reversis policy {name!r}; policies: {', '.join(POLICIES)}")
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
    """(ids int64[4], params int64[4, N_POLICY_COLUMNS]), by player."""
    ids = np.array([p.policy_id for p in policies], dtype=np.int64)
    params = np.array([p.row() for p in policies], dtype=np.int64)
    return ids, params
