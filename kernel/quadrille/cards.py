"""Cards as small ints, hands as uint64 masks, and human views at the boundary.

Natural encoding (used for deals, outputs and everything a person sees):

    card = suit * 10 + rank        suit: 0 spades, 1 clubs, 2 hearts, 3 diamonds
                                   rank: 0 A, 1 2, 2 3, 3 4, 4 5, 5 6, 6 7, 7 J, 8 Q, 9 K

A hand is the uint64 mask with bit ``card`` set for each card held. The 40-card pack of
Quadrille is the French pack without 8, 9 and 10, so the ten ranks above are all there is.

``Hand`` and ``Deal`` are views for parsing and printing; they never enter a hot loop.
The parser accepts suit symbols and letters (♠♣♥♦ / s c h d), English and French rank
letters (K Q J / R D V), and the names of the black aces, which are unambiguous
(spadille = ♠A, basto = ♣A). Manille and ponto depend on the trump suit, so they are not
card names here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from spadille.kernel.common.errors import UserError

SUITS = ("spades", "clubs", "hearts", "diamonds")
SUIT_SYMBOLS = ("♠", "♣", "♥", "♦")
SUIT_LETTERS = ("s", "c", "h", "d")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
RED_SUITS = (2, 3)
BLACK_SUITS = (0, 1)
N_SUITS = 4
N_RANKS = 10
N_CARDS = 40

ACE, SEVEN, JACK, QUEEN, KING = 0, 6, 7, 8, 9
SPADILLE = 0 * N_RANKS + ACE
BASTO = 1 * N_RANKS + ACE

SEAT_NAMES = {
    4: ("eldest", "second", "third", "dealer"),
    3: ("eldest", "second", "dealer"),
}

_SUIT_ALIASES = {
    "♠": 0, "s": 0, "spades": 0, "spade": 0, "pique": 0, "piques": 0,
    "♣": 1, "c": 1, "clubs": 1, "club": 1, "trefle": 1, "trèfle": 1, "trefles": 1, "trèfles": 1,
    "♥": 2, "h": 2, "hearts": 2, "heart": 2, "coeur": 2, "cœur": 2, "coeurs": 2, "cœurs": 2,
    "♦": 3, "d": 3, "diamonds": 3, "diamond": 3, "carreau": 3, "carreaux": 3,
}
_RANK_ALIASES = {
    "a": ACE, "1": ACE, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6,
    "j": JACK, "v": JACK, "q": QUEEN, "d": QUEEN, "k": KING, "r": KING,
}
_CARD_NAMES = {"spadille": SPADILLE, "espadille": SPADILLE, "basto": BASTO, "baste": BASTO}
_TRUMP_DEPENDENT_NAMES = {
    "manille": "♠2 ♣2 ♥7 ♦7", "ponto": "♥A ♦A, none in black", "punto": "♥A ♦A, none in black",
}
_SYMBOL_OF_LETTER = dict(zip("schd", SUIT_SYMBOLS))


class CardError(UserError):
    """A card or hand that cannot be read; the message names the offending text."""


def card_of(suit: int, rank: int) -> int:
    return suit * N_RANKS + rank


def suit_of(card: int) -> int:
    return card // N_RANKS


def rank_of(card: int) -> int:
    return card % N_RANKS


def format_card(card: int, symbols: bool = True) -> str:
    suit = SUIT_SYMBOLS[suit_of(card)] if symbols else SUIT_LETTERS[suit_of(card)]
    return f"{suit}{RANKS[rank_of(card)]}"


def parse_suit(text: str) -> int:
    key = text.strip().lower()
    if key not in _SUIT_ALIASES:
        raise CardError(f"unknown suit {text!r}: use spades, clubs, hearts, diamonds or ♠♣♥♦ / s c h d")
    return _SUIT_ALIASES[key]


def parse_card(text: str) -> int:
    """Read one card: '♠A', 'As', 'a♠', '10h' is rejected (no tens in the 40-card pack)."""
    token = text.strip()
    lowered = token.lower()
    if lowered in _CARD_NAMES:
        return _CARD_NAMES[lowered]
    if lowered in _TRUMP_DEPENDENT_NAMES:
        raise CardError(f"{token!r} names a different card in each trump suit ({_TRUMP_DEPENDENT_NAMES[lowered]}): "
                        "write the card itself")
    for suit_text, rank_text in ((lowered[:1], lowered[1:]), (lowered[-1:], lowered[:-1])):
        if suit_text in _SUIT_ALIASES and rank_text in _RANK_ALIASES:
            return card_of(_SUIT_ALIASES[suit_text], _RANK_ALIASES[rank_text])
    if re.fullmatch(r"(?:[♠♣♥♦schd](?:8|9|10|t)|(?:8|9|10|t)[♠♣♥♦schd])", lowered):
        raise CardError(f"card {token!r} is not in the 40-card pack (no 8, 9 or 10)")
    raise CardError(f"cannot read card {token!r}: write rank and suit, e.g. ♠A, Kh, 7♥, spadille")


def _display_order(card: int) -> int:
    """Aces first, then K Q J and the small cards: a neutral order, whatever the trump."""
    return N_RANKS if rank_of(card) == ACE else rank_of(card)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    return [card for card in range(N_CARDS) if mask >> card & 1]


def pack_mask(removed_suits: Iterable[int] = ()) -> int:
    removed = set(removed_suits)
    return mask_of(c for c in range(N_CARDS) if suit_of(c) not in removed)


@dataclass(frozen=True)
class Hand:
    """A set of cards, held as its mask. Iterates in natural order."""

    mask: int

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read cards one by one ('♠A Kh 7♥') or grouped by suit as ``format`` prints them
        ('♠A K 7  ♥Q 2'): a bare rank belongs to the suit of the card before it."""
        tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
        cards: list[int] = []
        suit = None
        for token in tokens:
            bare_rank = token.lower() in _RANK_ALIASES and token.lower() not in _CARD_NAMES
            if token.lower() in ("8", "9", "10", "t") and suit is not None:
                raise CardError(f"card {SUIT_SYMBOLS[suit]}{token} is not in the 40-card pack (no 8, 9 or 10)")
            if bare_rank and suit is not None:
                card = card_of(suit, _RANK_ALIASES[token.lower()])
            elif bare_rank:
                raise CardError(f"rank {token!r} has no suit: write it as ♠{token} or {token}s, or after a card of its suit")
            else:
                card = parse_card(token)
                if token.lower() not in _CARD_NAMES:
                    suit = suit_of(card)
            if card in cards:
                raise CardError(f"card {format_card(card)} appears twice")
            cards.append(card)
        return cls(mask_of(cards))

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, card: int) -> bool:
        return bool(self.mask >> card & 1)

    def by_suit(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {s: [] for s in range(N_SUITS)}
        for card in self:
            out[suit_of(card)].append(card)
        return out

    def format(self, symbols: bool = True) -> str:
        """One group per suit, kings first, e.g. '♠A K 7  ♣2  ♥K Q 7  ♦J 5'."""
        groups = []
        for suit, cards in self.by_suit().items():
            if cards:
                ranks = " ".join(RANKS[rank_of(c)] for c in sorted(cards, key=_display_order, reverse=True))
                head = SUIT_SYMBOLS[suit] if symbols else SUIT_LETTERS[suit]
                groups.append(f"{head}{ranks}")
        return "  ".join(groups) if groups else "-"

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class Deal:
    """One hand per seat, seat 0 being eldest (the dealer's right) and the last the dealer."""

    hands: tuple[int, ...]

    def __post_init__(self) -> None:
        seen = 0
        for mask in self.hands:
            if seen & mask:
                raise CardError(f"card {format_card(cards_of(seen & mask)[0])} is in two hands")
            seen |= mask

    @property
    def seats(self) -> int:
        return len(self.hands)

    def hand(self, seat: int) -> Hand:
        return Hand(self.hands[seat])

    def holder(self, card: int) -> int:
        for seat, mask in enumerate(self.hands):
            if mask >> card & 1:
                return seat
        raise KeyError(card)

    def format(self, symbols: bool = True) -> str:
        names = SEAT_NAMES.get(self.seats, tuple(f"seat{i}" for i in range(self.seats)))
        width = max(len(n) for n in names)
        return "\n".join(f"{names[s]:<{width}}  {self.hand(s).format(symbols)}" for s in range(self.seats))


def parse_deal(text: str, seats: int = 4, hand_size: int = 10, pack: int | None = None) -> Deal:
    """Read a whole deal: one hand per seat from eldest to dealer, separated by '/' or '|'.

    Raises CardError naming the problem: an unreadable card, a card outside the pack
    (8♠, or a card of a removed suit), a card given twice, or a hand of the wrong size.
    """
    parts = [part for part in re.split(r"[/|\n]", text) if part.strip()]
    names = SEAT_NAMES.get(seats, tuple(f"seat {i}" for i in range(seats)))
    if len(parts) != seats:
        raise CardError(f"the deal has {len(parts)} hands separated by '/', but {seats} seats play")
    hands = []
    for seat, part in enumerate(parts):
        hand = Hand.parse(part)
        if pack is not None and hand.mask & ~pack:
            outside = cards_of(hand.mask & ~pack)[0]
            raise CardError(f"card {format_card(outside)} is not in this ruleset's pack")
        if len(hand) != hand_size:
            raise CardError(f"{names[seat]} holds {len(hand)} cards; each hand has {hand_size}")
        hands.append(hand.mask)
    return Deal(tuple(hands))
