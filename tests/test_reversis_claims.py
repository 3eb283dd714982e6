"""The Reversis claims (r1, r2, ...): the checker's `reversis` kind reads them, the Reversis kernel
plays them, and the verdict follows the 95% interval. Small samples throughout; the full sizes are
`spadille claims`'s business."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

from spadille.analyses.claims import ClaimError, check_claim, check_claims, load_claims
from spadille.analyses.claims.verdict import judge_interval
from spadille.cli import claims as claims_cli
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.kernel.reversis.simulate import ReversisConfig, deal_records

from citations import REPO

CLAIMS_DIR = REPO / "analyses" / "reversis" / "claims" / "files"
REVERSIS = sorted(p.stem for p in CLAIMS_DIR.glob("r*.toml") if p.stem[1:].isdigit())
SCALE = 0.01        # 4,000 deals a claim


@pytest.fixture(scope="module")
def claims():
    return {claim.id: claim for claim in load_claims() if claim.game == "reversis"}


@pytest.fixture(scope="module")
def quick(claims):
    return check_claims(list(claims.values()), seed=0, scale=SCALE).set_index("claim")


def test_r1_and_r2_and_the_further_claims_are_played(claims):
    assert {"r1", "r2", "r3", "r4", "r5", "r6", "r7"} <= set(claims) == set(REVERSIS)
    for claim in claims.values():
        assert claim.kind.name == "reversis" and claim.runnable and claim.note
        assert claim.experiment.ruleset.preset in ("enc1765", "hague1785", "dj", "hoyle")


@pytest.mark.parametrize("claim_id", REVERSIS)
def test_every_reversis_claim_gets_a_verdict_that_follows_its_interval(quick, claims, claim_id):
    row = quick.loc[claim_id]
    claim = claims[claim_id]
    assert row["deals"] == 4_000 and row["seed"] == 0 and row["kind"] == "reversis"
    assert f"under preset {claim.experiment.ruleset.preset}" in row["experiment"]
    assert row["policies"].startswith(claim.experiment.policy)
    assert row["verdict"] == judge_interval(claim.verdict, row["ci_low"], row["ci_high"])[0]
    if claim_id in ("r1", "r4", "r5", "r6", "r7"):   # common enough for an interval at 4,000 deals
        assert row["n"] > 50 and math.isfinite(row["ci_low"]) and row["ci_low"] <= row["estimate"] <= row["ci_high"]
        assert row["ci_high"] > row["ci_low"]


def test_a_rare_outcome_gets_no_interval(quick):
    # At 4,000 deals the two coups of r2 and r3 are seen a handful of times: too few for an interval.
    for claim_id in ("r2", "r3"):
        row = quick.loc[claim_id]
        if row["n"] < 30:
            assert math.isnan(row["ci_low"]) and row["verdict"] == "inconclusive"
    assert quick.loc["r3", "n"] < 30


def test_the_espagnolette_claims_at_this_size(quick):
    # Using the privilege is worth far more than an ordinary game, and it places the quinola.
    assert quick.loc["r1", "verdict"] == "supported" and quick.loc["r1", "ci_low"] > 50
    assert quick.loc["r4", "verdict"] == "supported"
    assert quick.loc["r5", "verdict"] == "supported"


def _espagnolette_nets(policy: str, deals: int) -> tuple[np.ndarray, np.ndarray]:
    rows = deal_records(ReversisConfig(load_reversis_ruleset(), seat_policies(policy), 0, deals, 1, 1))
    chosen = rows[:, L.D_ESP_POS] >= 0
    return np.nonzero(chosen)[0], rows[chosen, L.D_NET + rows[chosen, L.D_ESP_POS]]


def test_r1_and_r4_equal_the_records_read_another_way(claims):
    # An oracle by another path: the deal records of both arms, filtered and paired by hand.
    deals_use, use = _espagnolette_nets("heuristic", 2_000)
    deals_waive, waive = _espagnolette_nets("heuristic:espagnolette=0", 2_000)
    assert np.array_equal(deals_use, deals_waive) and len(use) > 20
    r1 = check_claim(claims["r1"], seed=0, scale=2_000 / claims["r1"].deals).estimate
    r4 = check_claim(claims["r4"], seed=0, scale=2_000 / claims["r4"].deals).estimate
    assert r1.n == r4.n == len(use)
    assert r1.estimate == pytest.approx((use - waive).mean())
    assert r4.estimate == pytest.approx(use.mean())


def _claim_text(threshold: float, expect: str = "greater", arms: str = "") -> str:
    text = (CLAIMS_DIR / "r4.toml").read_text(encoding="utf-8")
    text = text.replace("deals = 400000", "deals = 3000" + arms)
    return re.sub(r"\[verdict\].*", f'[verdict]\nexpect = "{expect}"\nthan = {threshold}\n', text, flags=re.S)


def _check(tmp_path: Path, text: str):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return check_claim(load_claims(path)[0], seed=0)


def test_the_verdict_moves_with_the_threshold_against_the_interval(tmp_path):
    middle = _check(tmp_path, _claim_text(0.0))
    low, high = middle.estimate.ci_low, middle.estimate.ci_high
    assert low < middle.estimate.estimate < high
    assert _check(tmp_path, _claim_text(low - 1)).verdict == "supported"
    assert _check(tmp_path, _claim_text(high + 1)).verdict == "contradicted"
    assert _check(tmp_path, _claim_text(round(middle.estimate.estimate, 3))).verdict == "inconclusive"
    assert _check(tmp_path, _claim_text(high + 1, "less")).verdict == "supported"


def test_two_arms_that_never_differ_have_no_interval(tmp_path):
    same = ('\n\n[[experiment.arms]]\nlabel = "a"\npolicy = "heuristic"\n'
            '\n[[experiment.arms]]\nlabel = "b"\npolicy = "heuristic"\n')
    result = _check(tmp_path, _claim_text(0.0, arms=same))
    assert result.estimate.n > 0 and result.estimate.estimate == 0
    assert math.isnan(result.estimate.ci_low) and result.verdict == "inconclusive"


def test_a_fixed_position_arm_changes_only_that_seat(claims):
    spec = load_claims(CLAIMS_DIR / "r6.toml")[0].experiment
    from spadille.analyses.reversis.claims.experiment import ReversisArm

    assert spec.seat_texts(ReversisArm("x", "random")) == ["heuristic", "heuristic", "heuristic", "random"]


GOOD = (CLAIMS_DIR / "r1.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, expected", [
    ('preset = "dj"', 'preset = "paris"', "experiment.preset: unknown preset 'paris' (choose one of: enc1765"),
    ('measure = "net"', 'measure = "fun"', "experiment.measure: unknown measure 'fun'"),
    ('focal = "espagnolette"', 'focal = "banker"', "experiment.focal: unknown focal player 'banker'"),
    ('policy = "heuristic:espagnolette=0"', 'policy = "heuristic:espagnolette=7"',
     "experiment.arms[1].policy: policy 'heuristic:espagnolette=7': espagnolette must be a whole number from 0 to 1"),
    ('measure = "net"', 'measure = "net"\noutcome = "biggest"',
     'experiment.outcome: only measure = "outcome_margin" takes an outcome'),
    ('measure = "net"', 'measure = "net"\nrules = { "partie.payer" = "bank" }', "experiment.rules: "),
    ('kind = "reversis"', 'kind = "rate"', "experiment.kind: kind 'rate' plays quadrille, not reversis"),
    ('game = "reversis"', 'game = "quadrille"', "experiment.kind: kind 'reversis' plays reversis, not quadrille"),
    ("deals = 400000", "deals = 400000\nworlds = 3", "experiment.worlds: unknown key"),
])
def test_a_faulty_reversis_claim_names_the_key(tmp_path, old, new, expected):
    assert old in GOOD
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ClaimError) as caught:
        load_claims(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {expected}") and "\n" not in message, message


def test_an_override_on_top_of_the_preset_is_read(tmp_path):
    text = GOOD.replace('measure = "net"', 'measure = "net"\nrules = { "partie.payer" = "pool" }', 1)
    path = tmp_path / "pool.toml"
    path.write_text(text, encoding="utf-8")
    spec = load_claims(path)[0].experiment
    assert spec.ruleset["partie.payer"] == "pool" and spec.ruleset.preset == "dj"
    assert "partie.payer=pool" in spec.describe()


def test_the_command_prints_the_reversis_verdicts(tmp_path):
    for name in ("r1", "r6"):
        text = (CLAIMS_DIR / f"{name}.toml").read_text(encoding="utf-8").replace("deals = 400000", "deals = 2000")
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    app = typer.Typer()
    app.command("claims")(claims_cli.claims_command)
    app.command("other")(lambda: None)
    result = CliRunner().invoke(app, ["claims", "--claims", str(tmp_path), "--threads", "1"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "2 claims" in result.stdout and "r1" in result.stdout and "supported" in result.stdout
    assert "no reversis engine yet" not in result.stdout
