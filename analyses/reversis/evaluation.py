"""The ranked table of `evaluate reversis`: each action's mean net with its 95% interval, and its
difference from the heuristic's own choice, paired on the same deals."""

from __future__ import annotations

import pandas as pd

from spadille.analyses.paired import mean_ci, paired_difference


def ranked(evaluation) -> pd.DataFrame:
    base = evaluation.nets[0]
    rows = []
    for label, nets in zip(evaluation.labels, evaluation.nets):
        n, mean, low, high = mean_ci(nets)
        _, diff, dlow, dhigh = paired_difference(nets, base)
        differing = int((nets != base).sum())
        if differing == 0:
            dlow = dhigh = float("nan")
        rows.append({"action": label, "deals": n, "net": mean, "ci_low": low, "ci_high": high,
                     "minus_heuristic": diff, "diff_low": dlow, "diff_high": dhigh, "differing": differing})
    return pd.DataFrame(rows).sort_values("net", ascending=False, ignore_index=True)
