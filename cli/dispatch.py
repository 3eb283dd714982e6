"""Game commands as Click groups whose subcommands are the games of the registry (cli/games.py).

``spadille simulate quadrille ...`` runs the function that Quadrille registered for ``simulate``,
with the options that function declares; ``spadille simulate cabriolet ...`` runs Cabriolet's.
A game's module is imported only when that game is named (or when the command's help lists
the games), so ``spadille --help`` imports no engine. A command with a default game runs it
when the first argument is not a game's name: ``spadille report --quick`` is
``spadille report quadrille --quick``.
"""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from .checks import checked
from .games import COMMANDS, GAMES, games_with, missing_command_message, unknown_game_message

HELP_FLAGS = ("--help", "-h")


class GameGroup(TyperGroup):
    """The games of one command; subclassed once per command with ``command`` set."""

    command: str = ""

    def list_commands(self, ctx) -> list[str]:
        return games_with(self.command)

    def get_command(self, ctx, name: str):
        game = GAMES.get(name)
        if game is None or self.command not in game.commands:
            return None
        single = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
        single.command(name)(checked(game.command_function(self.command)))
        return typer.main.get_command(single)

    def format_commands(self, ctx, formatter) -> None:
        rows = [(name, self.get_command(ctx, name).get_short_help_str(formatter.width - 20))
                for name in self.list_commands(ctx)]
        with formatter.section("Games"):
            formatter.write_dl(rows)

    def resolve_command(self, ctx, args):
        from .errors import fail

        name = args[0]
        if name not in GAMES:
            raise _usage_error()(unknown_game_message(name, self.command), ctx)
        if self.command not in GAMES[name].commands:
            fail(missing_command_message(name, self.command))
        return super().resolve_command(ctx, args)

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        default = COMMANDS[self.command].default_game
        if default is not None and (not args or (args[0] not in GAMES and args[0] not in HELP_FLAGS)):
            args = [default, *args]
        return super().parse_args(ctx, args)


def _usage_error():
    """Click's UsageError: recent Typer vendors Click privately, older Typer uses Click."""
    try:
        from typer._click.exceptions import UsageError
    except ImportError:
        from click.exceptions import UsageError
    return UsageError


def game_command(command: str) -> typer.Typer:
    """The Typer sub-app of ``command``: a group of the games that have it."""
    entry = COMMANDS[command]
    group = type(f"{command.capitalize()}Games", (GameGroup,), {"command": command})
    listed = ", ".join(f"{name} ({GAMES[name].title})" for name in games_with(command))
    default = f" Without a game, {entry.default_game}." if entry.default_game else ""
    return typer.Typer(
        cls=group, name=command, no_args_is_help=entry.default_game is None, add_completion=False,
        rich_markup_mode=None, subcommand_metavar="GAME [ARGS]...",
        help=f"{entry.help}\n\nGames: {listed}.{default} `spadille {command} GAME --help` gives the game's options.",
    )
