"""The deal (docs/cabriolet.md, "Pack and deal"): five cards each from the 32-card piquet pack.

Deal k of seed s is the same deal as the kernel's: the deal's own stream
(``kernel/common/_rng.PythonStream``, the plain-Python twin of ``seed_deal``) drives a
Fisher-Yates shuffle of the first five cards a player of the places the hands take. Hands
come in the order of speaking: hand 0 is the eldest's (the dealer's left), hand n-1 the
dealer's, whose fifth card is turned and makes trumps.
"""

from __future__ import annotations

from spadille.kernel.common._rng import PythonStream

from ..cards import N_CARDS

HAND = 5


def deal_hands(stream: PythonStream, n_players: int) -> tuple[list[int], int]:
    """(hands as card masks by speaking position, the turned card)."""
    deck = list(range(N_CARDS))
    for place in range(HAND * n_players):
        other = place + stream.below(N_CARDS - place)
        deck[place], deck[other] = deck[other], deck[place]
    hands = [sum(1 << card for card in deck[HAND * p:HAND * (p + 1)]) for p in range(n_players)]
    return hands, deck[HAND * n_players - 1]
