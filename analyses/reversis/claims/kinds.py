"""The Reversis claims' experiment kind, ``reversis``, registered by name in analyses/claims/games.py:
a Reversis experiment under a preset, read and run by experiment.py."""

from __future__ import annotations

from typing import Any

from spadille.analyses.claims.context import interval_criterion
from spadille.analyses.claims.kinds import MAX_DEALS, Kind
from spadille.analyses.claims.verdict import VerdictRule

from . import experiment as _reversis


def _unit(spec: Any) -> str:
    return "share of deals" if spec.measure in _reversis.SHARES else "fiches a deal"


def _criterion(spec: Any, rule: VerdictRule) -> str:
    what = _reversis.MEASURES[spec.measure]
    if len(spec.arms) == 2:
        what = f"the difference between the two arms (first minus second), paired on the same deals, of {what}"
    return interval_criterion(what, "its 95% CI", rule)


KINDS: dict[str, Kind] = {
    "reversis": Kind("reversis", "a Reversis experiment under a preset: one arm's mean or rate, two arms' paired "
                                 "difference, or an outcome's margin (analyses/reversis/claims/experiment.py)",
                     _reversis.KEYS, lambda table: _reversis.read_reversis(table, MAX_DEALS),
                     describe=lambda spec: spec.describe(),
                     tested_under=lambda spec: (f"preset {spec.ruleset.preset}", "named by the claim"),
                     unit=_unit, criterion=_criterion,
                     run=lambda spec, rule, *dealing: _reversis.run_reversis(spec, *dealing),
                     simulated=True, game="reversis"),
}
