"""`show` and `rules cabriolet`: the round replay (kernel/cabriolet/replay.py) agrees with
the kernel seat by seat over whole sessions, under switches and table sizes, and the commands
print it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.cabriolet import _session as S
from spadille.kernel.cabriolet.replay import replay_session
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import SessionConfig, run_sessions

runner = CliRunner()
SWITCHED = ["board.restake=every-deal", "play.win_condition=most-tricks", "declare.opposer_must_cover=true",
            "cases.cabriolet_sweep=all", "play.must_trump=true", "play.who=eldest-only", "declare.exchange=off"]


@pytest.mark.parametrize(("overrides", "players", "focal", "others"), [
    ([], 4, "all", "all"), ([], 5, "jeu", "figures"), (SWITCHED, 6, "figures", "jeu+confidens"),
])
def test_the_replay_pays_every_seat_what_the_kernel_pays(overrides, players, focal, others):
    rules = load_cabriolet_ruleset(override_texts=overrides)
    sessions, rounds = 30, 12
    out = run_sessions(SessionConfig(rules, players, seed=3, sessions=sessions, rounds=rounds, variants=(focal,),
                                     others=others, threads=1)).out
    for s in range(sessions):
        played = replay_session(rules, players, 3, s, rounds, [focal] + [others] * (players - 1))
        nets = [sum(r.gains[q] for r in played) for q in range(players)]
        assert nets == list(out[s, 0, S.OUT_NET:S.OUT_NET + players]), s
        assert sum(played[-1].board_after) == out[s, 0, S.OUT_LEFTOVER], s


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
