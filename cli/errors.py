"""Library errors become one ``Error: ...`` line on stderr and exit code 1.

Only the errors that carry a sentence meant for the user are caught: every one derives from
``kernel.common.errors.UserError`` (a ruleset's, a policy's, a card's, a condition's, the solver's,
the output file's, a report's, a claim file's ...). Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import typer

EXIT_ERROR = 1


def reported_errors() -> tuple[type[Exception], ...]:
    # Imported here, not at module level: `spadille --help` loads as little as it can. Python
    # evaluates an `except` clause's expression only when an exception reaches it.
    from spadille.kernel.common.errors import UserError

    return (UserError,)


def fail(message: str) -> None:
    """Print ``Error: message`` on stderr and leave with exit code 1."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(EXIT_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Run a command body, turning the library's user-facing errors into ``fail``."""
    try:
        yield
    except Exception as exc:  # a Ctrl-C (not an Exception) passes untouched: importing the error
        if isinstance(exc, reported_errors()):  # classes while it propagates could fail half-way
            from .checks import attributed

            fail(attributed(" ".join(str(exc).splitlines())))  # one line, naming the option it is about
        raise
