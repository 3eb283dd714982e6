"""The auction: each seat speaks once from eldest; sans prendre outranks an ask; the forced asker's
preference; forced spadille when all pass (or a redeal under the house switch).

Two kinds of evidence: ``_engine._auction`` driven directly with heuristic players whose
thresholds fix their bids, and seeded deals of random players (who are consulted on every
option) whose rows show the case (COL_BIDS, COL_FORCE, COL_CONTRACT).
"""

from __future__ import annotations


import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._engine import _auction
from spadille.kernel.quadrille.policies import kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables

PASSES = {"ask_threshold": 10, "alone_threshold": 10}
ASKS = {"ask_threshold": 0, "alone_threshold": 10}
ALONE = {"ask_threshold": 0, "alone_threshold": 0}




def run_auction(tables, seat_params, take_forced=5.4):
    """Drive ``_auction`` on a fixed deal; returns (declarer, kind, bids, force answer)."""
    policies = [make_seat_policy("heuristic", {**p, "take_forced_threshold": take_forced}) for p in seat_params]
    ids, params = kernel_arrays(policies)
    hands = np.array([cards.Hand.parse(h).mask for h in (
        "spadille ♥7 ♥K ♥Q ♠K ♣K ♦K ♦Q ♦J ♠Q",
        "basto ♥A ♥J ♥2 ♥3 ♠J ♠7 ♣Q ♣J ♦A",
        "♥4 ♥5 ♥6 ♠6 ♠5 ♠4 ♣7 ♣6 ♣5 ♦2",
        "♠3 ♠2 ♣4 ♣3 ♣2 ♦3 ♦4 ♦5 ♦6 ♦7",
    )], dtype=np.uint64)
    res = np.zeros(L.N_ROW_COLS, np.int64)
    rng = np.zeros(2, np.uint64)
    no_force = np.full(L.N_FORCE, L.FREE, np.int64)
    # the third value, the trumps each seat's bid found, is for the ombre's trump choice
    declarer, kind, _ = _auction(hands, tables.rules, tables.card_of_pos, tables.nat_suit_mask, tables.top_pos,
                                 ids, params, no_force, rng, res)
    return int(declarer), int(kind), res[L.COL_BIDS:L.COL_BIDS + 4].tolist(), int(res[L.COL_FORCE])


# ---------------------------------------------------------------- driven directly
def test_sans_prendre_outranks_an_ask(tables):
    """ENC: "Celui qui veut jouer sans appeller, a la préférence dans le jeu sur celui qui demande à
    jouer en appellant". Seat 1 asks, seat 2 goes alone; the asker (take threshold 10) gives way."""
    result = run_auction(tables, [PASSES, ASKS, ALONE, ALONE], take_forced=10)
    assert result == (2, L.ALONE, [L.PASS, L.ASK, L.ALONE, -1], L.CEDE)


def test_forced_asker_may_take_the_sans_prendre(tables):
    """ENC: "cependant si celui qui a demandé veut jouer sans appeller, il est préféré à l'autre : ce
    sont deux manieres de jouer sans appeller que l'on appelle forcées"."""
    result = run_auction(tables, [PASSES, ASKS, ALONE, ALONE], take_forced=0)
    assert result == (1, L.ALONE, [L.PASS, L.ASK, L.ALONE, -1], L.TAKE)


def test_asker_preference_is_a_switch(ruleset):
    """auction.asker_preference off: the later sans prendre simply wins, nobody is asked."""
    off = build_tables(with_overrides(ruleset, {"auction.asker_preference": False}))
    assert run_auction(off, [PASSES, ASKS, ALONE, ALONE], take_forced=0) == (
        2, L.ALONE, [L.PASS, L.ASK, L.ALONE, -1], L.NO_FORCE)


def test_first_sans_prendre_stands_and_later_seats_are_not_asked(tables):
    """RULES.md §1.5: "Ties between two *alone* offers are resolved by seat priority (earlier
    speaker)"; once someone plays alone the later seats have nothing to say."""
    assert run_auction(tables, [ALONE, ALONE, ALONE, ALONE]) == (0, L.ALONE, [L.ALONE, -1, -1, -1], L.NO_FORCE)


def test_an_ask_cannot_be_over_asked(tables):
    """RULES.md §1.5: "an ask cannot be over-asked": after an ask a later seat may pass or go alone."""
    assert run_auction(tables, [ASKS, ASKS, ASKS, ASKS]) == (0, L.ASK, [L.ASK, L.PASS, L.PASS, L.PASS], L.NO_FORCE)


def test_a_pass_is_final(tables):
    """ENC: "Celui qui a une fois passé, ne peut plus être reçu à jouer". Eldest, who holds the best
    hand, passes; nobody else bids; the auction ends with no declarer (forced spadille follows)."""
    assert run_auction(tables, [PASSES, PASSES, PASSES, PASSES]) == (-1, -1, [L.PASS] * 4, L.NO_FORCE)
    assert run_auction(tables, [PASSES, PASSES, PASSES, ASKS]) == (3, L.ASK, [L.PASS] * 3 + [L.ASK], L.NO_FORCE)


# ---------------------------------------------------------------- seeded deals
@pytest.fixture(scope="module")
def rows(ruleset, random4):
    return simulate(RunConfig(ruleset, random4, seed=2024, deals=20000, record=True)).rows


def bids_of(row):
    return [int(b) for b in row[L.COL_BIDS:L.COL_BIDS + 4]]


def test_seats_speak_once_in_order(rows):
    """ENC: "celui qui est à droite de celui qui a donné ... demande si on joue ... ou passe ... & ainsi
    du second, du troisieme & du dernier": one bid per seat; after a sans prendre no one is asked;
    no second ask."""
    for row in rows:
        bids = bids_of(row)
        alone_at = bids.index(L.ALONE) if L.ALONE in bids else 4
        assert all(b in (L.PASS, L.ASK, L.ALONE) for b in bids[:alone_at + 1])
        assert all(b == -1 for b in bids[alone_at + 1:])
        assert bids.count(L.ASK) <= 1


def test_asker_preference_in_played_deals(rows):
    """ENC: "si celui qui a demandé veut jouer sans appeller, il est préféré à l'autre"."""
    answers = {L.TAKE: 0, L.CEDE: 0}
    for row in rows[rows[:, L.COL_FORCE] != L.NO_FORCE]:
        bids = bids_of(row)
        asker, forcer = bids.index(L.ASK), bids.index(L.ALONE)
        assert asker < forcer
        assert row[L.COL_CONTRACT] == L.SANS_PRENDRE
        assert row[L.COL_OMBRE] == (asker if row[L.COL_FORCE] == L.TAKE else forcer)
        answers[int(row[L.COL_FORCE])] += 1
    assert answers[L.TAKE] > 100 and answers[L.CEDE] > 100


def test_the_asker_is_bound_unless_someone_goes_alone(rows):
    """ENC: "celui qui a demandé à jouer n'est pas le maître de ne pas jouer, à-moins que quelqu'un ne
    veuille jouer sans appeller"."""
    asked = [row for row in rows if L.ASK in bids_of(row) and L.ALONE not in bids_of(row)]
    assert len(asked) > 500
    for row in asked:
        assert row[L.COL_OMBRE] == bids_of(row).index(L.ASK)
        assert row[L.COL_CONTRACT] in (L.CALLED, L.SELF_CALLED)


def test_nobody_who_passed_becomes_ombre_except_by_force(rows):
    """ENC: "Celui qui a une fois passé, ne peut plus être reçu à jouer"."""
    for row in rows:
        if row[L.COL_CONTRACT] != L.FORCED:
            assert bids_of(row)[row[L.COL_OMBRE]] in (L.ASK, L.ALONE)


def test_all_pass_forces_the_spadille_holder_to_call(rows):
    """ENC: "Tous les quatre peuvent passer ; mais comme il n'est pas de coup qui ne doive être joué,
    celui qui a spadille, après l'avoir montré ou accusé, est obligé de jouer en appellant un roi"."""
    forced = rows[rows[:, L.COL_CONTRACT] == L.FORCED]
    assert len(forced) > 100
    everyone_passed = [row for row in rows if bids_of(row) == [L.PASS] * 4]
    assert len(everyone_passed) == len(forced)
    for row in forced:
        assert bids_of(row) == [L.PASS] * 4
        assert row[L.COL_HANDS + row[L.COL_OMBRE]] & 1          # he holds spadille
        assert row[L.COL_CALLED] >= 0
        friend = row[L.COL_FRIEND]
        holder = [s for s in range(4) if row[L.COL_HANDS + s] >> row[L.COL_CALLED] & 1][0]
        assert friend == (holder if holder != row[L.COL_OMBRE] else -1)


def test_redeal_house_rule(ruleset, random4):
    """auction.all_pass = redeal ("the house rule the Italian page mentions", RULES.md §1.5): nothing
    is played and the antes stay on the table."""
    rs = with_overrides(ruleset, {"auction.all_pass": "redeal"})
    rows = simulate(RunConfig(rs, random4, seed=2024, deals=4000, record=True)).rows
    redealt = rows[rows[:, L.COL_CONTRACT] == L.NO_CONTRACT]
    assert len(redealt) > 20
    for row in redealt:
        assert bids_of(row) == [L.PASS] * 4
        assert row[L.COL_OMBRE] == -1 and row[L.COL_OUTCOME] == L.NO_RESULT
        assert row[L.COL_PAY:L.COL_PAY + 4].tolist() == [-1, -1, -1, -11]
        assert row[L.COL_POOL] == 14
        assert (row[L.COL_CARDS:L.COL_CARDS + 40] == -1).all()
    assert not (rows[:, L.COL_CONTRACT] == L.FORCED).any()
