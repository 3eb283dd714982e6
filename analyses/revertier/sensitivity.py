"""How each reconstruction switch changes the figures: every other value of every switch (and
each preset) against the default ruleset, on the same games (game k of the seed throws the same
dice under every ruleset until the plays differ), heuristic against heuristic.

Differences are per game, so their intervals are paired; ``clear`` marks those whose 95% interval
excludes 0. Nothing here plays a game itself: ``play(ruleset)`` returns the rows.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from spadille.analyses.paired import mean_ci, rate_ci
from spadille.kernel.revertier import _game as G
from spadille.kernel.revertier.layout import KIND_BLOCKED, KIND_JAN, KIND_SPECIAL

from .games import starter_points


def variants(rules) -> list[tuple[str, str, list[str], str | None]]:
    """(switch, value, overrides, preset): the default, each other choice of each switch, each preset."""
    found = [("(default)", "", [], None)]
    for rule in rules.switches():
        for choice in rule.choices:
            if choice != rule.value:
                text = str(choice).lower() if isinstance(choice, bool) else str(choice)
                found.append((rule.key, text, [f"{rule.key}={text}"], None))
    for name in rules.presets:
        found.append(("preset", name, [], name))
    return found


def _row(switch: str, value: str, out: np.ndarray, base: np.ndarray) -> dict:
    finished = out[:, G.WINNER] >= 0
    share, low, high = rate_ci(out[finished, G.WINNER] == out[finished, G.STARTER])
    _, d_points, d_points_low, d_points_high = mean_ci(starter_points(out) - starter_points(base))
    _, throws, throws_low, throws_high = mean_ci(out[:, G.ROLLS])
    _, d_throws, d_throws_low, d_throws_high = mean_ci(out[:, G.ROLLS] - base[:, G.ROLLS])
    jan, jan_low, jan_high = rate_ci(out[:, G.KIND] == KIND_JAN)
    special, special_low, special_high = rate_ci(out[:, G.KIND] == KIND_SPECIAL)
    blocked, blocked_low, blocked_high = rate_ci(out[:, G.KIND] == KIND_BLOCKED)
    _, hits, hits_low, hits_high = mean_ci(out[:, G.HITS_0] + out[:, G.HITS_1])
    return {
        "switch": switch, "value": value, "games": len(out),
        "first_wins": share, "first_wins_low": low, "first_wins_high": high,
        "first_points_vs_default": d_points, "fp_diff_low": d_points_low, "fp_diff_high": d_points_high,
        "throws": throws, "throws_low": throws_low, "throws_high": throws_high,
        "throws_vs_default": d_throws, "th_diff_low": d_throws_low, "th_diff_high": d_throws_high,
        "jan": jan, "jan_low": jan_low, "jan_high": jan_high,
        "special": special, "special_low": special_low, "special_high": special_high,
        "blocked": blocked, "blocked_low": blocked_low, "blocked_high": blocked_high,
        "hits": hits, "hits_low": hits_low, "hits_high": hits_high,
        "clear": bool(switch != "(default)" and (d_points_low > 0 or d_points_high < 0
                                                or d_throws_low > 0 or d_throws_high < 0)),
    }


def sensitivity_table(rules, play: Callable[[object], np.ndarray], load: Callable[[list[str], str | None], object],
                      advance: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per variant: ``load(overrides, preset)`` gives its ruleset, ``play(ruleset)`` its rows."""
    rows, base = [], None
    for switch, value, overrides, preset in variants(rules):
        out = play(load(overrides, preset))
        if base is None:
            base = out
        rows.append(_row(switch, value, out, base))
        if advance is not None:
            advance(1)
    return pd.DataFrame(rows)
