"""Cabriolet's plots: functions of (data, ax) that draw and return ax, no pyplot state."""

from __future__ import annotations

import numpy as np
import pandas as pd


def plot_case_values(data: pd.DataFrame, ax):
    """Net jetons per deal from each case (``analyses.cabriolet.case_values``), one bar group
    per case and one bar per covering policy, with the 95% intervals as error bars."""
    cases = list(dict.fromkeys(data["case"]))
    policies = list(dict.fromkeys(data["policy"]))
    width = 0.8 / max(1, len(policies))
    positions = np.arange(len(cases))
    for i, policy in enumerate(policies):
        part = data[data["policy"] == policy].set_index("case").reindex(cases)
        mean = part["per_deal"].to_numpy(dtype=float)
        errors = np.vstack([mean - part["ci_low"].to_numpy(dtype=float), part["ci_high"].to_numpy(dtype=float) - mean])
        ax.bar(positions + (i - (len(policies) - 1) / 2) * width, mean, width, yerr=errors, capsize=2,
               label=f"focal covers {policy}")
    ax.axhline(0.0, color="#444", linewidth=0.8)
    ax.set_xticks(positions)
    ax.set_xticklabels(cases, rotation=35, ha="right")
    ax.set_ylabel("net jetons per deal (stake 1)")
    ax.set_title("Value of each case to the focal player")
    ax.legend(fontsize="small")
    return ax


def plot_dice_values(data: pd.DataFrame, ax):
    """What the thrower gains on a throw of each case (``analyses.cabriolet_dice.dice_case_values``
    rows with a ``players`` column, one policy), one bar per table size, 95% intervals; symlog
    scale, as the cabriolets dwarf the rest."""
    cases = list(dict.fromkeys(data["case"]))
    counts = sorted(set(data["players"]))
    width = 0.8 / max(1, len(counts))
    positions = np.arange(len(cases))
    for i, n in enumerate(counts):
        part = data[data["players"] == n].set_index("case").reindex(cases)
        mean = part["thrower_gain"].to_numpy(dtype=float)
        errors = np.vstack([mean - part["gain_ci_low"].to_numpy(dtype=float),
                            part["gain_ci_high"].to_numpy(dtype=float) - mean])
        ax.bar(positions + (i - (len(counts) - 1) / 2) * width, mean, width, yerr=np.nan_to_num(errors), capsize=2,
               label=f"{n} players")
    ax.axhline(0.0, color="#444", linewidth=0.8)
    ax.set_yscale("symlog", linthresh=10)
    ax.set_xticks(positions)
    ax.set_xticklabels(cases, rotation=35, ha="right")
    ax.set_ylabel("thrower's jetons per throw of the case")
    ax.set_title("Dice: what each case brings the thrower")
    ax.legend(fontsize="small")
    return ax
