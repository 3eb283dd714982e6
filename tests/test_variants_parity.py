"""Paired replays agree between the kernel and the reference engine, outcome for outcome.

The variants cover every fixed decision (bid, trump, call, vole), a changed policy and a
changed rule; the reference replays every variant, while the kernel copies a vole twin whose
vole choice was never read, so agreement also proves that shortcut exact. Random policies
make every unfixed decision draw from the stream, so a fixed decision that wrongly consumed
(or skipped) a draw would shift everything after it.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.common.rule_entries import parse_override
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.variants import play_variants as reference_variants
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants, twins_of

HEARTS, CLUBS = 2, 1


def variants_for(ruleset, focal):
    four_trick = with_overrides(ruleset, dict([parse_override("payments.lone_payment_threshold=4")]))
    keen = tuple(make_seat_policy("heuristic", {"ask_threshold": 2.5}) for _ in range(4))
    return [
        Variant("policy"),
        Variant("pass", Force(seat=focal, bid=L.PASS)),
        Variant("ask hearts", Force(seat=focal, bid=L.ASK, trump=HEARTS, vole=0)),
        Variant("ask hearts go", Force(seat=focal, bid=L.ASK, trump=HEARTS, vole=1)),
        Variant("ask clubs K♦", Force(seat=focal, bid=L.ASK, trump=CLUBS, call=cards.card_of(3, cards.KING))),
        Variant("alone", Force(seat=focal, bid=L.ALONE, vole=0)),
        Variant("alone go", Force(seat=focal, bid=L.ALONE, vole=1)),
        Variant("four-trick rule", Force(seat=focal, bid=L.ASK), ruleset=four_trick),
        Variant("keen askers", Force(seat=focal, bid=L.PASS), policies=keen),
    ]


def test_twins_are_found(ruleset):
    variants = variants_for(ruleset, 0)
    assert twins_of(variants).tolist() == [-1, -1, -1, 2, -1, -1, 5, -1, -1]


def deals_with_vole_points(ruleset, policies, focal, wanted):
    """Ordinary deals are rich in everything but the vole point (about 1 in 2,000 for a
    forced sans prendre), so the comparison gets extra deals where the kernel saw it reached."""
    hands, ids = deals_of_seed(ruleset, 41, 0, 200_000)
    probe = play_variants(ruleset, policies, [Variant("alone", Force(seat=focal, bid=L.ALONE, vole=0))],
                          hands, ids, seed=41)
    reached = np.nonzero(probe[:, 0, L.OUT_VOLE_DECIDER] >= 0)[0][:wanted]
    return hands[reached], ids[reached]


@pytest.mark.parametrize("policy, focal, deals", [("heuristic", 0, 600), ("random", 2, 300), ("heuristic", 3, 300)])
def test_kernel_matches_reference(ruleset, policy, focal, deals):
    policies = tuple(make_seat_policy(policy) for _ in range(4))
    hands, ids = deals_of_seed(ruleset, 41, 1000, deals)
    vole_hands, vole_ids = deals_with_vole_points(ruleset, policies, focal, 40)
    hands, ids = np.concatenate([hands, vole_hands]), np.concatenate([ids, vole_ids])
    variants = variants_for(ruleset, focal)
    kernel = play_variants(ruleset, policies, variants, hands, ids, seed=41)
    reference = reference_variants(ruleset, policies, variants, hands, ids, seed=41)
    differing = np.argwhere(kernel != reference)
    assert not len(differing), f"first difference at (deal, variant, field) {differing[0].tolist()}"
    # the comparison went through the fixed decisions
    focal_ombre = kernel[:, :, L.OUT_OMBRE] == focal
    # eldest always gets to speak; a later seat is not asked after a sans prendre
    share = focal_ombre[:, 5].mean()
    assert share == 1 if focal == 0 else share > (0.75 if policy == "heuristic" else 0.15), share
    assert (kernel[:, 6, L.OUT_VOLE] != L.VOLE_NONE).sum() >= 10
    assert (kernel[focal_ombre[:, 5], 5, L.OUT_VOLE] == L.VOLE_NONE).all()
    assert (kernel[focal_ombre[:, 2], 2, L.OUT_TRUMP] == HEARTS).all()


def test_same_deals_as_simulate(ruleset):
    """deals_of_seed deals exactly what simulate deals."""
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    policies = tuple(make_seat_policy("heuristic") for _ in range(4))
    hands, ids = deals_of_seed(ruleset, 9, 500, 300)
    rows = simulate(RunConfig(ruleset, policies, 9, 300, first_deal=500, record=True)).rows
    assert np.array_equal(rows[:, L.COL_HANDS:L.COL_HANDS + 4].astype(np.uint64), hands)
    assert np.array_equal(rows[:, L.COL_DEAL], ids)
