"""The compare_play kind: card play changed in a situation of the course of play, paired.

What a claim file may say and what it may not (one line naming the key); how a role's outcome is
read off the kernel's results; a run where both arms play alike gives exactly no difference, with
an interval that still admits a loss; the shipped card-play claims load, cite verbatim and run;
and docs/claims.md lists every rule, role, situation feature and metric the registries hold.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from spadille.analyses.claims import ClaimError, check_claim, load_claims
from spadille.analyses.claims.play import METRICS, ROLES, role_values
from spadille.kernel.quadrille import _layout as L
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.situations import FEATURES

from citations import REPO

CLAIM = '''
title = "A test of card play"
game = "quadrille"
note = "A test claim."

[quote]
language = "en"
text = "When you are the friend called, and hold only a mat, lead it"
translation = "When you are the friend called, and hold only a mat, lead it"

[source]
work = "HOY"
section = "p. 263"
seed = "seeds/encyclopedie-1765-quadrille.txt"

[experiment]
kind = "compare_play"
{experiment}

[[experiment.arms]]
label = "first"
params = {first}

[[experiment.arms]]
label = "second"
params = {second}

[verdict]
expect = "greater"
than = 0
'''
SOURCE = '''[source]
work = "HOY"
section = "p. 263"
text = "hoyle.txt"
passages = ["When you are the friend called, and hold only a mat, lead it"]'''


def write(tmp_path, experiment: str, first: str = "{}", second: str = "{}"):
    text = CLAIM.format(experiment=experiment, first=first, second=second)
    text = text[:text.index("[source]")] + SOURCE + text[text.index("\n\n[experiment]"):]
    (tmp_path / "hoyle.txt").write_text("4. When you are the friend called, and hold only a mat, lead it, but ...\n")
    path = tmp_path / "play.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("experiment, first, message", [
    ('situation = "role == friend and luck"\nrole = "side"\nmetric = "pay"\ndeals = 300', "{}",
     "experiment.situation: situation 'role == friend and luck': unknown feature 'luck'"),
    ('situation = "on_lead"\nrole = "banker"\nmetric = "pay"\ndeals = 300', "{}", "experiment.role"),
    ('situation = "on_lead"\nrole = "side"\nmetric = "pay"\ndeals = 300', '{ "friend.avoid_ombre_voids" = 1 }',
     "no parameter 'friend.avoid_ombre_voids'"),
    ('role = "side"\nmetric = "pay"\ndeals = 300\namong = "situation"', "{}", "needs a situation"),
])
def test_faulty_files_are_one_line(tmp_path, experiment, first, message):
    with pytest.raises(ClaimError) as info:
        load_claims(write(tmp_path, experiment, first))
    assert message in str(info.value) and "\n" not in str(info.value)


def test_role_values_read_the_right_seats():
    """Two deals: a called game (ombre 1, friend 3) and a sans prendre (ombre 2, no friend)."""
    from spadille.analyses.claims.play import PlayMetric, PlaySpec, PlayArm
    from spadille.kernel.quadrille.ruleset import load_ruleset

    out = np.zeros((2, 2, L.N_OUT), dtype=np.int64)
    out[:, :, L.OUT_CONTRACT] = [[L.CALLED] * 2, [L.SANS_PRENDRE] * 2]
    out[:, :, L.OUT_OMBRE] = [[1, 1], [2, 2]]
    out[:, :, L.OUT_FRIEND] = [[3, 3], [-1, -1]]
    out[0, 0, L.OUT_PAY:L.OUT_PAY + 4] = [-4, 6, -4, 2]
    out[0, 1, L.OUT_PAY:L.OUT_PAY + 4] = [4, -2, 4, -6]
    out[1, 0, L.OUT_PAY:L.OUT_PAY + 4] = [-10, -10, 30, -10]
    out[1, 1, L.OUT_PAY:L.OUT_PAY + 4] = [10, 10, -30, 10]
    out[:, :, L.OUT_SITUATION] = [[4, 4], [-1, -1]]
    ruleset = load_ruleset("encyclopedie-1765")

    def spec(role, among="situation"):
        return PlaySpec(ruleset, "heuristic", {}, "on_lead", role, METRICS["pay"], 6, among, None, 0, 2, 10,
                        (PlayArm("a"), PlayArm("b")))

    values, kept = role_values(spec("side"), out)
    assert kept.tolist() == [True, False] and values[0].tolist() == [4.0, -4.0]
    values, kept = role_values(spec("defenders", "all"), out)
    assert kept.tolist() == [True, True] and values[:, 0].tolist() == [-4.0, -10.0]
    values, kept = role_values(spec("friend", "all"), out)
    assert kept.tolist() == [True, False] and values[0].tolist() == [2.0, -6.0]
    values, kept = role_values(spec("ombre", "all"), out)
    assert values[:, 1].tolist() == [-2.0, -30.0]


def test_arms_alike_give_no_difference_but_an_honest_interval(tmp_path):
    path = write(tmp_path, 'situation = "role == friend and on_lead"\nrole = "side"\nmetric = "pay"\ndeals = 600',
                 '{ "friend.plain_card_high" = 0 }', "{}")
    result = check_claim(load_claims(path)[0], seed=3)
    assert result.estimate.n > 30 and result.estimate.estimate == 0
    assert result.estimate.ci_low < 0 < result.estimate.ci_high
    assert result.verdict == "inconclusive"


def test_a_change_in_the_situation_moves_the_estimate(tmp_path):
    path = write(tmp_path, 'situation = "role == friend and on_lead"\nrole = "side"\nmetric = "tricks"\ndeals = 2000',
                 '{ "friend.lead_called_king" = 0, "friend.lead_plain_masters" = 0, "friend.plain_suit_long" = 0 }')
    result = check_claim(load_claims(path)[0], seed=5)
    assert result.estimate.n > 100 and math.isfinite(result.estimate.estimate) and result.estimate.estimate != 0
    assert result.record()["unit"] == "tricks a deal"


def test_shipped_card_play_claims():
    claims = [claim for claim in load_claims() if claim.kind.name == "compare_play"]
    assert len(claims) >= 10
    assert {claim.source.work for claim in claims} >= {"HOY", "ENC", "IT"}
    for claim in claims:
        assert claim.experiment.situation and claim.experiment.role in ROLES
        assert claim.note and "first arm" in claim.note.lower()


def test_docs_list_the_registries():
    docs = (REPO / "docs" / "claims.md").read_text(encoding="utf-8")
    for rule in card_rules.RULES:
        assert f"`{rule.name}`" in docs
    for name in (*card_rules.ROLES, *(f.name for f in FEATURES), *METRICS, *ROLES):
        assert f"`{name}`" in docs, name


# ---------------------------------------------------------------- compare_seats
SEATS_EXPERIMENT = '''kind = "compare_seats"
metric = "{metric}"
deals = {deals}

[[experiment.arms]]
label = "first"
seat = "{first}"

[[experiment.arms]]
label = "second"
seat = "{second}"
'''


def write_seats(tmp_path, metric="pay", deals=400, first="eldest", second="second"):
    path = write(tmp_path, 'role = "side"\nmetric = "pay"\ndeals = 1')
    text = path.read_text(encoding="utf-8")
    head = text[:text.index("[experiment]")]
    path.write_text(head + "[experiment]\n" + SEATS_EXPERIMENT.format(metric=metric, deals=deals, first=first,
                                                                     second=second)
                    + '\n[verdict]\nexpect = "greater"\nthan = 0\n', encoding="utf-8")
    return path


def test_the_table_turns_around_the_focal_hand():
    from spadille.analyses.claims.seats import turned

    hands = np.array([[1, 2, 4, 8]], dtype=np.uint64)
    assert turned(hands, 0, 1, 4).tolist() == [[8, 1, 2, 4]]
    assert turned(hands, 0, 3, 4).tolist() == [[2, 4, 8, 1]]
    assert turned(hands, 2, 0, 4).tolist() == [[4, 8, 1, 2]]
    three = np.array([[1, 2, 4, 0]], dtype=np.uint64)
    assert turned(three, 0, 2, 3).tolist() == [[2, 4, 1, 0]]


def test_seats_compared_on_the_same_hands(tmp_path):
    result = check_claim(load_claims(write_seats(tmp_path, "declared", 600))[0], seed=2)
    assert result.estimate.n == 600 and math.isfinite(result.estimate.estimate)
    assert result.estimate.ci_low < result.estimate.ci_high
    with pytest.raises(ClaimError, match="same seat"):
        load_claims(write_seats(tmp_path, first="second"))


def test_shipped_seat_claims():
    claims = [claim for claim in load_claims() if claim.kind.name == "compare_seats"]
    assert {claim.id for claim in claims} >= {"hoy-elder-hand", "hoy-younger-hand"}
