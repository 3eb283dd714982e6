"""The Quadrille claims' experiment kinds, registered by name in analyses/claims/games.py.

* ``rate``, ``compare_actions``, ``compare_policies``, ``compare_rules``: simulated with the
  Quadrille kernel (simulated.py).
* ``count``: exact arithmetic on the ruleset (counts.py).
* ``probability``: P(event | given) over the dealt hands, exact where the conditions allow,
  else Monte Carlo (probability.py).
* ``compare_play``: two card plays where a situation in the course of play holds (play.py).
* ``compare_seats``: the same hands played from two seats (seats.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from spadille.analyses.claims.kinds import MAX_DEALS, Kind, Run
from spadille.analyses.claims.reader import ExperimentError, Table
from spadille.analyses.claims.verdict import Estimate, VerdictRule, decimals_of, format_exact

from . import context as C
from . import play as _play
from . import seats as _seats
from .counts import QUANTITIES, CountSpec, check_size, read_count
from .probability import KEYS as PROBABILITY_KEYS, read_probability, run_probability
from .simulated import (COMMON_KEYS, EXTRA_KEYS, SimSpec, base_ruleset, read_simulated, ruleset_reason,
                        run_simulated)


def _simulated(name: str) -> Callable[[Table], SimSpec]:
    return lambda table: read_simulated(name, table, MAX_DEALS)


def _conditions_checked(run: Run) -> Run:
    """``run``, where a fault of the claim's condition that shows only when dealing is the
    experiment's (check.py names the claim)."""
    from spadille.kernel.quadrille.conditions import ConditionError

    def checked(*args: Any) -> Estimate:
        try:
            return run(*args)
        except ConditionError as exc:
            raise ExperimentError(str(exc)) from None
    return checked


def _dealing(run: Callable[..., Estimate]) -> Run:
    """A kind's run from ``run(spec, seed, deals, threads, progress)``, which needs no verdict rule."""
    return _conditions_checked(lambda spec, rule, *dealing: run(spec, *dealing))


@dataclass(frozen=True)
class CountExperiment:
    spec: CountSpec
    ruleset: Any
    ruleset_reason: str = ""


def _read_count(table: Table) -> CountExperiment:
    spec = read_count(table)
    return CountExperiment(spec, base_ruleset(table), ruleset_reason(table))


def run_count(experiment: CountExperiment, rule: VerdictRule, *_sample: Any) -> Estimate:
    values, labels = experiment.spec.quantity.compute(experiment.ruleset, experiment.spec.args, len(rule.value))
    places = decimals_of(rule.tolerance)
    text = ", ".join(format_exact(v, decimals=places) for v in values)
    if len(values) == 1:
        value = float(values[0])
        return Estimate(None, value, value, value, text, values=values, labels=labels)
    return Estimate(None, math.nan, math.nan, math.nan, text, values=values, labels=labels)


def _describe_count(experiment: CountExperiment) -> str:
    args = ", ".join(f"{k}={v}" for k, v in experiment.spec.args.items())
    return f"{experiment.spec.quantity.name}({args})"


def _describe_simulated(experiment: SimSpec) -> str:
    parts = [f"{experiment.metric.name} of the focal seat"]
    if experiment.among != "all":
        parts.append(f"among its {experiment.among} deals")
    if experiment.condition:
        parts.append(f"on deals where {experiment.condition}")
    if experiment.fixed:
        from spadille.kernel.quadrille.cards import Hand

        parts.append(f"holding {Hand(experiment.fixed).format()}")
    parts.append(f"· {experiment.describe_arms()}")
    return " ".join(parts)


def _map_classes(table: Table) -> Any:
    from .map_class import read_map_classes

    return read_map_classes(table)


_SIMULATED_SUMMARY = {
    "rate": "the mean of the metric over the deals (only those `among` an outcome if given), one arm: "
            "`force` fixes the focal seat's decisions",
    "compare_actions": "first arm minus second, paired: the arms fix different decisions of the focal seat",
    "compare_policies": "first arm minus second, paired: the arms give the focal seat different policy parameters",
    "compare_rules": "first arm minus second, paired: the arms play under different rule overrides; with "
                     "`actions`, the change of (first action - second) between the arms' rules",
}
_QUADRILLE = dict(game="quadrille", tested_under=C.tested_under)

KINDS: dict[str, Kind] = {
    **{name: Kind(name, summary, {**COMMON_KEYS, **EXTRA_KEYS[name]}, _simulated(name),
                  describe=_describe_simulated, unit=C.simulated_unit, criterion=C.with_sources(C.simulated_criterion),
                  run=_dealing(run_simulated), simulated=True,
                  map_classes=_map_classes if name == "compare_actions" else None, **_QUADRILLE)
       for name, summary in _SIMULATED_SUMMARY.items()},
    "count": Kind("count", "exact arithmetic on the ruleset: `quantity` is one of " + ", ".join(QUANTITIES),
                  {"kind": "count", "ruleset": "ruleset name (default encyclopedie-1765)",
                   "quantity": "what is counted: " + ", ".join(QUANTITIES),
                   **{key: doc for q in QUANTITIES.values() for key, doc in q.keys.items()}},
                  _read_count, describe=_describe_count, unit=lambda spec: "exact figures",
                  criterion=C.with_sources(C.count_criterion), run=_conditions_checked(run_count), exact=True,
                  check_verdict=lambda spec, rule, table: check_size(spec.spec, len(rule.value), table), **_QUADRILLE),
    "probability": Kind("probability", "P(event | given) over the dealt hands: exact when every term names where a "
                                       "card lies (has), else Monte Carlo with a Wilson interval",
                        PROBABILITY_KEYS, lambda table: read_probability(table, MAX_DEALS),
                        describe=lambda spec: spec.describe(), unit=lambda spec: "probability",
                        criterion=C.with_sources(C.probability_criterion), run=_dealing(run_probability),
                        sample=lambda spec: spec.sample, exact_value_first=True, **_QUADRILLE),
    "compare_play": Kind("compare_play", "first arm minus second, paired: the arms play the cards of some roles "
                                         "differently (card-play rules, or another policy), where a situation in "
                                         "the course of play holds", _play.KEYS,
                         lambda table: _play.read_play(table, MAX_DEALS), describe=lambda spec: spec.describe(),
                         unit=C.played_unit, criterion=C.with_sources(C.play_criterion), run=_dealing(_play.run_play),
                         simulated=True, sample=_play.sample, **_QUADRILLE),
    "compare_seats": Kind("compare_seats", "first arm minus second, paired: the same hands, the focal hand played "
                                           "from two seats (the table turned)", _seats.KEYS,
                          lambda table: _seats.read_seats(table, MAX_DEALS), describe=lambda spec: spec.describe(),
                          unit=C.played_unit, criterion=C.with_sources(C.seats_criterion),
                          run=_dealing(_seats.run_seats), simulated=True, sample=_seats.sample, **_QUADRILLE),
}
