"""The registry of experiment kinds: what ``[experiment] kind`` may name.

Each kind reads its own keys of ``[experiment]`` (an unknown key is an error) and knows how
to run. The docs, the CLI and the tests derive from ``KINDS``; a new kind is one entry here.

* ``rate``, ``compare_actions``, ``compare_policies``, ``compare_rules``: simulated with the
  Quadrille kernel (simulated.py).
* ``count``: exact arithmetic on the ruleset (counts.py).
* ``probability``: P(event | given) over the dealt hands, exact where the conditions allow,
  else Monte Carlo (probability.py).
* ``planned``: an experiment described in words, for a game with no engine yet; it is never
  run and its verdict is always inconclusive, saying why.
* ``reversis``: simulated with the Reversis kernel, read and run by
  ``spadille.analyses.reversis.claims`` (its ``run`` and ``describe`` come with the entry).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .counts import QUANTITIES, CountSpec, read_count
from .probability import KEYS as PROBABILITY_KEYS, read_probability, run_probability
from .reader import Table
from .simulated import (COMMON_KEYS, EXTRA_KEYS, SimSpec, base_ruleset, read_simulated, ruleset_reason,
                        run_simulated)
from .verdict import Estimate, VerdictRule, decimals_of, format_exact
from spadille.analyses.reversis import claims as _reversis

from . import play as _play
from . import seats as _seats

MAX_DEALS = 10_000_000  # per claim after scaling: the dealt hands are held in memory (32 bytes a deal)


@dataclass(frozen=True)
class Kind:
    name: str
    summary: str
    keys: Mapping[str, str]          # its keys in [experiment] -> what they hold (docs)
    read: Callable[[Table], Any]     # -> the experiment's spec
    simulated: bool = False          # run by the kernel, sized by `deals`
    exact: bool = False              # counts: verdict by exact equality
    runnable: bool = True
    game: str | None = "quadrille"   # the game whose claims may name it (None: any)
    run: Callable[..., Estimate] | None = None      # (spec, seed, deals, threads, progress): a kind that runs itself
    describe: Callable[[Any], str] | None = None    # the experiment in one line, for such a kind
    sample: Callable[[Any], int | None] | None = None   # a spec's default deals (None: it deals none)

    def deals_of(self, spec: Any) -> int | None:
        """The default sample size of a spec of this kind: deals played or dealt (None for counts,
        planned experiments and exact probabilities)."""
        if self.sample is not None:
            return self.sample(spec)
        return spec.deals if self.simulated else None


def _simulated(name: str) -> Callable[[Table], SimSpec]:
    return lambda table: read_simulated(name, table, MAX_DEALS)


@dataclass(frozen=True)
class CountExperiment:
    spec: CountSpec
    ruleset: Any
    ruleset_reason: str = ""


def _read_count(table: Table) -> CountExperiment:
    spec = read_count(table)
    return CountExperiment(spec, base_ruleset(table), ruleset_reason(table))


PLANNED_KEYS = {
    "kind": "planned",
    "description": "the experiment in words: hands, actions or policies compared, metric",
    "condition": "the hands concerned, in words",
    "compare": "the actions or policies compared, in words (a list)",
    "metric": "what would be measured, in words",
    "deals": "the sample size intended",
}


@dataclass(frozen=True)
class PlannedExperiment:
    description: str
    condition: str | None
    compare: tuple[str, ...]
    metric: str | None
    deals: int | None


def _read_planned(table: Table) -> PlannedExperiment:
    table.only(PLANNED_KEYS)
    deals = table.integer("deals", 1, MAX_DEALS, "intended sample size") if table.has("deals") else None
    return PlannedExperiment(table.text("description", "the experiment in words"),
                             table.text("condition", "the hands concerned", required=False),
                             table.strings("compare", "what is compared", required=False),
                             table.text("metric", "what would be measured", required=False), deals)


_SIMULATED_SUMMARY = {
    "rate": "the mean of the metric over the deals (only those `among` an outcome if given), one arm: "
            "`force` fixes the focal seat's decisions",
    "compare_actions": "first arm minus second, paired: the arms fix different decisions of the focal seat",
    "compare_policies": "first arm minus second, paired: the arms give the focal seat different policy parameters",
    "compare_rules": "first arm minus second, paired: the arms play under different rule overrides; with "
                     "`actions`, the change of (first action - second) between the arms' rules",
}

KINDS: dict[str, Kind] = {
    **{name: Kind(name, summary, {**COMMON_KEYS, **EXTRA_KEYS[name]}, _simulated(name), simulated=True)
       for name, summary in _SIMULATED_SUMMARY.items()},
    "count": Kind("count", "exact arithmetic on the ruleset: `quantity` is one of " + ", ".join(QUANTITIES),
                  {"kind": "count", "ruleset": "ruleset name (default encyclopedie-1765)",
                   "quantity": "what is counted: " + ", ".join(QUANTITIES),
                   **{key: doc for q in QUANTITIES.values() for key, doc in q.keys.items()}},
                  _read_count, exact=True),
    "probability": Kind("probability", "P(event | given) over the dealt hands: exact when every term names where a "
                                       "card lies (has), else Monte Carlo with a Wilson interval",
                        PROBABILITY_KEYS, lambda table: read_probability(table, MAX_DEALS), run=run_probability,
                        describe=lambda spec: spec.describe(), sample=lambda spec: spec.sample),
    "compare_play": Kind("compare_play", "first arm minus second, paired: the arms play the cards of some roles "
                                         "differently (card-play rules, or another policy), where a situation in "
                                         "the course of play holds", _play.KEYS,
                         lambda table: _play.read_play(table, MAX_DEALS), simulated=True, run=_play.run_play,
                         describe=lambda spec: spec.describe(), sample=_play.sample),
    "compare_seats": Kind("compare_seats", "first arm minus second, paired: the same hands, the focal hand played "
                                           "from two seats (the table turned)", _seats.KEYS,
                          lambda table: _seats.read_seats(table, MAX_DEALS), simulated=True, run=_seats.run_seats,
                          describe=lambda spec: spec.describe(), sample=_seats.sample),
    "planned": Kind("planned", "an experiment described in words, not run (a game with no engine yet); "
                               "always inconclusive", PLANNED_KEYS, _read_planned, runnable=False, game=None),
    "reversis": Kind("reversis", "a Reversis experiment under a preset: one arm's mean or rate, two arms' paired "
                                 "difference, or an outcome's margin (analyses/reversis/claims.py)",
                     _reversis.KEYS, lambda table: _reversis.read_reversis(table, MAX_DEALS), simulated=True,
                     game="reversis", run=_reversis.run_reversis, describe=lambda spec: spec.describe()),
}


def run_count(experiment: CountExperiment, rule: VerdictRule) -> Estimate:
    values, labels = experiment.spec.quantity.compute(experiment.ruleset, experiment.spec.args, len(rule.value))
    places = decimals_of(rule.tolerance)
    text = ", ".join(format_exact(v, decimals=places) for v in values)
    if len(values) == 1:
        value = float(values[0])
        return Estimate(None, value, value, value, text, values=values, labels=labels)
    return Estimate(None, math.nan, math.nan, math.nan, text, values=values, labels=labels)


def run_kind(kind: Kind, spec: Any, rule: VerdictRule, seed: int, deals: int, threads: int | None,
             progress: Callable[[int], None] | None) -> Estimate:
    if kind.run is not None:
        return kind.run(spec, seed, deals, threads, progress)
    if kind.simulated:
        return run_simulated(spec, seed, deals, threads, progress)
    return run_count(spec, rule)
