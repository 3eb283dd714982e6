"""What several Reversis commands read alike: the ruleset under its preset, and the policies."""

from __future__ import annotations


def load_rules(ruleset, preset, rule):
    from spadille.kernel.reversis.ruleset import DEFAULT_REVERSIS_RULESET, load_reversis_ruleset

    return load_reversis_ruleset(ruleset or DEFAULT_REVERSIS_RULESET, preset, rule or [])


def load_policies(policy):
    from spadille.kernel.reversis.policies import seat_policies

    return seat_policies(policy or ["heuristic"])
