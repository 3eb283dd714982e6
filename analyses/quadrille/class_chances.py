"""The exact chance that a dealt hand falls in each class of the maps: (true matadors, trumps) of
its best suit (decision_maps.hand_classes, trumps top-coded at TRUMPS_TOP).

best_suit, trumps and true_matadors read a hand only through how many cards it holds of each
suit's trumps and each suit's true matadors, so the chance is a finite sum over those counts
(analyses/quadrille/claims/hand_counts.py), not an estimate. Some classes cannot be dealt at all: spadille
and basto are trumps in every suit, so a hand holding them has at least four trumps in its best
suit (ten cards, sixteen suit places over four suits), and "3 trumps with 2 true matadors" is no
hand. A rule's hands one trump short of its threshold may be such a class."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

_CHANCES: dict[str, dict[tuple[int, int], Fraction]] = {}


def class_chances(ruleset: Ruleset) -> dict[tuple[int, int], Fraction]:
    """{(true matadors, trumps): the chance a dealt hand is of that class}, only the classes some
    hand is of; the chances sum to 1. Computed once per ruleset text."""
    if ruleset.text not in _CHANCES:
        from spadille.analyses.quadrille.claims.hand_counts import _feature_set, exact_distribution

        from .decision_maps import hand_classes

        sets = [_feature_set(ruleset, feature, suit) for feature in ("trumps", "true_matadors")
                for suit in range(len(cards.SUITS))]

        def read(hands: np.ndarray) -> list[tuple[int, int]]:
            classes = hand_classes(hands, ruleset)
            return list(zip(classes["matadors"].tolist(), classes["trumps"].tolist()))

        _CHANCES[ruleset.text] = exact_distribution(ruleset, read, sets)
    return _CHANCES[ruleset.text]


def possible(ruleset: Ruleset, matadors: int, trumps: int) -> bool:
    """Whether some dealt hand is of the class (trumps top-coded as in the maps)."""
    return class_chances(ruleset).get((matadors, trumps), Fraction(0)) > 0
