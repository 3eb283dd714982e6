"""Cabriolet's tables: exact odds beside the Monte Carlo, and the value of each case.

Plain functions returning tidy DataFrames; every simulated figure carries n and an interval
(Wilson for shares, normal for means from exact integer sums). Differences between covering
policies are paired session by session (the same deals under each policy).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet.cases import CASES, DISPLAY, HOLDINGS
from spadille.kernel.cabriolet.dice import EFFECTS, OUTCOMES, exact_throws
from spadille.kernel.cabriolet.exact import hand_odds, table_odds
from spadille.kernel.cabriolet.ruleset import CabrioletRuleset
from spadille.kernel.cabriolet.policies import cover_mask
from spadille.kernel.cabriolet.simulate import SessionResult, holding_counts, throw_counts

from spadille.analyses.stats import CONFIDENCE, mean_interval, wilson_interval

MEASURES = ("per hand", "someone holds", "two or more hold")


def _f(value) -> float:
    return math.nan if value is None else float(value)


def exact_odds(ruleset: CabrioletRuleset, n_players: int) -> pd.DataFrame:
    """One row per holding: the exact chance one hand holds it (out of all 201,376 hands), and at
    a table of ``n_players`` that someone holds it and that two or more do (NaN: no closed form)."""
    hands = hand_odds(ruleset)
    table = table_odds(ruleset, n_players)
    rows = []
    for name in HOLDINGS:
        someone, opposed = table[name]
        rows.append({"holding": DISPLAY[name], "key": name, "hands": hands.counts[name], "of": hands.total,
                     "p_hand": float(hands.probability(name)), "one_in": hands.total / hands.counts[name],
                     "p_someone": _f(someone), "p_two_or_more": _f(opposed)})
    return pd.DataFrame(rows)


def exact_dice(ruleset: CabrioletRuleset) -> pd.DataFrame:
    exact = exact_throws(ruleset)
    return pd.DataFrame([{"outcome": DISPLAY.get(name, name), "key": name, "throws": int(p * 216), "of": 216,
                          "p": float(p), "effect": EFFECTS[name]} for name, p in exact.items()])


def _row(name: str, measure: str, exact: float, hits: int, n: int, confidence: float) -> dict:
    share, low, high = wilson_interval(int(hits), int(n), confidence)
    within = math.nan if math.isnan(exact) else bool(low <= exact <= high)
    return {"holding": DISPLAY.get(name, name), "key": name, "measure": measure, "exact": exact, "n": int(n),
            "simulated": share, "ci_low": low, "ci_high": high, "within_ci": within}


def compare_holdings(ruleset: CabrioletRuleset, n_players: int, deals: int, seed: int, threads: int | None = None,
                     confidence: float = CONFIDENCE) -> pd.DataFrame:
    """Exact beside simulated, per holding and measure. "per hand" uses the eldest's hand only
    (one independent hand per deal); the table measures count deals. ``exact`` is NaN where
    only the Monte Carlo gives the figure."""
    counts = holding_counts(ruleset, n_players, deals, seed, threads)
    exact = exact_odds(ruleset, n_players).set_index("key")
    n = int(counts[L.COL_DEALS])
    rows = []
    for h, name in enumerate(HOLDINGS):
        rows.append(_row(name, "per hand", exact.at[name, "p_hand"], counts[h], n, confidence))
        rows.append(_row(name, "someone holds", exact.at[name, "p_someone"], counts[L.COL_SOMEONE + h], n, confidence))
        rows.append(_row(name, "two or more hold", exact.at[name, "p_two_or_more"], counts[L.COL_OPPOSED + h], n,
                         confidence))
    frame = pd.DataFrame(rows)
    frame.attrs = {"game": "cabriolet", "seed": seed, "deals": n, "players": n_players, "ruleset": ruleset.name}
    return frame


def compare_dice(ruleset: CabrioletRuleset, throws: int, seed: int, threads: int | None = None,
                 confidence: float = CONFIDENCE) -> pd.DataFrame:
    counts = throw_counts(ruleset, throws, seed, threads)
    exact = exact_throws(ruleset)
    frame = pd.DataFrame([_row(name, "per throw", float(exact[name]), counts[i], throws, confidence)
                          for i, name in enumerate(OUTCOMES)])
    frame.attrs = {"game": "cabriolet-dice", "seed": seed, "throws": throws, "ruleset": ruleset.name}
    return frame


def _mean(values: np.ndarray, never_other: bool = False) -> tuple[int, float, float, float]:
    """(n, mean, low, high) over sessions. ``never_other``: the value cannot be anything but
    what was seen (a case the policy never covers pays it nothing, ever), so an interval of one
    point is exact; otherwise equal sessions get no interval rather than a zero-width one
    (stats.mean_interval)."""
    values = np.asarray(values, dtype=np.int64)
    # Python ints for the squares: a jeu that keeps doubling can overflow int64 squares.
    seen = int(values[0]) if values.size else 0
    mean, _, low, high = mean_interval(values.size, int(values.sum()), int((values.astype(object) ** 2).sum()),
                                       outcome_range=(seen, seen) if never_other else None)
    return int(values.size), mean, low, high


def case_values(result: SessionResult) -> pd.DataFrame:
    """Per covering policy of the focal seat and per case: its net jetons per deal from that
    case (collected minus staked; with stake 1, the return per jeton staked each deal), with a
    95% interval over sessions; also the four aces, the losses of the play for the jeu, and
    the total."""
    config = result.config
    out = result.out
    rounds = config.rounds
    # (label, column, the case whose covering it needs: uncovered, the focal seat never gets any)
    parts = [(DISPLAY[c], L.OUT_CASE + i, i) for i, c in enumerate(CASES)]
    parts += [("quatre as", L.OUT_ACES, None), ("jeu lost (penalties)", L.OUT_PENALTY, CASES.index("jeu"))]
    rows = []
    for v, policy in enumerate(config.variants):
        covered = cover_mask(policy)
        for label, column, case in parts:
            never = case is not None and not covered >> case & 1
            n, mean, low, high = _mean(out[:, v, column], never_other=never)
            rows.append({"policy": policy, "case": label, "sessions": n, "per_deal": mean / rounds,
                         "ci_low": low / rounds, "ci_high": high / rounds})
        n, mean, low, high = _mean(out[:, v, L.OUT_NET])
        rows.append({"policy": policy, "case": "total", "sessions": n, "per_deal": mean / rounds,
                     "ci_low": low / rounds, "ci_high": high / rounds})
    frame = pd.DataFrame(rows)
    frame.attrs = config.metadata()
    return frame


def policy_comparison(result: SessionResult) -> pd.DataFrame:
    """Each covering policy's focal net per deal, and its paired difference from the first
    policy (same deals), with 95% intervals; ``clear`` marks differences beyond the error."""
    config = result.config
    out = result.out
    rounds = config.rounds
    base = out[:, 0, L.OUT_NET]
    rows = []
    for v, policy in enumerate(config.variants):
        n, mean, low, high = _mean(out[:, v, L.OUT_NET])
        _, d_mean, d_low, d_high = _mean(out[:, v, L.OUT_NET] - base)
        rows.append({"policy": policy, "sessions": n, "net_per_deal": mean / rounds, "ci_low": low / rounds,
                     "ci_high": high / rounds, f"minus_{config.variants[0]}": d_mean / rounds,
                     "diff_ci_low": d_low / rounds, "diff_ci_high": d_high / rounds,
                     "clear": bool(v and (d_low > 0 or d_high < 0)),
                     "played_per_deal": out[:, v, L.OUT_PLAYED].mean() / rounds,
                     "won_share": (out[:, v, L.OUT_WON].sum() / out[:, v, L.OUT_PLAYED].sum()
                                   if out[:, v, L.OUT_PLAYED].sum() else math.nan),
                     "board_left_per_session": out[:, v, L.OUT_LEFTOVER].mean()})
    frame = pd.DataFrame(rows)
    frame.attrs = config.metadata()
    return frame


ROW_COLUMNS = (["session", "policy"] + [f"net_seat{q}" for q in range(6)] + [f"focal_{c}" for c in CASES]
               + ["focal_quatre_as", "focal_penalty", "board_left", "focal_played", "focal_won", "cabriolets",
                  "plays"] + [f"focal_collects_{c}" for c in CASES] + ["exchanges"])


def session_rows(first: int, batch: np.ndarray, variants: tuple[str, ...], n_players: int) -> pd.DataFrame:
    """One row per session and covering policy (the --out file), seats beyond n_players dropped."""
    sessions, n_variants, _ = batch.shape
    flat = batch.reshape(sessions * n_variants, L.N_OUT)
    frame = pd.DataFrame(flat, columns=ROW_COLUMNS[2:])
    frame.insert(0, "policy", pd.array(np.tile(np.array(variants, dtype=object), sessions), dtype="string"))
    frame.insert(0, "session", np.repeat(np.arange(first, first + sessions, dtype=np.int64), n_variants))
    return frame.drop(columns=[f"net_seat{q}" for q in range(n_players, 6)])


def exchange_comparison(ruleset: CabrioletRuleset, n_players: int, sessions: int, rounds: int, seed: int,
                        cover: str = "all", threads: int | None = None) -> pd.DataFrame:
    """The card exchange (``declare.exchange = one-call``) against none, on the same deals: the
    focal seat's net per deal from each case and in total under both, and the paired difference
    (exchange minus none) with a 95% interval; ``clear`` marks differences beyond the error.
    Everyone covers ``cover`` and calls by the policy of docs/cabriolet.md."""
    from dataclasses import replace
    from types import MappingProxyType

    from spadille.kernel.cabriolet.simulate import SessionConfig, run_sessions

    def variant(value: str) -> CabrioletRuleset:
        rules = dict(ruleset.rules)
        rules["declare.exchange"] = replace(rules["declare.exchange"], value=value)
        return replace(ruleset, rules=MappingProxyType(rules),
                       overrides=ruleset.overrides + (("declare.exchange", value),))

    outs = [run_sessions(SessionConfig(variant(value), n_players, seed, sessions, rounds, (cover,), cover,
                                       threads=threads)).out[:, 0] for value in ("off", "one-call")]
    parts = [(DISPLAY[c], L.OUT_CASE + i) for i, c in enumerate(CASES)]
    parts += [("quatre as", L.OUT_ACES), ("jeu lost (penalties)", L.OUT_PENALTY), ("total", L.OUT_NET)]
    rows = []
    for label, column in parts:
        _, off, _, _ = _mean(outs[0][:, column])
        _, on, _, _ = _mean(outs[1][:, column])
        n, diff, low, high = _mean(outs[1][:, column] - outs[0][:, column])
        rows.append({"case": label, "sessions": n, "off_per_deal": off / rounds, "one_call_per_deal": on / rounds,
                     "diff": diff / rounds, "diff_ci_low": low / rounds, "diff_ci_high": high / rounds,
                     "clear": bool(low > 0 or high < 0)})
    frame = pd.DataFrame(rows)
    frame.attrs = {"game": "cabriolet", "seed": seed, "players": n_players, "sessions": sessions, "rounds": rounds,
                   "ruleset": ruleset.name, "cover": cover,
                   "exchanges_per_deal": float(outs[1][:, L.OUT_EXCHANGES].mean() / rounds)}
    return frame
