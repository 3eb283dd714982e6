"""`spadille ladder reversis`: duplicate play against a searching reference, by position and role."""

from __future__ import annotations

import json

import numpy as np
from typer.testing import CliRunner

from spadille.analyses.reversis.ladder import Rung, ladder, paired_difference
from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import parse_policy, seat_policies
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.kernel.reversis.simulate import ReversisConfig, deal_records

runner = CliRunner()
REFERENCE = "search:worlds=2"


def test_a_gain_is_the_positions_net_less_the_references_on_the_same_deal():
    rules = load_reversis_ruleset()
    reference = parse_policy(REFERENCE)
    rungs = [Rung("heuristic", parse_policy("heuristic"), 40), Rung("ref", reference, 40)]
    result = ladder(rules, rungs, reference, seed=4, threads=1)
    base = deal_records(ReversisConfig(rules, seat_policies(REFERENCE), 4, 40))
    at_two = deal_records(ReversisConfig(rules, seat_policies([REFERENCE, REFERENCE, "heuristic", REFERENCE]), 4, 40))
    gain = result.gains["heuristic"]
    assert np.array_equal(gain[:, 2], at_two[:, L.D_NET + 2] - base[:, L.D_NET + 2])
    assert not result.gains["ref"].any()
    table = result.table.set_index(["label", "group"])
    assert table.loc[("heuristic", "overall"), "n"] == 160 and table.loc[("heuristic", "third"), "n"] == 40
    assert table.loc[("heuristic", "quinola holder"), "n"] == (base[:, L.D_QUINOLA_HOLDER] >= 0).sum()
    assert np.isclose(table.loc[("heuristic", "overall"), "gain"], gain.mean())
    assert paired_difference(result, "heuristic", "ref")[1] == table.loc[("heuristic", "overall"), "gain"]


def test_the_command_prints_the_ladder_and_writes_it(tmp_path):
    out = tmp_path / "ladder.csv"
    result = runner.invoke(app, ["ladder", "reversis", "--policies", "heuristic,strong", "--reference", REFERENCE,
                                 "--deals", "30", "--seed", "2", "--out", str(out)], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    assert "ladder reversis" in result.output and "0 (reference)" in result.output
    assert "espagnolette" in result.output and "quinola holder" in result.output
    frame, meta = read_row_file(out)
    assert set(frame["label"]) == {"heuristic", "strong", REFERENCE} and meta["reference"] == REFERENCE
    as_json = runner.invoke(app, ["ladder", "reversis", "--policies", "random", "--reference", REFERENCE,
                                  "--deals", "10", "--json"])
    assert as_json.exit_code == 0, as_json.output
    records = json.loads(as_json.stdout)
    assert {r["label"] for r in records} == {"random", REFERENCE}
    assert records[0]["groups"]["overall"]["n"] == 40


def test_bad_ladders_are_one_line():
    for args, message in ((["--policies", "heuristic,heuristic"], "Error: policy 'heuristic' is named twice"),
                          (["--policies", "clever"], "Error: unknown Reversis policy 'clever'")):
        result = runner.invoke(app, ["ladder", "reversis", *args])
        assert result.exit_code == 1 and result.output.startswith(message), result.output
        assert result.output.count("\n") == 1
    few = runner.invoke(app, ["ladder", "reversis", "--deals", "5"])     # a usage error (main() prints it in one line)
    assert few.exit_code == 2 and "Invalid value for '--deals'" in few.output
