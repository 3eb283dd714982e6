"""What Révertier's commands share: the ruleset from --ruleset/--preset/--rule, the policies, and
the line that names the run (always "reconstructed", with every switch value)."""

from __future__ import annotations


def load_rules(ruleset, preset, rule):
    from spadille.kernel.revertier.ruleset import DEFAULT_REVERTIER_RULESET, load_revertier_ruleset

    return load_revertier_ruleset(ruleset or DEFAULT_REVERTIER_RULESET, preset, rule or [])


def seat_policies(policy) -> tuple[str, str]:
    from spadille.kernel.revertier.policies import RevertierPolicyError, policy_code

    names = list(policy or ["heuristic"])
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise RevertierPolicyError(f"give --policy once (both seats) or twice (seat 0, seat 1), not {len(names)} times")
    for name in names:
        policy_code(name)
    return names[0], names[1]


def run_line(rules, seed, extra: list[str]) -> str:
    from spadille.kernel.common.version import package_version

    overrides = "".join(f", {k}={v}" for k, v in rules.overrides)
    return " · ".join([f"spadille {package_version()}", rules.label() + f" (sha256 {rules.sha256[:12]}){overrides}",
                       f"men {rules['board.men']}", f"seed {seed}", *extra,
                       f"switches: {rules.switch_values()}"])
