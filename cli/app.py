"""The ``spadille`` command: one Typer app, one module per command.

Importing this module must stay cheap (no numba, numpy's heavy users, pandas, scipy or
pyarrow): every command imports the engine inside its body. A test checks it.
"""

from __future__ import annotations

import sys

import typer

from . import bench, claims, evaluate, odds, report, rules, show, simulate, solve

app = typer.Typer(
    name="spadille",
    help="Monte Carlo analyzer for the games of the 18th-century Académie des jeux: Quadrille (the four-handed "
         "ombre) and Cabriolet.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",  # docstrings reflow as paragraphs instead of keeping their line breaks
    pretty_exceptions_enable=False,  # a bug should print a plain traceback, errors are handled per command
)

app.command("simulate")(simulate.simulate_command)
app.command("show")(show.show_command)
app.command("evaluate")(evaluate.evaluate_command)
app.command("report")(report.report_command)
app.command("claims")(claims.claims_command)
app.command("odds")(odds.odds_command)
app.command("rules")(rules.rules_command)
app.command("solve")(solve.solve_command)
app.command("bench")(bench.bench)

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
    instead of Click's boxed usage panel."""
    exceptions = _click_exceptions()
    try:
        code = app(standalone_mode=False)
    except exceptions.NoArgsIsHelpError as exc:
        typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        code = 0
    except exceptions.UsageError as exc:
        typer.echo(f"Error: {exc.format_message()}", err=True)
        code = EXIT_USAGE
    except (getattr(exceptions, "Abort", typer.Abort), typer.Abort):
        typer.echo("Aborted.", err=True)
        code = 130
    sys.exit(code if isinstance(code, int) else 0)
