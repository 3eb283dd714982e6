"""Tuning the heuristic into ``strong``: CMA-ES over its parameters, on paired deals.

The search space is every parameter of the heuristic that is not a shorthand: the bidding
thresholds (less the bids the Encyclopédie lacks, ``NOT_TUNED``) and every ``ROLE.RULE`` of the
card play (card_rules.py), 110 numbers. CMA-ES (the ``cma`` package) moves a vector ``z``; a
candidate's value of parameter i is ``default_i + z_i * scale_i``, clipped to the parameter's
range and rounded where the kernel reads a whole number (the flags, the codes, the counts). The
scales make one unit of ``z`` one sensible step: a flag flips at |z| > 0.5 / 0.3, so the first
generation flips about 1 in 11 of the 80-odd flags per candidate, and a threshold moves by about
0.4 of a trick.

The objective is the ladder's gain (ladder.py) of the candidate against the reference (the
heuristic at its defaults): the candidate plays each deal once in every seat in turn, the reference
in the others, and its gain is the seat's net jetons minus the seat's in the all-reference play of
the same deal. Every candidate plays the same deals of the same seed (common random numbers), so
the objective is a fixed function of the parameters and two candidates differ only by their play.
The search never sees the held-out seed: the tuned values' gain is measured there afterwards, with
the ladder itself and its paired interval, and that is the figure the stamp and docs/strength.md give.

Only the sums of each seat's payments are needed (the kernel's by-seat totals), so a candidate
costs four plays of the deals without a row kept: about a second for 10,000 deals on two cores.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import POLICIES, SeatPolicy, make_seat_policy
from spadille.kernel.quadrille.ruleset import Ruleset

# Bids the tuning ruleset (the Encyclopédie's) does not have: the demand of a king (the médiateur,
# the Dimidiator, à trois's ask) and casco. Searched there they would drift at random (their values
# change nothing), and the drifted values lost 7.8 and 3.2 jetons a deal in the médiateur and the
# Italian ladder; so they keep the heuristic's values.
NOT_TUNED = ("demand_threshold", "casco_threshold")
# Rules the kernel reads as a real number (a draw share); every other card rule is a whole number.
REAL_RULES = ("draw_trumps",)
REAL_BIDDING = ("ask_threshold", "alone_threshold", "take_forced_threshold", "demand_threshold", "casco_threshold")
# One unit of z, in the parameter's own units: a flag flips at |z| > 1.7 (about 1 in 11 a flag in
# the first generation), a code or a count moves by about one, a threshold by 0.4 of a trick.
FLAG_SCALE = 0.3
SCALES = {"draw_trumps": 0.3, "draw_card": 0.6, "draw_min_out": 1.0, "lead_top_trump": 1.5, "vole_losers": 1.0}
THRESHOLD_SCALE = 0.4
DECIMALS = 2   # real values are rounded so the file reads cleanly; finer steps are below the noise


@dataclass(frozen=True)
class Dimension:
    name: str
    default: float
    low: float
    high: float
    scale: float
    integral: bool

    def value(self, z: float) -> float:
        value = min(max(self.default + z * self.scale, self.low), self.high)
        return float(round(value)) if self.integral else round(value, DECIMALS)


def dimensions() -> list[Dimension]:
    """Every tuned parameter: the heuristic's, less its shorthands, in registry order."""
    out = []
    for name, param in POLICIES["heuristic"].params.items():
        if param.shorthand or name in NOT_TUNED:
            continue
        rule = name.partition(".")[2] if param.card_rule else name
        flag = param.low == 0.0 and param.high == 1.0
        integral = rule not in REAL_RULES + REAL_BIDDING
        scale = FLAG_SCALE if flag else SCALES.get(rule, THRESHOLD_SCALE)
        out.append(Dimension(name, param.default, param.low, param.high, scale, integral))
    return out


def decode(z: Sequence[float], dims: Sequence[Dimension]) -> dict[str, float]:
    """The parameters of point ``z``: clipped to their ranges, whole numbers rounded."""
    return {dim.name: dim.value(float(x)) for dim, x in zip(dims, z)}


def changed(params: Mapping[str, float], dims: Sequence[Dimension]) -> dict[str, float]:
    """Only the values that differ from the heuristic's defaults."""
    return {dim.name: params[dim.name] for dim in dims if params[dim.name] != dim.default}


class PairedObjective:
    """The ladder gain of candidates against ``reference`` on deals 0..deals-1 of ``seed``. The
    all-reference play is made once; each candidate plays the deals once per seat. Results are
    cached by parameters, since rounding sends many points of z to the same candidate."""

    def __init__(self, ruleset: Ruleset, reference: SeatPolicy, seed: int, deals: int, threads: int | None = None):
        self.ruleset, self.reference, self.seed, self.deals, self.threads = ruleset, reference, seed, deals, threads
        self.seats = ruleset["pack.seats"]
        self.base = self._pay((reference,) * self.seats)
        self.cache: dict[tuple, float] = {}
        self.plays = 0

    def _pay(self, policies: tuple[SeatPolicy, ...]) -> np.ndarray:
        """Each seat's total net jetons over the deals: int64[seats]."""
        from spadille.kernel.common.errors import SimulationError
        from spadille.kernel.quadrille.simulate import RunConfig, simulate

        result = simulate(RunConfig(self.ruleset, policies, self.seed, self.deals, threads=self.threads))
        if result.interrupted:
            raise SimulationError("the tuning was interrupted")
        return result.by_seat[:self.seats, L.SEAT_PAY].copy()

    def gain(self, params: Mapping[str, float]) -> float:
        """Jetons a deal the candidate wins over the reference, over every (deal, seat)."""
        key = tuple(sorted(params.items()))
        if key not in self.cache:
            candidate = make_seat_policy("heuristic", params)
            total = 0
            for seat in range(self.seats):
                policies = tuple(candidate if k == seat else self.reference for k in range(self.seats))
                total += int(self._pay(policies)[seat] - self.base[seat])
                self.plays += self.deals
            self.cache[key] = total / (self.deals * self.seats)
        return self.cache[key]


@dataclass
class Tuning:
    params: dict[str, float]          # every tuned parameter, its best value on the tuning deals
    gain: float                       # its gain there (biased upward: it was chosen there)
    history: pd.DataFrame             # one row per generation
    settings: dict = field(default_factory=dict)


def tune(ruleset: Ruleset, seed: int, deals: int, iterations: int, population: int | None = None,
         threads: int | None = None, on_generation: Callable[[dict], None] | None = None) -> Tuning:
    """CMA-ES from the heuristic's defaults (z = 0) for ``iterations`` generations on deals
    0..deals-1 of ``seed``; the best candidate seen (the defaults included, gain 0, and each
    generation's mean) wins. The search
    is seeded from ``seed``, so the same arguments give the same values."""
    import cma

    dims = dimensions()
    reference = make_seat_policy("heuristic")
    objective = PairedObjective(ruleset, reference, seed, deals, threads)
    lower = [(d.low - d.default) / d.scale for d in dims]
    upper = [(d.high - d.default) / d.scale for d in dims]
    options = {"bounds": [lower, upper], "seed": int(seed) % (2**32 - 1) + 1, "verbose": -9,
               "maxiter": iterations, "tolfun": 0, "tolx": 0, "tolflatfitness": iterations + 1}
    if population:
        options["popsize"] = population
    strategy = cma.CMAEvolutionStrategy([0.0] * len(dims), 1.0, options)
    best = decode([0.0] * len(dims), dims)
    best_gain = objective.gain(best)
    history = []
    started = time.perf_counter()
    for generation in range(1, iterations + 1):
        points = strategy.ask()
        candidates = [decode(z, dims) for z in points]
        gains = [objective.gain(c) for c in candidates]
        strategy.tell(points, [-g for g in gains])   # cma minimises
        # The distribution's new mean is a candidate too: in many dimensions it is often better than
        # every sample it was moved by (the samples' errors average out), and costs one evaluation.
        mean = decode(strategy.result.xfavorite, dims)
        mean_gain = objective.gain(mean)
        top = int(np.argmax(gains))
        for candidate, gain in ((candidates[top], gains[top]), (mean, mean_gain)):
            if gain > best_gain:
                best, best_gain = candidate, gain
        row = {"generation": generation, "candidates": len(points), "best": max(gains),
               "median": float(np.median(gains)), "mean": mean_gain, "best_so_far": best_gain,
               "sigma": float(strategy.sigma),
               "changed": len(changed(best, dims)), "seconds": time.perf_counter() - started}
        history.append(row)
        if on_generation is not None:
            on_generation(row)
    settings = {"seed": seed, "deals": deals, "iterations": iterations, "population": strategy.popsize,
                "dimensions": len(dims), "evaluations": len(objective.cache), "deal_plays": objective.plays}
    return Tuning(best, best_gain, pd.DataFrame(history), settings)


def held_out(ruleset: Ruleset, params: Mapping[str, float], seed: int, deals: int,
             threads: int | None = None) -> dict[str, float]:
    """The tuned values' ladder gain over the heuristic on other deals (``seed`` unseen by the
    search), with its paired 95% interval, by the ladder itself."""
    from .ladder import OVERALL, LadderEntry, ladder

    reference = make_seat_policy("heuristic")
    entry = LadderEntry("tuned", make_seat_policy("heuristic", params), deals)
    result = ladder(ruleset, [entry], reference, seed, threads)
    row = result.table[(result.table["label"] == "tuned") & (result.table["group"] == OVERALL)].iloc[0]
    return {"seed": seed, "deals": deals, "gain": float(row["gain"]), "ci_low": float(row["ci_low"]),
            "ci_high": float(row["ci_high"])}
