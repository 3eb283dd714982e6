"""Play rules on hand-built positions: following suit, no duty to trump, the trick's winner,
and the black aces as members of the trump suit (the matador privilege has its own file).

Each test states the position in natural cards, asks the jitted ``_rules.legal_plays`` or
``_rules.beats`` through the ordered encoding, and quotes the passage it rests on.
"""

from __future__ import annotations


import numpy as np

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import beats
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.tables import build_tables

from positions import legal, names

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)






def winner(tables, trump: int, played: str) -> int:
    """Index, in play order, of the card that takes the trick."""
    positions = [int(tables.pos_of_card[trump, c]) for c in (cards.parse_card(t) for t in played.split())]
    best = 0
    for index in range(1, len(positions)):
        if beats(np.int64(positions[index]), np.int64(positions[best]), np.int64(trump), tables.block_of_pos):
            best = index
    return best


# ---------------------------------------------------------------- following suit
def test_must_follow_the_led_plain_suit(tables):
    """ENC: "il faut qu'il fournisse tant qu'il a de la couleur jouée, sans quoi il renonceroit"."""
    assert legal(tables, HEARTS, "♣7 ♣3 ♥K ♦Q spadille", led="♣K") == names("♣7 ♣3")


def test_must_follow_when_an_ordinary_trump_is_led(tables):
    """ENC: "il faut qu'il fournisse tant qu'il a de la couleur jouée" — trumps are a suit too;
    ponto (the red trump ace) is no matador and must follow."""
    assert legal(tables, HEARTS, "♥2 ♠K ♦Q", led="♥5") == names("♥2")
    assert legal(tables, HEARTS, "♥A ♠K ♦Q", led="♥5") == names("♥A")


def test_leader_may_lead_anything(tables):
    """ENC: "Celui qui prend la levée, jette une autre carte" — no restriction on the lead."""
    assert legal(tables, HEARTS, "♣7 ♥K ♦Q spadille") == names("♣7 ♥K ♦Q spadille")


# ---------------------------------------------------------------- no duty to trump or overtrump
def test_no_obligation_to_trump_when_void(tables):
    """ENC: "L'on n'est point obligé de couper lorsque l'on n'a point de la couleur jouée"."""
    assert legal(tables, HEARTS, "♥2 ♥K ♦Q ♠7", led="♣K") == names("♥2 ♥K ♦Q ♠7")


def test_no_obligation_to_overtrump_even_last_to_play(tables):
    """ENC: "ni de mettre au dessus quand on le pourroit, cela étant libre au joueur, même étant
    dernier à jouer". Last hand, clubs led and ruffed with ♥J: ♥K may stay in the hand."""
    assert legal(tables, HEARTS, "♥2 ♥K ♦Q", led="♣K", best="♥J") == names("♥2 ♥K ♦Q")


def test_no_obligation_to_play_higher_in_the_led_suit(tables):
    """ENC: "ni de mettre au dessus quand on le pourroit": following, any card of the suit will do."""
    assert legal(tables, HEARTS, "♣K ♣3 ♦Q", led="♣7") == names("♣K ♣3")
    assert legal(tables, HEARTS, "♥K ♥2 ♦Q", led="♥5") == names("♥K ♥2")


def test_must_trump_switch_is_honoured(ruleset):
    """The engine's alternative to ENC's free ruff: with play.must_trump and must_overtrump on,
    a void hand must ruff, and overtrump a ruff when it can (the kernel must read the rule)."""
    strict = build_tables(with_overrides(ruleset, {"play.must_trump": True, "play.must_overtrump": True}))
    assert legal(strict, HEARTS, "♥2 ♥K ♦Q ♠7", led="♣K") == names("♥2 ♥K")
    assert legal(strict, HEARTS, "♥2 ♥K ♦Q", led="♣K", best="♥J") == names("♥K")
    assert legal(strict, HEARTS, "♥2 ♥3 ♦Q", led="♣K", best="♥J") == names("♥2 ♥3")


# ---------------------------------------------------------------- the trick's winner
def test_highest_trump_wins(tables):
    """RULES.md §1.3: "Trick won by highest trump, else highest card of suit led"."""
    assert winner(tables, SPADES, "♣K ♠3 ♥K ♠4") == 3
    assert winner(tables, HEARTS, "♥K ♥7 ♣A ♥A") == 1        # manille over basto, ponto, king
    assert winner(tables, HEARTS, "♥2 ♥6 ♥K ♥J") == 2        # red trumps: K Q J 2 3 4 5 6
    assert winner(tables, CLUBS, "♣K ♣A ♣2 spadille") == 3   # spadille first, manille ♣2 second
    assert winner(tables, CLUBS, "♣K ♣A ♣3 ♣Q") == 1         # basto over the king


def test_highest_card_of_the_led_suit_wins_without_trumps(tables):
    """RULES.md §1.3 and ENC's orders: red plain "le roi, la dame, le valet, l'as, le deux ... le
    sept"; black plain "le roi, la dame, le valet, le sept ... le deux"."""
    assert winner(tables, SPADES, "♦J ♦A ♦K ♦2") == 2
    assert winner(tables, SPADES, "♦7 ♦A ♦6 ♦2") == 1        # red ace above the deuce, seven lowest
    assert winner(tables, HEARTS, "♣2 ♣7 ♣3 ♣J") == 3        # black seven above the deuce


def test_a_higher_card_of_another_plain_suit_never_wins(tables):
    """RULES.md §1.3: the trick goes to the highest trump, "else highest card of suit led"."""
    assert winner(tables, SPADES, "♥7 ♦K ♣K ♥6") == 3
    assert winner(tables, SPADES, "♣2 ♥K ♦K ♣3") == 3
    assert winner(tables, HEARTS, "♠2 ♦K ♣K ♦A") == 0


# ---------------------------------------------------------------- the black aces are trumps
def test_spadille_is_not_a_spade_when_spades_are_plain(tables):
    """ENC: "Quant à l'as de ces deux couleurs, il est à-tout de quelque couleur que soit la
    triomphe"; RULES.md §1.2: "a player whose only "spade" is Spadille is void in spades"."""
    assert legal(tables, HEARTS, "spadille ♥3 ♦4", led="♠K") == names("spadille ♥3 ♦4")
    assert legal(tables, HEARTS, "spadille ♠2 ♦4", led="♠K") == names("♠2")


def test_basto_is_not_a_club_when_clubs_are_plain(tables):
    """ENC: "Quant à l'as de ces deux couleurs, il est à-tout de quelque couleur que soit la triomphe"."""
    assert legal(tables, DIAMONDS, "basto ♣3 ♥4", led="♣K") == names("♣3")
    assert legal(tables, DIAMONDS, "basto ♥4", led="♣K") == names("basto ♥4")


def test_black_ace_follows_a_trump_lead(ruleset):
    """ENC: the black aces are "à-tout de quelque couleur que soit la triomphe", so they answer a
    trump lead (shown without the matador privilege, which would let basto stay back)."""
    plain_trumps = build_tables(with_overrides(ruleset, {"play.matador_privilege": "none"}))
    assert legal(plain_trumps, HEARTS, "basto ♠K ♦3", led="♥5") == names("basto")
    assert legal(plain_trumps, DIAMONDS, "spadille ♠K", led="♦5") == names("spadille")


def test_black_ace_wins_a_plain_lead_of_its_natural_suit(tables):
    """A black ace is a trump: on a spade lead with hearts trumps, spadille ruffs and wins, and
    basto beats the king of clubs led."""
    assert winner(tables, HEARTS, "♠K ♠Q spadille ♠2") == 2
    assert winner(tables, HEARTS, "♣K basto ♣Q ♣2") == 1
