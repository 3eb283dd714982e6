"""Runs that go on: a claim whose condition is too rare for its sample, or that runs past the time
limit, is inconclusive with the reason (the measured rate, the limit) and the run goes on; a claim
whose run fails is reported as error with its reason, the others still reported, and only then is
the exit code non-zero."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from spadille.analyses.claims import ClaimError, check_claims, load_claims
from spadille.analyses.claims.check import MIN_N, judge
from spadille.analyses.claims.verdict import Estimate
from spadille.cli.claims import EXIT_CLAIM_ERRORS

from claim_files import RATE, cli_app, mixed_folder, shipped_text, write_claim

runner = CliRunner()


def _json(result) -> dict:
    return {record["claim"]: record for record in json.loads(result.stdout)}


def test_an_impossible_condition_is_inconclusive_and_every_other_claim_is_reported(tmp_path):
    result = runner.invoke(cli_app(), ["claims", "--claims", str(mixed_folder(tmp_path)), "--format", "json",
                                       "--threads", "1"])
    assert result.exit_code == 0, result.output
    rows = _json(result)
    assert sorted(rows) == ["five", "rare", "rate", "red"]
    rare = rows["rare"]
    assert rare["verdict"] == "inconclusive" and rare["n"] is None and rare["estimate"] is None
    # the measured rate and the limit, in the reason
    assert "condition 'kings(ombre) >= 5' matched 0 of" in rare["reason"] and "rate below" in rare["reason"]
    assert "the limit of 1,000,000" in rare["reason"] and "max_attempts" in rare["reason"]
    assert rows["red"]["verdict"] == "supported" and rows["five"]["verdict"] == "supported"
    assert rows["rate"]["verdict"] in ("supported", "contradicted", "inconclusive") and rows["rate"]["n"] == 300


def test_a_claim_whose_run_fails_is_an_error_and_the_others_are_reported(tmp_path):
    # Its deals times the scale exceed what a claim may play: a fault of this run, found when run.
    write_claim(tmp_path, "huge", RATE.replace("deals = 300", "deals = 20000"))
    write_claim(tmp_path, "red", shipped_text("enc-trumps-red"))
    result = runner.invoke(cli_app(), ["claims", "--claims", str(tmp_path), "--format", "json",
                                       "--deals-scale", "1000"])
    assert result.exit_code == EXIT_CLAIM_ERRORS == 3
    rows = _json(result)
    assert rows["red"]["verdict"] == "supported"
    huge = rows["huge"]
    assert huge["verdict"] == "error" and huge["reason"].startswith("experiment.deals: 20,000 deals × scale 1000")
    # one Error line, after the progress bar
    assert result.stderr.endswith(f"\nError: 1 claim could not be checked: huge: {huge['reason']}\n")
    assert result.stderr.count("Error:") == 1 and "Traceback" not in result.output


def test_an_unexpected_failure_is_reported_without_a_traceback(tmp_path, monkeypatch):
    import spadille.analyses.quadrille.claims.placements as placements

    def broken(*args, **kwargs):
        raise RuntimeError("the placements\nwent wrong")

    monkeypatch.setattr(placements, "exact_probability", broken)
    frame = check_claims(load_claims(mixed_folder(tmp_path, rare=False)), seed=0).set_index("claim")
    assert frame.loc["five", "verdict"] == "error"
    assert frame.loc["five", "reason"] == "the run failed: RuntimeError: the placements went wrong"
    assert frame.loc["red", "verdict"] == "supported" and frame.loc["rate", "n"] == 300


def test_the_time_limit_makes_a_claim_inconclusive_and_says_how_far_it_got(tmp_path):
    folder = mixed_folder(tmp_path, rare=False)
    result = runner.invoke(cli_app(), ["claims", "--claims", str(folder), "--format", "json",
                                       "--max-seconds-per-claim", "1e-9"])
    assert result.exit_code == 0, result.output
    rows = _json(result)
    reason = rows["rate"]["reason"]
    assert rows["rate"]["verdict"] == "inconclusive" and reason.startswith(
        "stopped at the time limit of 1e-09 s a claim (--max-seconds-per-claim) after ")
    assert "of 300 deals dealt" in reason
    assert rows["red"]["verdict"] == rows["five"]["verdict"] == "supported"   # computed, no time to run out of


def test_a_bad_time_limit_is_one_error_line(tmp_path):
    result = runner.invoke(cli_app(), ["claims", "--claims", str(mixed_folder(tmp_path, rare=False)),
                                       "--max-seconds-per-claim", "0"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: --max-seconds-per-claim must be a number of seconds above 0, not 0\n")


@pytest.mark.parametrize("value, expected", [
    ("0", "experiment.max_attempts: must be between 1 and "),
    ('"many"', "experiment.max_attempts: must be a whole number, not text 'many'"),
])
def test_a_bad_dealing_limit_is_refused_when_loaded(tmp_path, value, expected):
    path = write_claim(tmp_path, "bad", RATE.replace("deals = 300", f"deals = 300\nmax_attempts = {value}"))
    with pytest.raises(ClaimError) as caught:
        load_claims(path)
    assert str(caught.value).startswith(f"{path}: {expected}")


def test_the_dealing_limit_of_the_claim_is_the_one_used(tmp_path):
    # 3/247 of the deals give the eldest spadille, manille and basto: 300 of them need some
    # 25,000 attempts, more than a limit of 10,000 allows
    text = RATE.replace('fixed = "spadille"\n', "").replace(
        'condition = "trumps(ombre, hearts) >= 5"',
        'condition = "has(ombre, spadille) and has(ombre, 7♥) and has(ombre, basto)"\nmax_attempts = 10000')
    row = check_claims(load_claims(write_claim(tmp_path, "few", text)), seed=0).iloc[0]
    assert row["verdict"] == "inconclusive" and "the limit of 10,000 attempts" in row["reason"]
    assert "matched" in row["reason"] and "rate about" in row["reason"]
    assert check_claims(load_claims(write_claim(tmp_path, "few", text.replace("10000", "5000000"))),
                        seed=0).iloc[0]["n"] == 300


def test_an_estimate_over_too_few_deals_is_inconclusive_whatever_its_interval(tmp_path):
    claim = load_claims(write_claim(tmp_path, "rate", RATE))[0]
    few = Estimate(MIN_N - 1, 0.9, 0.75, 0.97, "0.9000")
    verdict, reason = judge(claim, few)
    assert verdict == "inconclusive" and reason.startswith(f"only n = {MIN_N - 1} deals behind the estimate 0.9000")
    enough = Estimate(MIN_N, 0.9, 0.75, 0.97, "0.9000")
    assert judge(claim, enough)[0] == "supported"
    assert judge(claim, Estimate(0, math.nan, math.nan, math.nan, "n/a"))[0] == "inconclusive"
