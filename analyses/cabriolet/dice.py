"""Cabriolet with dice: the value of each case and the focal player's net, from sessions.

Plain functions returning tidy DataFrames with n and 95% intervals. Sessions are the
independent units: means per round are means over sessions; figures per throw are ratios of
session sums (throws per session vary with the confidence's extra throws and the infidélité's
rests), with a delta-method interval. Covering policies of the focal seat are replayed on the
same throws, so their differences are paired session by session.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet.cases import CASES, DISPLAY
from spadille.kernel.cabriolet.dice import EFFECTS, OUTCOMES, exact_throws
from spadille.kernel.cabriolet.simulate import DiceSessionResult

from spadille.analyses.stats import CONFIDENCE, mean_interval, wilson_interval, z_value


# Why a simulated rate may sit a little off its exact count at every table size (docs/cabriolet.md).
DICE_RATE_NOTE = (
    "A case's simulated rate is its throws over all throws, pooled over sessions. How many throws a "
    "session has depends on its throws (a cabriolet ends the round, a confidence throws again), but "
    "each throw is a fresh roll, so this pooled share is unbiased for the exact count (Wald's identity); "
    "the mean of each session's own share would not be, and is not used. The 4-, 5- and 6-player "
    "tables replay largely the same dice (session k's stream is the same whatever the table size), so "
    "one sample that runs a little low, as the cabriolet's 0.00458 against 1/216 = 0.00463 did, runs "
    "low at every size: one draw, not three."
)


def _mean(values: np.ndarray) -> tuple[int, float, float, float]:
    values = np.asarray(values, dtype=np.int64)
    mean, _, low, high = mean_interval(values.size, int(values.sum()), int((values.astype(object) ** 2).sum()))
    return int(values.size), mean, low, high


def ratio_interval(x: np.ndarray, t: np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """Σx / Σt over sessions with a delta-method normal interval (NaN interval below 2 sessions
    or with no throws)."""
    x, t = np.asarray(x, dtype=np.float64), np.asarray(t, dtype=np.float64)
    n, total_t = x.size, t.sum()
    if n == 0 or total_t == 0:
        return math.nan, math.nan, math.nan
    ratio = x.sum() / total_t
    if n < 2:
        return ratio, math.nan, math.nan
    residual = x - ratio * t
    stderr = math.sqrt((residual ** 2).sum() / (n * (n - 1))) / (total_t / n)
    half = z_value(confidence) * stderr
    return ratio, ratio - half, ratio + half


def _name(key: str) -> str:
    return DISPLAY.get(key, key)


def dice_case_values(result: DiceSessionResult, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Per covering policy of the focal seat and per outcome of a throw:

    * ``p_exact`` and ``p_simulated`` (Wilson interval, pooled throws; ``within_ci``);
    * ``thrower_gain``: what the thrower gains on a throw of that case (jetons, ratio interval);
    * ``focal_per_throw``: the focal seat's net per throw of the table from throws of that case,
      whoever threw (so the rows add up, with the stakes row, to the focal total per throw);
    * ``focal_per_round``: the same per round, mean over sessions.

    Two extra rows per policy: ``stakes`` (the focal seat's stakes on covered cases) and
    ``total``."""
    config = result.config
    out = result.out
    exact = exact_throws(config.ruleset)
    throws = out[:, :, L.DICE_THROWS:L.DICE_THROWS + L.N_OUTCOMES].sum(axis=2)
    rows = []
    for v, policy in enumerate(config.variants):
        t = throws[:, v]
        n_throws = int(t.sum())
        for i, key in enumerate(OUTCOMES):
            hits = int(out[:, v, L.DICE_THROWS + i].sum())
            share, p_low, p_high = wilson_interval(hits, n_throws, confidence)
            gain, g_low, g_high = ratio_interval(out[:, v, L.DICE_THROWER + i], out[:, v, L.DICE_THROWS + i],
                                                 confidence)
            per_throw, f_low, f_high = ratio_interval(out[:, v, L.DICE_FOCAL + i], t, confidence)
            n, per_round, r_low, r_high = _mean(out[:, v, L.DICE_FOCAL + i])
            rows.append({"policy": policy, "case": _name(key), "key": key, "effect": EFFECTS[key],
                         "sessions": n, "throws": n_throws, "case_throws": hits, "p_exact": float(exact[key]),
                         "p_simulated": share, "p_ci_low": p_low, "p_ci_high": p_high,
                         "within_ci": bool(p_low <= float(exact[key]) <= p_high),
                         "thrower_gain": gain, "gain_ci_low": g_low, "gain_ci_high": g_high,
                         "focal_per_throw": per_throw, "ci_low": f_low, "ci_high": f_high,
                         "focal_per_round": per_round / config.rounds, "round_ci_low": r_low / config.rounds,
                         "round_ci_high": r_high / config.rounds})
        for label, column in (("stakes", L.DICE_FOCAL_STAKED), ("total", L.DICE_NET)):
            per_throw, f_low, f_high = ratio_interval(out[:, v, column], t, confidence)
            n, per_round, r_low, r_high = _mean(out[:, v, column])
            rows.append({"policy": policy, "case": label, "key": label, "effect": "", "sessions": n,
                         "throws": n_throws, "focal_per_throw": per_throw, "ci_low": f_low, "ci_high": f_high,
                         "focal_per_round": per_round / config.rounds, "round_ci_low": r_low / config.rounds,
                         "round_ci_high": r_high / config.rounds})
    frame = pd.DataFrame(rows)
    frame.attrs = config.metadata()
    return frame


def dice_summary(result: DiceSessionResult, confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Per covering policy: the focal seat's net per round and per throw with 95% intervals,
    its paired difference from the first policy (same throws; ``clear`` = interval excludes 0),
    and the board's flows per session: staked, put on by the throws, taken off, left at the end."""
    config = result.config
    out = result.out
    rounds = config.rounds
    throws = out[:, :, L.DICE_THROWS:L.DICE_THROWS + L.N_OUTCOMES].sum(axis=2)
    base = out[:, 0, L.DICE_NET]
    rows = []
    for v, policy in enumerate(config.variants):
        net = out[:, v, L.DICE_NET]
        n, mean, low, high = _mean(net)
        per_throw, t_low, t_high = ratio_interval(net, throws[:, v], confidence)
        _, d_mean, d_low, d_high = _mean(net - base)
        rows.append({"policy": policy, "sessions": n, "net_per_round": mean / rounds, "ci_low": low / rounds,
                     "ci_high": high / rounds, "net_per_throw": per_throw, "throw_ci_low": t_low,
                     "throw_ci_high": t_high, f"minus_{config.variants[0]}": d_mean / rounds,
                     "diff_ci_low": d_low / rounds, "diff_ci_high": d_high / rounds,
                     "clear": bool(v and (d_low > 0 or d_high < 0)),
                     "throws_per_round": throws[:, v].mean() / rounds,
                     "staked_per_session": out[:, v, L.DICE_STAKED].mean(),
                     "to_board_per_session": out[:, v, L.DICE_TO_BOARD].mean(),
                     "from_board_per_session": out[:, v, L.DICE_FROM_BOARD].mean(),
                     "board_left_per_session": out[:, v, L.DICE_BOARD:L.DICE_BOARD + L.N_CASES].sum(axis=1).mean(),
                     "cabriolets_per_session": out[:, v, L.DICE_CABRIOLETS].mean()})
    frame = pd.DataFrame(rows)
    frame.attrs = config.metadata()
    return frame


ROW_COLUMNS = (["session", "policy"] + [f"net_seat{q}" for q in range(6)] + [f"focal_{o}" for o in OUTCOMES]
               + ["focal_stakes"] + [f"thrower_{o}" for o in OUTCOMES] + [f"throws_{o}" for o in OUTCOMES]
               + [f"board_{c}" for c in CASES]
               + ["staked", "to_board", "from_board", "focal_throws", "cabriolets", "rounds_cut"])


def dice_session_rows(first: int, batch: np.ndarray, variants: tuple[str, ...], n_players: int) -> pd.DataFrame:
    """One row per session and covering policy (the --out file), seats beyond n_players dropped."""
    sessions, n_variants, _ = batch.shape
    frame = pd.DataFrame(batch.reshape(sessions * n_variants, L.N_DICE_OUT), columns=ROW_COLUMNS[2:])
    frame.insert(0, "policy", pd.array(np.tile(np.array(variants, dtype=object), sessions), dtype="string"))
    frame.insert(0, "session", np.repeat(np.arange(first, first + sessions, dtype=np.int64), n_variants))
    return frame.drop(columns=[f"net_seat{q}" for q in range(n_players, 6)])
