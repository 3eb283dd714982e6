"""Checking claims: run each experiment, judge the estimate, and tabulate the verdicts.

``check_claim`` returns a ClaimResult; ``check_claims`` a tidy DataFrame, one row per claim,
with what a reader needs to trace each figure back: the claim, its source, the experiment,
n, the estimate and its 95% CI, the verdict and its reason, the seed, the scale, the ruleset,
the policies and the spadille version.

Sample sizes: each simulated claim names its default ``deals``; ``scale`` multiplies them
(``QUICK_SCALE`` for a fast look and for the tests), never below ``MIN_DEALS``.

A claim that cannot get its sample (a condition too rare for the dealing limit, the time limit
of the run, an estimate over fewer than ``MIN_N`` deals) is *inconclusive*, with the measured rate
and the limit in its reason; a claim whose run fails is reported with the outcome ``error`` and
its reason (``check_claims`` goes on with the others). A faulty claim file never gets this far:
``load_claims`` refuses it.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import pandas as pd

from .claim import GAMES, Claim
from .context import criterion_of, ruleset_of, unit_of
from .guard import Inconclusive, time_limit
from .kinds import MAX_DEALS, run_kind
from .reader import ClaimError, ExperimentError
from .verdict import (CONTRADICTED, ERROR, INCONCLUSIVE, SUPPORTED, Estimate, judge_exact, judge_interval,
                      significant)

QUICK_SCALE = 0.01
MIN_DEALS = 200
MIN_N = 30           # an estimate over fewer deals is inconclusive, whatever its interval says
MAX_SEED = 2**63 - 1
NOT_RUN = Estimate(None, math.nan, math.nan, math.nan, "not run")


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    estimate: Estimate
    verdict: str
    reason: str
    seed: int
    scale: float
    seconds: float

    def record(self) -> dict:
        claim, estimate, experiment = self.claim, self.estimate, self.claim.experiment
        simulated = claim.kind.simulated
        sampled = claim.deals is not None
        from spadille.kernel.common.version import package_version

        ruleset = getattr(experiment, "ruleset", None)   # a planned experiment has none
        tested_under, why = ruleset_of(claim)
        quote = claim.quote
        return {
            "claim": claim.id,
            "title": claim.title,
            # The claim's words: the original, then the English translation (or restatement).
            "statement": (f"“{quote.text}” ({quote.language}); {quote.translation}"
                          if quote.translation != quote.text else f"“{quote.text}” ({quote.language})"),
            "quote": quote.text,
            "language": quote.language,
            "translation": quote.translation,
            "source": claim.source.cite(),
            "source_work": claim.source.work,
            "source_seed": claim.source.seed or "",
            "digest": claim.source.digest or "",
            "source_text": claim.source.text or "",
            "page": claim.source.page,
            "url": claim.source.url,
            "game": claim.game,
            "kind": claim.kind.name,
            "tested_under": tested_under + (f" ({why})" if why else ""),
            "unit": unit_of(claim),
            # The ruleset and the unit first: the report's table shows this column, not every other one.
            "experiment": (f"under {tested_under} ({why}), in {unit_of(claim)}: " if tested_under else "")
                          + describe_experiment(claim),
            "criterion": criterion_of(claim),
            "note": " ".join(claim.note.split()),
            "n": estimate.n,
            "deals": estimate.deals if sampled else None,
            "tried": estimate.tried if sampled else None,
            "estimate": estimate.estimate,
            "estimate_text": estimate.text,
            "exact_value": str(estimate.values[0]) if estimate.values and len(estimate.values) == 1 else "",
            "method": method_of(claim, estimate),
            "ci_low": estimate.ci_low,
            "ci_high": estimate.ci_high,
            "ci_text": estimate.ci_text(),
            "stated": claim.verdict.stated(),
            "verdict": self.verdict,
            "reason": self.reason,
            "seed": self.seed if sampled else None,
            "scale": self.scale if sampled else None,
            "ruleset": ruleset.name if ruleset is not None else "",
            "ruleset_overrides": dict(ruleset.overrides) if ruleset is not None else {},
            "ruleset_sha256": hashlib.sha256(ruleset.text.encode("utf-8")).hexdigest() if ruleset is not None else "",
            "policies": experiment.describe_policies() if simulated else "",
            "spadille_version": package_version(),
            "seconds": self.seconds,
        }


def method_of(claim: Claim, estimate: Estimate) -> str:
    """How the estimate was obtained: 'exact', 'Monte Carlo, n = 10,000', or '' when not run."""
    if estimate.method:
        return estimate.method
    if estimate.values is not None:
        return "exact"
    if estimate.n:
        return f"Monte Carlo, n = {estimate.n:,}"
    return ""


def describe_experiment(claim: Claim) -> str:
    """One line: what was dealt and what was compared or counted."""
    return claim.kind.describe(claim.experiment)


def scaled_deals(claim: Claim, scale: float) -> int:
    """Deals a simulated claim plays at ``scale`` (0 for the others)."""
    if claim.deals is None:
        return 0
    return max(min(MIN_DEALS, claim.deals), int(round(claim.deals * scale)))


def validate_options(seed: int, scale: float, threads: int | None) -> None:
    from spadille.kernel.common.errors import SimulationError

    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    if not isinstance(scale, (int, float)) or not math.isfinite(scale) or not 0 < scale <= 1000:
        raise SimulationError(f"--deals-scale must be a number above 0 and at most 1000, not {scale}")
    if threads is not None:
        import numba

        most = numba.config.NUMBA_NUM_THREADS
        if not 1 <= threads <= most:
            raise SimulationError(f"--threads must be between 1 and the {most} this machine runs, not {threads}")


def check_claim(claim: Claim, seed: int = 0, scale: float = 1.0, threads: int | None = None,
                progress: Callable[[int], None] | None = None, max_seconds: float | None = None) -> ClaimResult:
    """Run one claim's experiment and judge it. ``progress(k)`` hears of every k deals played.
    A claim that cannot get its sample (the dealing limit, ``max_seconds``, fewer than MIN_N
    deals) is inconclusive, with the reason; a failing run raises (``check_claim_or_error``
    records it instead)."""
    validate_options(seed, scale, threads)
    start = time.perf_counter()
    if claim.inapplicable:
        return ClaimResult(claim, NOT_RUN, INCONCLUSIVE, claim.inapplicable, seed, scale, 0.0)
    if not claim.runnable:
        why = f"no {claim.game} engine yet" if not GAMES[claim.game].engine else "a planned experiment"
        return ClaimResult(claim, NOT_RUN, INCONCLUSIVE, f"{why}: the experiment is described, not run",
                           seed, scale, 0.0)
    deals = scaled_deals(claim, scale)
    if deals > MAX_DEALS:
        raise ClaimError(f"{claim.label}: experiment.deals: {claim.deals:,} deals × scale {scale:g} = {deals:,}, "
                         f"more than the {MAX_DEALS:,} a claim may play")
    try:
        with time_limit(max_seconds):
            estimate = run_kind(claim.kind, claim.experiment, claim.verdict, seed, deals, threads, progress)
    except Inconclusive as stopped:
        return ClaimResult(claim, NOT_RUN, INCONCLUSIVE, str(stopped), seed, scale, time.perf_counter() - start)
    except ExperimentError as exc:
        raise ClaimError(f"{claim.label}: experiment: {exc}") from None
    verdict, reason = judge(claim, estimate)
    return ClaimResult(claim, estimate, verdict, reason, seed, scale, time.perf_counter() - start)


def judge(claim: Claim, estimate: Estimate) -> tuple[str, str]:
    """(verdict, reason): exact values against the stated ones, an interval by the claim's rule,
    and too small a sample inconclusive whatever its interval."""
    if estimate.values is not None and claim.verdict.expect == "equal":
        verdict, reason = judge_exact(claim.verdict, estimate.values, estimate.labels)
        if claim.kind.exact_value_first:   # the exact value itself, which the reason leaves out when it matches
            value = estimate.values[0]
            reason = f"computed exactly, P = {value} = {significant(float(value), 5)}; {reason}"
        return verdict, reason
    if estimate.values is not None and len(estimate.values) == 1 and claim.verdict.expect in ("greater", "less"):
        # an exact value has no interval: it is compared itself, and said to be exact
        value, than = estimate.values[0], claim.verdict.than
        above, below = value > than, value < than
        side = "above" if above else "below" if below else "at"
        verdict = INCONCLUSIVE if not (above or below) else (
            SUPPORTED if (above and claim.verdict.expect == "greater") or (below and claim.verdict.expect == "less")
            else CONTRADICTED)
        return verdict, f"the exact value {value} = {significant(float(value))} lies {side} {than:g}"
    if estimate.values is None and estimate.n is not None and 0 < estimate.n < MIN_N:
        # the estimate itself only where it is a number: a Reversis margin needs 30 deals of its own
        shown = f" {estimate.text}" if math.isfinite(estimate.estimate) else ""
        return INCONCLUSIVE, (f"only n = {estimate.n} deals behind the estimate{shown}, fewer than the "
                              f"{MIN_N} a verdict needs: raise deals or --deals-scale")
    verdict, reason = judge_interval(claim.verdict, estimate.ci_low, estimate.ci_high, estimate.places)
    if estimate.caveat:
        reason += f"; {estimate.caveat}"
    if estimate.alike:
        # not noise: the arms' difference changes no decision under this card play (a rule that
        # fires first makes the same move in both), so the claim is not tested by this experiment
        reason += (f"; the two arms measured the same on all {estimate.n:,} deals: under this card play what "
                   "they change makes no difference to any deal, so the experiment does not test the claim")
    return verdict, reason


def check_claim_or_error(claim: Claim, seed: int = 0, scale: float = 1.0, threads: int | None = None,
                         progress: Callable[[int], None] | None = None,
                         max_seconds: float | None = None) -> ClaimResult:
    """``check_claim``, but a run that fails is a result too: the outcome ``error`` with the reason,
    so that the other claims are still checked and reported. Options are checked first (a bad
    option is the caller's fault, not the claim's)."""
    validate_options(seed, scale, threads)
    start = time.perf_counter()
    try:
        return check_claim(claim, seed, scale, threads, progress, max_seconds)
    except (KeyboardInterrupt, MemoryError):
        raise
    except ClaimError as exc:
        reason = str(exc).removeprefix(f"{claim.label}: ")
    except Exception as exc:  # noqa: BLE001 -- any failure of one claim's run is reported, not raised
        reason = f"the run failed: {type(exc).__name__}: {' '.join(str(exc).split()) or 'no message'}"
    return ClaimResult(claim, NOT_RUN, ERROR, reason, seed, scale, time.perf_counter() - start)


def results_frame(results: Sequence[ClaimResult]) -> pd.DataFrame:
    frame = pd.DataFrame([result.record() for result in results])
    for column in ("n", "deals", "tried", "seed"):
        if column in frame:
            frame[column] = frame[column].astype("Int64")
    return frame


def check_claims(claims: Sequence[Claim], seed: int = 0, scale: float = 1.0, threads: int | None = None,
                 progress: Callable[[int], None] | None = None, max_seconds: float | None = None) -> pd.DataFrame:
    """Check every claim; one row per claim (see ClaimResult.record for the columns). A claim
    whose run fails gets the outcome ``error`` and its reason; the others are checked all the same.

    A ``progress`` that has ``set_total`` (the command line's bars) first hears the deals all
    the claims will play, so its bar has a real total and ETA whoever created it."""
    set_total = getattr(progress, "set_total", None)
    if callable(set_total):
        set_total(sum(scaled_deals(claim, scale) for claim in claims if not claim.inapplicable))
    return results_frame([check_claim_or_error(claim, seed, scale, threads, progress, max_seconds)
                          for claim in claims])
