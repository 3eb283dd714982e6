"""The deal (docs/reversis.md §2): "On ne peut donner les onze cartes à chaque joueur qu'en trois
fois ... en se donnant toujours par quatre à soi-même" (seed): 11 to each of the three others,
12 to the dealer, three left. "Des trois caries du talon la première est pour le premier joueur
à la main" (seed): talon card i is position i's."""

from __future__ import annotations

from spadille.kernel.common._rng import PythonStream

from ..cards import N_CARDS

HAND_PLACES = ((0, 11), (11, 22), (22, 33), (33, 45))   # positions 0, 1, 2 and the dealer
TALON_PLACES = (45, 46, 47)


def shuffled_pack(stream: PythonStream) -> list[int]:
    """Fisher-Yates over the 48 cards, one draw per place but the last."""
    pack = list(range(N_CARDS))
    for i in range(N_CARDS - 1):
        j = i + stream.below(N_CARDS - i)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal_hands(stream: PythonStream) -> tuple[list[set[int]], list[int]]:
    """(hands by position, talon cards for positions 0, 1, 2)."""
    pack = shuffled_pack(stream)
    hands = [set(pack[a:b]) for a, b in HAND_PLACES]
    return hands, [pack[i] for i in TALON_PLACES]
