"""The kernel and the reference engine agree on the variant rulesets, row for row.

quadrille-a-trois (three seats, a demanded king), mediateur (the demand as a bid of its own,
a fee, premiums) and italian-modern (Dimidiator, Casco, the called-king duty, the vole
announced before the first trick, the pot) each bring mechanisms plain quadrille never
exercises; every case also checks that the mechanism really came up in the deals compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.variants import play_variants as reference_variants
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

from test_parity import compare

VARIANT_RULESETS = ("quadrille-a-trois", "mediateur", "italian-modern")
DEALS = 1_500
HEURISTIC = make_seat_policy("heuristic")
RANDOM = make_seat_policy("random")
VOLE_HUNGRY = make_seat_policy("heuristic", {"vole_losers": 10.0})
STRONG = make_seat_policy("strong")
HEARTS = 2


@pytest.mark.parametrize("name", VARIANT_RULESETS)
@pytest.mark.parametrize("policy", [RANDOM, HEURISTIC, VOLE_HUNGRY, STRONG],
                         ids=["random", "heuristic", "vole-hungry", "strong"])
def test_whole_rows_agree(name, policy):
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    rows = compare(ruleset, [policy] * seats, seed=606, first_deal=0, deals=DEALS, session_length=10,
                   case=f"{name}, {policy.describe()}")
    contracts = set(rows[:, L.COL_CONTRACT].tolist())
    assert L.DEMANDED in contracts  # the demand (à trois ask, médiateur, Dimidiator) was played
    demanded = rows[:, L.COL_CONTRACT] == L.DEMANDED
    assert (rows[demanded & (rows[:, L.COL_CALLED] >= 0), L.COL_GIVEN] >= 0).all()
    assert (rows[:, L.COL_PAY:L.COL_PAY + seats].sum(axis=1) + rows[:, L.COL_POOL] == 0).all()
    if name == "italian-modern":
        assert L.CASCO_GAME in contracts
    if name == "italian-modern" and policy is RANDOM:
        assert (rows[:, L.COL_VOLE] != L.VOLE_NONE).sum() > 100  # announced before the first trick


@pytest.mark.parametrize("name", VARIANT_RULESETS)
def test_mixed_policies_agree(name):
    ruleset = load_ruleset(name)
    policies = [RANDOM, HEURISTIC, VOLE_HUNGRY, HEURISTIC][:ruleset["pack.seats"]]
    compare(ruleset, policies, seed=77, first_deal=5_000, deals=DEALS, session_length=1, case=f"{name}, mixed")


def test_forced_spadille_demands_under_a_trois():
    """All passed: spadille's holder demands a king too, and plays alone."""
    ruleset = load_ruleset("quadrille-a-trois")
    timid = make_seat_policy("heuristic", {"ask_threshold": 10.0, "alone_threshold": 10.0, "demand_threshold": 10.0})
    rows = compare(ruleset, [timid] * 3, seed=3, first_deal=0, deals=500, case="a-trois, all pass")
    forced = rows[:, L.COL_CONTRACT] == L.FORCED
    assert forced.all() and (rows[forced, L.COL_FRIEND] == -1).all()
    assert (rows[forced & (rows[:, L.COL_CALLED] >= 0), L.COL_GIVEN] >= 0).all()


@pytest.mark.parametrize("changes", [
    {"exchange.favourite_suit": "hearts"},
    {"exchange.card_shown": False, "exchange.demand_king_of_trumps": False},
    {"auction.asker_preference": False},
], ids=["favourite-suit", "covert-gift", "no-preference"])
def test_mediateur_switches_agree(changes):
    ruleset = with_overrides(load_ruleset("mediateur"), changes)
    compare(ruleset, [RANDOM, HEURISTIC, RANDOM, HEURISTIC], seed=9, first_deal=0, deals=800, case=str(changes))


@pytest.mark.parametrize("changes", [
    {"play.called_king_duty": False},
    {"vole.after_straight_tricks": 6, "vole.needs_called_card_seen": True},
    {"payments.matador_count": "sequence", "payments.matadors_on_loss": True},
], ids=["no-duty", "vole-after-six", "sequence-matadors"])
def test_italian_switches_agree(changes):
    ruleset = with_overrides(load_ruleset("italian-modern"), changes)
    compare(ruleset, [RANDOM, VOLE_HUNGRY, RANDOM, HEURISTIC], seed=11, first_deal=0, deals=800, case=str(changes))


def test_fixed_decisions_of_the_new_bids_agree():
    """Paired replays with the focal seat's new bids fixed (a demand with a fixed king, casco
    with a fixed call, the Solo announced for the vole) agree outcome for outcome."""
    ruleset = load_ruleset("italian-modern")
    policies = (RANDOM, HEURISTIC, RANDOM, HEURISTIC)
    spade_king = cards.card_of(0, cards.KING)
    variants = [
        Variant("policy"),
        Variant("dimidiator ♥ K♠", Force(seat=1, bid=L.DEMAND, trump=HEARTS, call=spade_king, vole=0)),
        Variant("dimidiator ♥", Force(seat=1, bid=L.DEMAND, trump=HEARTS, vole=1)),
        Variant("casco K♠", Force(seat=1, bid=L.CASCO, call=spade_king)),
        Variant("solo announced", Force(seat=1, bid=L.ALONE, trump=HEARTS, vole=1)),
    ]
    hands, ids = deals_of_seed(ruleset, 5, 0, 400)
    kernel = play_variants(ruleset, policies, variants, hands, ids, seed=5)
    reference = reference_variants(ruleset, policies, variants, hands, ids, seed=5)
    differing = np.argwhere(kernel != reference)
    assert not len(differing), f"first difference at (deal, variant, field) {differing[0].tolist()}"
    focal_ombre = kernel[:, :, L.OUT_OMBRE] == 1
    assert (kernel[focal_ombre[:, 1], 1, L.OUT_CONTRACT] == L.DEMANDED).all()
    assert (kernel[focal_ombre[:, 3], 3, L.OUT_CONTRACT] == L.CASCO_GAME).any()
    assert (kernel[focal_ombre[:, 4], 4, L.OUT_VOLE] != L.VOLE_NONE).all()  # announced before trick one


@pytest.mark.parametrize("name", VARIANT_RULESETS)
def test_searching_players_agree(name):
    """pimc reads what the table knows (the demanded king and a shown gift, the casco king's
    holder, the duty's inferences) and dd sees every hand: both engines must hand them the
    same observations and stream."""
    ruleset = load_ruleset(name)
    pimc = make_seat_policy("pimc", {"samples": 3})
    policies = [pimc, make_seat_policy("dd"), HEURISTIC, RANDOM][:ruleset["pack.seats"]]
    rows = compare(ruleset, policies, seed=21, first_deal=0, deals=40, case=f"{name}, pimc and dd")
    assert (rows[:, L.COL_CONTRACT] != L.NO_CONTRACT).all()
