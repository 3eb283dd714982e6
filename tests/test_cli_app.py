"""The command line as a whole: every command documented, and a light import."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.cli.games import games_with

runner = CliRunner()
COMMANDS = sorted(typer.main.get_command(app).commands)


def test_the_commands_of_the_brief_are_registered():
    assert {"simulate", "show", "rules"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help(name):
    command = typer.main.get_command(app).commands[name]
    assert command.help and command.help.strip()
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_top_level_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


def test_importing_the_cli_loads_no_heavy_module():
    # `spadille --help` must stay instant: numba alone takes most of a second to import.
    code = ("import sys, spadille.cli.app; "
            "print(' '.join(m for m in ('numba', 'pandas', 'pyarrow', 'scipy') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == ""


def test_an_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["rules", "whist"])
    assert result.exit_code == 2
    text = " ".join(result.output.replace("│", " ").split())  # undo the error panel's wrapping
    assert f"unknown game 'whist' for `spadille rules` (games: {', '.join(games_with('rules'))})" in text
    assert "quadrille" in games_with("rules") and "cabriolet" in games_with("rules")    # every game has rules
