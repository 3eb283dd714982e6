"""Situations in the course of play (kernel/quadrille/situations.py) and roles another policy plays.

Both engines read every feature on their own (the kernel on ordered bit masks, the reference engine
from its play state in natural cards) and must agree on every deal: which decisions the situation
covers, the first trick it held, and the play that follows. A deal where the situation never arose
plays exactly as without it, so a claim's arms differ only on the deals where it arose.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import _situations as jitted
from spadille.kernel.quadrille.policies import PolicyError, make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.situations import (FEATURES, SUIT_SHIFT, WHO_CODES, Leaf, SituationError,
                                                  parse_situation)

from test_parity import assert_same_rows, kernel_rows

DEALS = 300
# Changes that alter many decisions, so a feature read differently shows as different play.
CHANGES = {"all.lead_plain_masters": 0, "all.plain_suit_long": 0, "all.second_hand_low": 0, "all.win_with_master": 0,
           "all.discard_short": 0, "all.draw_card": 1, "side.vole_losers": 3}
ONE_PER_FEATURE = {
    "role": "role == defender_called", "trick": "trick >= 4", "position": "position == 2", "on_lead": "on_lead",
    "plays_last": "plays_last", "matadors": "matadors >= 1", "trumps": "trumps >= 3", "trumps_out": "trumps_out <= 2",
    "matadors_out": "matadors_out == 0", "sure_winners": "sure_winners >= 2", "sure_trumps": "sure_trumps >= 1",
    "led_trump": "led_trump", "called_suit_led": "called_suit_led", "king_shown": "not king_shown",
    "partner_winning": "partner_winning", "side_tricks": "side_tricks >= 3", "opponent_tricks": "opponent_tricks >= 2",
    "cards_left": "cards_left <= 5", "holds_called_king": "holds_called_king", "seat": "seat == 2",
    "contract": "contract == sans-prendre", "vole_decision": "vole_decision and role == ombre",
    "top_trump": "top_trump == 4", "red_trumps": "red_trumps and on_lead",
    "leads": "leads(friend) and not on_lead", "has_played": "has_played(ombre) and role == defender_called",
    "position_of": "position_of(ombre) > position", "last_to_my_lead": "last_to_my_lead(ombre)",
    "winning": "winning(ombre)", "led_matador": "led_matador", "led_king": "led_king",
    "led": "led(spadille) or led(♥K)", "led_suit": "led_suit == hearts", "called_suit": "called_suit == spades",
    "trump_suit": "trump_suit != hearts and on_lead", "holds": "holds(called_suit, Q) or holds(♠K)",
    "holds_sequence": "holds_sequence(hearts, K, Q)", "suit_length": "on_lead and suit_length(last_led_suit(side)) >= 2",
    "last_led_suit": "last_led_suit(me) == trump_suit", "suit_changes": "suit_changes(side) >= 1",
    "trump_leads": "trump_leads(ombre) >= 1", "trumps_played": "trumps_played >= 6",
    "tricks_of": "tricks_of(ombre) >= 2", "friend_known": "friend_known and role == defender_called",
}
# The language's other shapes: the optional player, or, not over a group, sums, chained and suit comparisons.
SHAPES = ["plays_last(ombre) and on_lead", "(role == ombre or role == friend) and not (trick <= 2 or on_lead)",
          "side_tricks + 1 >= opponent_tricks and 2 <= trick <= 6", "led_suit == called_suit",
          "not led_suit != last_led_suit(partner)", "holds(♥Q) and not holds_sequence(called_suit, K, Q, J)"]


def test_every_feature_has_a_case_and_the_kernel_reads_the_same_ids():
    assert set(ONE_PER_FEATURE) == {feature.name for feature in FEATURES}
    for feature in FEATURES:
        assert getattr(jitted, "F_" + feature.name.upper()) == feature.fid
    assert jitted.N_FEATURES == len(FEATURES) + 1


def test_parse():
    situation = parse_situation("role == friend  and on_lead and matadors == 1")
    assert situation.text == "role == friend and on_lead and matadors == 1"
    assert situation.tree == ("and", (("leaf", Leaf(L.OP_EQ, -1, ((1, 0, 1),))), ("leaf", Leaf(L.OP_NE, 0, ((4, 0, 1),))),
                                      ("leaf", Leaf(L.OP_EQ, -1, ((6, 0, 1),)))))
    assert parse_situation("not king_shown").tree == ("not", ("leaf", Leaf(L.OP_NE, 0, ((14, 0, 1),))))
    assert parse_situation("contract == forced-spadille").tree == ("leaf", Leaf(L.OP_EQ, -L.FORCED, ((21, 0, 1),)))
    assert parse_situation("plays_last").tree == parse_situation("plays_last(me)").tree
    ombre, hearts = WHO_CODES["ombre"], cards.SUITS.index("hearts")
    assert parse_situation("side_tricks + 1 >= opponent_tricks").tree == (
        "leaf", Leaf(L.OP_GE, 1, ((16, 0, 1), (17, 0, -1))))
    assert parse_situation("led_suit == called_suit").tree == ("leaf", Leaf(L.OP_EQ, 0, ((33, 0, 1), (34, 0, -1)), True))
    assert parse_situation("holds(♥Q)").tree == parse_situation("holds(hearts, Q)").tree == (
        "leaf", Leaf(L.OP_NE, 0, ((36, hearts * SUIT_SHIFT + (1 << cards.QUEEN), 1),)))
    assert parse_situation("plays_last(ombre)").tree == ("leaf", Leaf(L.OP_NE, 0, ((5, ombre, 1),)))
    row = situation.row()
    assert len(row) == L.SITUATION_END - L.SITUATION and row[0] == 3


def _walk(program, truth):
    """The kernel's walk over the jump code, in Python: each leaf's value from ``truth``."""
    at, leaves = program
    while at >= 0:
        leaf, if_true, if_false = leaves[at]
        at = if_true if truth[leaf] else if_false
    return at == L.LEAF_TRUE


def _value(tree, truth):
    if tree[0] == "leaf":
        return truth[tree[1]]
    if tree[0] == "not":
        return not _value(tree[1], truth)
    parts = [_value(part, truth) for part in tree[1]]
    return all(parts) if tree[0] == "and" else any(parts)


def test_the_jump_code_decides_as_the_tree_on_every_assignment():
    """Every leaf true or false in turn: the kernel's jumps end where the written expression does."""
    import itertools

    for text in ["trick == 1 or not (trick == 2 and (trick == 3 or trick == 4)) and trick == 5",
                 "not (trick == 1 or trick == 2) or (trick == 3 and not trick == 4 and (trick == 5 or trick == 6))",
                 "trick == 1 and trick == 2 or trick == 3 and trick == 4 or not trick == 5"]:
        situation = parse_situation(text)
        leaves = sorted({leaf for leaf, _, _ in situation.program[1]}, key=lambda leaf: leaf.const)
        for values in itertools.product((False, True), repeat=len(leaves)):
            truth = dict(zip(leaves, values))
            assert _walk(situation.program, truth) == _value(situation.tree, truth), (text, values)


@pytest.mark.parametrize("text, message", [
    ("role == nobody", "role cannot be 'nobody'"),
    ("trumps >> 2", "is not allowed"),
    ("trumps", "is a number, not a test"),
    ("luck > 1", "unknown feature 'luck'"),
    ("leads > 1", "'leads' needs its argument"),
    ("plays_last(banker)", "names a player"),
    ("position_of(partner) == 2", "names one player"),
    ("holds(♥8)", "is not a card"),
    ("holds_sequence(called_suit, K, X)", "is not a rank"),
    ("suit_length(stars) >= 1", "is not a suit"),
    ("led_suit > hearts", "compares only with == or !="),
    ("led_suit == 2", "compares a suit with a number"),
    ("role == contract", "compares role with contract"),
    ("trumps + matadors + trick + seat + cards_left >= 1", "more than 4 features"),
    (" or ".join(["on_lead"] * 13), "13 comparisons, more than the 12"),
    ("x" * 2001, "more than the 2,000"),
])
def test_bad_situations(text, message):
    with pytest.raises(SituationError, match=message):
        parse_situation(text)
    with pytest.raises(PolicyError, match=message):
        make_seat_policy("heuristic", situation=text, in_situation={"friend.lead_top_trump": 3})


def test_situation_changes_are_card_play_only():
    with pytest.raises(PolicyError, match="in a situation"):
        make_seat_policy("heuristic", situation="on_lead", in_situation={"ask_threshold": 2})
    with pytest.raises(PolicyError, match="need the situation"):
        make_seat_policy("heuristic", in_situation={"friend.lead_top_trump": 3})
    with pytest.raises(PolicyError, match="unknown role"):
        make_seat_policy("heuristic", roles={"banker": "pimc"})


@pytest.fixture(scope="module")
def plain_rows(ruleset, heuristic4):
    return kernel_rows(ruleset, heuristic4, seed=4242, first_deal=0, deals=DEALS)


@pytest.mark.parametrize("text", [ONE_PER_FEATURE[name] for name in sorted(ONE_PER_FEATURE)] + SHAPES)
def test_both_engines_read_each_feature_alike(ruleset, plain_rows, text):
    policies = [make_seat_policy("heuristic", situation=text, in_situation=CHANGES)] * 4
    rows = kernel_rows(ruleset, policies, seed=4242, first_deal=0, deals=DEALS)
    reference = play_deals(ruleset, tuple(policies), 4242, 0, DEALS)
    assert_same_rows(rows, reference, f"situation {text!r}")
    arose = rows[:, L.COL_SITUATION] >= 0
    assert arose.any(), f"{text!r} never arose in {DEALS} deals"
    # where it never arose the deal played as without it; where it arose, play changed on some deal
    assert (rows[~arose, :L.COL_SITUATION] == plain_rows[~arose, :L.COL_SITUATION]).all()
    assert (rows[arose, :L.COL_SITUATION] != plain_rows[arose, :L.COL_SITUATION]).any()
    seats = rows[arose, L.COL_SITUATION_SEAT]
    assert ((seats >= 0) & (seats < 4)).all()


def test_the_situation_is_noted_where_it_first_held(ruleset):
    """On lead to the fourth trick or later: the first such decision is a lead of trick 4 at the
    earliest, by the seat that led it."""
    policies = [make_seat_policy("heuristic", situation="trick >= 4 and on_lead", in_situation=CHANGES)] * 4
    rows = kernel_rows(ruleset, policies, seed=5, first_deal=0, deals=200)
    arose = rows[rows[:, L.COL_SITUATION] >= 0]
    assert len(arose) and (arose[:, L.COL_SITUATION] >= 3).all()
    trick = arose[:, L.COL_SITUATION]
    leaders = arose[np.arange(len(arose)), L.COL_LEADERS + trick]
    # the leader may have had one card only (no decision) at that trick: then a later trick's
    assert (leaders == arose[:, L.COL_SITUATION_SEAT]).mean() > 0.9


@pytest.mark.parametrize("name", ["encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern"])
def test_roles_played_by_another_policy(name):
    """The friend's cards played at random, a lone hand's defenders by random play in a situation:
    both engines agree on whole rows, under every variant's contracts."""
    ruleset = load_ruleset(name)
    policy = make_seat_policy("heuristic", roles={"friend": "random"}, situation="role == defender_alone and (trick >= 3 or last_to_my_lead(dealer) or tricks_of(third) >= 1)",
                              roles_in_situation={"defender_alone": "random"})
    policies = [policy] * ruleset["pack.seats"]
    rows = kernel_rows(ruleset, policies, seed=77, first_deal=0, deals=400, session_length=2)
    reference = play_deals(ruleset, tuple(policies), 77, 0, 400, session_length=2)
    assert_same_rows(rows, reference, f"roles under {name}")
    plain = kernel_rows(ruleset, [make_seat_policy("heuristic")] * ruleset["pack.seats"], seed=77, first_deal=0,
                        deals=400, session_length=2)
    assert (rows[:, :L.COL_SITUATION] != plain[:, :L.COL_SITUATION]).any()


def test_a_searching_player_for_one_role(ruleset):
    """dd plays the ombre's cards once he holds every trump still out; the run knows to search."""
    policy = make_seat_policy("heuristic", situation="role == ombre and trumps >= 1 and trumps_out == 0",
                              roles_in_situation={"ombre": "dd"})
    assert policy.searches
    rows = kernel_rows(ruleset, [policy] * 4, seed=3, first_deal=0, deals=24)
    reference = play_deals(ruleset, (policy,) * 4, 3, 0, 24)
    assert_same_rows(rows, reference, "dd for the ombre in a situation")
    assert (rows[:, L.COL_SITUATION] >= 0).any()
