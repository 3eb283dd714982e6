"""`spadille ladder`: the strength ladder's pairing, seat rotation, intervals, output and errors."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from spadille.analyses.paired import float_mean_ci, ratio_mean_ci
from spadille.analyses.quadrille.ladder import LadderEntry, ladder, records
from spadille.cli.app import app
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import make_seat_policy

runner = CliRunner()
HEURISTIC = make_seat_policy("heuristic")
SEATS = SEAT_NAMES[4]


def entry(text: str, deals: int, **params) -> LadderEntry:
    return LadderEntry(text, make_seat_policy(text.split(":")[0], params), deals)


@pytest.fixture(scope="module")
def random_against_heuristic(ruleset):
    return ladder(ruleset, [entry("random", 2000), entry("heuristic", 2000)], HEURISTIC, seed=3)


def rows(result, label):
    table = result.table
    return table[table["label"] == label].set_index("group")


def test_the_reference_is_the_fixed_point_at_exactly_zero(random_against_heuristic):
    reference = rows(random_against_heuristic, "heuristic")
    assert reference["reference"].all()
    assert (reference["gain"] == 0.0).all() and (reference["ci_low"] == 0.0).all() and (reference["ci_high"] == 0.0).all()
    speed = random_against_heuristic.speed.set_index("label")
    assert speed.loc["heuristic", "role_changed"] == 0 and speed.loc["heuristic", "plays"] == 2000


def test_random_loses_to_the_heuristic_with_its_interval_below_zero(random_against_heuristic):
    random = rows(random_against_heuristic, "random")
    for group in ("overall", "side", *SEATS):
        assert random.loc[group, "ci_high"] < 0, group
    assert random.loc["overall", "ci_low"] < random.loc["overall", "gain"] < random.loc["overall", "ci_high"]


def test_the_policy_sits_in_every_seat_once_a_deal(random_against_heuristic):
    random = rows(random_against_heuristic, "random")
    for seat in SEATS:
        assert random.loc[seat, "n"] == 2000     # every deal played with random in this seat
    assert random.loc["overall", "n"] == 2000 * 4
    # every (deal, seat) pair is on the side or in defence: plain quadrille always plays a contract
    assert random.loc["side", "n"] + random.loc["defenders", "n"] == 2000 * 4
    speed = random_against_heuristic.speed.set_index("label")
    assert speed.loc["random", "plays"] == 2000 * 4
    assert speed.loc["random", "decisions"] == 2000 * 4 * 10   # a card to each of the ten tricks


def test_a_policy_that_plays_as_the_reference_gains_exactly_nothing(ruleset):
    # casco_threshold changes the description but not the play: plain quadrille has no casco.
    # So every play with it in a seat is the all-reference play again, deal by deal.
    same = LadderEntry("same", make_seat_policy("heuristic", {"casco_threshold": 9}), 300)
    result = ladder(ruleset, [same], HEURISTIC, seed=5)
    table = rows(result, "same")
    assert not table["reference"].any()
    assert (table["gain"] == 0.0).all()
    assert table[["ci_low", "ci_high"]].isna().all().all()   # no spread to measure: unknown, never a point
    assert result.speed.set_index("label").loc["same", "role_changed"] == 0


def test_a_policy_given_as_the_reference_is_the_reference(ruleset):
    spelled = LadderEntry("heuristic:ask_threshold=3.6", make_seat_policy("heuristic", {"ask_threshold": 3.6}), 50)
    result = ladder(ruleset, [spelled, entry("random", 50)], HEURISTIC, seed=1)
    assert rows(result, "heuristic:ask_threshold=3.6")["reference"].all()


def test_the_ladder_does_not_depend_on_threads(ruleset):
    import numba

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("one core")
    one, two = (ladder(ruleset, [entry("random", 3000), entry("heuristic", 3000)], HEURISTIC, seed=8, threads=t)
                for t in (1, 2))
    pd.testing.assert_frame_equal(one.table, two.table)
    assert one.speed["role_changed"].tolist() == two.speed["role_changed"].tolist()


def test_dd_climbs_the_ladder_at_a_tiny_size(ruleset):
    result = ladder(ruleset, [entry("dd", 6), entry("heuristic", 6)], HEURISTIC, seed=2)
    dd = rows(result, "dd")
    assert dd.loc["overall", "n"] == 24 and math.isfinite(dd.loc["overall", "gain"])
    assert result.speed.set_index("label").loc["dd", "decisions"] == 6 * 4 * 10


def test_the_ratio_interval_is_the_plain_one_for_equal_clusters():
    rng = np.random.default_rng(0)
    values = rng.integers(-30, 30, size=(500, 4))
    n, mean, low, high = ratio_mean_ci(values.sum(axis=1), np.full(500, 4))
    _, plain_mean, plain_low, plain_high = float_mean_ci(values.sum(axis=1) / 4)
    assert n == 2000 and mean == pytest.approx(plain_mean) and (low, high) == pytest.approx((plain_low, plain_high))


# ---------------------------------------------------------------- the command
def invoke(*args):
    return runner.invoke(app, ["ladder", "quadrille", *args])


def test_json_holds_one_record_per_policy():
    result = invoke("--policies", "random,heuristic:ask_threshold=4", "--deals", "200", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["metadata"]["seed"] == 4 and data["metadata"]["analysis"] == "ladder"
    assert data["metadata"]["ruleset"] == "encyclopedie-1765" and data["metadata"]["spadille_version"]
    assert data["metadata"]["reference"] == HEURISTIC.describe()
    names = [record["name"] for record in data["policies"]]
    assert names == ["heuristic", "random", "heuristic:ask_threshold=4"]   # the reference added first
    reference, random, tuned = data["policies"]
    assert reference["reference"] and reference["gain"] == 0.0
    assert tuned["params"] == {"ask_threshold": 4.0} and "ask_threshold=4" in tuned["policy"]
    for record in data["policies"]:
        assert {"name", "policy", "params", "deals", "deals_per_second", "decisions_per_second", "gain", "ci_low",
                "ci_high", "n", "by_role", "by_seat", "role_changed"} <= set(record)
        assert set(record["by_role"]) == {"ombre", "friend", "defender", "side", "defenders"}
        assert set(record["by_seat"]) == set(SEATS) and set(record["by_contract"]) <= {"called", "sans-prendre", "forced-spadille", "self-called"}
        assert record["deals"] == 200 and record["deals_per_second"] > 0
    assert random["n"] == 800 and random["ci_high"] < 0


def test_the_table_ranks_the_policies():
    result = invoke("--policies", "random", "--deals", "200")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "reference heuristic(" in lines[0] and "seed 0" in lines[0]
    body = [line.split()[0] for line in lines if line.strip().startswith(("heuristic", "random"))]
    assert body == ["heuristic", "random"]
    assert "0 (reference)" in result.stdout


def test_a_policy_file_is_a_rung(tmp_path):
    path = tmp_path / "bold.toml"
    path.write_text('[default]\npolicy = "heuristic"\nask_threshold = 3\n', encoding="utf-8")
    out = tmp_path / "ladder.csv"
    result = invoke("--policies", "heuristic", "--policy-file", str(path), "--deals", "100", "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    names = [record["name"] for record in json.loads(result.stdout)["policies"]]
    assert names == ["heuristic", "bold.toml"]
    assert out.read_text(encoding="utf-8").startswith("# spadille: ")


@pytest.mark.parametrize(("args", "message"), [
    (["--policies", "strongest"], "Error: unknown policy 'strongest'; available: random, heuristic, strong, dd, pimc, learned (option --policies)"),
    (["--reference", "nope"], "Error: unknown policy 'nope'; available: random, heuristic, strong, dd, pimc, learned (option --reference)"),
    (["--deals", "0"], "Error: --deals must be a positive whole number, not 0"),
    (["--policies", "random,random"], "Error: policy 'random' is named twice in the ladder"),
    (["--policies", "pimc:samples"], "Error: policy 'pimc:samples': parameter 'samples' must look like KEY=VALUE (option --policies)"),
    (["--policies", "pimc:samples=0"], "Error: parameter pimc.samples = 0 is outside [1, 500]"),
    (["--out", "/nonexistent-folder/ladder.csv"],
     "Error: --out '/nonexistent-folder/ladder.csv': directory '/nonexistent-folder' does not exist"),
])
def test_bad_input_is_one_line(args, message):
    result = invoke(*args)
    assert result.exit_code == 1
    assert result.output.strip() == message


def test_a_policy_file_with_seats_is_refused(tmp_path):
    path = tmp_path / "seats.toml"
    path.write_text('[seats.eldest]\npolicy = "random"\n', encoding="utf-8")
    result = invoke("--policy-file", str(path))
    assert result.exit_code == 1 and result.output.startswith(f"Error: policy file '{path}': the ladder seats one")


def test_other_games_have_no_ladder():
    result = runner.invoke(app, ["ladder", "revertier"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: revertier has no `spadille ladder`; quadrille, reversis have it")
    unknown = runner.invoke(app, ["ladder", "whist"])
    assert unknown.exit_code == 2


# ---------------------------------------------------------------- the report's part
def test_the_report_part_ranks_random_heuristic_strong_learned_and_dd(ruleset):
    from dataclasses import replace

    from spadille.reports.quadrille.standard import build_report, plan_for

    plan = plan_for(ruleset, 7, 1000, False)   # the verdicts' card play (learned) has its rung
    assert "ladder" in plan.parts and set(plan.ladder) == {"random", "heuristic", "strong", "learned", "dd"}
    assert set(plan_for(ruleset, 7, 1000, False, card_play="strong").ladder) == {"random", "heuristic", "strong", "dd"}
    plan = replace(plan, parts=("ladder",), ladder={"random": 300, "heuristic": 300, "dd": 4})
    report, interrupted = build_report(plan, lambda description, total: (lambda n: None))
    section = next(s for s in report.sections if s.title == "How strong the players are: the strength ladder")
    ladder_item, speed_item = section.items
    assert ladder_item.name == "ladder" and speed_item.name == "ladder-speed"
    assert ladder_item.frame["policy"].tolist()[-1] == "random"   # best first
    assert "0 (reference)" in ladder_item.frame.iloc[:, 3].tolist()
    assert ladder_item.metadata["seed"] == 7 and ladder_item.metadata["analysis"] == "ladder"
    assert "random 300, heuristic 300, dd 4" in section.paragraphs[1]


def test_the_paired_difference_of_two_rungs_is_the_difference_of_their_gains(random_against_heuristic, ruleset):
    """paired_difference(a, b) is a's gain less b's on the same deals and seats; against the
    reference's own rung (gains of exactly 0) it is the rung's gain and interval."""
    from spadille.analyses.quadrille.ladder import paired_difference

    result = random_against_heuristic
    labels = [entry.label for entry in result.entries]
    mover, fixed = labels[0], labels[1]
    overall = result.table[result.table["group"] == "overall"].set_index("label")
    n, mean, low, high = paired_difference(result, mover, fixed)
    assert mean == pytest.approx(overall.loc[mover, "gain"]) and low == pytest.approx(overall.loc[mover, "ci_low"])
    assert high == pytest.approx(overall.loc[mover, "ci_high"])
    assert (result.gains[fixed] == 0).all() and result.gains[mover].shape[1] == ruleset["pack.seats"]


def test_bench_pimc_sets_both_settings_on_the_ladder_with_their_paired_difference():
    """`bench pimc --ladder-deals N`: each setting's gain over the heuristic on the same deals, then
    after's less before's, which is the difference of the two gains (the same deals and seats)."""
    from spadille.cli.quadrille.bench import pimc_ladder_rows

    before = make_seat_policy("pimc", {"samples": 2, "window": 0})
    after = make_seat_policy("pimc", {"samples": 2, "window": 1})
    rows = pimc_ladder_rows(before, after, 3, seed=11)
    assert [row["setting"] for row in rows] == ["before", "after", "after − before"]
    assert all(row["deals"] == 3 for row in rows)
    assert rows[2]["gain"] == pytest.approx(rows[1]["gain"] - rows[0]["gain"])
