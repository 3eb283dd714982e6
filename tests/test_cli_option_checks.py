"""Every option of every command, given a value out of its range, is refused before any work, in one
`Error:` line that names the option's flag (issue 44).

The commands, their games and their options come from the Typer app itself, so a new command or
option is walked too. "Work" is any call into a jitted kernel or a progress bar: both raise here,
and a command that reaches one before refusing fails the test. Each long command, given good
values, does reach one, which shows that the marker would see work begun too early.
"""

from __future__ import annotations

import enum
import pathlib
import typing

import sys

import pytest
import typer

from spadille.cli.app import app, main

# The only hand-written part: good values for the positional arguments and required options of the
# commands that have them (a command missing here fails test_every_required_argument_has_an_example).
DEAL = ("spadille ♠K Q J 7 ♣K Q ♥K Q J / ♠6 5 4 3 2 ♣J 7 6 5 4 / ♣3 2 ♥7 6 5 4 3 2 ♦A K / "
        "♥A ♦Q J 7 6 5 4 3 2 basto")
EXAMPLES = {
    ("evaluate", "quadrille"): ["spadille basto ♥7 A K Q 3 ♣K ♦K ♠7"],
    ("evaluate", "reversis"): ["sA s9 s5 hJ h4 dK d7 d2 cQ c8 c3"],
    ("solve", "quadrille"): [DEAL, "--trump", "hearts", "--ombre", "eldest"],
}
A_FILE = "a-file"    # made in each test's working folder
LONG = ("simulate", "evaluate", "claims", "report", "ladder", "train", "bench")   # each must be seen working


class WorkBegan(Exception):
    """Raised by the markers of work: a jitted kernel called, a progress bar opened."""


@pytest.fixture(autouse=True)
def markers(monkeypatch):
    from numba.core.registry import CPUDispatcher

    import spadille.cli.progress

    def began(*args, **kwargs):
        raise WorkBegan("work began")

    monkeypatch.setattr(CPUDispatcher, "__call__", began)
    monkeypatch.setattr(spadille.cli.progress, "deal_progress", began)


def commands():
    """(command, game or None, click command) for every command of the app."""
    root = typer.main.get_command(app)
    context = root.make_context("spadille", ["--help"], resilient_parsing=True)
    found = []
    for name in root.list_commands(context):
        command = root.get_command(context, name)
        if hasattr(command, "list_commands"):
            found += [(name, game, command.get_command(context, game)) for game in command.list_commands(context)]
        else:
            found.append((name, None, command))
    return found


def _base_type(annotation):
    arguments = [a for a in typing.get_args(annotation) if a is not type(None)]
    return _base_type(arguments[0]) if typing.get_origin(annotation) is not None and arguments else annotation


def out_of_range(option) -> list[str]:
    """Values outside every option's range, by the option's Python type."""
    if option.is_flag:
        return []
    kind = _base_type(option.type_descriptor.annotation)
    if kind is int:
        return ["-1", str(10**20)]
    if kind is float:
        return ["-1", "nan"]
    if kind is pathlib.Path:
        return [f"{A_FILE}/x.csv"]    # under a plain file: nothing can read or create it
    if kind is bool or (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return []   # Click checks a choice itself
    return ["@@@"]


def cases():
    for name, game, command in commands():
        base = [name] + ([game] if game else []) + EXAMPLES.get((name, game), [])
        for option in command.params:
            if option.param_type_name != "option":
                continue
            for value in out_of_range(option):
                yield pytest.param(base, option.opts[0], value, id=f"{' '.join(base[:2])} {option.opts[0]} {value}")


def test_every_required_argument_has_an_example():
    for name, game, command in commands():
        required = [p for p in command.params if p.required]
        assert not required or (name, game) in EXAMPLES, f"{name} {game}: give EXAMPLES good values for {required}"


def spadille(args: list[str], monkeypatch, capsys) -> tuple[int, str]:
    """(exit code, stdout and stderr) of the ``spadille`` script's ``main`` on ``args``, in this process;
    WorkBegan if the command began work."""
    monkeypatch.setattr(sys, "argv", ["spadille", *args])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("base, flag, value", list(cases()))
def test_an_out_of_range_value_is_refused_by_name_before_any_work(base, flag, value, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)   # a command that wrongly went on writes nothing into the repository
    (tmp_path / A_FILE).write_text("")
    try:
        code, output = spadille([*base, flag, value], monkeypatch, capsys)
    except WorkBegan:
        pytest.fail(f"work began before {flag} {value} was refused")
    lines = output.strip().splitlines()
    assert code in (1, 2) and len(lines) == 1, output
    assert lines[0].startswith("Error:") and flag in lines[0], lines[0]


@pytest.mark.parametrize("name", LONG)
def test_each_long_command_with_good_values_is_seen_working(name, tmp_path, monkeypatch, capsys):
    """The markers see work: every long command, given good values, reaches one."""
    monkeypatch.chdir(tmp_path)
    for command, game, _ in commands():
        if command == name:
            args = ([command] + ([game] if game else []) + EXAMPLES.get((command, game), [])
                    + (["--out", str(tmp_path / "x.toml")] if command == "train" else []))
            with pytest.raises(WorkBegan):
                spadille(args, monkeypatch, capsys)
