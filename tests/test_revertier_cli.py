"""Révertier on the command line: simulate, show, rules and bench through the registry, every
output saying "reconstructed" with its switch values, and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app

runner = CliRunner()
SWITCHES = "switches: start.first_player=higher, start.first_roll=fresh-throw, dice.doublets=4"


def _run(*args: str):
    return runner.invoke(app, list(args))


def _text(result) -> str:
    return " ".join(result.output.replace("│", " ").split())


def test_simulate_prints_reconstructed_figures_with_intervals(tmp_path):
    out = tmp_path / "games.parquet"
    result = _run("simulate", "revertier", "--games", "60", "--seed", "3", "--policy", "heuristic", "--policy",
                  "random", "--out", str(out), "--compare", "heuristic:random")
    assert result.exit_code == 0, result.output
    text = _text(result)
    assert "révertier (reconstructed)" in text and SWITCHES in text
    assert "seat 0 heuristic, seat 1 random" in text
    for figure in ("the first player wins", "throws a game", "kind of win: jan", "ci_low", "heuristic against random",
                   "pairs 60", "points", "clear yes"):
        assert figure in text
    rows, meta = read_row_file(out)
    assert len(rows) == 60 and meta["reconstructed"] is True and meta["seed"] == 3
    assert meta["switches"]["wins.jan"] == "cotton" and meta["policies"] == {"seat0": "heuristic", "seat1": "random"}
    assert set(rows["kind"]) <= {"single", "special", "jan", "unfinished"}
    assert {"winner", "throws", "hits_seat0", "pips_20_seat0", "pips_end_seat1"} <= set(rows.columns)
    # heuristic against random in seat 0: the rows agree with the summary's direction
    assert (rows["winner"] == 0).mean() > 0.8


def test_a_preset_and_a_rule_reach_the_output():
    result = _run("simulate", "revertier", "--games", "20", "--preset", "svensk-bradspel-1905", "--rule",
                  "wins.jan=none")
    assert result.exit_code == 0, result.output
    text = _text(result)
    assert "preset svensk-bradspel-1905" in text and "wins.jan=none" in text and "start.first_player=lower" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--preset", "backgammon"], "Error: unknown Révertier preset 'backgammon'; available: verquere-1674, "
                                 "svensk-bradspel-1905"),
    (["--policy", "greedy"], "Error: unknown Révertier policy 'greedy' (policies: random, heuristic, expectimax, hitter, runner, heuristic-full)"),
    (["--policy", "random", "--policy", "random", "--policy", "random"], "Error: give --policy once"),
    (["--rule", "dice.doublets=3"], "Error: ruleset 'revertier-reconstructed.toml with dice.doublets=3': rule "
                                    "'dice.doublets': value 3 must be one of 4, 2"),
    (["--games", "0"], "Error: --games must be a positive whole number, not 0"),
    (["--compare", "heuristic"], "Error: --compare takes two different policies as A:B"),
])
def test_bad_input_is_one_error_line(args, message):
    result = _run("simulate", "revertier", *args)
    assert result.exit_code == 1
    assert _text(result).startswith(message), result.output
    assert "Traceback" not in result.output


def test_a_bad_output_path_is_refused_before_any_game(tmp_path):
    result = _run("simulate", "revertier", "--games", "10", "--out", str(tmp_path / "x.txt"))
    assert result.exit_code == 1 and _text(result).startswith("Error:")


def test_show_prints_the_board_after_each_throw():
    result = _run("show", "revertier", "--seed", "1", "--game", "2", "--policy", "random")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "révertier (reconstructed)" in lines[0] and SWITCHES in lines[0] and "game 2" in lines[0]
    assert "every man on his point 1" in lines[1]
    throws = [line for line in lines if line.startswith("throw ")]
    assert throws and lines[-1].split()[0] == "seat" and "wins" in lines[-1]
    assert f"after {len(throws)} throws" in lines[-1]
    assert lines.count("  bar X 0 O 0 · off X 0 O 0 · pips X 360 O 360") == 1


def test_show_replays_the_same_game_as_simulate(tmp_path):
    out = tmp_path / "g.csv"
    assert _run("simulate", "revertier", "--games", "3", "--seed", "1", "--out", str(out)).exit_code == 0
    rows, _ = read_row_file(out)
    shown = _run("show", "revertier", "--seed", "1", "--game", "2").output.splitlines()[-1]
    assert f"after {rows['throws'][2]} throws" in shown and f"seat {rows['winner'][2]} " in shown


def test_rules_lists_every_rule_and_preset():
    result = _run("rules", "revertier")
    assert result.exit_code == 0, result.output
    text = result.output
    assert "révertier (reconstructed)" in text and "A reconstruction" in text
    for needle in ("making.no_doubling_zone = 'first-12' [switch]", "quinze dames de chaque couleur",
                   "verquere-1674:", "svensk-bradspel-1905:", "wins.jan = 'cotton' [switch] (choices: cotton, fiske, none)"):
        assert needle in text
    flipped = _run("rules", "revertier", "--preset", "verquere-1674").output
    assert "entry.blocked = 'whole-turn'" in flipped


def test_bench_reports_games_a_second():
    result = _run("bench", "revertier", "--games", "20", "--policy", "random")
    assert result.exit_code == 0, result.output
    text = _text(result)
    assert "révertier (reconstructed)" in text and "one core" in text and "random: 20 games in" in text


def test_importing_the_commands_does_not_import_numba():
    code = ("import sys; import spadille.cli.revertier.simulate, spadille.cli.revertier.show, "
            "spadille.cli.revertier.rules, spadille.cli.revertier.bench; print('numba' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def test_the_kernel_imports_only_its_own_package_and_common():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "kernel" / "revertier"
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("spadille"):
                assert node.module.startswith(("spadille.kernel.revertier", "spadille.kernel.common")), (path, node.module)
