"""The double-dummy solver on hand-built positions whose value the docstrings argue.

Hands are written in natural cards and turned into the ordered encoding of the trump.
Seats play in order 0, 1, 2, 3; ``side`` lists the seats of the ombre's side.
Red trump order: spadille, manille (the 7), basto, ponto (the ace), K Q J 2 3 4 5 6;
black: spadille, manille (the 2), basto, K Q J 7 6 5 4 3 (RULES.md §1.2).
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import to_ordered
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.search.solver import DoubleDummySolver, SolverError
from spadille.kernel.quadrille.tables import build_tables

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def ordered(tables, trump: int, text: str) -> int:
    return int(to_ordered(np.uint64(cards.Hand.parse(text).mask), np.int64(trump), tables.pos_of_card))


def position(tables, trump: int, *hands: str) -> list[int]:
    return [ordered(tables, trump, hand) for hand in hands]


def card(tables, trump: int, text: str) -> int:
    return int(tables.pos_of_card[trump, cards.parse_card(text)])


@pytest.fixture(scope="module")
def solver(tables):
    return DoubleDummySolver(tables)


def test_a_hand_of_the_top_trumps_takes_every_trick(tables, solver):
    """The ombre alone holds spadille, manille, basto, ♠K and ♠Q, the five highest trumps in
    spades. Each of his cards beats every other card in play, and he plays one card in each
    trick, so he wins all five tricks whoever leads and whatever the others hold."""
    hands = position(tables, SPADES, "♥K ♥Q ♦K ♦Q ♣K", "♥A ♥2 ♦2 ♦3 ♣Q",
                     "spadille ♠2 basto ♠K ♠Q", "♥3 ♥4 ♦4 ♦5 ♣J")
    for leader in range(4):
        assert solver.solve(hands, SPADES, side=(2,), to_move=leader) == 5
    assert set(solver.card_values(hands, SPADES, side=(2,), to_move=2).values()) == {5}


def test_a_matador_kept_back_under_the_privilege(tables):
    """Hearts are trumps. The ombre (seat 0, alone, to lead) holds ♥J ♥3; seat 1 ♥K ♦J;
    seat 2 manille (♥7) and ♠7; seat 3 ♠4 ♦K. Every lead of the ombre is a trump.

    With the privilege (RULES.md §1.4) manille ranks above the led trump, so seat 2 may keep
    it back and throw ♠7; seat 1 must follow with ♥K (no matador) and wins, then leads ♦J,
    and seat 2, void in diamonds, ruffs the ombre's last trump with manille: 0 tricks.
    Without the privilege trumps are an ordinary suit: both defenders' only trumps fall on
    the first trick, and the ombre's last trump wins the second: 1 trick."""
    hands = position(tables, HEARTS, "♥J ♥3", "♥K ♦J", "♥7 ♠7", "♠4 ♦K")
    assert DoubleDummySolver(tables).solve(hands, HEARTS, side=(0,), to_move=0) == 0
    plain = build_tables(with_overrides(load_ruleset(), {"play.matador_privilege": "none"}))
    assert DoubleDummySolver(plain).solve(position(plain, HEARTS, "♥J ♥3", "♥K ♦J", "♥7 ♠7", "♠4 ♦K"),
                                          HEARTS, side=(0,), to_move=0) == 1


def test_spadille_led_forces_the_unguarded_manille(tables, solver):
    """Hearts are trumps. The ombre (seat 0, alone, to lead) holds spadille and ♦K; seat 1
    manille (♥7) and ♣2; seats 2 and 3 only clubs. Spadille led forces the lower matador
    when its holder has no other trump (ENC-SP, RULES.md §1.4): manille falls, spadille wins,
    and ♦K, the top diamond, wins the second trick with no trump left out: 2 tricks. Leading
    ♦K first lets seat 1 ruff it with manille: only spadille wins, 1 trick."""
    hands = position(tables, HEARTS, "spadille ♦K", "♥7 ♣2", "♣3 ♣4", "♣5 ♣6")
    assert solver.solve(hands, HEARTS, side=(0,), to_move=0) == 2
    values = solver.card_values(hands, HEARTS, side=(0,), to_move=0)
    assert values == {card(tables, HEARTS, "spadille"): 2, card(tables, HEARTS, "♦K"): 1}


def test_the_side_cannot_beat_a_long_plain_suit_it_is_void_in_without_trumps(tables, solver):
    """Spades are trumps and nobody holds one. Seat 1 (a defender, to lead) holds ♦K Q J A,
    the four top diamonds, and no one else holds a diamond: each diamond he leads is the only
    card of the led suit, so it wins, and he keeps the lead. The side (seats 0 and 2) takes
    nothing more than the three tricks it had already won."""
    hands = position(tables, SPADES, "♥K ♥Q ♥J ♥A", "♦K ♦Q ♦J ♦A",
                     "♣K ♣Q ♣J ♣7", "♥2 ♥3 ♥4 ♥5")
    assert solver.solve(hands, SPADES, side=(0, 2), to_move=1, side_tricks=3) == 3
    assert solver.solve(hands, SPADES, side=(0,), to_move=1, side_tricks=3) == 3


def test_a_trick_in_progress_and_the_value_of_each_card(tables, solver):
    """Hearts are trumps. The ombre (seat 0, alone) led ♠K, seats 1 and 2 followed with ♠2
    and ♠3; seat 3, void in spades, is to play from ♥2 ♣5; the ombre keeps ♦K, seats 1 and
    2 ♦2 and ♦3. If seat 3 ruffs with ♥2 he leads ♣5 to the last trick, where no one else has
    a club: the ombre takes nothing. If he throws ♣5, the king wins, and the ombre's ♦K is
    ruffed by the ♥2 in the last trick: one trick. So the ruff is worth 0, the discard 1."""
    trick = [(0, card(tables, HEARTS, "♠K")), (1, card(tables, HEARTS, "♠2")), (2, card(tables, HEARTS, "♠3"))]
    hands = position(tables, HEARTS, "♦K", "♦2", "♦3", "♥2 ♣5")
    assert solver.solve(hands, HEARTS, side=(0,), to_move=3, trick=trick) == 0
    values = solver.card_values(hands, HEARTS, side=(0,), to_move=3, trick=trick)
    assert values == {card(tables, HEARTS, "♥2"): 0, card(tables, HEARTS, "♣5"): 1}


def test_three_seats(ruleset):
    """Quadrille à trois (diamonds removed, three seats of ten). Clubs are trumps; the ombre
    (seat 1, alone against two) holds spadille and basto, seat 0 leads ♥K, seat 2 has ♥Q ♠K.
    Spadille and basto beat everything: the ombre takes both tricks."""
    three = build_tables(with_overrides(ruleset, {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
                                                  "contract.allowed_trumps": ["spades", "clubs", "hearts"]}))
    hands = position(three, CLUBS, "♥K ♥J", "spadille basto", "♥Q ♠K")
    solver = DoubleDummySolver(three)
    assert solver.solve(hands, CLUBS, side=(1,), to_move=0, side_tricks=4) == 6
    # the engine hands the kernel uint64[MAX_SEATS] arrays: the seat count comes from the rules
    from spadille.kernel.quadrille.search._dd import solve

    padded = np.array(hands + [0], dtype=np.uint64)
    assert solve(padded, np.int64(2), np.int64(0), np.full(4, -1, dtype=np.int64), np.int64(0), np.int64(4),
                 np.int64(CLUBS), three.rules, three.block_of_pos, three.block_mask, three.top_pos, solver.compress8,
                 solver.table, solver.shapes, np.int64(solver.stamp)) == 6


@pytest.mark.parametrize("change, message", [
    ({"hands": 3}, "the ruleset has 4 seats, but 3 hands were given"),
    ({"side": ()}, "the side must be some but not all of the seats 0..3, not []"),
    ({"side": (0, 1, 2, 3)}, "the side must be some but not all of the seats 0..3, not [0, 1, 2, 3]"),
    ({"to_move": 4}, "the seat to move must be 0..3, not 4"),
    ({"duplicate": True}, "is in two hands"),
    ({"uneven": True}, "seat 1 holds 1 cards, but 2 are expected when seat 0 is to move with 2"),
])
def test_bad_positions_are_refused(tables, solver, change, message):
    """The wrapper checks a position before the kernel sees it and names what is wrong."""
    hands = position(tables, HEARTS, "♥J ♥3", "♥K ♦J", "♥7 ♠7", "♠4 ♦K")
    side, to_move = (0,), 0
    if "hands" in change:
        hands = hands[:change["hands"]]
    if "side" in change:
        side = change["side"]
    if "to_move" in change:
        to_move = change["to_move"]
    if "duplicate" in change:
        hands[1] |= hands[0] & -hands[0]
    if "uneven" in change:
        hands[1] &= hands[1] - 1
    with pytest.raises(SolverError, match=message.replace("[", r"\[").replace("]", r"\]")):
        solver.solve(hands, HEARTS, side=side, to_move=to_move)
