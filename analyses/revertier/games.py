"""Per-game rows of Révertier as a DataFrame, and the run's summary with 95% intervals.

The kernel's rows are ``int64[games, _game.N_OUT]`` (kernel/revertier/_game.py); nothing here
plays a game.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from spadille.analyses.paired import mean_ci, rate_ci
from spadille.kernel.revertier import _game as G
from spadille.kernel.revertier.layout import KIND_NAMES

PIP_LABELS = ("20", "40", "80", "end")


def game_rows(first_game: int, out: np.ndarray) -> pd.DataFrame:
    """One row per game: winner, starter, kind of win, points, throws, men hit, pips at fixed points."""
    out = np.asarray(out, dtype=np.int64).reshape(-1, G.N_OUT)
    frame = pd.DataFrame({
        "game": np.arange(first_game, first_game + len(out), dtype=np.int64),
        "winner": out[:, G.WINNER], "starter": out[:, G.STARTER],
        "kind": pd.Series([KIND_NAMES[k] for k in out[:, G.KIND]], dtype="string"),
        "points": out[:, G.POINTS], "throws": out[:, G.ROLLS],
        "hits_seat0": out[:, G.HITS_0], "hits_seat1": out[:, G.HITS_1],
    })
    for i, label in enumerate(PIP_LABELS):
        frame[f"pips_{label}_seat0"] = out[:, G.PIPS_FIRST + 2 * i]
        frame[f"pips_{label}_seat1"] = out[:, G.PIPS_FIRST + 2 * i + 1]
    return frame


def seat_points(out: np.ndarray, seat: int) -> np.ndarray:
    """Per game, the points ``seat`` won (+) or lost (-); 0 for an unfinished game."""
    won = out[:, G.WINNER] == seat
    lost = (out[:, G.WINNER] >= 0) & ~won
    return np.where(won, out[:, G.POINTS], np.where(lost, -out[:, G.POINTS], 0))


def starter_points(out: np.ndarray) -> np.ndarray:
    starter = out[:, G.STARTER]
    return np.where(starter == 0, seat_points(out, 0), seat_points(out, 1))


def _share(name: str, flags: np.ndarray) -> dict:
    share, low, high = rate_ci(flags)
    return {"figure": name, "n": int(flags.size), "value": share, "ci_low": low, "ci_high": high}


def _mean(name: str, values: np.ndarray) -> dict:
    n, mean, low, high = mean_ci(values)
    return {"figure": name, "n": n, "value": mean, "ci_low": low, "ci_high": high}


def summary(out: np.ndarray) -> pd.DataFrame:
    """The run's figures, each with n and a 95% interval (Wilson for shares, normal for means)."""
    out = np.asarray(out, dtype=np.int64).reshape(-1, G.N_OUT)
    finished = out[:, G.WINNER] >= 0
    rows = [
        _share("the first player wins", out[finished, G.WINNER] == out[finished, G.STARTER]),
        _mean("the first player's points a game (+ won, - lost)", starter_points(out)),
        _share("seat 0 wins", out[finished, G.WINNER] == 0),
        _mean("throws a game (both players)", out[:, G.ROLLS]),
        _mean("men hit a game (both players)", out[:, G.HITS_0] + out[:, G.HITS_1]),
    ]
    for kind, name in enumerate(KIND_NAMES):
        rows.append(_share(f"kind of win: {name}", out[:, G.KIND] == kind))
    return pd.DataFrame(rows)
