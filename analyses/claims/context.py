"""A claim's context in words: the ruleset it is tested under and why, the unit of its
estimate, and the criterion that turns the estimate into a verdict.

``spadille claims``, ``check_claims``' frame (the report's claims table and claims.csv) show
these next to every verdict, so that a reader sees, for instance, that an Italian tip was
tested under the Italian ladder and what "supported" meant for it.
"""

from __future__ import annotations

from typing import Any

from .verdict import format_exact

RATE_SUMMARY = {
    "rate": "the mean over the deals",
    "compare_actions": "the difference between the two arms' decisions (first minus second), paired on the "
                       "same deals,",
    "compare_policies": "the difference between the two arms' card play (first minus second), paired on the "
                        "same deals,",
    "compare_rules": "the difference between the two arms' rules (first minus second), paired on the same deals,",
}


def ruleset_of(claim: Any) -> tuple[str, str]:
    """(ruleset or preset name, why it is the one): named by the claim, its source's own game,
    or the run's; ('', '') for a planned claim."""
    if claim.kind.name == "planned":
        return "", ""
    experiment = claim.experiment
    if claim.kind.name == "reversis":
        return f"preset {experiment.ruleset.preset}", "named by the claim"
    return experiment.ruleset.name, getattr(experiment, "ruleset_reason", "")


def currency(ruleset: Any) -> str:
    """'chips' under the Italian page's pot (its own word, 'gettoni'), else 'jetons'."""
    return "chips" if ruleset["payments.scheme"] == "italian-pot" else "jetons"


def unit_of(claim: Any) -> str:
    """What the estimate counts: 'jetons a deal', 'share of deals', 'exact' ..."""
    kind, experiment = claim.kind.name, claim.experiment
    if kind == "planned":
        return ""
    if kind == "count":
        return "exact figures"
    if kind == "probability":
        return "probability"
    if kind in ("compare_play", "compare_seats"):
        return experiment.unit(currency(experiment.ruleset))
    if kind == "reversis":
        from spadille.analyses.reversis.claims import SHARES

        return "share of deals" if experiment.measure in SHARES else "fiches a deal"
    metric = experiment.metric
    if metric.share:
        return "share of deals" if kind == "rate" else "difference of shares of deals"
    if metric.name.endswith("tricks"):
        return "tricks a deal"
    if metric.name == "pay_games":
        return "games of each arm's ruleset a deal"
    return f"{currency(experiment.ruleset)} a deal"


def criterion_of(claim: Any) -> str:
    """The verdict's criterion in words, with where a measured term of its hands comes from."""
    return _criterion(claim) + "".join(f"; {source}" for source in measured_sources(claim))


def measured_sources(claim: Any) -> list[str]:
    """Where the measured terms of a claim's conditions (win_chance) come from: the table, its deals, seed,
    card play, ruleset and version."""
    experiment = claim.experiment
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


def _criterion(claim: Any) -> str:
    """The verdict's criterion in words: what is estimated, with which interval, and when it
    supports or contradicts the claim."""
    kind, experiment, rule = claim.kind.name, claim.experiment, claim.verdict
    if rule.expect == "equal":
        test = f"within {rule.stated()[2:]}"
    else:
        test = f"{'above' if rule.expect == 'greater' else 'below'} {rule.than:g}"
    if kind == "planned":
        return "not run: the experiment is described for a game with no engine yet"
    if kind == "count":
        within = f", within ± {format_exact(rule.tolerance)}" if rule.tolerance else ""
        return (f"exact arithmetic on the ruleset; supported when every computed value equals its stated figure "
                f"({rule.stated()[2:].split(' ± ')[0]}){within}, else contradicted")
    if kind == "probability":
        from .probability import criterion

        return criterion(experiment, rule.value[0], rule.tolerance) if rule.expect == "equal" \
            else (f"the probability, {'computed exactly' if experiment.exact else 'its Wilson 95% CI (Monte Carlo)'}; "
                  f"supported when it lies wholly {test}, contradicted when it lies wholly on the other side, "
                  f"inconclusive otherwise")
    ci = "its 95% CI"
    if kind == "compare_seats":
        what = experiment.criterion(currency(experiment.ruleset))
        if experiment.metric.name == "pay":
            what = "the mean payment: " + what
    elif kind == "compare_play":
        what = experiment.criterion(currency(experiment.ruleset))
        if not experiment.metric.share:
            what = ("the mean payment: " if experiment.metric.name == "pay" else "the mean: ") + what
    elif kind == "reversis":
        from spadille.analyses.reversis.claims import MEASURES

        what = MEASURES[experiment.measure]
        if len(experiment.arms) == 2:
            what = f"the difference between the two arms (first minus second), paired on the same deals, of {what}"
    else:
        metric = experiment.metric
        what = f"{RATE_SUMMARY[kind]} of {metric.doc}"
        if experiment.among != "all":
            from .simulated import AMONG

            what += f", among {AMONG[experiment.among]}"
        if metric.name.endswith("tricks"):
            what = "the mean: " + what
        elif not metric.share:
            what = "the mean payment: " + what.replace("jetons", currency(experiment.ruleset))
        what = what.replace("at least k tricks", f"at least {experiment.k} tricks")
        ci = "its Wilson 95% CI" if metric.share and kind == "rate" else ci
    other = "outside it" if rule.expect == "equal" else "on the other side"
    return (f"{what}; supported when the whole of {ci} lies {test}, contradicted when it lies wholly {other}, "
            f"inconclusive otherwise")
