"""The vole in a decision map: how often the point is reached, and when going on pays.

The vole point is reached when the focal seat declared and its side won the first six
tricks. There the "stop" and "+vole" twins of a bid part ways; everywhere else they play the
same deal identically. So per class the paired mean of go - stop is taken over the deals
that reached the point, and the share of reaching it over the deals the focal seat declared.

Both functions start from integer counts per class (``decision_maps.vole_counts``), so they
work on any number of deals without the deals themselves.
"""

from __future__ import annotations

import math
from typing import Mapping

import pandas as pd

from spadille.analyses.stats import mean_interval, wilson_interval

VOLE_COLUMNS_AFTER_KEYS = ["contract", "n", "declared", "reached", "p_reached", "p_reached_ci_low",
                           "p_reached_ci_high", "go_minus_stop", "go_minus_stop_stderr", "ci_low", "ci_high",
                           "too_few", "go_pays", "go_costs", "p_made_going", "p_made_ci_low", "p_made_ci_high",
                           "vole_value", "other_vole_value", "other_go_minus_stop", "other_ci_low", "other_ci_high",
                           "other_go_pays", "other_go_costs"]
SUMMARY_COLUMNS = ["seat", "contract", "n", "declared", "reached", "p_reached_per_deal", "p_reached",
                   "p_reached_ci_low", "p_reached_ci_high", "go_minus_stop", "ci_low", "ci_high", "p_made_going",
                   "classes_go_pays", "classes_go_costs", "classes_tested", "vole_value", "other_vole_value",
                   "other_go_minus_stop", "other_ci_low", "other_ci_high", "classes_other_go_pays",
                   "classes_other_go_costs"]


def _other_value_sums(row: Mapping, delta: int) -> tuple[int, int]:
    """(sum, sum of squares) of go - stop had the vole been worth ``delta`` jetons more a head:
    each reached deal's difference moves by delta x its shift (decision_maps._vole_shift), exactly."""
    total = int(row["sum_go_minus_stop"]) + delta * int(row["sum_shift"])
    squares = (int(row["sum_sq_go_minus_stop"]) + 2 * delta * int(row["sum_go_minus_stop_x_shift"])
               + delta * delta * int(row["sum_sq_shift"]))
    return total, squares


def vole_table(counts: pd.DataFrame, min_n: int, metadata: Mapping,
               vole_values: tuple[int, int] | None = None,
               pay_range: tuple[int, int] | None = None) -> pd.DataFrame:
    """One row per class, seat and declaring bid (``contract``): ``declared`` deals where the
    focal seat played the contract, ``reached`` those that reached the vole point, the share
    ``p_reached`` of declared deals (Wilson CI), the paired mean ``go_minus_stop`` over the
    reached deals with its CI, ``go_pays`` / ``go_costs`` when the CI excludes 0 (only with at
    least ``min_n`` reached deals; otherwise ``too_few``), and ``p_made_going``: the share of
    reached deals where going on made the vole. With ``vole_values`` (this ruleset's vole.value
    and its other reading's), ``other_go_minus_stop`` and its CI, ``other_go_pays`` and
    ``other_go_costs`` give the same estimates on the same deals under the other value (the play
    does not depend on it, so each deal's payment moves by a known amount); without, they
    repeat this value's. ``pay_range`` (payment_range.py) bounds the intervals of a class whose
    every reached deal gave the same difference (stats.mean_interval)."""
    current, other = vole_values if vole_values is not None else (0, 0)
    # go - stop spans two payments; under the other value each moves by up to 3 x the change a head
    spans = [None if pay_range is None else pay_range[1] - pay_range[0] + w for w in (0, 3 * abs(other - current))]
    ranges = [None if span is None else (-span, span) for span in spans]
    key_columns = list(counts.columns[: list(counts.columns).index("contract")])
    records = []
    for row in counts.to_dict("records"):
        declared, reached = int(row["declared"]), int(row["reached"])
        share, low, high = wilson_interval(reached, declared)
        mean, stderr, d_low, d_high = mean_interval(reached, int(row["sum_go_minus_stop"]),
                                                    int(row["sum_sq_go_minus_stop"]), outcome_range=ranges[0])
        made, made_low, made_high = wilson_interval(int(row["made_going"]), reached)
        too_few = reached < min_n
        o_mean, _, o_low, o_high = mean_interval(reached, *_other_value_sums(row, other - current),
                                                 outcome_range=ranges[1])
        records.append({**{k: row[k] for k in key_columns}, "contract": row["contract"], "n": int(row["n"]),
                        "declared": declared, "reached": reached, "p_reached": share, "p_reached_ci_low": low,
                        "p_reached_ci_high": high, "go_minus_stop": mean, "go_minus_stop_stderr": stderr,
                        "ci_low": d_low, "ci_high": d_high, "too_few": too_few,
                        "go_pays": bool(not too_few and d_low > 0), "go_costs": bool(not too_few and d_high < 0),
                        "p_made_going": made, "p_made_ci_low": made_low, "p_made_ci_high": made_high,
                        "vole_value": current, "other_vole_value": other, "other_go_minus_stop": o_mean,
                        "other_ci_low": o_low, "other_ci_high": o_high,
                        "other_go_pays": bool(not too_few and o_low > 0),
                        "other_go_costs": bool(not too_few and o_high < 0)})
    frame = pd.DataFrame.from_records(records, columns=key_columns + VOLE_COLUMNS_AFTER_KEYS)
    frame = frame.astype({c: counts[c].dtype for c in key_columns} | {"n": "int64", "declared": "int64",
                                                                       "reached": "int64"})
    frame.attrs = dict(metadata)
    return frame


def vole_summary(table: pd.DataFrame, min_n: int, metadata: Mapping) -> pd.DataFrame:
    """Per seat (and all seats) and declaring bid, over every hand: how often the point is
    reached (per deal and per declared deal), the paired go - stop there, the share of voles
    made going on, and how many (matadors, trumps) classes with at least ``min_n`` reached
    deals confidently pay or cost going on."""
    overall = table[table["scheme"] == "overall"]
    classes = table[(table["scheme"] == "matadors_trumps") & ~table["too_few"]]
    records = []
    for row in overall.to_dict("records"):
        mine = classes[(classes["seat"] == row["seat"]) & (classes["contract"] == row["contract"])]
        records.append({"seat": row["seat"], "contract": row["contract"], "n": row["n"], "declared": row["declared"],
                        "reached": row["reached"],
                        "p_reached_per_deal": row["reached"] / row["n"] if row["n"] else math.nan,
                        "p_reached": row["p_reached"], "p_reached_ci_low": row["p_reached_ci_low"],
                        "p_reached_ci_high": row["p_reached_ci_high"], "go_minus_stop": row["go_minus_stop"],
                        "ci_low": row["ci_low"], "ci_high": row["ci_high"], "p_made_going": row["p_made_going"],
                        "classes_go_pays": int(mine["go_pays"].sum()), "classes_go_costs": int(mine["go_costs"].sum()),
                        "classes_tested": len(mine), "vole_value": row["vole_value"],
                        "other_vole_value": row["other_vole_value"], "other_go_minus_stop": row["other_go_minus_stop"],
                        "other_ci_low": row["other_ci_low"], "other_ci_high": row["other_ci_high"],
                        "classes_other_go_pays": int(mine["other_go_pays"].sum()),
                        "classes_other_go_costs": int(mine["other_go_costs"].sum())})
    frame = pd.DataFrame.from_records(records, columns=SUMMARY_COLUMNS)
    frame.attrs = dict(metadata)
    return frame
