"""The exact odds of `odds quadrille`: what one hand holds as dealt, by hypergeometric counting.

Each feature counts the cards of one set in the hand: the trumps of a suit (its cards with
spadille and basto, as the kernel's ``trumps`` counts them), the true matadors of a suit
(spadille, its manille, basto) and the kings. The sets are read from the kernel itself: a card
belongs to a feature's set when the feature counts it in a hand of that card alone, so the odds
follow the ruleset (its pack, its hand size, its removed suit). P(k of the set) = C(S, k)
C(N - S, h - k) / C(N, h): N cards in the pack, h in a hand, S in the set.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

DISPLAY_SUITS = {0: "♠", 1: "♣", 2: "♥", 3: "♦"}


def pack_and_hand(ruleset: Ruleset) -> tuple[int, int]:
    """(the pack as a natural mask, the cards in a hand) under ``ruleset``."""
    from spadille.kernel.quadrille.tables import rule_vector

    rules = rule_vector(ruleset)
    return int(rules[L.R_PACK_MASK]), int(rules[L.R_HAND])


def counted_set(ruleset: Ruleset, feature: str, suit: int | None) -> int:
    """The cards of the pack that ``feature`` counts, read from the kernel one card at a time."""
    from spadille.kernel.quadrille import features as F

    pack, _ = pack_and_hand(ruleset)
    singles = np.array([np.uint64(1 << c) for c in range(cards.N_CARDS)], dtype=np.uint64)
    counted = F.FEATURES[feature].compute(singles, suit, ruleset)
    return sum(1 << c for c in range(cards.N_CARDS) if counted[c] and pack >> c & 1)


def distribution(pack_size: int, hand: int, in_set: int) -> list[Fraction]:
    """P(k cards of a set of ``in_set``) for k = 0..min(in_set, hand)."""
    total = comb(pack_size, hand)
    return [Fraction(comb(in_set, k) * comb(pack_size - in_set, hand - k), total) for k in range(min(in_set, hand) + 1)]


def odds_frame(ruleset: Ruleset) -> pd.DataFrame:
    """One row per count k, one column per feature: the chance a hand as dealt holds exactly k."""
    from spadille.kernel.quadrille.tables import suits_in_pack

    pack, hand = pack_and_hand(ruleset)
    size = bin(pack).count("1")
    columns: dict[str, list[Fraction]] = {}
    suits = suits_in_pack(ruleset)
    for label, suit in (("a red suit", next((s for s in cards.RED_SUITS if s in suits), None)),
                        ("a black suit", next((s for s in cards.BLACK_SUITS if s in suits), None))):
        if suit is None:
            continue
        trumps = bin(counted_set(ruleset, "trumps", suit)).count("1")
        columns[f"trumps, {label} ({DISPLAY_SUITS[suit]}, {trumps})"] = distribution(size, hand, trumps)
        matadors = distribution(size, hand, bin(counted_set(ruleset, "true_matadors", suit)).count("1"))
        if matadors not in columns.values():             # the same three cards' count in every suit
            columns["true matadors"] = matadors
    columns["kings"] = distribution(size, hand, bin(counted_set(ruleset, "kings", None)).count("1"))
    longest = max(len(v) for v in columns.values())
    rows = []
    for k in range(longest):
        row = {"held": k}
        for name, chances in columns.items():
            row[name] = float(chances[k]) if k < len(chances) else float("nan")
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame.attrs = {"pack": size, "hand": hand,
                   "means": {name: float(sum(k * p for k, p in enumerate(chances))) for name, chances in columns.items()}}
    return frame
