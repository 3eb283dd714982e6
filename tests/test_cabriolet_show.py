"""`show` and `rules cabriolet`: the commands print a round as the reference engine plays it
(kernel/cabriolet/reference/; tests/test_cabriolet_parity.py checks it against the kernel)."""

from __future__ import annotations

from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset

runner = CliRunner()


def test_show_replays_a_round_with_its_session_before_it():
    result = runner.invoke(app, ["show", "cabriolet", "--seed", "3", "--deal", "5"])
    assert result.exit_code == 0, result.output
    assert "round 0:" in result.output and "Round 5, seat 1 deals." in result.output
    assert "turned ♣J: trumps ♣" in result.output and "Gains: seat 0" in result.output
    played = runner.invoke(app, ["show", "cabriolet", "--seed", "1", "--deal", "0", "--session-length", "1"])
    assert played.exit_code == 0 and "trick 5:" in played.output or "stays: nobody plays" in played.output
    bad = runner.invoke(app, ["show", "cabriolet", "--players", "9"])
    assert bad.exit_code == 1 and bad.output.startswith("Error: Cabriolet is played by 4 to 6 players")


def test_rules_lists_every_rule_and_switch():
    result = runner.invoke(app, ["rules", "cabriolet"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    rules = load_cabriolet_ruleset()
    for rule in rules.rules.values():
        assert rule.key in result.output
    assert "Switches of cabriolet-lacombe-1798" in result.output and "after-cabriolet, every-deal" in result.output
