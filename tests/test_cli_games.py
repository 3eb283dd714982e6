"""The registry of games (cli/games.py): dispatch, help, refusals, and the per-game layout it implies."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.cli.games import COMMANDS, EVERY_GAME, GAMES, WHERE_MEANINGFUL, games_with

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
PAIRS = [(command, game) for command in COMMANDS for game in games_with(command)]


def _text(result) -> str:
    return " ".join(result.output.replace("│", " ").split())


@pytest.mark.parametrize(("command", "game"), PAIRS)
def test_every_game_command_has_its_own_help(command, game):
    result = runner.invoke(app, [command, game, "--help"])
    assert result.exit_code == 0, result.output
    assert f"spadille {command} {game}" in _text(result)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_help_lists_its_games_from_the_registry(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    text = _text(result)
    for game in GAMES:
        assert (game in text) == (game in games_with(command)), (command, game)


def test_top_level_help_lists_every_game():
    text = _text(runner.invoke(app, ["--help"]))
    for name, game in GAMES.items():
        assert name in text and game.title.split(",")[0] in text


def test_every_registered_function_and_ruleset_exists():
    for game in GAMES.values():
        assert game.ruleset_names(), game.name
        for command in game.commands:
            assert callable(game.command_function(command)), (game.name, command)
            assert command in COMMANDS, (game.name, command)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_answers_every_generic_command(game):
    """rules, show, simulate and bench for every game; evaluate and odds too, or a reason why they
    mean nothing for it, which the refusal then gives."""
    entry = GAMES[game]
    assert [c for c in EVERY_GAME if c not in entry.commands] == []
    for command in WHERE_MEANINGFUL:
        assert (command in entry.commands) != (command in entry.without), (game, command)
    assert set(entry.without) <= set(WHERE_MEANINGFUL)
    for command, why in entry.without.items():
        result = runner.invoke(app, [command, game])
        assert result.exit_code != 0 and why.split(";")[0] in _text(result), result.output


def test_a_default_game_runs_when_none_is_named(tmp_path):
    # `spadille report --out X` is Quadrille's report: it refuses a non-empty folder before any work.
    (tmp_path / "keep.txt").write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["report", "--quick", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert _text(result).startswith(f"Error: '{tmp_path}' is a non-empty folder without a report in it")


def test_every_game_has_its_room_in_every_layer_it_uses():
    for name, game in GAMES.items():
        assert (REPO / "kernel" / name / "__init__.py").exists(), name
        for module in game.commands.values():
            assert module.startswith(f"{name}."), (name, module)
        if game.report_part:
            assert game.report_part.startswith(f"{name}."), name


def test_no_game_module_is_left_at_the_top_of_the_kernel():
    assert sorted(p.name for p in (REPO / "kernel").glob("*.py")) == ["__init__.py"]


def test_no_command_body_chooses_by_game():
    pattern = re.compile(r"\bgame\s*[!=]=|\bGame\.\w+")
    for path in (REPO / "cli").rglob("*.py"):
        if path.name == "games.py":
            continue
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_kernel_imports_no_upper_layer_and_games_share_only_common():
    for path in (REPO / "kernel").rglob("*.py"):
        relative = path.relative_to(REPO / "kernel").parts
        own = relative[0] if len(relative) > 1 else None
        for module in _imported_modules(path):
            assert not module.startswith(("spadille.analyses", "spadille.reports", "spadille.cli")), (path, module)
            if module.startswith("spadille.kernel.") and own not in (None, "common"):
                game = module.split(".")[2]
                assert game in (own, "common"), (path, module)
