"""A claim beside the decision map, where both speak of the same hands (the claim's ``[map]`` table).

The claim's estimate is a paired difference between two bids on its own hands, under its own card
play. The map's is the same two bids' paired difference, pooled exactly from its sums over the named
classes and seat. Each is *clear* when its 95% interval leaves out 0. They **agree** when both are
clear in the same direction, and **disagree** when both are clear in opposite directions. Otherwise
the one that is not clear "cannot tell". A claim tested under another ruleset than the map's (an
Italian tip under the Italian ladder) is compared through its experiment read again under the map's
ruleset (``claim.reread_under``), run beside it: ``reread`` holds those runs' rows.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from spadille.analyses.stats import mean_interval

AGREEMENT_COLUMNS = ["claim", "classes", "seat", "action", "baseline", "n", "map_mean", "map_ci_low", "map_ci_high",
                     "claim_ruleset", "claim_n", "claim_estimate", "claim_ci_low", "claim_ci_high", "agreement"]


def map_agreement(claims, frame: pd.DataFrame, data, reread: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per claim of ``claims`` with a ``[map]`` table that ``frame`` (check_claims) holds;
    ``reread`` (check_claims) has the runs of those claims read again under the map's ruleset."""
    from spadille.analyses.quadrille.decision_maps import scheme_stats
    from spadille.analyses.quadrille.map_cells import difference_range, difference_sums
    from spadille.analyses.quadrille.map_actions import BID_CODES, K_N
    from spadille.kernel.quadrille.cards import SEAT_NAMES

    names = {code: name for name, code in BID_CODES.items()}
    rows = {record["claim"]: record for record in frame.to_dict("records")}
    again = {} if reread is None else {record["claim"]: record for record in reread.to_dict("records")}
    map_ruleset = data.metadata.get("ruleset")
    table = scheme_stats(data.stats, "matadors_trumps")          # [matadors, trumps, seats, n_k]
    seats = list(SEAT_NAMES[table.shape[2]])
    layout = data.layout
    records = []
    for claim in claims:
        classes, result = claim.map_classes, rows.get(claim.id)
        if classes is None or result is None:
            continue
        if result.get("ruleset") != map_ruleset and claim.id in again:
            result = again[claim.id]
        spec = claim.experiment
        action, baseline = (names.get(arm.force.bid) for arm in spec.arms[:2])
        seat = classes.seat or seats[spec.focal]
        record = {"claim": claim.id, "classes": classes.describe(), "seat": seat, "action": action,
                  "baseline": baseline, "n": 0, "map_mean": math.nan, "map_ci_low": math.nan,
                  "map_ci_high": math.nan, "claim_ruleset": result.get("ruleset"), "claim_n": result.get("n"),
                  "claim_estimate": result.get("estimate"),
                  "claim_ci_low": result.get("ci_low"), "claim_ci_high": result.get("ci_high")}
        if result.get("ruleset") != map_ruleset:
            record["agreement"] = (f"not compared: the claim's experiment cannot be played under {map_ruleset}, "
                                   "the map's ruleset")
        elif action not in layout.bids or baseline not in layout.bids or seat not in seats:
            record["agreement"] = "not compared: the map has no such bid or seat"
        else:
            pooled = np.zeros(layout.n_k, dtype=np.int64)
            low, high = classes.trumps
            for matadors in classes.matadors:
                for trumps in range(low, high + 1):
                    pooled += table[matadors, trumps, seats.index(seat)]
            n = int(pooled[K_N])
            total, squares = difference_sums(pooled, layout.index(action), layout.index(baseline), layout)
            mean, _, ci_low, ci_high = (mean_interval(n, total, squares,
                                                      outcome_range=difference_range(layout.pay_range))
                                        if n else (math.nan,) * 4)
            record.update({"n": n, "map_mean": mean, "map_ci_low": ci_low, "map_ci_high": ci_high,
                           "agreement": _agreement(ci_low, ci_high, record["claim_ci_low"], record["claim_ci_high"])})
        records.append(record)
    out = pd.DataFrame.from_records(records, columns=AGREEMENT_COLUMNS)
    out.attrs = dict(data.metadata)
    return out


def _direction(low, high) -> int:
    if low is None or high is None or (isinstance(low, float) and math.isnan(low)):
        return 0
    return 1 if low > 0 else -1 if high < 0 else 0


def _agreement(map_low, map_high, claim_low, claim_high) -> str:
    ours, theirs = _direction(map_low, map_high), _direction(claim_low, claim_high)
    if ours and theirs:
        return "agree" if ours == theirs else "disagree"
    if not ours and not theirs:
        return "neither can tell"
    return "the map cannot tell" if not ours else "the claim cannot tell"


def agreement_sentence(row) -> str:
    """"q16a (1 true matador, 5 or more trumps, eldest): the map agrees, sans prendre − ask +1.23 [...]"."""
    what = f"**{row.claim}** ({row.classes}, {row.seat} hand)"
    if str(row.agreement).startswith("not compared"):
        return f"{what}: {row.agreement}."
    figure = (f"{row.action.replace('-', ' ')} − {row.baseline.replace('-', ' ')} {_signed(row.map_mean)} "
              f"[{_signed(row.map_ci_low)}, {_signed(row.map_ci_high)}] jetons a deal, n = {row.n:,}")
    claim = (f"the claim's experiment {_signed(row.claim_estimate)} "
             f"[{_signed(row.claim_ci_low)}, {_signed(row.claim_ci_high)}], n = {int(row.claim_n):,}, under the same "
             f"ruleset ({row.claim_ruleset})")
    verdicts = {"agree": "the map agrees", "disagree": "the map disagrees", "the map cannot tell": "the map cannot tell",
                "the claim cannot tell": "the claim cannot tell, the map can", "neither can tell": "neither can tell"}
    return f"{what}: {verdicts.get(row.agreement, row.agreement)}: the map's {figure}; {claim}."


def _signed(value) -> str:
    return f"{value:+.2f}".replace("-", "−")
