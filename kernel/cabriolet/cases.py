"""The board's nine cases and the holdings that win them: names, and when a hand "has" one.

A hand holds a case when its cards make the case's figures (docs/cabriolet.md):

* mariage légitime: K, Q and J of one suit;
* confiance: K and J of one suit (``confiance_same_suit``; else of any suits);
* confidence: Q and J of one suit;
* infidélité: a king of one suit and a queen of another;
* conférence, secret, confidens: at least two kings, queens, jacks (any suits);
* cabriolet: at least three jacks; and the four aces (not a case of the board).

With ``parts_of_mariage`` off, the suit that makes a mariage légitime does not also count
for confiance or confidence. The jeu is never held: it is won by playing. A hand may hold
several cases at once; ``case_bits`` returns them as bits (``1 << index``).
"""

from __future__ import annotations

from numba import njit

from spadille.kernel.common._bits import popcount

from .cards import ACE, JACK, KING, QUEEN, rank_mask, suit_mask

CASES = ("mariage_legitime", "confiance", "confidence", "infidelite", "conference", "secret", "confidens",
         "cabriolet", "jeu")
FOUR_ACES = "quatre_as"
HOLDINGS = CASES[:8] + (FOUR_ACES,)   # what a hand can hold: the eight figure cases and the four aces
DISPLAY = {"mariage_legitime": "mariage légitime", "confiance": "confiance", "confidence": "confidence",
           "infidelite": "infidélité", "conference": "conférence", "secret": "secret", "confidens": "confidens",
           "cabriolet": "cabriolet", "jeu": "jeu", FOUR_ACES: "quatre as"}
N_CASES = len(CASES)
FIGURE_CASES = 7                       # cases 0..6 are declared in turn and may be opposed
CABRIOLET = CASES.index("cabriolet")
JEU = CASES.index("jeu")
ACES_BIT = 9                           # bit of the four aces in case_bits
ALL_COVERED = (1 << N_CASES) - 1


@njit(cache=True)
def case_bits(hand, rank_masks, suit_masks, confiance_same_suit, parts_of_mariage):
    """Bits of the holdings of ``hand`` (uint64 mask): bit i for CASES[i] (i < 8), bit 9 for the
    four aces. ``rank_masks`` uint64[8], ``suit_masks`` uint64[4]; flags are 0/1. No checks."""
    bits = 0
    kings = popcount(hand & rank_masks[1])
    queens = popcount(hand & rank_masks[2])
    jacks = popcount(hand & rank_masks[3])
    for s in range(4):
        h = hand & suit_masks[s]
        k = (h & rank_masks[1]) != 0
        q = (h & rank_masks[2]) != 0
        j = (h & rank_masks[3]) != 0
        mariage = k and q and j
        if mariage:
            bits |= 1
        if (parts_of_mariage or not mariage):
            if k and j:
                bits |= 2
            if q and j:
                bits |= 4
        if q and kings - (1 if k else 0) > 0:
            bits |= 8
    if not confiance_same_suit and kings > 0 and jacks > 0:
        bits |= 2
    if kings >= 2:
        bits |= 16
    if queens >= 2:
        bits |= 32
    if jacks >= 2:
        bits |= 64
    if jacks >= 3:
        bits |= 128
    if popcount(hand & rank_masks[0]) == 4:
        bits |= 1 << 9
    return bits


def holdings(mask: int, confiance_same_suit: bool = True, parts_of_mariage: bool = True) -> set[str]:
    """The reference definition in plain Python (slow, readable; tests compare it with case_bits)."""
    def has(suit: int, rank: int) -> bool:
        return bool(mask & rank_mask(rank) & suit_mask(suit))

    def count(rank: int) -> int:
        return bin(mask & rank_mask(rank)).count("1")

    held = set()
    for s in range(4):
        mariage = has(s, KING) and has(s, QUEEN) and has(s, JACK)
        if mariage:
            held.add("mariage_legitime")
        if parts_of_mariage or not mariage:
            if has(s, KING) and has(s, JACK):
                held.add("confiance")
            if has(s, QUEEN) and has(s, JACK):
                held.add("confidence")
    if not confiance_same_suit and count(KING) and count(JACK):
        held.add("confiance")
    if any(has(a, KING) and has(b, QUEEN) for a in range(4) for b in range(4) if a != b):
        held.add("infidelite")
    for rank, name in ((KING, "conference"), (QUEEN, "secret"), (JACK, "confidens")):
        if count(rank) >= 2:
            held.add(name)
    if count(JACK) >= 3:
        held.add("cabriolet")
    if count(ACE) == 4:
        held.add(FOUR_ACES)
    return held
