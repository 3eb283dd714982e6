"""Fitting the strong policy's weights to the search's values (`spadille train reversis`).

1. **Rows.** The search plays deals 0..n-1 of a seed at every seat; at each choice it values every
   legal card by its total net over its worlds (kernel/reversis/_training.py). Each card is one
   row: its features (as the strong policy computes them) and that value.
2. **Fit.** Within a decision only the differences between its cards matter, so features and
   values are centred decision by decision. A ridge regression of the values on the features,
   one weight vector per decision kind (leading, following suit, renouncing), starts the fit;
   then the weights are moved to maximise the expected value of a softmax over each decision's
   cards (temperature ``TEMPERATURE`` fiches, Adam steps): what the policy plays is the card of
   the highest score, so getting the order right where the values differ most counts most.
3. **Measure.** On every tenth deal, not used in the fit, the *regret* of a
   player: the search's value of its best card minus that of the card the player picks, in
   fiches a decision, for the fitted weights and for the heuristic (the search's own values are
   noisy estimates, so this is the search's view; the ladder measures play).

Memory: a row is 24 float32 features and a few ints, about 120 bytes; 10,000 deals leave about
1.4 million rows (170 MB).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.ruleset import ReversisRuleset

TEMPERATURE = 0.3        # fiches: the softmax's scale over one decision's cards
STEPS = 400
LEARNING_RATE = 0.05
RIDGE = 1.0
BATCH = 500


def espagnolette_deals(rules: ReversisRuleset, seed: int, after: int, wanted: int,
                       threads: int | None = None) -> np.ndarray:
    """The first ``wanted`` deals from deal ``after`` on whose hands, after the exchange, hold an
    espagnolette (about 1 deal in 70 under the seed's definition): the strong policy sees the
    privilege too rarely in plain deals to learn it, so the training adds these."""
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    found: list[np.ndarray] = []
    start = after
    while wanted and sum(len(f) for f in found) < wanted:
        block = max(100_000, 100 * wanted)
        kept: list[np.ndarray] = []
        run_sessions(ReversisConfig(rules, seat_policies("heuristic"), seed, block, 1, threads,
                                    first_session=start), want_rows=True,
                     on_batch=lambda first, rows: kept.append(first + np.flatnonzero(rows[:, L.D_ESP_POS] >= 0)))
        found += kept
        start += block
    return np.concatenate(found)[:wanted].astype(np.int64) if wanted else np.zeros(0, dtype=np.int64)


def decision_rows(rules: ReversisRuleset, seed: int, deals: int, worlds: int, rollout: int = 0,
                  threads: int | None = None, progress: Callable[[int], None] | None = None,
                  espagnolettes: int = 0) -> dict[str, np.ndarray]:
    """The search's rows on deals 0..deals-1 and on ``espagnolettes`` more deals holding an
    espagnolette: features float32[n, N_FEATURES], value (the mean net over the worlds, fiches),
    decision (a number, increasing in play order), kind."""
    import numba

    from spadille.kernel.reversis._training import MAX_ROWS, record_decisions
    from spadille.kernel.reversis.cards import kernel_tables
    from spadille.kernel.reversis.policies import parse_policy
    from spadille.kernel.reversis.rules import rule_vector

    numba.set_num_threads(threads or numba.config.NUMBA_NUM_THREADS)
    row = parse_policy(f"search:worlds={worlds},rollout={rollout}").row()
    params = np.tile(row, (4, 1))
    vector, (suit_masks, points) = rule_vector(rules), kernel_tables()
    every = np.r_[np.arange(deals, dtype=np.int64), espagnolette_deals(rules, seed, deals, espagnolettes, threads)]
    parts: dict[str, list[np.ndarray]] = {"features": [], "value": [], "decision": [], "kind": []}
    for first in range(0, len(every), BATCH):
        chosen = every[first:first + BATCH]
        features = np.zeros((len(chosen), MAX_ROWS, L.N_FEATURES), dtype=np.float32)
        totals, decision, kind = (np.zeros((len(chosen), MAX_ROWS), dtype=np.int64) for _ in range(3))
        counts = np.zeros(len(chosen), dtype=np.int64)
        record_decisions(seed, chosen, params, vector, suit_masks, points, features, totals, decision, kind, counts)
        for i, n in enumerate(counts):
            parts["features"].append(features[i, :n])
            parts["value"].append(totals[i, :n] / worlds)
            parts["decision"].append(decision[i, :n] + (first + i) * 1000)    # under 1,000 choices a deal
            parts["kind"].append(kind[i, :n].astype(np.int8))
        if progress is not None:
            progress(len(chosen))
    return {key: np.concatenate(values) for key, values in parts.items()}


def _groups(decision: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the first row of each decision, each row's decision index): rows come decision by decision."""
    starts = np.flatnonzero(np.r_[True, decision[1:] != decision[:-1]])
    return starts, np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(decision)]))


def _centred(features: np.ndarray, value: np.ndarray, decision: np.ndarray):
    starts, index = _groups(decision)
    sizes = np.diff(np.r_[starts, len(decision)])
    mean_features = np.add.reduceat(features, starts, axis=0) / sizes[:, None]
    mean_value = np.add.reduceat(value, starts) / sizes
    return features - mean_features[index], value - mean_value[index], index


def _softmax_ascent(x: np.ndarray, y: np.ndarray, group: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Weights maximising the mean over decisions of sum_i softmax(x w / T)_i y_i (Adam). A
    decision's rows are contiguous, so its sums are ``reduceat`` over their first rows."""
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    sizes = np.diff(np.r_[starts, len(group)])
    w, moment, second = start.copy(), np.zeros_like(start), np.zeros_like(start)
    for step in range(1, STEPS + 1):
        score = x @ w / TEMPERATURE
        weight = np.exp(score - np.repeat(np.maximum.reduceat(score, starts), sizes))
        share = weight / np.repeat(np.add.reduceat(weight, starts), sizes)
        expected = np.repeat(np.add.reduceat(share * y, starts), sizes)
        gradient = ((share * (y - expected))[:, None] * x).sum(axis=0) / TEMPERATURE / len(starts)
        moment = 0.9 * moment + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient * gradient
        w += LEARNING_RATE * (moment / (1 - 0.9 ** step)) / (np.sqrt(second / (1 - 0.999 ** step)) + 1e-8)
    return w


def fit_weights(rows: dict[str, np.ndarray]) -> np.ndarray:
    """float64[N_KINDS, N_FEATURES] fitted on ``rows`` (see the module doc)."""
    features = rows["features"].astype(np.float64)
    x, y, index = _centred(features, rows["value"].astype(np.float64), rows["decision"])
    weights = np.zeros((L.N_KINDS, L.N_FEATURES))
    for kind in range(L.N_KINDS):
        chosen = rows["kind"] == kind
        if not chosen.any():
            continue
        xk, yk = x[chosen], y[chosen]
        ridge = np.linalg.solve(xk.T @ xk + RIDGE * np.eye(L.N_FEATURES), xk.T @ yk)
        weights[kind] = _softmax_ascent(xk, yk, index[chosen], ridge)
    return weights


def regret(rows: dict[str, np.ndarray], weights: np.ndarray) -> dict[str, float]:
    """Fiches a decision the search's values say a player gives up against its best card: the
    fitted weights' choice and the heuristic's (the feature heuristic_card), overall and by kind."""
    starts, _ = _groups(rows["decision"])
    ends = np.r_[starts[1:], len(rows["decision"])]
    value, kinds, features = rows["value"], rows["kind"], rows["features"]
    out = {"decisions": len(starts)}
    lost = {"strong": np.zeros(len(starts)), "heuristic": np.zeros(len(starts))}
    for i, (s, e) in enumerate(zip(starts, ends)):
        best = value[s:e].max()
        lost["strong"][i] = best - value[s + np.argmax(features[s:e] @ weights[kinds[s]])]
        lost["heuristic"][i] = best - value[s + np.argmax(features[s:e, 0])]
    decision_kinds = kinds[starts]
    from spadille.kernel.reversis._features import KIND_NAMES

    for player, values in lost.items():
        out[f"{player}_regret"] = float(values.mean())
        for k, name in enumerate(KIND_NAMES):
            out[f"{player}_regret_{name}"] = float(values[decision_kinds == k].mean())
    return out


def split(rows: dict[str, np.ndarray]) -> tuple[dict, dict]:
    """(fitting rows, held-out rows): every tenth deal played is held out, whole, so the plain and
    the espagnolette deals are both measured."""
    held = (rows["decision"] // 1000) % 10 == 9
    return ({key: value[~held] for key, value in rows.items()}, {key: value[held] for key, value in rows.items()})
