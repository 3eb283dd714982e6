"""Claims as data: period strategy maxims and stated figures, each checked by an experiment.

One TOML file per claim (docs/claims.md has the format). A claim quotes its source verbatim,
describes an experiment (KINDS) and states the rule that turns the estimate into a verdict:
supported, contradicted or inconclusive.

This package knows no game: each game's kinds and shipped claim files live in its own analyses
package (``analyses/quadrille/claims/``, ``analyses/reversis/claims/``), registered by name in
``games.py``.

    from spadille.analyses.claims import load_claims, check_claims
    table = check_claims(load_claims(), seed=0, scale=0.01)
"""

from .check import (MIN_DEALS, MIN_N, QUICK_SCALE, ClaimResult, check_claim, check_claim_or_error, check_claims,
                    results_frame, scaled_deals, validate_options)
from .claim import GAMES, Claim, load_claims, parse_claim
from .formats import FORMATS
from .kinds import KINDS
from .reader import ClaimError
from .verdict import CONTRADICTED, ERROR, EXPECTATIONS, INCONCLUSIVE, OUTCOMES, SUPPORTED, VERDICTS

__all__ = [
    "CONTRADICTED", "Claim", "ClaimError", "ClaimResult", "ERROR", "EXPECTATIONS", "FORMATS", "GAMES",
    "INCONCLUSIVE", "KINDS", "MIN_DEALS", "MIN_N", "OUTCOMES", "QUICK_SCALE", "SUPPORTED",
    "VERDICTS", "check_claim", "check_claim_or_error", "check_claims", "load_claims", "parse_claim", "results_frame",
    "scaled_deals", "validate_options",
]
