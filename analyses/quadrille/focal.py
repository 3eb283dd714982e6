"""What the focal seat got under each variant of a paired replay, ranked.

``play_variants`` returns, for every deal and variant, the deal's result (layout.OUT_*).
Here it becomes the focal seat's view: its net jetons for the deal (antes included, at a
fresh table, so what a remise leaves on the table counts as spent), and whether it played
the contract itself and won, was remised or lost codille, or made the vole. Estimates carry
n and a 95% interval; differences between variants are paired deal by deal
(spadille.analyses.paired).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from spadille.analyses.paired import mean_ci, paired_difference, rate_ci
from spadille.kernel.quadrille import layout as L


@dataclass(frozen=True)
class FocalView:
    """Per deal and variant (arrays [n, V]) what the focal seat saw."""

    pay: np.ndarray          # int64 net jetons of the focal seat
    declared: np.ndarray     # bool: the focal seat played the contract (ombre by its own bid)
    win: np.ndarray          # bool: declared and won
    remise: np.ndarray
    codille: np.ndarray
    vole_made: np.ndarray
    vole_point: np.ndarray   # bool: declared and its side reached the vole point


def focal_view(out: np.ndarray, focal_seat: int) -> FocalView:
    ombre = out[:, :, L.OUT_OMBRE]
    declared = (ombre == focal_seat) & (out[:, :, L.OUT_CONTRACT] != L.FORCED) & (out[:, :, L.OUT_CONTRACT] != L.NO_CONTRACT)
    outcome = out[:, :, L.OUT_OUTCOME]
    return FocalView(
        pay=out[:, :, L.OUT_PAY + focal_seat],
        declared=declared,
        win=declared & (outcome == L.WIN),
        remise=declared & (outcome == L.REMISE),
        codille=declared & (outcome == L.CODILLE),
        vole_made=declared & (out[:, :, L.OUT_VOLE] == L.VOLE_MADE),
        vole_point=declared & (out[:, :, L.OUT_VOLE_DECIDER] >= 0),
    )


def variant_table(view: FocalView, labels: list[str],
                  pay_range: tuple[float, float] | None = None) -> pd.DataFrame:
    """One row per variant: n, mean payment with its CI, and the shares (with CIs) of deals
    the focal seat declared, won, was remised, lost codille and made the vole. ``pay_range``
    (analyses/quadrille/payment_range.py) bounds the CI of an action that paid the same on
    every deal, so it admits the outcomes not seen (stats.mean_interval)."""
    records = []
    for index, label in enumerate(labels):
        n, mean, low, high = mean_ci(view.pay[:, index], outcome_range=pay_range)
        record = {"action": label, "n": n, "mean_pay": mean, "pay_ci_low": low, "pay_ci_high": high}
        for name in ("declared", "win", "remise", "codille", "vole_made"):
            share, lo, hi = rate_ci(getattr(view, name)[:, index])
            record[f"p_{name}"] = share
            record[f"p_{name}_ci_low"] = lo
            record[f"p_{name}_ci_high"] = hi
        records.append(record)
    return pd.DataFrame(records)


def ranked(table: pd.DataFrame, view: FocalView, pay_range: tuple[float, float] | None = None) -> pd.DataFrame:
    """The variant table best-first, with each action's paired margin over the next one down
    (and, for the best, over the runner-up) with its CI."""
    order = table.sort_values("mean_pay", ascending=False, kind="stable").index.to_list()
    table = table.loc[order].reset_index(drop=True)
    margins, lows, highs = [], [], []
    difference = None if pay_range is None else (pay_range[0] - pay_range[1], pay_range[1] - pay_range[0])
    for position, index in enumerate(order):
        if position + 1 < len(order):
            _, mean, low, high = paired_difference(view.pay[:, index], view.pay[:, order[position + 1]],
                                                   outcome_range=difference)
        else:
            mean = low = high = math.nan
        margins.append(mean)
        lows.append(low)
        highs.append(high)
    table.insert(1, "rank", range(1, len(order) + 1))
    table["margin_over_next"] = margins
    table["margin_ci_low"] = lows
    table["margin_ci_high"] = highs
    return table
