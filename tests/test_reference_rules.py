"""The reference engine's rules on hand-built positions, against RULES.md §1 (the parity test
only shows that the two engines agree; these show that the reference says what the sources say)."""

from __future__ import annotations

import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.reference import (Table, bete_size, legal_calls, legal_cards, ranking, read_rules,
                                                  split_side, trick_winner)
from spadille.kernel.quadrille.reference.settlement import settle

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def hand(text: str) -> set[int]:
    return set(cards.Hand.parse(text))


def trick(text: str) -> list[int]:
    return [cards.parse_card(token) for token in text.split()]


def legal(ruleset, trump: int, held: str, played: str) -> set[int]:
    return set(legal_cards(hand(held), trick(played), ranking(ruleset, trump), read_rules(ruleset)))


def test_trump_counts_twelve_in_red_eleven_in_black(ruleset):
    """RULES.md §1.2: "Trump counts: 12 in red, 11 in black"; the red ace (ponto) is the 4th trump."""
    assert len(ranking(ruleset, HEARTS).trumps) == 12
    assert len(ranking(ruleset, SPADES).trumps) == 11
    assert ranking(ruleset, DIAMONDS).trumps[:4] == tuple(trick("spadille ♦7 basto ♦A"))
    assert ranking(ruleset, CLUBS).trumps[:4] == tuple(trick("spadille ♣2 basto ♣K"))


def test_spadille_is_no_spade(ruleset):
    """RULES.md §1.2: "when spades (non-trump) are led, ♠A is not a spade: a player whose only
    "spade" is Spadille is void in spades"."""
    assert legal(ruleset, HEARTS, "spadille ♦3 ♣K", "♠K") == hand("spadille ♦3 ♣K")


def test_matador_privilege_keyed_on_the_led_card(ruleset):
    """RULES.md §1.4: a matador above the LED card is exempt; spadille led forces an unguarded
    manille; a higher matador played later forces nothing (AUJ PA10)."""
    assert legal(ruleset, HEARTS, "♥7 ♠K ♦3", "♥5") == hand("♥7 ♠K ♦3")
    assert legal(ruleset, HEARTS, "♥7 ♥3 ♠K", "♥5") == hand("♥7 ♥3")
    assert legal(ruleset, HEARTS, "♥7 ♠K ♦3", "spadille") == hand("♥7")
    assert legal(ruleset, HEARTS, "basto ♠K", "♥5 spadille") == hand("basto ♠K")


def test_no_duty_to_trump_or_overtrump(ruleset):
    """ENC: "L'on n'est point obligé de couper ... ni de mettre au dessus quand on le pourroit"."""
    assert legal(ruleset, HEARTS, "♥3 ♦K", "♣K ♥2") == hand("♥3 ♦K")


def test_trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit(ruleset):
    """RULES.md §1.3: "Trick won by highest trump, else highest card of suit led"."""
    hearts = ranking(ruleset, HEARTS)
    assert trick_winner(trick("♣3 ♣K ♦K ♣J"), hearts) == 1
    assert trick_winner(trick("♣3 ♣K ♥6 basto"), hearts) == 3
    assert trick_winner(trick("♦A ♦2 ♦K ♦7"), ranking(ruleset, SPADES)) == 2  # red plain: K Q J A 2 ... 7


def test_four_kings_may_call_a_queen_but_not_of_trumps(ruleset):
    """ENC: "Celui qui a les quatre rois peut appeller la dame d'un de ses quatre rois, excepté de
    celui qui est triomphe"; "L'on ne peut point appeller le roi de la couleur en laquelle on joue"."""
    calls = legal_calls(hand("♠K ♣K ♥K ♦K ♥Q"), HEARTS, read_rules(ruleset))
    assert set(calls) == hand("♠K ♣K ♦K ♠Q ♣Q ♦Q")


def test_bete_chains(ruleset):
    """ENC: after a first bête by remise "14, 42, 56" then +14; after a codille "vingt-huit" second."""
    rules = read_rules(ruleset)
    assert [bete_size(k, L.REMISE, rules) for k in range(5)] == [14, 42, 56, 70, 84]
    assert [bete_size(k, L.CODILLE, rules) for k in range(4)] == [14, 28, 42, 56]


def test_odd_jeton_is_the_ombres_both_ways():
    """CG PA56 / AUJ: "le jetton impair ... au profit de l'Hombre lorsqu'il gagne doit aussi être
    payé par lui quand il perd"."""
    assert split_side(7) == (4, 3)
    assert split_side(-7) == (-4, -3)


@pytest.mark.parametrize(("side_tricks", "outcome", "per_defender"), [(6, L.WIN, -7), (5, L.REMISE, 6), (4, L.CODILLE, 7)])
def test_sans_prendre_payments(ruleset, side_tricks, outcome, per_defender):
    """RULES.md §1.10 table: sans prendre won: each of 3 pays 1 + 2 + 4; remise: ombre pays each
    2 + 4 and makes the bête; codille: ombre pays each 1 + 2 + 4, the three share the stakes."""
    rules = read_rules(ruleset)
    table = Table(stakes=14)
    result = settle(table, L.SANS_PRENDRE, 0, -1, side_tricks, side_tricks, L.VOLE_NONE, 0, -1, rules)
    assert result.outcome == outcome
    share = 14 // 3 if outcome == L.CODILLE else 0
    assert result.nets[1:] == [per_defender + share] * 3
    assert sum(result.nets) + table.total() - 14 == 0
