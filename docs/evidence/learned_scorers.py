"""Richer scorers than the learned player's linear one, fitted and measured offline on pimc's labelled positions.

Usage: learned_scorers.py POSITIONS_DIR CACHE_DIR [CANDIDATE ...]

Reads the positions that `spadille train quadrille --policy learned --positions DIR` keeps (rounds 0,
1, 2 of seed 1000), featurizes them once (the very feature words the player scores; cached in
CACHE_DIR/designs.npz), and fits each candidate on the training deals of round 0 (what the shipped
fit saw) or of every round, then measures it on the held-out deals of round 0 (the shipped stamp's
0.0258) and of every round: pimc's best value less the value of the card the scorer chooses, in
tricks a decision. Each candidate's difference to the shipped weights is paired decision by
decision, its 95% CI over held-out deals (a deal's decisions are not independent: the ratio
estimator's variance over deals). Candidates (``CANDIDATES``):

* ``linear``: the shipped scorer refitted (learned_training.fit): checks the measure;
* ``contract``: the linear scorer plus a row of weights for each (contract, role, place);
* ``pairs``: the linear scorer plus one weight for each pair of set bits (shared by every row,
  and one set a role);
* ``mlpN`` (``mlp8``, ``mlp16``): the linear scorer plus a network of one hidden layer of N ReLU
  units over the bits and the decision's role and place (one-hot), fitted jointly by L-BFGS on the
  same listwise loss (float32 products; the shipped code's fit, ``train ... --network``, is
  learned_training.fit, float64 with a bias row a role and place).

TRAIN="round 0" (or "all rounds") limits the training sets. Every fit starts from zero (the network
from a seeded random draw), so the table is reproducible. docs/learned.md gives the table.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

from spadille.analyses.quadrille.learned_rounds import RULESETS, held_out, read_block
from spadille.analyses.quadrille.learned_training import (Design, _segment_softmax, design_matrix, feature_bits,
                                                         featurize, fit, fit_listwise)
from spadille.kernel.quadrille import layout as L

TRAIN_SETS = ["round 0", "all rounds"]
ROLE_NAMES = ("ombre", "friend", "defender (called)", "defender (alone)", "forced ombre")
TAU = 0.1


# ------------------------------------------------------------------ the positions, featurized once
def load_designs(positions_dir: Path, cache: Path) -> dict[str, np.ndarray]:
    path = cache / "designs.npz"
    if path.exists():
        return dict(np.load(path))
    parts = []
    for round_index in range(3):
        files = sorted(positions_dir.glob(f"round{round_index}-*.npz"))
        blocks = [read_block(f) for f in files]
        positions = {key: np.concatenate([b[key] for b in blocks]) for key in blocks[0]}
        design = featurize(positions, RULESETS)
        index = design.decision
        held = held_out(positions)[index]
        sizes = np.diff(design.start)
        parts.append(dict(words=design.words, bucket=design.bucket, values=design.values, sizes=sizes,
                          position=design.position, round=np.full(len(sizes), round_index),
                          held=held, contract=positions["obs"][index, L.O_CONTRACT],
                          deal=positions["deal"][index] * 8 + positions["ruleset"][index] + round_index * 0))
        print(f"round {round_index}: {len(sizes):,} decisions", flush=True)
    out = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    np.savez(path, **out)
    return out


def subset(data: dict[str, np.ndarray], keep: np.ndarray) -> Design:
    """The Design of the decisions ``keep`` (a boolean over decisions)."""
    sizes = data["sizes"]
    candidate_keep = np.repeat(keep, sizes)
    start = np.concatenate([[0], np.cumsum(sizes[keep])]).astype(np.int64)
    return Design(data["words"][candidate_keep], data["bucket"][candidate_keep], data["values"][candidate_keep], start,
                  data["position"][candidate_keep], np.nonzero(keep)[0])


# ------------------------------------------------------------------ candidates: features and fits
N_CONTRACTS = 7


def contract_matrix(design: Design, contract: np.ndarray):
    """The linear design plus one weight a (contract, bucket, feature)."""
    from scipy import sparse

    base = design_matrix(design)
    rows, features = np.nonzero(feature_bits(design.words))
    sizes = np.diff(design.start)
    candidate_contract = np.repeat(contract, sizes)
    column = (candidate_contract[rows] * L.LEARNED_BUCKETS + design.bucket[rows]) * L.LEARNED_FEATURES + features
    extra = sparse.csr_matrix((np.ones(len(rows)), (rows, column)),
                              shape=(len(design.words), N_CONTRACTS * L.LEARNED_BUCKETS * L.LEARNED_FEATURES))
    return sparse.hstack([base, extra]).tocsr()


def pair_columns(design: Design) -> tuple[np.ndarray, np.ndarray]:
    """(candidate, column) of each pair of set bits: one weight a pair shared by every row, one a (role, pair)."""
    bits = feature_bits(design.words).astype(bool)
    n_features = L.LEARNED_FEATURES
    role = design.bucket // L.LEARNED_SLOTS
    rows, cols = [], []
    for i in range(len(bits)):
        on = np.nonzero(bits[i])[0]
        a, b = np.triu_indices(len(on), 1)
        pair = on[a] * n_features + on[b]
        rows.append(np.full(2 * len(pair), i))
        cols.append(np.concatenate([pair, (1 + role[i]) * n_features * n_features + pair]))
    return np.concatenate(rows), np.concatenate(cols)


def pairs_matrix(design: Design, used: np.ndarray | None = None):
    """The linear design plus the pair weights ``used`` (every pair the design has when None)."""
    from scipy import sparse

    rows, cols = pair_columns(design)
    if used is None:
        used = np.unique(cols)
    index = np.minimum(np.searchsorted(used, cols), len(used) - 1)
    known = used[index] == cols
    extra = sparse.csr_matrix((np.ones(known.sum()), (rows[known], index[known])), shape=(len(design.words), len(used)))
    return sparse.hstack([design_matrix(design), extra]).tocsr(), used


def fit_sparse(matrix, design: Design, l2: float, iterations: int = 500) -> np.ndarray:
    return fit_listwise(design, matrix, matrix.T.tocsr(), TAU, l2, iterations)


def network_inputs(design: Design) -> np.ndarray:
    """float32[candidates, features + buckets]: the bits and the decision's row, one-hot."""
    bits = feature_bits(design.words).astype(np.float32)
    onehot = np.zeros((len(bits), L.LEARNED_BUCKETS), dtype=np.float32)
    onehot[np.arange(len(bits)), design.bucket] = 1
    return np.hstack([bits, onehot])


def fit_network(design: Design, hidden: int, l2: float, l2_net: float, iterations: int = 400, seed: int = 0):
    """Linear rows (as the shipped fit) plus v . relu(W x + b), fitted jointly."""
    from scipy.optimize import minimize

    matrix = design_matrix(design)
    transposed = matrix.T.tocsr()
    x = network_inputs(design)
    n_lin = matrix.shape[1]
    n_in = x.shape[1]
    target = _segment_softmax(design.values / TAU, design.start)
    n = design.decisions
    rng = np.random.default_rng(seed)
    w_in = rng.normal(0, 1 / np.sqrt(8), (n_in, hidden))
    theta0 = np.concatenate([np.zeros(n_lin), w_in.ravel(), np.zeros(hidden), rng.normal(0, 0.1, hidden)])

    def unpack(theta):
        a = theta[:n_lin]
        w = theta[n_lin:n_lin + n_in * hidden].reshape(n_in, hidden)
        b = theta[n_lin + n_in * hidden:n_lin + n_in * hidden + hidden]
        v = theta[n_lin + n_in * hidden + hidden:]
        return a, w, b, v

    def loss(theta):
        a, w, b, v = unpack(theta)
        pre = x @ w.astype(np.float32) + b.astype(np.float32)
        h = np.maximum(pre, 0)
        scores = matrix @ a + h @ v.astype(np.float32)
        p = _segment_softmax(scores.astype(np.float64), design.start)
        g = (p - target) / n
        value = -np.sum(target * np.log(np.maximum(p, 1e-300))) / n + l2 * a @ a + l2_net * (w.ravel() @ w.ravel() + v @ v)
        ga = transposed @ g + 2 * l2 * a
        gv = h.T @ g.astype(np.float32) + 2 * l2_net * v
        gh = np.outer(g.astype(np.float32), v.astype(np.float32)) * (pre > 0)
        gw = x.T @ gh + 2 * l2_net * w
        gb = gh.sum(axis=0)
        return value, np.concatenate([ga, gw.ravel().astype(np.float64), gb.astype(np.float64), gv.astype(np.float64)])

    result = minimize(loss, theta0, jac=True, method="L-BFGS-B", options={"maxiter": iterations, "gtol": 1e-8})
    return unpack(result.x)


# ------------------------------------------------------------------ measures
def chosen_by(scores: np.ndarray, design: Design) -> np.ndarray:
    out = np.zeros(design.decisions, dtype=np.int64)
    for d in range(design.decisions):
        a, b = design.start[d], design.start[d + 1]
        out[d] = a + int(np.argmax(scores[a:b]))
    return out


def regret_of(scores: np.ndarray, design: Design) -> np.ndarray:
    best = np.maximum.reduceat(design.values, design.start[:-1])
    return best - design.values[chosen_by(scores, design)]


def linear_scores(design: Design, weights: np.ndarray) -> np.ndarray:
    bits = feature_bits(design.words).astype(np.float64)
    return np.einsum("cf,cf->c", bits, weights[design.bucket])


def paired_ci(difference: np.ndarray, deals: np.ndarray) -> tuple[float, float]:
    """Mean of ``difference`` a decision, and its 95% half-width with deals as clusters."""
    keys, inverse = np.unique(deals, return_inverse=True)
    totals = np.bincount(inverse, weights=difference)
    counts = np.bincount(inverse).astype(float)
    ratio = totals.sum() / counts.sum()
    residual = totals - ratio * counts
    j = len(keys)
    se = np.sqrt(j / (j - 1) * np.sum(residual ** 2)) / counts.sum()
    return ratio, 1.96 * se


def shipped_weights() -> np.ndarray:
    from spadille.kernel.quadrille.learned import file_weights, SHIPPED

    return np.asarray(file_weights(SHIPPED))


def main(argv: list[str]) -> None:
    positions_dir, cache = Path(argv[0]), Path(argv[1])
    global TRAIN_SETS
    TRAIN_SETS = [name for name in ("round 0", "all rounds") if name in os.environ.get("TRAIN", "round 0,all rounds")]
    wanted = argv[2:] or ["linear", "contract", "pairs", "mlp8", "mlp16"]
    data = load_designs(positions_dir, cache)
    held = data["held"].astype(bool)
    rounds = data["round"]
    tests = {"round 0": held & (rounds == 0), "all rounds": held}
    trains = {"round 0": ~held & (rounds == 0), "all rounds": ~held}
    test_designs = {name: subset(data, keep) for name, keep in tests.items()}
    test_contract = {name: data["contract"][keep] for name, keep in tests.items()}
    test_deals = {name: data["deal"][keep] * 4 + rounds[keep] for name, keep in tests.items()}
    test_roles = {name: d.bucket[d.start[:-1]] // L.LEARNED_SLOTS for name, d in test_designs.items()}
    shipped = shipped_weights()
    base = {name: regret_of(linear_scores(d, shipped), d) for name, d in test_designs.items()}
    lowest = {name: regret_of(-np.arange(len(d.values), dtype=float), d) for name, d in test_designs.items()}
    rows = []

    def report(label: str, test_name: str, regret: np.ndarray) -> None:
        roles = test_roles[test_name]
        line = {"candidate": label, "test": test_name, "n": len(regret)}
        mean = regret.mean()
        diff, half = paired_ci(regret - base[test_name], test_deals[test_name])
        line["all"] = f"{mean:.4f} ({diff:+.4f} ±{half:.4f})"
        for role in range(L.N_ROLES):
            mask = roles == role
            r_diff, r_half = paired_ci((regret - base[test_name])[mask], test_deals[test_name][mask])
            line[ROLE_NAMES[role]] = f"{regret[mask].mean():.4f} ({r_diff:+.4f} ±{r_half:.4f}) n={mask.sum()}"
        rows.append(line)
        print(" | ".join(str(v) for v in line.values()), flush=True)

    for name in tests:
        report("shipped", name, base[name])
        report("lowest", name, lowest[name])
    for candidate in wanted:
        for train_name in TRAIN_SETS:
            started = time.process_time()
            train = subset(data, trains[train_name])
            train_contract = data["contract"][trains[train_name]]
            if candidate == "linear":
                weights = fit(train)
                score = {n: linear_scores(d, weights) for n, d in test_designs.items()}
            elif candidate == "contract":
                w = fit_sparse(contract_matrix(train, train_contract), train, 1e-3)
                score = {n: contract_matrix(d, test_contract[n]) @ w for n, d in test_designs.items()}
            elif candidate == "pairs":
                matrix, used = pairs_matrix(train)
                w = fit_sparse(matrix, train, 1e-3)
                score = {n: pairs_matrix(d, used)[0] @ w for n, d in test_designs.items()}
            elif candidate.startswith("mlp"):
                hidden = int(candidate[3:])
                a, wi, b, v = fit_network(train, hidden, 1e-3, 1e-4)
                score = {}
                for n, d in test_designs.items():
                    h = np.maximum(network_inputs(d) @ wi.astype(np.float32) + b.astype(np.float32), 0)
                    score[n] = design_matrix(d) @ a + h @ v
            else:
                raise SystemExit(f"Error: unknown candidate {candidate}")
            seconds = time.process_time() - started
            for n, d in test_designs.items():
                report(f"{candidate} ({train_name} train, {seconds:.0f} s)", n, regret_of(score[n], d))
    import pandas as pd
    pd.DataFrame(rows).to_csv(cache / f"scorers-{'-'.join(wanted)}.csv", index=False)


if __name__ == "__main__":
    main(sys.argv[1:])
