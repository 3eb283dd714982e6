"""The ``spadille`` command: one Typer app; each game command dispatches through the registry of games.

Importing this module must stay cheap (no numba, numpy's heavy users, pandas, scipy or
pyarrow): every command imports the engine inside its body. A test checks it.
"""

from __future__ import annotations

import signal
import sys

import typer

from . import claims
from .checks import checked
from .dispatch import game_command
from .games import COMMANDS, GAMES

app = typer.Typer(
    name="spadille",
    help="Monte Carlo analyzer for the games of the 18th-century Académie des jeux.\n\nGames: "
         + "; ".join(f"{name}, {game.title}" for name, game in GAMES.items())
         + ". Each game command takes the game first: `spadille simulate quadrille --deals 1000`.",
    no_args_is_help=True,
    add_completion=False,
    # Click's plain help: Typer's rich help imports rich's markdown renderer, a quarter of a second
    # that `spadille --help` cannot afford. Click reflows each docstring paragraph just the same.
    rich_markup_mode=None,
    pretty_exceptions_enable=False,  # a bug should print a plain traceback, errors are handled per command
)

for command in COMMANDS:
    app.add_typer(game_command(command))
app.command("claims")(checked(claims.claims_command))  # game-independent: each claim names its own game

EXIT_USAGE = 2


def _click_exceptions():
    """Click's exception classes: recent Typer vendors Click privately, older Typer uses Click."""
    try:
        from typer._click import exceptions
    except ImportError:
        from click import exceptions
    return exceptions


def main() -> None:
    """Run the app; a usage error (unknown option, bad choice, bad number) is one line too,
    instead of Click's boxed usage panel. A Ctrl-C that no command turned into a result of its
    own (during start-up, say) is one line and exit code 130; a closed output pipe ends quietly
    (cli/streams.py)."""
    from .entry import EXIT_INTERRUPTED, INTERRUPTED, interrupted_outside_a_command
    from .streams import closed_pipe_exit, prepare_streams, stdout_was_closed

    exceptions = _click_exceptions()
    try:
        prepare_streams()
        try:
            code = app(standalone_mode=False)
        except exceptions.NoArgsIsHelpError as exc:
            typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            code = 0
        except exceptions.UsageError as exc:
            typer.echo(f"Error: {exc.format_message()}", err=True)
            code = EXIT_USAGE
        except (getattr(exceptions, "Abort", typer.Abort), typer.Abort, KeyboardInterrupt):
            typer.echo(INTERRUPTED, err=True)
            code = EXIT_INTERRUPTED
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED + "\n")
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        closed_pipe_exit()
    except SystemExit:
        if stdout_was_closed():
            closed_pipe_exit()
        raise
    if stdout_was_closed():
        closed_pipe_exit()
    if code == EXIT_INTERRUPTED and interrupted_outside_a_command():
        typer.echo(INTERRUPTED, err=True)   # Typer ended a KeyboardInterrupt with a silent 130
    # The command has finished and said so: a Ctrl-C during the interpreter's exit has nothing left
    # to stop, and would otherwise print a traceback from whichever callback it landed in.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code if isinstance(code, int) else 0)
