"""Situations in the course of play (kernel/quadrille/situations.py) and roles another policy plays.

Both engines read every feature on their own (the kernel on ordered bit masks, the reference engine
from its play state in natural cards) and must agree on every deal: which decisions the situation
covers, the first trick it held, and the play that follows. A deal where the situation never arose
plays exactly as without it, so a claim's arms differ only on the deals where it arose.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import _layout as L
from spadille.kernel.quadrille import _situations as jitted
from spadille.kernel.quadrille.policies import PolicyError, make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.situations import FEATURES, SituationError, parse_situation

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
}


def test_every_feature_has_a_case_and_the_kernel_reads_the_same_ids():
    assert set(ONE_PER_FEATURE) == {feature.name for feature in FEATURES}
    for feature in FEATURES:
        assert getattr(jitted, "F_" + feature.name.upper()) == feature.fid
    assert jitted.N_FEATURES == len(FEATURES) + 1


def test_parse():
    situation = parse_situation("role == friend  and on_lead and matadors == 1")
    assert situation.text == "role == friend and on_lead and matadors == 1"
    assert situation.terms == ((1, L.OP_EQ, 1), (4, L.OP_NE, 0), (6, L.OP_EQ, 1))
    assert parse_situation("not king_shown").terms == ((14, L.OP_EQ, 0),)
    assert parse_situation("contract == forced-spadille").terms == ((21, L.OP_EQ, L.FORCED),)
    row = situation.row()
    assert len(row) == L.SITUATION_END - L.SITUATION and row[0] == 3


@pytest.mark.parametrize("text, message", [
    ("role == nobody", "role cannot be 'nobody'"),
    ("trumps >> 2", "cannot read"),
    ("luck > 1", "unknown feature 'luck'"),
    ("not trumps > 1", "'not' goes with a bare feature"),
    (" and ".join(["on_lead"] * 9), "at most 8"),
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


@pytest.mark.parametrize("name", sorted(ONE_PER_FEATURE))
def test_both_engines_read_each_feature_alike(ruleset, plain_rows, name):
    text = ONE_PER_FEATURE[name]
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
    policy = make_seat_policy("heuristic", roles={"friend": "random"}, situation="role == defender_alone and trick >= 3",
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
