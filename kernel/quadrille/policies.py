"""The policy registry: names, kernel ids, parameters with defaults and documentation.

The CLI's choices, the docs and the tests all derive from ``POLICIES``. Importing this
module does not import numba, so ``spadille --help`` stays instant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from . import _layout as L


class PolicyError(ValueError):
    """An unknown policy or parameter, or a bad value; one sentence for the user."""


@dataclass(frozen=True)
class Param:
    index: int
    default: float
    low: float
    high: float
    doc: str


@dataclass(frozen=True)
class PolicySpec:
    name: str
    kernel_id: int
    summary: str
    params: Mapping[str, Param] = field(default_factory=dict)


_BIDDING = {
    "ask_threshold": Param(L.H_ASK, 3.6, 0.0, 10.0, "estimated own tricks needed to ask (call a king)"),
    "alone_threshold": Param(L.H_ALONE, 5.9, 0.0, 10.0, "estimated own tricks needed to go sans prendre"),
    "take_forced_threshold": Param(L.H_TAKE_FORCED, 5.4, 0.0, 10.0,
                                   "estimated own tricks for a forced asker to take the sans prendre himself"),
    "call_long_suit": Param(L.H_CALL_LONG, 1.0, 0.0, 1.0,
                            "1 calls the king of the suit where one holds most cards, 0 of the shortest"),
    "demand_threshold": Param(L.H_DEMAND, 4.9, 0.0, 10.0,
                              "estimated own tricks needed to demand a king and play alone "
                              "(the médiateur, the Dimidiator, the ask of quadrille à trois)"),
    "casco_threshold": Param(L.H_CASCO, 3.6, 0.0, 10.0,
                             "estimated own tricks for the holder of both black aces to bid casco"),
}
# Index numbers shared with kernel/quadrille/search/_players.py (P_SAMPLES, P_SEED, P_TIE, P_VOLE_SHARE).
_TIE = Param(8, 0.0, 0.0, 1.0, "among cards of equal value, 0 plays the lowest, 1 the highest")

POLICIES: dict[str, PolicySpec] = {
    "random": PolicySpec(
        "random", L.POLICY_RANDOM,
        "Uniform over the legal options at every decision: bids, trump, call, cards, vole.",
    ),
    "heuristic": PolicySpec(
        "heuristic", L.POLICY_HEURISTIC,
        "A club player: bids on an estimate of his own tricks, draws trumps when strong, "
        "shows himself as the friend, wins cheaply, discards low, goes for the vole only with sure winners.",
        {
            **_BIDDING,
            # 0.4, not the first guess 0.8: on the same 400,000 deals (seed 5) the ombre gains +0.48
            # jetons a called game, +1.79 a sans prendre and +1.53 a forced spadille (paired, all
            # significant); below 0.4 called games lose again (0.2: +0.22).
            "draw_trumps": Param(L.H_DRAW_TRUMPS, 0.4, 0.0, 10.0,
                                 "the ombre leads trumps while he holds at least this share of the trumps still out"),
            "vole_losers": Param(L.H_VOLE_LOSERS, 0.0, 0.0, 10.0,
                                 "cards that need not be sure winners when undertaking the vole"),
        },
    ),
    "dd": PolicySpec(
        "dd", L.POLICY_DD,
        "Double-dummy card play: sees every hand and plays a card of best open-handed value (an upper bound "
        "on skill); bids, names trumps and calls like the heuristic.",
        {**_BIDDING, "tie_break": _TIE},
    ),
    "pimc": PolicySpec(
        "pimc", L.POLICY_PIMC,
        "Perfect-information Monte Carlo: at each card samples deals consistent with what it has seen, "
        "solves each open-handed and plays the best card on average; bids like the heuristic.",
        {
            **_BIDDING,
            "samples": Param(6, 20.0, 1.0, 500.0, "K, the deals sampled for each decision"),
            "sampling_seed": Param(7, 0.0, 0.0, 2.0**31, "mixed into the sampling stream of every decision"),
            "tie_break": _TIE,
            "vole_share": Param(9, 0.9, 0.0, 1.0,
                                "undertake the vole when this share of the sampled deals takes every trick"),
        },
    ),
}


@dataclass(frozen=True)
class SeatPolicy:
    """A policy as one seat plays it: registry name plus its parameter values."""

    name: str
    params: Mapping[str, float] = field(default_factory=dict)

    def describe(self) -> str:
        spec = POLICIES[self.name]
        if not spec.params:
            return self.name
        values = ", ".join(f"{k}={self.value(k):g}" for k in spec.params)
        return f"{self.name}({values})"

    def value(self, key: str) -> float:
        return float(self.params.get(key, POLICIES[self.name].params[key].default))


def make_seat_policy(name: str, params: Mapping[str, float] | None = None) -> SeatPolicy:
    if name not in POLICIES:
        raise PolicyError(f"unknown policy {name!r}; available: {', '.join(POLICIES)}")
    spec = POLICIES[name]
    checked: dict[str, float] = {}
    for key, raw in (params or {}).items():
        if key not in spec.params:
            known = ", ".join(spec.params) or "none"
            raise PolicyError(f"policy {name!r} has no parameter {key!r} (its parameters: {known})")
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise PolicyError(f"parameter {name}.{key} must be a number, not {raw!r}") from None
        param = spec.params[key]
        if not param.low <= value <= param.high:
            raise PolicyError(f"parameter {name}.{key} = {value:g} is outside [{param.low:g}, {param.high:g}]")
        checked[key] = value
    return SeatPolicy(name, checked)


def kernel_arrays(seat_policies):
    """(policy_ids int64[MAX_SEATS], policy_params float64[MAX_SEATS, N_POLICY_PARAMS])."""
    import numpy as np

    ids = np.zeros(L.MAX_SEATS, dtype=np.int64)
    params = np.zeros((L.MAX_SEATS, L.N_POLICY_PARAMS), dtype=np.float64)
    for seat, policy in enumerate(seat_policies):
        spec = POLICIES[policy.name]
        ids[seat] = spec.kernel_id
        for key, param in spec.params.items():
            params[seat, param.index] = policy.value(key)
    return ids, params
