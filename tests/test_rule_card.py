"""The distilled rule card: fitted on one map, scored on a map of other deals; its rules cover
every hand once and say what the tree does, and its regret is the pooled paired loss against
each class's best bid (checked against a direct sum over the map's cells)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.map_actions import K_N, K_SUM
from spadille.analyses.quadrille.rule_card import _conditions, _rows, fit_rule_card

DEALS = 15_000


@pytest.fixture(scope="module")
def maps(ruleset, heuristic4):
    train = dm.decision_map(ruleset, heuristic4, DEALS, 5)
    test = dm.decision_map(ruleset, heuristic4, DEALS, 5, first_deal=DEALS)   # other deals of the same seed
    return train, test


@pytest.fixture(scope="module")
def card(maps):
    return fit_rule_card(*maps, max_leaves=10)


def _rule_of(card, features):
    matches = [i for i, (bounds, _) in enumerate(card.bounds)
               if all(low <= value <= high for value, (low, high) in zip(features, bounds.values()))]
    assert len(matches) == 1, (features, matches)
    return matches[0]


def test_every_hand_falls_under_exactly_one_rule_and_gets_the_trees_bid(maps, card):
    _, test = maps
    x, _, _, _ = _rows(test)
    predicted = card.tree.predict(x)
    bids = test.layout.bids
    for features, label in zip(x, predicted):
        assert card.actions[_rule_of(card, features)] == bids[int(label)]
    assert 1 <= len(card.rules) <= card.leaves <= 10
    assert all(rule.endswith(".") and ": " in rule for rule in card.rules)


def test_accuracy_and_regret_are_those_of_the_held_out_map(maps, card):
    _, test = maps
    layout = test.layout
    x, means, hands, cells = _rows(test)
    chosen = card.tree.predict(x).astype(int)
    best = means.argmax(axis=1)
    index = [layout.index(b) for b in layout.bids]
    lost = sum(int(c[K_SUM + index[b]]) - int(c[K_SUM + index[k]]) for c, b, k in zip(cells, best, chosen))
    assert card.n == int(cells[:, K_N].sum()) == DEALS * 4
    assert card.regret == pytest.approx(lost / card.n, rel=1e-12)
    same = means[np.arange(len(best)), chosen] == means[np.arange(len(best)), best]
    assert card.accuracy == pytest.approx(hands[same].sum() / hands.sum())
    assert card.regret_low <= card.regret <= card.regret_high
    assert 0.0 <= card.regret < card.pass_regret     # the card keeps most of what bidding is worth


def test_the_card_is_reproducible(maps):
    first, second = fit_rule_card(*maps, max_leaves=10), fit_rule_card(*maps, max_leaves=10)
    assert first.rules == second.rules and first.regret == second.regret
    assert not math.isnan(first.accuracy)


def test_conditions_read_as_a_player_counts():
    seats = ("eldest", "second", "third", "dealer")
    inf = math.inf
    bounds = {"auction": [-inf, inf], "matadors": [-inf, 1], "trumps": [7, inf], "kings": [-inf, 0],
              "voids": [-inf, inf], "seat": [3, inf]}
    assert _conditions(bounds, seats) == "With 0–1 true matadors, 7 or more trumps, no side kings, seat dealer"
    bounds = {"auction": [1, inf], "trumps": [6, inf]}
    assert _conditions(bounds, seats) == "When someone has bid or the highest bid is made, with 6 or more trumps"
    assert _conditions({"auction": [-inf, 0]}, seats) == "When nobody has bid yet"
    bounds = {"matadors": [3, inf], "trumps": [-inf, 4], "kings": [-inf, 1], "voids": [1, 1], "seat": [0, 1]}
    assert _conditions(bounds, seats) == "With 3 true matadors, at most 4 trumps, at most 1 side king, 1 void, seat eldest or second"
    assert _conditions({"matadors": [-inf, inf]}, seats) == "Always"
