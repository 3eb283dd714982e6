"""How the cards rank once a trump suit is named (RULES.md §1.2), read from the ruleset's rank lists.

* ``ranks.red_trump`` / ``ranks.black_trump`` list the trumps from spadille down; the names
  spadille, manille, basto and ponto are resolved here (manille is ``ranks.manille_red`` /
  ``ranks.manille_black`` of the trump suit, ponto the red trump ace).
* ``ranks.red_plain`` / ``ranks.black_plain`` list a plain suit from its king down. The black
  aces are not in the black plain lists: they are always trumps ("Quant à l'as de ces deux
  couleurs, il est à-tout de quelque couleur que soit la triomphe"), so a player whose only
  spade is spadille is void in spades.

A card's *effective suit* is the trump suit for every trump and its natural suit otherwise.
Strength is a number, higher is stronger, every trump above every plain card.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

from .rules import read_rules

MATADOR_NAMES = ("spadille", "manille", "basto")


@dataclass(frozen=True)
class Ranking:
    trump: int
    trumps: tuple[int, ...]            # natural cards of the trump suit, strongest (spadille) first
    plain: dict[int, tuple[int, ...]]  # plain suit -> its cards, strongest first
    matadors: tuple[int, ...]          # spadille, manille, basto: the three true matadors
    effective_suit: dict[int, int]     # natural card -> trump for trumps, else natural suit
    strength: dict[int, int]           # natural card -> strength, higher wins

    def is_trump(self, card: int) -> bool:
        return self.effective_suit[card] == self.trump


def _colour(suit: int) -> str:
    return "red" if suit in cards.RED_SUITS else "black"


def _trump_card(ruleset: Ruleset, trump: int, name: str) -> int:
    """The natural card a name of the trump list stands for, with ``trump`` as trumps."""
    if name == "spadille":
        return cards.SPADILLE
    if name == "basto":
        return cards.BASTO
    if name == "manille":
        return cards.card_of(trump, cards.RANKS.index(ruleset[f"ranks.manille_{_colour(trump)}"]))
    if name == "ponto":
        return cards.card_of(trump, cards.ACE)
    return cards.card_of(trump, cards.RANKS.index(name))


def trump_cards(ruleset: Ruleset, trump: int) -> tuple[int, ...]:
    """The trumps, strongest first, as the ruleset's trump list for the trump's colour orders them."""
    names = ruleset[f"ranks.{_colour(trump)}_trump"]
    return tuple(_trump_card(ruleset, trump, name) for name in names)


def plain_cards(ruleset: Ruleset, suit: int) -> tuple[int, ...]:
    """A plain suit's cards, strongest first, as the ruleset's plain list for its colour orders them."""
    names = ruleset[f"ranks.{_colour(suit)}_plain"]
    return tuple(cards.card_of(suit, cards.RANKS.index(name)) for name in names)


def build_ranking(ruleset: Ruleset, trump: int) -> Ranking:
    """Rank every card of the pack with ``trump`` as trumps."""
    in_pack = read_rules(ruleset).suits_in_pack
    trumps = trump_cards(ruleset, trump)
    plain = {suit: plain_cards(ruleset, suit) for suit in in_pack if suit != trump}
    effective_suit: dict[int, int] = {}
    strength: dict[int, int] = {}
    for suit, strongest_first in plain.items():
        for depth, card in enumerate(strongest_first):
            effective_suit[card] = suit
            strength[card] = len(strongest_first) - depth
    for depth, card in enumerate(trumps):
        effective_suit[card] = trump
        strength[card] = 100 + len(trumps) - depth  # any trump beats any plain card
    matadors = tuple(_trump_card(ruleset, trump, name) for name in MATADOR_NAMES)
    return Ranking(trump, trumps, plain, matadors, effective_suit, strength)


# A Ruleset is not hashable (its rules are a mapping proxy); its TOML text identifies it.
_RANKINGS: dict[tuple[str, int], Ranking] = {}


def ranking(ruleset: Ruleset, trump: int) -> Ranking:
    """The ranking of the pack with ``trump`` as trumps, built once per ruleset text and trump."""
    key = (ruleset.text, trump)
    if key not in _RANKINGS:
        _RANKINGS[key] = build_ranking(ruleset, trump)
    return _RANKINGS[key]
