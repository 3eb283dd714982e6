"""The exact odds of `odds reversis` as a tidy table: each feature for the 11 dealt to a player
and the dealer's 12."""

from __future__ import annotations

import pandas as pd

from spadille.kernel.reversis.exact import hand_features


def odds_frame() -> pd.DataFrame:
    """Chances over all comb(48, 11) hands of a player and comb(48, 12) of the dealer (the
    exact counts are ``kernel.reversis.exact.hand_features``)."""
    eleven, twelve = hand_features(11), hand_features(12)
    rows = []
    for a, b in zip(eleven, twelve):
        rows.append({"feature": a.label, "p_11": a.probability, "one_in_11": 1 / a.probability if a.count else
                     float("nan"), "p_dealer_12": b.probability,
                     "one_in_12": 1 / b.probability if b.count else float("nan")})
    return pd.DataFrame(rows)
