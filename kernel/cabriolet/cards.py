"""The 32-card piquet pack as small ints and uint64 masks.

Card ``c = suit * 8 + rank`` with ranks high to low A K Q J 10 9 8 7 (rank 0 is the ace), which
is also the order of the cards in play. A hand is a uint64 mask with bit ``c`` set. Views for
humans (``format_hand``, ``parse_hand``) never enter the kernels.
"""

from __future__ import annotations

import numpy as np

SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
ACE, KING, QUEEN, JACK = 0, 1, 2, 3
N_CARDS = 32
N_RANKS = 8


class CabrioletCardError(ValueError):
    """A card or hand that cannot be read; one sentence for the user."""


def card(suit: int, rank: int) -> int:
    return suit * N_RANKS + rank


def rank_mask(rank: int) -> int:
    """The four cards of one rank, as a Python int mask."""
    return sum(1 << card(s, rank) for s in range(4))


def suit_mask(suit: int) -> int:
    return ((1 << N_RANKS) - 1) << (suit * N_RANKS)


def kernel_masks() -> tuple[np.ndarray, np.ndarray]:
    """(rank_masks uint64[8], suit_masks uint64[4]): the tables the kernels take as arguments."""
    ranks = np.array([rank_mask(r) for r in range(N_RANKS)], dtype=np.uint64)
    suits = np.array([suit_mask(s) for s in range(4)], dtype=np.uint64)
    return ranks, suits


def format_card(c: int) -> str:
    return f"{SUIT_SYMBOLS[c // N_RANKS]}{RANKS[c % N_RANKS]}"


def format_hand(mask: int) -> str:
    return " ".join(format_card(c) for c in range(N_CARDS) if mask >> c & 1)


_SUIT_ALIASES = {**{s: i for i, s in enumerate(SUIT_SYMBOLS)}, **{s[0]: i for i, s in enumerate(SUITS)}}
_RANK_ALIASES = {**{r: i for i, r in enumerate(RANKS)}, "R": KING, "D": QUEEN, "V": JACK, "T": 4}


def parse_hand(text: str) -> int:
    """'♠K ♠Q ♥J ♦7 ♣A' (or 'sK sQ hJ d7 cA') -> mask. Cards are suit then rank."""
    mask = 0
    for token in text.split():
        suit = _SUIT_ALIASES.get(token[0].lower() if token[0].isascii() else token[0])
        rank = _RANK_ALIASES.get(token[1:].upper())
        if suit is None or rank is None:
            raise CabrioletCardError(f"cannot read card {token!r} (write suit then rank, e.g. ♠K or sK)")
        bit = 1 << card(suit, rank)
        if mask & bit:
            raise CabrioletCardError(f"card {token!r} is given twice")
        mask |= bit
    return mask
