"""The 48-card Reversis pack (no tens) as small ints and uint64 masks.

Card ``c = suit * 12 + rank``, suits ♠ ♥ ♦ ♣ = 0..3, ranks A K Q J 9 8 7 6 5 4 3 2 = 0..11, so a
lower rank is a higher card and the highest card of a suit is its lowest set bit. The quinola is
♥J. Views for humans (``format_hand``, ``parse_hand``) never enter the kernels.
"""

from __future__ import annotations

import numpy as np

from spadille.kernel.common.errors import SimulationError

SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = ("A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2")
N_RANKS = 12
N_CARDS = 48
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
ACE, KING, QUEEN, JACK = 0, 1, 2, 3
QUINOLA = HEARTS * N_RANKS + JACK          # ♥J, 15
LITTLE_QUINOLA = HEARTS * N_RANKS + QUEEN  # ♥Q, Hoyle's little quinola
DIAMOND_ACE = DIAMONDS * N_RANKS + ACE     # ♦A, 24
TRICK_POINTS = (4, 3, 2, 1) + (0,) * 8     # by rank: A 4, K 3, Q 2, J 1
FULL_PACK = (1 << N_CARDS) - 1


class ReversisCardError(SimulationError):
    """A card or hand that cannot be read; one sentence for the user."""


def card(suit: int, rank: int) -> int:
    return suit * N_RANKS + rank


def suit_of(c: int) -> int:
    return c // N_RANKS


def rank_of(c: int) -> int:
    return c % N_RANKS


def suit_mask(suit: int) -> int:
    return ((1 << N_RANKS) - 1) << (suit * N_RANKS)


def ace_mask() -> int:
    return sum(1 << card(s, ACE) for s in range(4))


def points_of(c: int) -> int:
    return TRICK_POINTS[rank_of(c)]


def kernel_tables() -> tuple[np.ndarray, np.ndarray]:
    """(suit_masks uint64[4], points int64[48]): the tables the kernels take as arguments."""
    suits = np.array([suit_mask(s) for s in range(4)], dtype=np.uint64)
    points = np.array([points_of(c) for c in range(N_CARDS)], dtype=np.int64)
    return suits, points


def cards_of(mask: int) -> list[int]:
    return [c for c in range(N_CARDS) if mask >> c & 1]


def format_card(c: int) -> str:
    return f"{SUIT_SYMBOLS[suit_of(c)]}{RANKS[rank_of(c)]}"


def format_hand(mask: int) -> str:
    """Suit by suit, high to low: '♠A ♠9 ♥J ...'."""
    return " ".join(format_card(c) for c in cards_of(mask))


_SUIT_ALIASES = {**{s: i for i, s in enumerate(SUIT_SYMBOLS)}, **{s[0]: i for i, s in enumerate(SUITS)}}
_RANK_ALIASES = {**{r: i for i, r in enumerate(RANKS)}, "R": KING, "D": QUEEN, "V": JACK}


def parse_card(token: str) -> int:
    """'♥J', 'hJ' or 'hV' -> card. A ten (there are none in the pack) and a bad token are errors."""
    head = token[0].lower() if token[0].isascii() else token[0]
    suit = _SUIT_ALIASES.get(head)
    rank_text = token[1:].upper()
    if suit is not None and rank_text in ("10", "T", "X"):
        raise ReversisCardError(f"card {token!r} is a ten, and the Reversis pack has no tens")
    rank = _RANK_ALIASES.get(rank_text)
    if suit is None or rank is None:
        raise ReversisCardError(f"cannot read card {token!r} (write suit then rank, e.g. ♥J or hJ; ranks "
                                f"A K Q J 9 8 7 6 5 4 3 2)")
    return card(suit, rank)


def parse_hand(text: str) -> int:
    """'♠A ♥J ♦9 ...' (or 'sA hJ d9') -> mask. A card given twice is an error."""
    mask = 0
    for token in text.replace(",", " ").split():
        bit = 1 << parse_card(token)
        if mask & bit:
            raise ReversisCardError(f"card {token!r} is given twice")
        mask |= bit
    return mask
