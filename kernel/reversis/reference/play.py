"""The play of the cards (docs/reversis.md §5).

"Must follow suit; if void, may play any card" (RULES.md §2.1). "L' espagnolette a le droit de
renoncer en toute couleur pendant les neuf premières levées" (seed). The trick goes to the
highest card of the suit led (no trumps). What each card played *is* (given, forced, played,
placed) decides its payments.
"""

from __future__ import annotations

from ..cards import ACE, HEARTS, QUINOLA, rank_of, suit_of


def legal_cards(hand: set[int], led_suit: int | None, *, first_lead: bool, eldest_leads_heart: bool,
                privileged: bool) -> set[int]:
    """The cards a player may play. ``privileged``: the espagnolette inside his window."""
    if led_suit is None:
        hearts = {c for c in hand if suit_of(c) == HEARTS}
        if first_lead and eldest_leads_heart and hearts:
            return hearts   # "Le premier en cartes doit toujours commencer par jouer du cœur s'il en [a]"
        return set(hand)
    of_suit = {c for c in hand if suit_of(c) == led_suit}
    if privileged or not of_suit:
        return set(hand)
    return of_suit


def trick_taker(cards_in_order: list[int], leader: int) -> int:
    """The position whose card is the highest of the suit led (a lower rank is a higher card)."""
    led = suit_of(cards_in_order[0])
    best = min((c for c in cards_in_order if suit_of(c) == led), key=rank_of)
    return (leader + cards_in_order.index(best)) % 4


GIVEN, FORCED, PLAYED, ORDINARY = "given", "forced", "played", "ordinary"


def card_kind(card: int, hand_before: set[int], led_suit: int | None) -> str:
    """What an ace or the quinola is when played from ``hand_before`` to ``led_suit`` (None: led):
    given (on a renounce), forced (following suit with no other card of it), or played (led, or
    following while holding another card of the suit). Any other card is ordinary."""
    if rank_of(card) != ACE and card != QUINOLA:
        return ORDINARY
    if led_suit is None:
        return PLAYED
    if suit_of(card) != led_suit:
        return GIVEN
    others = [c for c in hand_before if suit_of(c) == led_suit and c != card]
    return PLAYED if others else FORCED
