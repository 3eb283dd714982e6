"""The kernel's rule vector: a loaded ruleset as int64 codes (layout in ``layout.R_*``).

The reference engine reads the ruleset by name; only the kernel and the shared policies take this.
"""

from __future__ import annotations

import numpy as np

from . import layout as L
from .ruleset import ReversisRuleset

ESPAGNOLETTE_CODES = {"none": 0, "aces-and-quinola": 1, "hoyle": 2}


def rule_vector(ruleset: ReversisRuleset) -> np.ndarray:
    r = np.zeros(L.N_RULES, dtype=np.int64)
    r[L.R_OPTIONAL_EXCHANGE] = ruleset["exchange.mode"] == "optional"
    r[L.R_ELDEST_LEADS_HEART] = ruleset["play.eldest_leads_heart"]
    r[L.R_TIE_DEALER_LEFT] = ruleset["partie.tie_break"] == "dealer-left"
    r[L.R_PARTIE_TALON_1765] = ruleset["partie.value"] == "talon-1765"
    r[L.R_PARTIE_FROM_POOL] = ruleset["partie.payer"] == "pool"
    r[L.R_PLACED_FROM_TAKER] = ruleset["quinola.placed_from_taker"]
    r[L.R_PLACED_FROM_OTHERS] = ruleset["quinola.placed_from_others"]
    r[L.R_FORCED_FROM_HOLDER] = ruleset["quinola.forced_from_holder"]
    r[L.R_FORCED_FROM_OTHERS] = ruleset["quinola.forced_from_others"]
    r[L.R_ACE_PAYMENT] = ruleset["aces.payment"]
    r[L.R_DIAMOND_ACE_PAYMENT] = ruleset["aces.diamond_payment"]
    r[L.R_BONNE_TRICKS] = ruleset["payments.bonne_tricks"]
    r[L.R_REVERSIS_FROM_EACH] = ruleset["reversis.made_from_each"]
    r[L.R_REVERSIS_BROKEN] = ruleset["reversis.broken_payment"]
    r[L.R_ESPAGNOLETTE] = ESPAGNOLETTE_CODES[ruleset["espagnolette.definition"]]
    r[L.R_RENOUNCE_TRICKS] = ruleset["espagnolette.renounce_tricks"]
    r[L.R_POOL_OPENING] = ruleset["pool.opening_per_player"]
    r[L.R_DEALER_ADDS] = ruleset["pool.dealer_adds"]
    r[L.R_REMISE_OPENING] = ruleset["pool.remise_payment"] == "opening"
    r[L.R_TRICK_KEPT_ALL_COSTS] = ruleset["espagnolette.trick_kept"] == "all-costs"
    r[L.R_FORCED_BY_HIGHER] = ruleset["quinola.forced_by"] == "higher-heart"
    r[L.R_PLAYED_AS_FORCED] = ruleset["payments.played_paid_by"] == "as-forced"
    r[L.R_ACE_FORCED_EACH] = ruleset["aces.forced_payer"] == "each-player"
    r[L.R_ALL_COSTS_OWN] = ruleset["espagnolette.all_costs_return"] == "own-consolations"
    return r
