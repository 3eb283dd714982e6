"""When the vole may be undertaken: after six straight tricks, once the called king has
appeared, never by a forced spadille, and not by a friend who showed himself by his lead.

The players here are heuristic players who undertake the vole whenever they are offered it
(vole_losers = 10), so a deal's vole state shows exactly whether the engine offered it.
"""

from __future__ import annotations


import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.ranking import ranking
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate




def eager(**params):
    return tuple(make_seat_policy("heuristic", {"vole_losers": 10, **params}) for _ in range(4))


def side_won_first(row, tricks):
    side = {row[L.COL_OMBRE], row[L.COL_FRIEND]}
    return all(row[L.COL_WINNERS + t] in side for t in range(tricks))


def called_card_seen(row, tricks):
    called = row[L.COL_CALLED]
    if called < 0:
        return True
    return any(row[L.COL_CARDS + 4 * t + i] == called for t in range(tricks) for i in range(4))


def shown_friend_on_lead(row, tricks, ruleset):
    """ENC: "Celui qui n'étant pas premier à jouer, & auroit le roi appellé, joueroit à tout, de
    spadille, manille ou baste, ou même le roi appellé, pour faire connoître qu'il est ami ... ne
    pourroit entreprendre la vole": the friend, not the eldest, led such a card before the point,
    and he is the one on lead there."""
    friend, called = row[L.COL_FRIEND], row[L.COL_CALLED]
    if friend <= 0 or called < 0 or row[L.COL_CONTRACT] == L.CASCO_GAME or row[L.COL_LEADERS + tricks] != friend:
        return False
    signals = set(ranking(ruleset, int(row[L.COL_TRUMP])).matadors) | {called}
    return any(row[L.COL_LEADERS + t] == friend and row[L.COL_CARDS + 4 * t] in signals for t in range(tricks))


def classify(rows, after=6, needs_seen=True, forced_may=False, ruleset=None):
    """Count deals by (offered, straight, seen) and check that the vole state matches the offer.
    With ``ruleset`` under vole.friend_shown_by_lead_may_not_undertake, a shown friend on lead is
    not offered it either."""
    counts = {"offered": 0, "straight_unseen": 0, "not_straight": 0, "forced_straight": 0, "shown_friend": 0}
    bar = ruleset is not None and ruleset["vole.friend_shown_by_lead_may_not_undertake"]
    for row in rows:
        straight = side_won_first(row, after)
        seen = called_card_seen(row, after)
        forced = row[L.COL_CONTRACT] == L.FORCED
        shown = bar and straight and shown_friend_on_lead(row, after, ruleset)
        counts["shown_friend"] += shown
        offered = straight and (seen or not needs_seen) and (not forced or forced_may) and not shown
        undertaken = row[L.COL_VOLE] != L.VOLE_NONE
        assert undertaken == offered, (int(row[L.COL_DEAL]), straight, seen, int(row[L.COL_CONTRACT]))
        if undertaken:
            made = row[L.COL_SIDE_TRICKS] == 10
            assert row[L.COL_VOLE] == (L.VOLE_MADE if made else L.VOLE_FAILED)
        counts["offered"] += offered
        counts["straight_unseen"] += straight and not seen
        counts["not_straight"] += (not straight) and row[L.COL_SIDE_TRICKS] >= 6
        counts["forced_straight"] += straight and seen and forced
    return counts


@pytest.fixture(scope="module")
def played(ruleset):
    return simulate(RunConfig(ruleset, eager(), seed=11, deals=20000, record=True)).rows


def test_vole_only_after_six_straight_tricks_once_the_called_king_appeared(played, ruleset):
    """ENC: "La vole est entreprise, soit en jouant sans prendre, ou avec un roi appellé, lorsque l'on
    a jetté la carte ayant les six premieres mains"; "La vole ne sauroit être entreprise que le roi
    appellé n'ait paru"."""
    counts = classify(played, ruleset=ruleset)
    assert counts["offered"] > 100
    assert counts["straight_unseen"] > 10
    assert counts["not_straight"] > 100


def test_called_king_condition_is_a_switch(ruleset):
    """vole.needs_called_card_seen off: six straight tricks are enough."""
    rs = with_overrides(ruleset, {"vole.needs_called_card_seen": False})
    rows = simulate(RunConfig(rs, eager(), seed=11, deals=20000, record=True)).rows
    counts = classify(rows, needs_seen=False, ruleset=rs)
    assert counts["straight_unseen"] > 10


def test_decision_point_follows_the_rule(ruleset):
    """vole.after_straight_tricks = 7 moves the offer to the lead of the eighth trick."""
    rs = with_overrides(ruleset, {"vole.after_straight_tricks": 7})
    rows = simulate(RunConfig(rs, eager(), seed=12, deals=20000, record=True)).rows
    counts = classify(rows, after=7, ruleset=rs)
    assert counts["offered"] > 100


def test_forced_spadille_cannot_play_for_the_vole(ruleset):
    """ENC: "Celui qui a été obligé de jouer avec spadille, ne peut point prétendre à la vole".
    Everybody passes (thresholds 10), so every deal is a forced spadille."""
    everyone_passes = eager(ask_threshold=10, alone_threshold=10)
    rows = simulate(RunConfig(ruleset, everyone_passes, seed=13, deals=20000, record=True)).rows
    assert (rows[:, L.COL_CONTRACT] == L.FORCED).all()
    counts = classify(rows, ruleset=ruleset)
    assert counts["forced_straight"] > 20
    allowed = with_overrides(ruleset, {"auction.forced_spadille_vole": True})
    rows = simulate(RunConfig(allowed, everyone_passes, seed=13, deals=20000, record=True)).rows
    assert classify(rows, forced_may=True, ruleset=allowed)["offered"] > 20


def test_a_friend_shown_by_his_lead_is_not_offered_the_vole(ruleset):
    """The bar comes up in play, and lifting it offers those deals the vole again."""
    rows = simulate(RunConfig(ruleset, eager(), seed=11, deals=20000, record=True)).rows
    assert classify(rows, ruleset=ruleset)["shown_friend"] > 0
    free = with_overrides(ruleset, {"vole.friend_shown_by_lead_may_not_undertake": False})
    rows = simulate(RunConfig(free, eager(), seed=11, deals=20000, record=True)).rows
    assert classify(rows, ruleset=free)["shown_friend"] == 0
