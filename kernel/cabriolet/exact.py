"""Exact odds of the card game by enumeration and counting.

* Per hand: all C(32, 5) = 201,376 hands are enumerated once (``enumerate_hands``); the chance
  that one player's hand holds each case does not depend on the number of players.
* At the table (n players): closed forms where the holding is made of one rank, so that it
  depends only on where the four cards of that rank fall among the n hands of five and the
  32 - 5n undealt cards: someone holds it, and two or more players hold it (an opposition).
  Three jacks and four aces can be held by one player at most. The holdings made of several
  ranks (mariage légitime, confiance, confidence, infidélité) are left to the Monte Carlo.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np

from .cards import kernel_masks
from .cases import HOLDINGS
from .ruleset import CabrioletRuleset

N_HANDS = comb(32, 5)
_RANK_OF_PAIR = {"conference": "K", "secret": "Q", "confidens": "J"}


@dataclass(frozen=True)
class HandOdds:
    """Counts of hands (out of ``total``) holding each case; ``any_count`` holds at least one
    figure case; ``histogram`` int64[1024] counts hands by their case bits."""

    counts: dict[str, int]
    total: int
    any_count: int
    histogram: np.ndarray

    def probability(self, holding: str) -> Fraction:
        return Fraction(self.counts[holding], self.total)


@lru_cache(maxsize=8)
def _histogram(confiance_same_suit: bool, parts_of_mariage: bool) -> np.ndarray:
    from ._deal import enumerate_hands

    ranks, suits = kernel_masks()
    histogram = np.zeros(1024, dtype=np.int64)
    enumerate_hands(ranks, suits, int(confiance_same_suit), int(parts_of_mariage), histogram)
    histogram.setflags(write=False)
    return histogram


def hand_odds(ruleset: CabrioletRuleset) -> HandOdds:
    histogram = _histogram(ruleset["cases.confiance_same_suit"], ruleset["cases.parts_of_mariage"])
    bits = np.arange(1024)
    counts = {}
    for index, name in enumerate(HOLDINGS):
        bit = 9 if name == "quatre_as" else index
        counts[name] = int(histogram[(bits >> bit) & 1 == 1].sum())
    any_count = int(histogram[(bits & 0xFF) != 0].sum())
    return HandOdds(counts, int(histogram.sum()), any_count, histogram)


def _no_hand_has_two(n_players: int) -> Fraction:
    """P(no hand holds two or more of the four cards of one rank)."""
    rest = 32 - 5 * n_players
    ways = sum(comb(n_players, j) * 5 ** j * comb(rest, 4 - j) for j in range(0, min(4, n_players) + 1))
    return Fraction(ways, comb(32, 4))


def table_odds(ruleset: CabrioletRuleset, n_players: int) -> dict[str, tuple[Fraction | None, Fraction | None]]:
    """holding -> (P(someone holds it), P(two or more hold it)) at a table of ``n_players``;
    None where no closed form is computed here (the Monte Carlo gives those)."""
    ruleset.check_players(n_players)
    hands = hand_odds(ruleset)
    out: dict[str, tuple[Fraction | None, Fraction | None]] = {}
    two_pairs = Fraction(comb(n_players, 2) * comb(5, 2) ** 2, comb(32, 4))  # two hands with two each
    for name in HOLDINGS:
        if name in ("cabriolet", "quatre_as"):
            out[name] = (n_players * hands.probability(name), Fraction(0))
        elif name in _RANK_OF_PAIR:
            out[name] = (1 - _no_hand_has_two(n_players), two_pairs)
        else:
            out[name] = (None, None)
    return out
