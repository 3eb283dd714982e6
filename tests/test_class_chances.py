"""The exact chance of each hand class of the maps (analyses/quadrille/class_chances.py)."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from spadille.analyses.paired import rate_ci
from spadille.analyses.quadrille.class_chances import class_chances, possible
from spadille.analyses.quadrille.decision_maps import TRUMPS_TOP, hand_classes
from spadille.kernel.quadrille.conditions import deal_conditioned
from spadille.kernel.quadrille.ruleset import load_ruleset

RULESET = load_ruleset("encyclopedie-1765")


def test_the_chances_sum_to_one_and_leave_out_the_classes_no_hand_is_of():
    chances = class_chances(RULESET)
    assert sum(chances.values()) == 1
    # Pigeonholes: ten cards fill ten suit places, and spadille and basto three more each (they are
    # trumps in every suit), so the best suit holds at least ceil(places / 4) trumps.
    fewest = {0: 3, 1: 3, 2: 4, 3: 4}   # 1 true matador may be a manille alone: ten places, at least 3
    for matadors, least in fewest.items():
        assert not possible(RULESET, matadors, least - 1)
        assert possible(RULESET, matadors, least)
    assert all(0 <= m <= 3 and fewest[m] <= t <= TRUMPS_TOP for m, t in chances)


def test_a_hand_without_any_matador_is_at_least_that_often_of_no_true_matador():
    # holding none of spadille, basto and the four manilles (34 other cards) puts the hand in a
    # class of 0 true matadors whatever its best suit; a hand of that class holds neither black ace
    no_matador = sum(p for (m, _), p in class_chances(RULESET).items() if m == 0)
    assert Fraction(comb(34, 10), comb(40, 10)) < no_matador < Fraction(comb(38, 10), comb(40, 10))


def test_the_chances_agree_with_dealt_hands():
    dealt = deal_conditioned(RULESET, 3, 40_000)
    classes = hand_classes(dealt.hands[:, 0], RULESET)
    found = np.array(list(zip(classes["matadors"].tolist(), classes["trumps"].tolist())))
    for (matadors, trumps), chance in class_chances(RULESET).items():
        share = (found[:, 0] == matadors) & (found[:, 1] == trumps)
        _, low, high = rate_ci(share)
        assert low - 1e-3 <= float(chance) <= high + 1e-3, (matadors, trumps, float(chance), low, high)


@pytest.mark.parametrize("name", ["encyclopedie-1765"])
def test_a_ruleset_is_computed_once(name):
    ruleset = load_ruleset(name)
    assert class_chances(ruleset) is class_chances(ruleset)
