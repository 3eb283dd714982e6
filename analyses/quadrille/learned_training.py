"""Fitting the learned player's weights to pimc's card values (analyses/quadrille/learned_data.py).

Each training position is one decision: the classes of equal legal cards, each with its feature
word (kernel/quadrille/_learned.py, the very words the player scores) and pimc's average value of
its lowest card. A card's score is the sum of two weights for each of its set bits: one of its
decision's row (role, place in the trick) and one shared by every role at that place, so that a
role with few positions (the forced ombre) borrows from the others; the shipped row is their sum.

The loss is listwise: the player's choice as a softmax over the classes' scores, fitted to pimc's
preference, the softmax of the values at temperature ``tau`` (a card worth a tenth of a trick less
than the best in pimc's eyes gets ``exp(-0.1 / tau)`` of its weight), by cross-entropy, averaged
over decisions, plus an L2 penalty. A decision where pimc values every class alike teaches nothing
and is left out. The fit is scipy's L-BFGS from zero weights on a sparse design matrix: the same
positions give the same weights. ``regret`` measures a set of weights on held-out positions:
the mean of pimc's best value less the value of the card the weights choose.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from spadille.kernel.quadrille import layout as L

MAX_CLASSES = 10
WORDS = 3           # feature words a candidate (_learned.candidate_features)
SPREAD = 1e-6      # a decision whose values differ by less teaches nothing


@dataclass
class Design:
    """The training positions as the scorer sees them: one row a class of equal legal cards."""

    words: np.ndarray       # uint64[candidates, WORDS]: the feature words of each class
    bucket: np.ndarray      # int64[candidates]: the decision's row of weights
    values: np.ndarray      # float64[candidates]: pimc's value of the class (side totals; larger is better for the player)
    start: np.ndarray       # int64[decisions + 1]: each decision's first candidate
    position: np.ndarray    # int64[candidates]: the ordered position of the class's lowest card
    decision: np.ndarray    # int64[decisions]: the index of the decision among the positions given

    @property
    def decisions(self) -> int:
        return len(self.start) - 1


def load_positions(files: Sequence[Path]) -> dict[str, np.ndarray]:
    """The positions of every block file, concatenated in the order given."""
    parts = [read_block(path) for path in files]
    if not parts:
        raise ValueError("no training positions")
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def read_block(path: Path) -> dict[str, np.ndarray]:
    """One block file's positions (learned_data.FIELDS), their observations at today's length."""
    block = dict(np.load(path))
    block["obs"] = _full_observation(block["obs"])
    return block


def _full_observation(obs: np.ndarray) -> np.ndarray:
    """``obs`` with every entry of today's observation: positions kept before it carried each seat's
    leads (layout.O_LAST_LEAD on) read as if nobody had led yet. The learned player's features never
    read those entries; strong's rule of keeping a suit does, so strong's held-out regret on such
    positions is that of strong without it."""
    if obs.shape[1] >= L.N_OBS:
        return obs
    full = np.zeros((len(obs), L.N_OBS), dtype=obs.dtype)
    full[:, :obs.shape[1]] = obs
    for first in (L.O_LAST_LEAD, L.O_LAST_LEAD_TRICK):
        if first >= obs.shape[1]:
            full[:, first:first + L.MAX_SEATS] = -1
    return full


def _tables(ruleset_names: Sequence[str]):
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.tables import build_tables

    return [build_tables(load_ruleset(name)) for name in ruleset_names]


def featurize(positions: dict[str, np.ndarray], ruleset_names: Sequence[str], keep_flat: bool = False) -> Design:
    """The design of ``positions`` (learned_data.FIELDS): classes, words and pimc's values, seen
    from the deciding player (the defence's values are the side's totals negated)."""
    from spadille.kernel.quadrille._learned import decision_features

    tables = _tables(ruleset_names)
    obs = positions["obs"]
    n = len(obs)
    words = np.zeros((n, MAX_CLASSES, WORDS), dtype=np.uint64)
    cards = np.zeros((n, MAX_CLASSES), dtype=np.int64)
    buckets = np.zeros(n, dtype=np.int64)
    counts = np.zeros(n, dtype=np.int64)
    for index in range(n):
        t = tables[int(positions["ruleset"][index])]
        trump = int(obs[index, L.O_TRUMP])
        pack = np.bitwise_or.reduce(t.block_mask[trump])
        buckets[index], counts[index] = decision_features(obs[index], positions["hand"][index], positions["legal"][index],
                                                          pack, t.block_of_pos, t.block_mask, words[index], cards[index])
    signs = decider_signs(obs)
    labels = positions["labels"].astype(np.float64)
    keep = []
    for index in range(n):
        k = counts[index]
        if k < 2 and not keep_flat:
            continue
        values = labels[index, cards[index, :k]]
        if np.isnan(values).any():
            continue
        if not keep_flat and values.max() - values.min() < SPREAD:
            continue
        keep.append(index)
    keep = np.array(keep, dtype=np.int64)
    sizes = counts[keep]
    start = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    mask = np.arange(MAX_CLASSES)[None, :] < sizes[:, None]
    flat_cards = cards[keep][mask]
    decision_of = np.repeat(keep, sizes)
    return Design(words[keep][mask], np.repeat(buckets[keep], sizes), labels[decision_of, flat_cards] * signs[decision_of],
                  start, flat_cards, keep)


def decider_signs(obs: np.ndarray) -> np.ndarray:
    """+1.0 for each position (observation row) decided by the ombre's side, -1.0 by a defender: pimc's
    values are the side's totals, so a defender's are negated to be larger where better for him."""
    from spadille.kernel.quadrille._card_play import role_of

    return np.array([-1.0 if role_of(row) in (L.ROLE_DEFENDER_CALLED, L.ROLE_DEFENDER_ALONE) else 1.0 for row in obs])


def feature_bits(words: np.ndarray) -> np.ndarray:
    """uint8[candidates, LEARNED_FEATURES]: bit i of the words (the first word's bits, then the second's)."""
    return np.unpackbits(np.ascontiguousarray(words).view(np.uint8).reshape(len(words), -1), axis=1, bitorder="little")


def design_matrix(design: Design):
    """Sparse (candidates x weights): each set bit of a word selects its row's weight and the weight
    shared by its place in the trick (after the LEARNED_BUCKETS rows)."""
    from scipy import sparse

    rows, features = np.nonzero(feature_bits(design.words))
    bucket = design.bucket[rows]
    own = bucket * L.LEARNED_FEATURES + features
    shared = (L.LEARNED_BUCKETS + bucket % L.LEARNED_SLOTS) * L.LEARNED_FEATURES + features
    n_weights = (L.LEARNED_BUCKETS + L.LEARNED_SLOTS) * L.LEARNED_FEATURES
    data = np.ones(2 * len(rows))
    return sparse.csr_matrix((data, (np.concatenate([rows, rows]), np.concatenate([own, shared]))),
                             shape=(len(design.words), n_weights))


def _segment_softmax(scores: np.ndarray, start: np.ndarray) -> np.ndarray:
    top = np.maximum.reduceat(scores, start[:-1])
    sizes = np.diff(start)
    shifted = np.exp(scores - np.repeat(top, sizes))
    return shifted / np.repeat(np.add.reduceat(shifted, start[:-1]), sizes)


def fit(design: Design, tau: float = 0.1, l2: float = 1e-3, l2_network: float = 1e-4, iterations: int = 500,
        seed: int = 0, network: bool = False, roles: Sequence[str] | None = None) -> np.ndarray:
    """Every learned number (L.LEARNED_SIZE, learned.LearnedFile.parameters' order) fitted to
    ``design`` (see the module): the linear rows, and with ``network`` the network's input rows, bias
    rows and output weights too, drawn at first from ``seed`` (the linear rows from zero). ``roles``
    (card_rules.ROLES' names; None: every role) are those that play the network: the network is fitted
    with the rows on every decision as before, and the rows of those roles are that fit's; the other
    roles' rows are the linear fit's (the very rows of the same fit without ``network``), their bias
    rows zero and their flags off, so that they play as the file of rows alone."""
    from spadille.kernel.quadrille.card_rules import ROLES

    matrix = design_matrix(design)
    transposed = matrix.T.tocsr()
    rows = L.LEARNED_BUCKETS * L.LEARNED_FEATURES
    if not network:
        return np.concatenate([fold(fit_listwise(design, matrix, transposed, tau, l2, iterations)).ravel(),
                               np.zeros(L.LEARNED_SIZE - rows)])
    joint = _fit_network(design, matrix, transposed, tau, l2, l2_network, iterations, seed)
    if roles is None or set(roles) >= set(ROLES):
        return joint
    on = np.repeat([role in roles for role in ROLES], L.LEARNED_SLOTS)
    linear = fold(fit_listwise(design, matrix, transposed, tau, l2, iterations))
    out = joint.copy()
    out[:rows].reshape(L.LEARNED_BUCKETS, L.LEARNED_FEATURES)[~on] = linear[~on]
    bias = L.LEARNED_NET_BIAS - L.LEARNED_WEIGHTS
    out[bias:bias + L.LEARNED_BUCKETS * L.LEARNED_HIDDEN].reshape(L.LEARNED_BUCKETS, L.LEARNED_HIDDEN)[~on] = 0.0
    out[L.LEARNED_NET_ON - L.LEARNED_WEIGHTS:] = on.astype(np.float64)
    return out


def _fit_network(design: Design, matrix, transposed, tau: float, l2: float, l2_network: float, iterations: int,
                 seed: int) -> np.ndarray:
    """The rows and the network fitted together on every decision, every flag on (fit's ``network``)."""
    from scipy import sparse
    from scipy.optimize import minimize

    bits = bit_matrix(design)
    bits_transposed = bits.T.tocsr()
    buckets_transposed = sparse.csr_matrix((np.ones(len(design.bucket)), (design.bucket, np.arange(len(design.bucket)))),
                                           shape=(L.LEARNED_BUCKETS, len(design.bucket)))
    hidden = L.LEARNED_HIDDEN
    n_linear, n_input, n_bias = matrix.shape[1], L.LEARNED_FEATURES * hidden, L.LEARNED_BUCKETS * hidden
    target = _segment_softmax(design.values / tau, design.start)
    n = design.decisions
    rng = np.random.default_rng(seed)
    start = np.concatenate([np.zeros(n_linear), rng.normal(0.0, 8 ** -0.5, n_input), np.zeros(n_bias),
                            rng.normal(0.0, 0.1, hidden)])

    def loss(theta):
        linear, inputs, biases, output = _unpack(theta, n_linear)
        before = bits @ inputs + biases[design.bucket]
        units = np.maximum(before, 0.0)
        p = _segment_softmax(matrix @ linear + units @ output, design.start)
        g = (p - target) / n
        network = theta[n_linear:]
        value = -np.sum(target * np.log(np.maximum(p, 1e-300))) / n + l2 * linear @ linear \
            + l2_network * network @ network
        g_units = np.outer(g, output) * (before > 0)
        gradient = np.concatenate([transposed @ g, (bits_transposed @ g_units).ravel(),
                                   (buckets_transposed @ g_units).ravel(), units.T @ g])
        gradient[:n_linear] += 2 * l2 * linear
        gradient[n_linear:] += 2 * l2_network * network
        return value, gradient

    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": iterations, "gtol": 1e-7})
    return np.concatenate([fold(result.x[:n_linear]).ravel(), result.x[n_linear:],
                           np.ones(L.LEARNED_BUCKETS)])   # every bucket's flag on: L.LEARNED_NET_ON


def fit_listwise(design: Design, matrix, transposed, tau: float = 0.1, l2: float = 1e-3,
                 iterations: int = 500) -> np.ndarray:
    """The weights of the columns of ``matrix`` (candidates x weights; ``transposed`` its transpose, in
    CSR) that minimize the listwise loss plus ``l2`` times their squares, from zero."""
    from scipy.optimize import minimize

    target = _segment_softmax(design.values / tau, design.start)
    n = design.decisions

    def loss(w):
        p = _segment_softmax(matrix @ w, design.start)
        value = -np.sum(target * np.log(np.maximum(p, 1e-300))) / n + l2 * w @ w
        return value, transposed @ (p - target) / n + 2 * l2 * w

    result = minimize(loss, np.zeros(matrix.shape[1]), jac=True, method="L-BFGS-B",
                      options={"maxiter": iterations, "gtol": 1e-7})
    return result.x


def _unpack(theta: np.ndarray, n_linear: int):
    hidden = L.LEARNED_HIDDEN
    inputs = theta[n_linear:n_linear + L.LEARNED_FEATURES * hidden].reshape(L.LEARNED_FEATURES, hidden)
    at = n_linear + L.LEARNED_FEATURES * hidden
    biases = theta[at:at + L.LEARNED_BUCKETS * hidden].reshape(L.LEARNED_BUCKETS, hidden)
    return theta[:n_linear], inputs, biases, theta[at + L.LEARNED_BUCKETS * hidden:]


def bit_matrix(design: Design):
    """Sparse (candidates x LEARNED_FEATURES): the feature bits of each candidate."""
    from scipy import sparse

    return sparse.csr_matrix(feature_bits(design.words).astype(np.float64))


def fold(w: np.ndarray) -> np.ndarray:
    """The shipped rows: each row's own weights plus the weights shared by its place in the trick."""
    w = w.reshape(L.LEARNED_BUCKETS + L.LEARNED_SLOTS, L.LEARNED_FEATURES)
    own, shared = w[:L.LEARNED_BUCKETS], w[L.LEARNED_BUCKETS:]
    return own + shared[np.arange(L.LEARNED_BUCKETS) % L.LEARNED_SLOTS]


def scores(design: Design, parameters: np.ndarray) -> np.ndarray:
    """Each candidate's score under ``parameters`` (L.LEARNED_SIZE numbers): the player's, but for
    the order of the additions."""
    rows = L.LEARNED_BUCKETS * L.LEARNED_FEATURES
    parameters = np.asarray(parameters, dtype=np.float64).ravel()
    weights = parameters[:rows].reshape(L.LEARNED_BUCKETS, L.LEARNED_FEATURES)
    _, inputs, biases, output = _unpack(parameters[rows:-L.LEARNED_BUCKETS], 0)
    on = parameters[-L.LEARNED_BUCKETS:] != 0.0   # each bucket's flag (L.LEARNED_NET_ON)
    bits = bit_matrix(design)
    linear = np.asarray(bits.multiply(weights[design.bucket]).sum(axis=1)).ravel()
    if not on.any():   # no network
        return linear
    return linear + np.where(on[design.bucket], np.maximum(bits @ inputs + biases[design.bucket], 0.0) @ output, 0.0)


def choices(design: Design, parameters: np.ndarray) -> np.ndarray:
    """The candidate each decision's numbers choose (the kernel's rule: best score, lowest card on a tie)."""
    return best_candidates(design, scores(design, parameters))


def best_candidates(design: Design, score: np.ndarray) -> np.ndarray:
    """The candidate of each decision with the highest ``score`` (one a candidate), the lowest card on
    a tie: classes come lowest first, and argmax takes the first best."""
    chosen = np.zeros(design.decisions, dtype=np.int64)
    for d in range(design.decisions):
        a, b = design.start[d], design.start[d + 1]
        chosen[d] = a + int(np.argmax(score[a:b]))
    return chosen


def regret(design: Design, chosen: np.ndarray) -> np.ndarray:
    """pimc's best value less the value of the chosen candidate, per decision."""
    best = np.maximum.reduceat(design.values, design.start[:-1])
    return best - design.values[chosen]
