"""Calling a king: which cards the ombre may call, and what calling his own king makes of the deal."""

from __future__ import annotations


import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import legal_calls
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)




def calls(tables, hand: str, trump: int) -> set[str]:
    mask = int(legal_calls(np.uint64(cards.Hand.parse(hand).mask), np.int64(trump), tables.rules))
    return {cards.format_card(c) for c in cards.cards_of(mask)}


def names(text: str) -> set[str]:
    return {cards.format_card(c) for c in cards.Hand.parse(text)}


def test_the_king_of_trumps_cannot_be_called(tables):
    """ENC: "L'on ne peut point appeller le roi de la couleur en laquelle on joue"."""
    assert calls(tables, "spadille ♥7 ♥3 ♣2 ♦Q", HEARTS) == names("♠K ♣K ♦K")
    assert calls(tables, "spadille ♥7 ♥3 ♣2 ♦Q", SPADES) == names("♣K ♥K ♦K")


def test_calling_the_king_of_trumps_is_a_switch(ruleset):
    """contract.call_king_of_trumps: ENC forbids it; the engine reads the rule."""
    allowed = build_tables(with_overrides(ruleset, {"contract.call_king_of_trumps": True}))
    assert calls(allowed, "spadille ♥7 ♥3 ♣2 ♦Q", HEARTS) == names("♠K ♣K ♥K ♦K")


def test_one_may_call_a_king_one_holds(tables, ruleset):
    """ENC: "Celui qui a un ou plusieurs rois, peut appeller un des rois qu'il a"."""
    assert calls(tables, "♠K ♣K ♥7 ♦2", HEARTS) == names("♠K ♣K ♦K")
    no_self = build_tables(with_overrides(ruleset, {"contract.self_call": False}))
    assert calls(no_self, "♠K ♣K ♥7 ♦2", HEARTS) == names("♦K")


def test_queens_only_with_all_four_kings_and_never_the_queen_of_trumps(tables):
    """ENC: "Celui qui a les quatre rois peut appeller la dame d'un de ses quatre rois, excepté de
    celui qui est triomphe"."""
    assert calls(tables, "♠K ♣K ♥K ♦K ♥7", HEARTS) == names("♠K ♣K ♦K ♠Q ♣Q ♦Q")
    assert calls(tables, "♠K ♣K ♥K ♦K ♣2", CLUBS) == names("♠K ♥K ♦K ♠Q ♥Q ♦Q")
    assert calls(tables, "♠K ♣K ♦K ♥7 ♥3", HEARTS) == names("♠K ♣K ♦K")   # three kings: no queen


def test_queen_call_is_a_switch(ruleset):
    """contract.queen_call_with_four_kings off: the four kings give no queen to call."""
    off = build_tables(with_overrides(ruleset, {"contract.queen_call_with_four_kings": False}))
    assert calls(off, "♠K ♣K ♥K ♦K ♥7", HEARTS) == names("♠K ♣K ♦K")


@pytest.fixture(scope="module")
def random_rows(ruleset, random4):
    return simulate(RunConfig(ruleset, random4, seed=31, deals=20000, record=True)).rows


def test_calling_ones_own_king_plays_alone_without_the_sans_prendre_premium(random_rows):
    """ENC: "Il en est de même de celui qui ayant demandé à jouer appelle un roi qu'il a, il gagne
    ou perd seul, à l'exception du sans appeller qu'il ne paye point s'il perd, & qui ne lui est
    point payé s'il gagne, quoiqu'il joue seul". On an empty table a won self-call brings the
    ombre 3 x (jeu 1 + consolation 2 + matadors) plus the 14 on the table, less his antes."""
    rows = random_rows
    self_called = rows[rows[:, L.COL_CONTRACT] == L.SELF_CALLED]
    assert len(self_called) > 50
    for row in self_called:
        ombre = row[L.COL_OMBRE]
        assert row[L.COL_FRIEND] == -1
        assert row[L.COL_HANDS + ombre] >> row[L.COL_CALLED] & 1
        assert row[L.COL_SIDE_TRICKS] == row[L.COL_TRICKS + ombre]
    won = self_called[(self_called[:, L.COL_OUTCOME] == L.WIN) & (self_called[:, L.COL_VOLE] == L.VOLE_NONE)]
    assert len(won) > 10
    for row in won:
        ombre = row[L.COL_OMBRE]
        antes = -1 - (10 if ombre == 3 else 0)
        assert row[L.COL_PAY + ombre] == antes + 3 * (1 + 2 + row[L.COL_MATADORS]) + 14


def test_a_called_king_held_by_another_makes_him_the_friend(random_rows):
    """ENC: "en comptant celles que celui qui a le roi appellé a faites" — the holder of the
    called card is the ombre's partner."""
    rows = random_rows
    called = rows[rows[:, L.COL_CONTRACT] == L.CALLED]
    assert len(called) > 100
    for row in called:
        friend = row[L.COL_FRIEND]
        assert friend >= 0 and friend != row[L.COL_OMBRE]
        assert row[L.COL_HANDS + friend] >> row[L.COL_CALLED] & 1
        card = row[L.COL_CALLED]
        assert cards.suit_of(card) != row[L.COL_TRUMP]
        assert cards.rank_of(card) in (cards.KING, cards.QUEEN)
