"""The dice game: which throw of three dice falls on which case (the ruleset's face map), and
the exact chance of each case over the 216 ordered throws.

Outcomes are indexed like ``cases.CASES`` (0..8), and ``OTHER`` (9) for every throw the map does
not name ("d'autres points que ceux qui sont marqués sur les cases": pay two jetons to the jeu).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np

from .cases import CASES
from .ruleset import CabrioletRuleset, parse_face_map

OTHER = len(CASES)
OUTCOMES = CASES + ("other",)
N_THROWS = 216

# What each case does at dice, as the text gives it (docs/cabriolet.md); for tables and reports.
EFFECTS = {
    "conference": "take the case",
    "confidence": "take one jeton from each player and throw again",
    "confiance": "take the case, and one jeton from each player",
    "confidens": "two jetons from each player: keep the even half, the rest to the jeu",
    "infidelite": "pay one jeton to each player and sit out two throws",
    "secret": "take one jeton from each case",
    "jeu": "take the jeu; every player stakes the jeu again",
    "mariage_legitime": "take the case, and two jetons from each player",
    "cabriolet": "the partie is won: take all nine cases",
    "other": "pay two jetons to the jeu",
}


def throw_code(d1: int, d2: int, d3: int) -> int:
    return (d1 - 1) * 36 + (d2 - 1) * 6 + (d3 - 1)


def throw_table(ruleset: CabrioletRuleset) -> np.ndarray:
    """int64[216]: the outcome of every ordered throw (``throw_code``)."""
    faces = parse_face_map(ruleset["dice.face_map"])
    table = np.full(N_THROWS, OTHER, dtype=np.int64)
    for d in product(range(1, 7), repeat=3):
        case = faces.get(tuple(sorted(d)))
        if case is not None:
            table[throw_code(*d)] = CASES.index(case)
    return table


def exact_throws(ruleset: CabrioletRuleset) -> dict[str, Fraction]:
    """Each outcome's exact probability, counting all 216 ordered throws."""
    counts = np.bincount(throw_table(ruleset), minlength=len(OUTCOMES))
    return {name: Fraction(int(counts[i]), N_THROWS) for i, name in enumerate(OUTCOMES)}
