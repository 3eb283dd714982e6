"""A claim's context in words: the ruleset it is tested under and why, the unit of its
estimate, and the criterion that turns the estimate into a verdict.

``spadille claims``, ``check_claims``' frame (the report's claims table and claims.csv) show
these next to every verdict, so that a reader sees, for instance, that an Italian tip was
tested under the Italian ladder and what "supported" meant for it. Each kind says them for its
own experiments (kinds.py); the sentences every kind shares are here.
"""

from __future__ import annotations

from typing import Any

from .verdict import VerdictRule


def ruleset_of(claim: Any) -> tuple[str, str]:
    """(ruleset or preset name, why it is the one): named by the claim, its source's own game,
    or the run's; ('', '') for a planned claim."""
    return claim.kind.tested_under(claim.experiment)


def unit_of(claim: Any) -> str:
    """What the estimate counts: 'jetons a deal', 'share of deals', 'exact' ..."""
    return claim.kind.unit(claim.experiment)


def criterion_of(claim: Any) -> str:
    """The verdict's criterion in words, with where a measured term of its hands comes from."""
    return claim.kind.criterion(claim.experiment, claim.verdict)


def side_of(rule: VerdictRule) -> str:
    """Where the estimate must lie to support the claim: 'within 0.41 ± 0.01', 'above 0' ..."""
    if rule.expect == "equal":
        return f"within {rule.stated()[2:]}"
    return f"{'above' if rule.expect == 'greater' else 'below'} {rule.than:g}"


def interval_criterion(what: str, ci: str, rule: VerdictRule) -> str:
    """The criterion of an estimate with an interval: ``what`` is estimated, ``ci`` its interval."""
    other = "outside it" if rule.expect == "equal" else "on the other side"
    return (f"{what}; supported when the whole of {ci} lies {side_of(rule)}, contradicted when it lies wholly "
            f"{other}, inconclusive otherwise")
