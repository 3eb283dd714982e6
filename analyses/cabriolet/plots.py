"""Cabriolet's plots: functions of (data, ax) that draw and return ax, no pyplot state."""

from __future__ import annotations

import numpy as np
import pandas as pd


def _grouped_bars(ax, data: pd.DataFrame, group: str, columns: tuple[str, str, str], label) -> list:
    """One bar group per case and one bar per value of ``group``; ``columns`` are (mean, CI low,
    CI high), drawn as the bar and its error bar. Returns the cases in plotting order."""
    mean_column, low_column, high_column = columns
    cases = list(dict.fromkeys(data["case"]))
    groups = list(dict.fromkeys(sorted(data[group]) if group == "players" else data[group]))
    width = 0.8 / max(1, len(groups))
    positions = np.arange(len(cases))
    for i, value in enumerate(groups):
        part = data[data[group] == value].set_index("case").reindex(cases)
        mean = part[mean_column].to_numpy(dtype=float)
        errors = np.vstack([mean - part[low_column].to_numpy(dtype=float),
                            part[high_column].to_numpy(dtype=float) - mean])
        ax.bar(positions + (i - (len(groups) - 1) / 2) * width, mean, width, yerr=np.nan_to_num(errors), capsize=2,
               label=label(value))
    ax.axhline(0.0, color="#444", linewidth=0.8)
    ax.set_xticks(positions)
    ax.set_xticklabels(cases, rotation=35, ha="right")
    return cases


def plot_case_values(data: pd.DataFrame, ax):
    """Net jetons per deal from each case (``analyses.cabriolet.case_values``), one bar group
    per case and one bar per covering policy, with the 95% intervals as error bars."""
    _grouped_bars(ax, data, "policy", ("per_deal", "ci_low", "ci_high"), lambda policy: f"focal covers {policy}")
    ax.set_ylabel("net jetons per deal (stake 1)")
    ax.set_title("Value of each case to the focal player")
    ax.legend(fontsize="small")
    return ax


def plot_dice_values(data: pd.DataFrame, ax):
    """What the thrower gains on a throw of each case (``analyses.cabriolet.dice.dice_case_values``
    rows with a ``players`` column, one policy), one bar per table size, 95% intervals; symlog
    scale, as the cabriolets dwarf the rest."""
    _grouped_bars(ax, data, "players", ("thrower_gain", "gain_ci_low", "gain_ci_high"), lambda n: f"{n} players")
    ax.set_yscale("symlog", linthresh=10)
    ax.set_ylabel("thrower's jetons per throw of the case")
    ax.set_title("Dice: what each case brings the thrower")
    ax.legend(fontsize="small")
    return ax
