"""A distilled rule card: the decision map's best bid, fitted with a shallow tree over the hand
features a player can count at the table, printed as numbered rules, and scored on deals it
was not fitted on.

Each of the map's finest classes (true matadors, trumps of the best suit, kings, voids, seat)
gives one training sample per bid: its features, the bid as the label, and as the weight the
jetons that bid earns over the class's worst bid, summed over the class's hands (cost-sensitive
classification by example weights). A leaf's weighted majority is then exactly the bid with the
highest pooled payment over the leaf's hands (the worst-bid term is the same for every label),
and scikit-learn's tree, grown best-first to at most ``max_leaves`` leaves, splits where a wrong
bid costs most jetons, not where hands are most numerous. (Fitted to the payments themselves, a
regression tree splits on the sans prendre's large swings, which rarely change the decision: on
300,000 + 300,000 deals its 8-leaf card lost 0.54 jetons a hand against the map, this one 0.20.)
Subtrees whose leaves all name one bid are printed as one rule.

It is scored on a second map of other deals: ``accuracy`` is the share of hands whose class's
best bid there is the card's, and ``regret`` the mean jetons a hand lost by following the card
instead of each class's best bid there, paired on the same deals, with its 95% interval (exact
integer sums of the two bids' payments, pooled over the classes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from spadille.analyses.stats import mean_interval
from spadille.kernel.quadrille.cards import SEAT_NAMES

from .decision_maps import AUCTION_WORDS, FEATURE_COLUMNS, FEATURE_SIZES, DecisionMapData
from .map_actions import K_N, K_SUM
from .map_cells import difference_range, difference_sums

FEATURE_WORDS = {"matadors": "true matadors", "trumps": "trumps", "kings": "side kings", "voids": "voids"}
MAX_LEAVES = 12


@dataclass
class RuleCard:
    rules: list[str]                  # "If ... : ask." in the tree's order
    actions: list[str]                # the bid of each rule
    accuracy: float                   # held-out share of hands whose class's best bid is the card's (or pays the same)
    regret: float                     # held-out jetons a hand lost against each class's best bid
    regret_low: float
    regret_high: float
    n: int                            # held-out hands
    pass_regret: float                # the same for "always pass", for scale
    leaves: int
    tree: object = field(repr=False, default=None)
    features: tuple[str, ...] = ()
    bounds: list = field(repr=False, default_factory=list)   # per rule: (bounds per feature, bid)

    def frame(self, metadata: dict | None = None) -> pd.DataFrame:
        out = pd.DataFrame({"rule": range(1, len(self.rules) + 1), "text": self.rules, "bid": self.actions})
        out.attrs = dict(metadata or {})
        return out

    def summary(self, metadata: dict | None = None) -> pd.DataFrame:
        out = pd.DataFrame([{"rules": len(self.rules), "held_out_hands": self.n, "accuracy": self.accuracy,
                             "regret": self.regret, "regret_ci_low": self.regret_low,
                             "regret_ci_high": self.regret_high, "always_pass_regret": self.pass_regret}])
        out.attrs = dict(metadata or {})
        return out


def _rows(data: DecisionMapData) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(features int[cells, 5], bid means float[cells, bids], hands int[cells], cell sums int64[cells, n_k])
    of every populated fine class, seat by seat."""
    layout = data.layout
    stats = data.stats                                  # [*FINE_SHAPE, seats, n_k]
    cells = stats.reshape(-1, stats.shape[-1])
    index = np.array(list(np.ndindex(*stats.shape[:-1])), dtype=np.int64)
    hands = cells[:, K_N]
    kept = hands > 0
    bids = [layout.index(b) for b in layout.bids]
    means = cells[kept][:, [K_SUM + b for b in bids]] / hands[kept, None]
    return index[kept], means, hands[kept], cells[kept]


def _leaves(tree, features: tuple[str, ...], bids: tuple[str, ...]) -> list[tuple[dict, str]]:
    """The tree's rules in its order: (bounds per feature, inclusive, of whole numbers; the bid)."""
    inner = tree.tree_

    def walk(node: int, bounds: dict[str, list[float]]) -> list[tuple[dict, str]]:
        if inner.children_left[node] == -1:
            return [(bounds, bids[int(tree.classes_[np.argmax(inner.value[node][0])])])]
        name, cut = features[inner.feature[node]], math.floor(inner.threshold[node])  # integers: x <= cut
        low, high = bounds[name]
        leaves = (walk(inner.children_left[node], {**bounds, name: [low, min(high, cut)]})
                  + walk(inner.children_right[node], {**bounds, name: [max(low, cut + 1), high]}))
        if len({bid for _, bid in leaves}) == 1:   # one bid under this node: one rule
            return [(bounds, leaves[0][1])]
        return leaves

    return walk(0, {name: [-math.inf, math.inf] for name in features})


def _bid_words(bid: str) -> str:
    from .verdicts import BID_WORDS

    return BID_WORDS.get(bid, bid)


def _conditions(bounds: dict[str, list[float]], seats: tuple[str, ...]) -> str:
    """"With 0–1 true matadors, 5 trumps, no side kings, seat dealer" (the features' own ranges
    closing open bounds: 0-3 true matadors, trumps top-coded at TRUMPS_TOP, 0-3 side kings, 0-3 voids)."""
    parts, when = [], ""
    for name, (low, high) in bounds.items():
        top = len(seats) - 1 if name == "seat" else FEATURE_SIZES[name] - 1
        low, high = max(0, low), min(top, high)
        if low == 0 and high == top:
            continue
        if name == "seat":
            parts.append("seat " + " or ".join(s for i, s in enumerate(seats) if low <= i <= high))
            continue
        if name == "auction":
            when = "When " + " or ".join(AUCTION_WORDS[int(level)] for level in range(int(low), int(high) + 1))
            continue
        word = FEATURE_WORDS[name]
        if name == "trumps" and high == top:
            parts.append(f"{int(low)} or more {word}")
        elif low == high == 0:
            parts.append(f"no {word}")
        elif low == high:
            parts.append(f"{int(low)} {_singular(word) if low == 1 else word}")
        elif high == top and name != "matadors":
            parts.append(f"{int(low)} or more {word}")
        elif low == 0 and name != "matadors":
            parts.append(f"at most {int(high)} {_singular(word) if high == 1 else word}")
        else:
            parts.append(f"{int(low)}–{int(high)} {word}")
    if when:
        return when + (", with " + ", ".join(parts) if parts else "")
    return ("With " + ", ".join(parts)) if parts else "Always"


def _singular(word: str) -> str:
    return word[:-1]   # "side kings" -> "side king", "voids" -> "void"


def fit_rule_card(train: DecisionMapData, test: DecisionMapData, max_leaves: int = MAX_LEAVES,
                  seed: int = 0) -> RuleCard:
    """Fit the card on ``train`` and score it on ``test`` (a map of other deals, same layout)."""
    from sklearn.tree import DecisionTreeClassifier

    if train.layout != test.layout:
        raise ValueError("the two maps must replay the same actions")
    features = (*FEATURE_COLUMNS, "seat")
    x, means, hands, _ = _rows(train)
    bids = train.layout.bids
    weights = (hands[:, None] * (means - means.min(axis=1, keepdims=True))).ravel()
    labels = np.tile(np.arange(len(bids)), len(x))
    kept = weights > 0
    tree = DecisionTreeClassifier(max_leaf_nodes=max_leaves, random_state=seed)
    tree.fit(np.repeat(x, len(bids), axis=0)[kept], labels[kept], sample_weight=weights[kept])
    seats = SEAT_NAMES[train.stats.shape[-2]]
    leaves = _leaves(tree, features, bids)
    rules = [_conditions(bounds, seats) + f": {_bid_words(bid)}." for bounds, bid in leaves]
    actions = [bid for _, bid in leaves]

    x_test, means_test, hands_test, cells_test = _rows(test)
    chosen = tree.predict(x_test).astype(np.int64)
    best = np.argmax(means_test, axis=1)
    n = int(hands_test.sum())
    rows = np.arange(len(best))
    agrees = means_test[rows, chosen] == means_test[rows, best]   # a tie (an ask no longer open is a pass) agrees
    accuracy = float(hands_test[agrees].sum() / n) if n else math.nan
    regret = _regret(test, cells_test, best, chosen)
    never = _regret(test, cells_test, best, np.zeros_like(best))
    return RuleCard(rules, actions, accuracy, *regret, n, never[0], int(tree.get_n_leaves()), tree, features, leaves)


def _regret(data: DecisionMapData, cells: np.ndarray, best: np.ndarray, chosen: np.ndarray) -> tuple[float, float, float]:
    """Pooled mean of (pay of the class's best bid - pay of the chosen bid), per hand, with its 95% interval."""
    layout = data.layout
    index = [layout.index(b) for b in layout.bids]
    n, total, squares = 0, 0, 0
    for cell, b, c in zip(cells, best, chosen):
        n += int(cell[K_N])
        if b != c:
            t, s = difference_sums(cell, index[b], index[c], layout)
            total, squares = total + t, squares + s
    bounds = difference_range(layout.pay_range)
    mean, _, low, high = mean_interval(n, total, squares, outcome_range=bounds) if n else (math.nan,) * 4
    return mean, low, high
