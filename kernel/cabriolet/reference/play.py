"""The play for the jeu (docs/cabriolet.md, "The play for the jeu"; a reconstruction, the text
gives no trick rules): five tricks, the eldest leads, follow suit, the turned card's suit is
trumps, a void player discards or trumps (must trump under ``play.must_trump``).

The card every seat chooses is the documented greedy rule, written here afresh: lead the
strongest card (a trump before any plain card, the ace highest); when a partner already wins
the trick (the defenders play together against the player), the weakest card; otherwise the
weakest card that wins, else the weakest. Among cards of equal strength (aces of two plain
suits, say) the first in suit order ♠ ♥ ♦ ♣ is taken.
"""

from __future__ import annotations

from ..cards import N_RANKS

TRICKS = 5


def suit_of(card: int) -> int:
    return card // N_RANKS


def strength(card: int, trump: int) -> int:
    """Higher is stronger: any trump above any plain card, then A K Q J 10 9 8 7."""
    return (N_RANKS if suit_of(card) == trump else 0) + (N_RANKS - 1 - card % N_RANKS)


def beats(card: int, winning: int, trump: int) -> bool:
    """Does ``card`` take the trick from ``winning``: higher in its suit, or a trump on a plain card."""
    if suit_of(card) == suit_of(winning):
        return card % N_RANKS < winning % N_RANKS
    return suit_of(card) == trump


def cards_of(hand: int) -> list[int]:
    return [card for card in range(N_RANKS * 4) if hand >> card & 1]


def legal_cards(hand: int, led_suit: int | None, trump: int, must_trump: bool) -> list[int]:
    """Anything to lead; else the led suit if held; else a trump if one must and can; else anything."""
    held = cards_of(hand)
    if led_suit is None:
        return held
    following = [card for card in held if suit_of(card) == led_suit]
    if following:
        return following
    trumps = [card for card in held if suit_of(card) == trump]
    return trumps if must_trump and trumps else held


def greedy_card(legal: list[int], winning: int | None, partner_wins: bool, trump: int) -> int:
    """The greedy choice among ``legal`` (ascending), ``winning`` the card now taking the trick."""
    if winning is None:
        return max(legal, key=lambda card: strength(card, trump))
    weakest = min(legal, key=lambda card: strength(card, trump))
    winners = [card for card in legal if beats(card, winning, trump)]
    if partner_wins or not winners:
        return weakest
    return min(winners, key=lambda card: strength(card, trump))


def play_tricks(hands: list[int], trump: int, player: int, must_trump: bool) -> list[tuple[int, list[tuple[int, int]]]]:
    """The five tricks, by speaking position (0 leads the first): [(taker, [(position, card), ...])]."""
    hands = list(hands)
    n = len(hands)
    leader, tricks = 0, []
    for _ in range(TRICKS):
        winning, taker, played = None, None, []
        for offset in range(n):
            position = (leader + offset) % n
            partner_wins = taker is not None and position != player and taker != player
            led_suit = suit_of(played[0][1]) if played else None
            card = greedy_card(legal_cards(hands[position], led_suit, trump, must_trump), winning, partner_wins, trump)
            hands[position] &= ~(1 << card)
            played.append((position, card))
            if winning is None or beats(card, winning, trump):
                winning, taker = card, position
        tricks.append((taker, played))
        leader = taker
    return tricks


def player_wins(tricks, n_players: int, player: int, most_tricks: bool) -> bool:
    """``play.win_condition``: three of the five tricks, or (``most-tricks``) more than any other player."""
    taken = [sum(1 for taker, _ in tricks if taker == position) for position in range(n_players)]
    if most_tricks:
        return all(taken[position] < taken[player] for position in range(n_players) if position != player)
    return taken[player] >= 3
