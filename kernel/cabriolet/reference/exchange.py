"""The exchange (``declare.exchange = one-call``; docs/cabriolet.md, "The exchange").

"On pourra appeller une carte qu'on désire, & la remplacer par une carte du même ordre ou d'un
degré supérieur, sans nommer, ni montrer celle que l'on donne en échange." Reconstruction: right
after the deal, each player in speaking order may name one card; if another player holds it he
must give it, and receives from the caller, unseen, a card of the same rank or higher; a card
nobody holds is not had and the call is spent; the turned card is neither called nor given.

The calling policy, written here afresh from the documented rule: call the card that completes
the most valuable case the hand is one card short of and does not hold yet, in the order
cabriolet, mariage légitime, confiance, confidence, conférence, secret, confidens (the first
candidate in suit order); give the lowest-ranked eligible card outside that case.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JACK, KING, N_RANKS, QUEEN, card
from ..cases import holdings

SUITS = range(4)
FIGURES = (KING, QUEEN, JACK)


@dataclass(frozen=True)
class Call:
    caller: int          # speaking position
    called: int          # the card named
    holder: int | None   # who holds the card; None: nobody (it is undealt), the call is spent
    given: int | None    # the card the caller gave in exchange; None: no exchange


def _held(hand: int, suit: int, rank: int) -> bool:
    return bool(hand >> card(suit, rank) & 1)


def _of_rank(hand: int, rank: int) -> list[int]:
    return [card(suit, rank) for suit in SUITS if _held(hand, suit, rank)]


def choose_call(hand: int, turned: int, confiance_same_suit: bool, parts_of_mariage: bool) -> tuple[int, set[int]] | None:
    """(the card to call, the cards kept for the case it completes), or None: nothing to call."""
    held = holdings(hand, confiance_same_suit, parts_of_mariage)

    def free(suit: int, rank: int) -> bool:      # not in the hand, and not the turned card (shown)
        return not _held(hand, suit, rank) and card(suit, rank) != turned

    if "cabriolet" not in held and len(_of_rank(hand, JACK)) == 2:
        for suit in SUITS:
            if free(suit, JACK):
                return card(suit, JACK), set(_of_rank(hand, JACK))
    if "mariage_legitime" not in held:
        for suit in SUITS:
            missing = [rank for rank in FIGURES if not _held(hand, suit, rank)]
            if len(missing) == 1 and free(suit, missing[0]):
                return card(suit, missing[0]), {card(suit, rank) for rank in FIGURES if rank != missing[0]}
    for case, top in (("confiance", KING), ("confidence", QUEEN)):
        if case in held:
            continue
        for suit in SUITS:
            if _held(hand, suit, top) and free(suit, JACK):
                return card(suit, JACK), {card(suit, top)}
            if _held(hand, suit, JACK) and free(suit, top):
                return card(suit, top), {card(suit, JACK)}
    for case, rank in (("conference", KING), ("secret", QUEEN), ("confidens", JACK)):
        if case not in held and len(_of_rank(hand, rank)) == 1:
            for suit in SUITS:
                if free(suit, rank):
                    return card(suit, rank), set(_of_rank(hand, rank))
    return None


def card_to_give(hand: int, called: int, kept: set[int], turned: int) -> int | None:
    """The caller's lowest-ranked card of the called card's rank or higher, outside the case he
    completes and not the turned card; among equal ranks the first in suit order."""
    for rank in range(called % N_RANKS, -1, -1):          # ranks run A = 0 .. 7 = 7: the same rank, then higher
        for suit in SUITS:
            candidate = card(suit, rank)
            if _held(hand, suit, rank) and candidate not in kept and candidate != turned:
                return candidate
    return None


def exchange(hands: list[int], turned: int, confiance_same_suit: bool, parts_of_mariage: bool) -> list[Call]:
    """Each position in speaking order makes its call; ``hands`` (by position) are updated in place."""
    calls = []
    for caller in range(len(hands)):
        choice = choose_call(hands[caller], turned, confiance_same_suit, parts_of_mariage)
        if choice is None:
            continue
        called, kept = choice
        holder = next((other for other in range(len(hands)) if other != caller and hands[other] >> called & 1), None)
        given = None if holder is None else card_to_give(hands[caller], called, kept, turned)
        if holder is None or given is None:
            calls.append(Call(caller, called, holder, None))
            continue
        hands[caller] = hands[caller] & ~(1 << given) | 1 << called
        hands[holder] = hands[holder] & ~(1 << called) | 1 << given
        calls.append(Call(caller, called, holder, given))
    return calls
