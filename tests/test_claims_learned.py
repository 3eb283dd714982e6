"""Claims that set card-play rules, under a player that reads none (learned).

The learned player plays every decision, except where the claim's situation holds for a role whose
rules either arm sets: there strong's rules play, with the arm's values (policies.make_rules_seat_policy).
What is checked: a claim under strong or the heuristic builds exactly the seats it built before; under
learned every shipped compare_play claim loads, names both players in its row and plays; its arms differ
where the situation arose, and on the deals where it never arose both arms play exactly as an all-learned
table; the other kinds that set rules (compare_policies, focal_params) hand those roles over too.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.claims import ClaimError, check_claim, load_claims
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import (POLICIES, PolicyError, describe_rules_seat, make_rules_seat_policy,
                                                make_seat_policy, rule_roles)

SEED, DEALS = 11, 300
LEARNED_ROLES = {role: "learned" for role in card_rules.ROLES}
# every result column but the situation's own (an all-learned table has none)
COMPARED = [c for c in range(L.N_OUT) if c not in (L.OUT_SITUATION, L.OUT_SITUATION + 1)]


def _shipped(card_play: str, kinds=("compare_play",)):
    return [claim for claim in load_claims(card_play=card_play) if claim.kind.name in kinds]


def test_under_strong_and_the_heuristic_every_claim_builds_the_seats_it_built_before():
    """The seats of every arm are make_seat_policy's, exactly as before learned had a meaning here."""
    for card_play in ("strong", "heuristic"):
        for claim in _shipped(card_play, ("compare_play", "compare_policies", "compare_actions", "rate",
                                          "compare_rules", "compare_seats")):
            spec = claim.experiment
            seats = spec.ruleset["pack.seats"]
            if claim.kind.name == "compare_play":
                for arm in spec.arms:
                    before = (make_seat_policy(spec.policy, {**spec.params, **arm.params}, roles=arm.roles)
                              if spec.situation is None else
                              make_seat_policy(spec.policy, spec.params, situation=spec.situation,
                                               in_situation=arm.params, roles_in_situation=arm.roles))
                    assert spec.policies(arm) == (before,) * seats, claim.id
            elif claim.kind.name == "compare_seats":
                assert spec.policies() == (make_seat_policy(spec.policy, spec.params),) * seats, claim.id
            else:
                for arm in spec.arms:
                    before = tuple(make_seat_policy(spec.policy, {**spec.params,
                                                                  **(arm.focal_params if seat == spec.focal else {})})
                                   for seat in range(seats))
                    assert spec.policies(arm) == before, claim.id


def test_the_roles_a_rule_sets_and_the_seat_learned_plays():
    assert rule_roles({"side.lead_top_trump": 4}) == ("ombre", "friend", "forced_ombre")
    assert rule_roles({"draw_trumps": 0, "ask_threshold": 3}) == ("ombre", "forced_ombre")
    assert rule_roles({"defenders.keep_called_suit": 1}) == ("defender_called",)
    # no rule set: the learned player itself, as make_seat_policy builds it
    plain = make_seat_policy("learned", {"ask_threshold": 3})
    assert make_rules_seat_policy("learned", {"ask_threshold": 3.0}) == plain
    # a rule set where a situation holds: strong's seat, learned at every role but there
    seat = make_rules_seat_policy("learned", {}, situation="role == friend and on_lead",
                                  in_situation={"friend.lead_top_trump": 3}, roles_in_situation={"ombre": "pimc"},
                                  rule_changes=({"friend.lead_top_trump": 3}, {}))
    assert seat.name == POLICIES["learned"].rules_from == "strong"
    assert dict(seat.roles) == LEARNED_ROLES and dict(seat.roles_in_situation) == {"friend": "strong", "ombre": "pimc"}
    # the other arm, which sets nothing, hands the friend over all the same
    other = make_rules_seat_policy("learned", {}, situation="role == friend and on_lead", in_situation={},
                                   rule_changes=({"friend.lead_top_trump": 3}, {}))
    assert dict(other.roles_in_situation) == {"friend": "strong"}
    # a rule set everywhere (compare_policies' draw_trumps): those roles are strong's at every decision
    seat = make_rules_seat_policy("learned", {"draw_trumps": 0.0}, rule_changes=({"draw_trumps": 0.0},))
    assert dict(seat.roles) == {r: "learned" for r in ("friend", "defender_called", "defender_alone")}
    values = seat.card_rule_values()
    assert values["ombre.draw_trumps"] == 0.0 and values["forced_ombre.draw_trumps"] == 0.0
    assert "strong's rules play the ombre, the forced_ombre at every decision" in describe_rules_seat(seat, "learned")
    with pytest.raises(PolicyError, match="^policy 'learned' has no parameter 'bogus'"):
        make_rules_seat_policy("learned", {"bogus": 1.0})


@pytest.fixture(scope="module")
def learned_runs():
    """Each shipped compare_play claim under learned, SEED, DEALS deals: out[n, 3, N_OUT] for its two
    arms and an all-learned table on the same deals and random stream."""
    from spadille.analyses.quadrille.claims.forcing import BEST
    from spadille.analyses.quadrille.claims.simulated import deal, play_with_best
    from spadille.kernel.quadrille.variants import Force, Variant

    runs = {}
    for claim in _shipped("learned"):
        spec = claim.experiment
        seats = spec.ruleset["pack.seats"]
        dealt = deal(spec.ruleset, SEED, DEALS, spec.condition, spec.focal, 0, spec.max_attempts,
                     card_play=spec.policy)
        best = spec.force.trump == BEST
        force = Force(spec.focal, spec.force.bid, None if best else spec.force.trump, spec.force.call, spec.force.vole)
        learned = (make_seat_policy("learned", spec.params),) * seats
        variants = [(Variant(arm.label, force, spec.policies(arm)), best) for arm in spec.arms]
        variants.append((Variant("learned", force, learned), best))
        runs[claim.id] = (spec, play_with_best(spec.ruleset, spec.focal, learned, variants, dealt.hands,
                                               dealt.attempts, SEED, 1, None))
    return runs


def test_every_shipped_play_claim_plays_under_learned(learned_runs):
    assert len(learned_runs) >= 10
    differing = []
    for claim, (spec, out) in learned_runs.items():
        assert spec.policy == "learned" and spec.rules_player == "strong"
        arose = out[:, 0, L.OUT_SITUATION] >= 0
        assert (arose == (out[:, 1, L.OUT_SITUATION] >= 0)).all(), claim
        # where the situation never arose, both arms are the learned player, decision for decision
        for arm in (0, 1):
            assert np.array_equal(out[~arose][:, arm, COMPARED], out[~arose][:, 2, COMPARED]), (claim, arm)
        if (out[arose, 0] != out[arose, 1]).any():
            differing.append(claim)
    # the arms play apart where the situation arose (on 300 deals every shipped claim's did, on 2 to 32)
    assert set(differing) == set(learned_runs), sorted(set(learned_runs) - set(differing))


def test_a_learned_claim_says_where_strong_plays_and_gives_a_verdict():
    claim = next(c for c in _shipped("learned") if c.id == "enc-friend-need-not-overtake")
    result = check_claim(claim, seed=SEED, scale=DEALS / claim.experiment.deals)
    record = result.record()
    assert record["policies"].startswith("learned(") and "at every seat" in record["policies"]
    assert "[when role == friend and plays_last and partner_winning: strong's rules play the friend " \
           "(friend.overtake_partner=0)]" in record["policies"]
    assert "(learned plays every other decision; there strong's rules play the friend)" in record["experiment"]
    assert result.estimate.n > 0 and result.verdict in ("supported", "contradicted", "inconclusive")


def test_other_kinds_hand_the_roles_they_set_to_strong():
    claims = {c.id: c.experiment for c in _shipped("learned", ("compare_policies", "compare_actions"))}
    q18, q17 = claims["q18"], claims["q17"]
    for arm in q18.arms:
        seats = q18.policies(arm)
        focal = seats[q18.focal]
        assert focal.name == "strong" and set(focal.roles) == {"friend", "defender_called", "defender_alone"}
        assert all(seat == make_seat_policy("learned") for i, seat in enumerate(seats) if i != q18.focal)
    assert [q18.policies(arm)[q18.focal].card_rule_values()["ombre.draw_trumps"] for arm in q18.arms] == [0, 10]
    # call_long_suit is a bidding parameter learned takes itself: no rule, no strong
    assert all(seat.name == "learned" and not seat.roles for arm in q17.arms for seat in q17.policies(arm))


def test_arms_alike_under_learned_are_refused_in_one_line(tmp_path):
    from test_claims_play import write

    path = write(tmp_path, 'situation = "contract == called"\nrole = "defenders"\nmetric = "pay"\ndeals = 300',
                 '{ "defender_called.keep_called_suit" = 1 }', "{}")
    with pytest.raises(ClaimError) as info:
        load_claims(path, card_play="learned")
    message = str(info.value)
    assert "\n" not in message and ("the two arms play alike under learned (strong's rules play the rules the arms "
                                    "set) where the situation holds: defender_called.keep_called_suit = 1 in both"
                                    ) in message
