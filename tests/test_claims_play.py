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
from spadille.analyses.quadrille.claims.play import METRICS, ROLES, role_values
from spadille.kernel.quadrille import layout as L
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
    from spadille.analyses.quadrille.claims.play import PlayMetric, PlaySpec, PlayArm
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
    """Rows that differ in a rule a rule before it always overrides: while the friend holds the called
    king he leads it (lead_called_king), so how he would pick a plain suit is never read. The check of
    the rows cannot see this; the estimate says it: exactly no difference, an interval admitting one."""
    path = write(tmp_path, 'situation = "role == friend and on_lead and holds_called_king"\nrole = "side"\n'
                           'metric = "pay"\ndeals = 600', '{ "friend.plain_suit_long" = 0 }', "{}")
    result = check_claim(load_claims(path, card_play="heuristic")[0], seed=3)
    assert result.estimate.n > 30 and result.estimate.estimate == 0
    assert result.estimate.ci_low < 0 < result.estimate.ci_high
    assert result.verdict == "inconclusive"


@pytest.mark.parametrize("situation, first, second, card_play, message", [
    # strong already keeps the called suit: an arm that sets it again plays as the other
    ("contract == called", '{ "defender_called.keep_called_suit" = 1 }', "{}", "strong",
     "the two arms play alike under strong where the situation holds: defender_called.keep_called_suit = 1 in "
     "both, strong's own value"),
    # with one trump and keep_last_trump on (strong's friend), no trump lead rule is ever read
    ("role == friend and on_lead and trumps == 1 and matadors == 1", '{ "friend.lead_top_trump" = 3 }', "{}",
     "strong", "friend.lead_top_trump is 3 against 0, but where the situation holds he has a single trump and "
               "friend.keep_last_trump = 1 in both, so it is never read"),
    # a defender's rule changed where only the friend decides
    ("role == friend and (on_lead or plays_last)", '{ "defender_alone.plain_card_high" = 1 }', "{}", "heuristic",
     "defender_alone.plain_card_high is 1 against 0, but the situation never holds at a lead of a defender_alone"),
    # a following rule changed where he always leads
    ("on_lead and trick >= 2", '{ "all.second_hand_low" = 0 }', "{}", "heuristic",
     "but the situation never holds at a card to another's lead"),
])
def test_arms_that_play_alike_are_refused(tmp_path, situation, first, second, card_play, message):
    path = write(tmp_path, f'situation = "{situation}"\nrole = "side"\nmetric = "pay"\ndeals = 300', first, second)
    with pytest.raises(ClaimError) as info:
        load_claims(path, card_play=card_play)
    assert "experiment.arms: " in str(info.value) and message in str(info.value) and "\n" not in str(info.value)


def test_identical_arms_exit_1_with_one_line(tmp_path):
    from typer.testing import CliRunner

    from spadille.cli.app import app

    path = write(tmp_path, 'situation = "contract == called"\nrole = "defenders"\nmetric = "pay"\ndeals = 300',
                 '{ "defender_called.keep_called_suit" = 1 }', "{}")
    result = CliRunner().invoke(app, ["claims", "--claims", str(path), "--card-play", "strong"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "play alike under strong" in lines[0]
    again = CliRunner().invoke(app, ["claims", "--claims", str(path), "--card-play", "heuristic", "--quick",
                                     "--format", "csv"])
    assert again.exit_code == 0, again.output   # under the heuristic (keep_called_suit 0) they differ


def test_every_shipped_claim_tests_a_difference_under_each_card_play():
    from spadille.kernel.quadrille.policies import CARD_PLAYS

    for card_play in CARD_PLAYS:
        assert load_claims(card_play=card_play)   # a claim whose arms play alike would raise


def test_where_a_situation_may_hold():
    from spadille.analyses.quadrille.claims.alike import where_it_may_hold

    pairs = where_it_may_hold("role == friend and on_lead and trumps == 1")
    assert set(pairs) == {("friend", "lead"), ("friend", "vole")} and pairs[("friend", "lead")] is False
    pairs = where_it_may_hold("not (role == ombre or role == forced_ombre) and (plays_last or trumps >= 2)")
    assert set(pairs) == {(role, decision) for role in ("friend", "defender_called", "defender_alone")
                          for decision in ("lead", "follow", "vole")}
    assert all(pairs.values())
    assert set(where_it_may_hold("vole_decision and position == 1")) == {(role, "vole") for role in card_rules.ROLES}


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
    docs = (REPO / "docs" / "claims-card-play.md").read_text(encoding="utf-8")
    for rule in card_rules.RULES:
        assert f"`{rule.name}`" in docs
    for name in (*card_rules.ROLES, *(f.usage for f in FEATURES), *METRICS, *ROLES):
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
    from spadille.analyses.quadrille.claims.seats import turned

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
