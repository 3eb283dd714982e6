"""Exact odds of the hand features that matter at Reversis, by hypergeometric counting.

A hand of ``n`` cards (11 dealt to each player, 12 to the dealer) from a pack of four suits of
``ranks`` cards each (48 for Reversis; smaller packs let the tests check every count by brute
force). The aces are one per suit; the quinola is ♥J and the little quinola (Hoyle) ♥Q. Counts
are exact integers over ``comb(4 * ranks, n)`` hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb


@dataclass(frozen=True)
class Feature:
    key: str
    label: str
    count: int
    hands: int

    @property
    def probability(self) -> float:
        return self.count / self.hands


def _by_aces_and_quinolas(n: int, ranks: int, quinolas: int) -> dict[tuple[int, int], int]:
    """Hands by (aces held, quinolas held) when ``quinolas`` named non-ace cards count as quinolas."""
    others = 4 * ranks - 4 - quinolas
    return {(a, q): comb(4, a) * comb(quinolas, q) * comb(others, n - a - q)
            for a in range(5) for q in range(quinolas + 1) if 0 <= n - a - q <= others}


def espagnolette_count(n: int, definition: str, ranks: int = 12) -> int:
    """dj ('aces-and-quinola'): three aces and the quinola, or four aces. hoyle: four aces, three
    aces and one quinola (♥J or ♥Q), or two aces and both quinolas."""
    if definition == "none":
        return 0
    if definition == "aces-and-quinola":
        table = _by_aces_and_quinolas(n, ranks, 1)
        return sum(c for (a, q), c in table.items() if a == 4 or (a >= 3 and q == 1))
    table = _by_aces_and_quinolas(n, ranks, 2)
    return sum(c for (a, q), c in table.items() if a == 4 or (a >= 3 and q >= 1) or (a >= 2 and q == 2))


def hand_features(n: int, ranks: int = 12) -> list[Feature]:
    """The features of one hand of ``n`` cards, each as an exact count."""
    pack = 4 * ranks
    hands = comb(pack, n)
    void_one = comb(pack - ranks, n)
    some_void = sum((-1) ** (k + 1) * comb(4, k) * comb(pack - k * ranks, n) for k in range(1, 5))
    features = [
        Feature("espagnolette_dj", "espagnolette, seed (3 aces + quinola, or 4 aces)",
                espagnolette_count(n, "aces-and-quinola", ranks), hands),
        Feature("espagnolette_hoyle", "espagnolette, Hoyle (4 aces, 3 + a quinola, 2 + ♥J ♥Q)", espagnolette_count(n, "hoyle", ranks), hands),
        Feature("void_spades", "void in a named suit", void_one, hands),
        Feature("some_void", "void in at least one suit", some_void, hands),
        Feature("no_hearts", "no hearts", void_one, hands),
        Feature("quinola", "holds the quinola", comb(pack - 1, n - 1), hands),
        Feature("quinola_alone", "the quinola alone of its hearts", comb(pack - ranks, n - 1), hands),
    ]
    features += [Feature(f"aces_{k}", f"exactly {k} ace{'s' if k != 1 else ''}",
                         comb(4, k) * comb(pack - 4, n - k), hands) for k in range(5)]
    return features


def features_of_hand(hand: set[int]) -> dict[str, bool]:
    """Which of ``hand_features``' features one hand of the 48-card pack has (keys as there)."""
    from .cards import ACE, HEARTS, LITTLE_QUINOLA, QUINOLA, rank_of, suit_of

    aces = sum(1 for c in hand if rank_of(c) == ACE)
    quinola = QUINOLA in hand
    quinolas = quinola + (LITTLE_QUINOLA in hand)
    suits = [sum(1 for c in hand if suit_of(c) == s) for s in range(4)]
    return {"espagnolette_dj": aces == 4 or (aces >= 3 and quinola),
            "espagnolette_hoyle": aces == 4 or (aces >= 3 and quinolas >= 1) or (aces >= 2 and quinolas == 2),
            "void_spades": suits[0] == 0, "some_void": 0 in suits, "no_hearts": suits[HEARTS] == 0,
            "quinola": quinola, "quinola_alone": quinola and suits[HEARTS] == 1,
            **{f"aces_{k}": aces == k for k in range(5)}}
