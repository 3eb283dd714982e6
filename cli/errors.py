"""Library errors become one ``Error: ...`` line on stderr and exit code 1.

Only the errors that carry a sentence meant for the user are caught: the kernel's
``RulesetError``, ``PolicyError``, ``SimulationError``, ``CardError``, ``SolverError`` and ``ConditionError``, the output
file's ``RowFileError`` and a claim file's ``ClaimError``. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import typer

EXIT_ERROR = 1


def reported_errors() -> tuple[type[Exception], ...]:
    # Imported here, not at module level: spadille.kernel.quadrille.simulate and the analyses pull in
    # numpy and pandas, which `spadille --help` must not load. Python evaluates an `except`
    # clause's expression only when an exception reaches it.
    from spadille.analyses.claims.reader import ClaimError
    from spadille.analyses.rowfile import RowFileError
    from spadille.kernel.quadrille.cards import CardError
    from spadille.kernel.quadrille.conditions import ConditionError
    from spadille.kernel.quadrille.policies import PolicyError
    from spadille.kernel.common.errors import RulesetError
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.quadrille.search.solver import SolverError
    from spadille.reports.document import ReportError

    return (RulesetError, PolicyError, SimulationError, CardError, RowFileError, SolverError, ConditionError,
            ReportError, ClaimError)


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
