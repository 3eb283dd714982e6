"""The Quadrille kinds' context in words (analyses/claims/context.py): the ruleset a claim is
tested under, the unit of its estimate and the criterion of its verdict, kind by kind."""

from __future__ import annotations

from typing import Any, Callable

from spadille.analyses.claims.context import interval_criterion, side_of
from spadille.analyses.claims.verdict import VerdictRule, format_exact

RATE_SUMMARY = {
    "rate": "the mean over the deals",
    "compare_actions": "the difference between the two arms' decisions (first minus second), paired on the "
                       "same deals,",
    "compare_policies": "the difference between the two arms' card play (first minus second), paired on the "
                        "same deals,",
    "compare_rules": "the difference between the two arms' rules (first minus second), paired on the same deals,",
}


def tested_under(experiment: Any) -> tuple[str, str]:
    """(ruleset name, why it is the one): named by the claim, its source's own game, or the run's."""
    return experiment.ruleset.name, getattr(experiment, "ruleset_reason", "")


def currency(ruleset: Any) -> str:
    """'chips' under the Italian page's pot (its own word, 'gettoni'), else 'jetons'."""
    return "chips" if ruleset["payments.scheme"] == "italian-pot" else "jetons"


def simulated_unit(experiment: Any) -> str:
    """The unit of rate, compare_actions, compare_policies and compare_rules."""
    metric = experiment.metric
    if metric.share:
        return "share of deals" if experiment.kind == "rate" else "difference of shares of deals"
    if metric.name.endswith("tricks"):
        return "tricks a deal"
    if metric.name == "pay_games":
        return "games of each arm's ruleset a deal"
    return f"{currency(experiment.ruleset)} a deal"


def played_unit(experiment: Any) -> str:
    """The unit of compare_play and compare_seats: the spec's own, in the ruleset's currency."""
    return experiment.unit(currency(experiment.ruleset))


def measured_sources(experiment: Any) -> list[str]:
    """Where the measured terms of a claim's conditions (win_chance) come from: the table, its deals, seed,
    card play, ruleset and version."""
    texts = [getattr(experiment, name, None) for name in ("condition", "event", "given")]
    texts = [text for text in texts if isinstance(text, str) and "win_chance" in text]
    if not texts:
        return []
    from spadille.kernel.quadrille.conditions import compile_condition

    card_play = getattr(experiment, "policy", None) or getattr(experiment, "card_play", None)
    seats, focal = experiment.ruleset["pack.seats"], getattr(experiment, "focal", 0)
    sources: list[str] = []
    for text in texts:
        for source in compile_condition(text, seats, focal, experiment.ruleset, card_play).sources:
            if source not in sources:
                sources.append(source)
    return sources


def with_sources(criterion: Callable[[Any, VerdictRule], str]) -> Callable[[Any, VerdictRule], str]:
    """``criterion``, followed by where each measured term of the claim's hands comes from."""
    def described(experiment: Any, rule: VerdictRule) -> str:
        return criterion(experiment, rule) + "".join(f"; {source}" for source in measured_sources(experiment))
    return described


def count_criterion(experiment: Any, rule: VerdictRule) -> str:
    within = f", within ± {format_exact(rule.tolerance)}" if rule.tolerance else ""
    return (f"exact arithmetic on the ruleset; supported when every computed value equals its stated figure "
            f"({rule.stated()[2:].split(' ± ')[0]}){within}, else contradicted")


def probability_criterion(experiment: Any, rule: VerdictRule) -> str:
    from .probability import criterion

    if rule.expect == "equal":
        return criterion(experiment, rule.value[0], rule.tolerance)
    return (f"the probability, {'computed exactly' if experiment.exact else 'its Wilson 95% CI (Monte Carlo)'}; "
            f"supported when it lies wholly {side_of(rule)}, contradicted when it lies wholly on the other side, "
            f"inconclusive otherwise")


def seats_criterion(experiment: Any, rule: VerdictRule) -> str:
    what = experiment.criterion(currency(experiment.ruleset))
    if experiment.metric.name == "pay":
        what = "the mean payment: " + what
    return interval_criterion(what, "its 95% CI", rule)


def play_criterion(experiment: Any, rule: VerdictRule) -> str:
    what = experiment.criterion(currency(experiment.ruleset))
    if not experiment.metric.share:
        what = ("the mean payment: " if experiment.metric.name == "pay" else "the mean: ") + what
    return interval_criterion(what, "its 95% CI", rule)


def simulated_criterion(experiment: Any, rule: VerdictRule) -> str:
    """The criterion of rate, compare_actions, compare_policies and compare_rules."""
    from .simulated import AMONG

    metric = experiment.metric
    what = f"{RATE_SUMMARY[experiment.kind]} of {metric.doc}"
    if experiment.among != "all":
        what += f", among {AMONG[experiment.among]}"
    if metric.name.endswith("tricks"):
        what = "the mean: " + what
    elif not metric.share:
        what = "the mean payment: " + what.replace("jetons", currency(experiment.ruleset))
    what = what.replace("at least k tricks", f"at least {experiment.k} tricks")
    ci = "its Wilson 95% CI" if metric.share and experiment.kind == "rate" else "its 95% CI"
    return interval_criterion(what, ci, rule)
