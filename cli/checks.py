"""What every command does with its options before its body runs, and how a refusal names them.

Each command's function is wrapped by ``checked`` (cli/dispatch.py, cli/app.py):

* Options every command shares are checked here, by name, before any work: seeds, counts of deals
  or games, deal numbers and ``--threads`` (at most the threads numba runs on this machine).
* The values the user typed are kept for the command's duration, so that a library error raised
  while the body checks them (``unknown ruleset 'x'``, ``a rule override must look like
  KEY=VALUE``) is printed with the flag it is about: ``Error: --ruleset: unknown ruleset 'x'``.
  The library cannot know which option a value came from; the command line can.

Importing this module stays cheap: numba only loads when --threads was given.
"""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from typing import Callable

_GIVEN: ContextVar[dict[str, list[str]] | None] = ContextVar("spadille_given_options", default=None)
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def checked(function: Callable) -> Callable:
    """``function`` (a command) with its options checked first and its errors attributed (see above)."""

    @functools.wraps(function)
    def command(*args, **kwargs):
        context = _current_context()
        given = _given(context, kwargs)
        token = _GIVEN.set(given)
        try:
            _check_shared(context, kwargs)
            return function(*args, **kwargs)
        finally:
            _GIVEN.reset(token)

    return command


def _current_context():
    """Click's context of the command in progress: recent Typer vendors Click privately, older Typer uses Click."""
    try:
        from typer._click.globals import get_current_context
    except ImportError:
        from click import get_current_context
    return get_current_context()


def _flags(context) -> dict[str, str]:
    """Each option's parameter name -> its first flag (--threads)."""
    return {param.name: param.opts[0] for param in context.command.params
            if param.param_type_name == "option" and param.opts}


def _given(context, kwargs: dict) -> dict[str, list[str]]:
    """flag -> the values typed for it on the command line (as text), for the options given there."""
    given = {}
    for name, flag in _flags(context).items():
        source = context.get_parameter_source(name)
        if source is None or source.name != "COMMANDLINE" or kwargs.get(name) is None:
            continue
        value = kwargs[name]
        values = value if isinstance(value, (list, tuple)) else [value]
        given[flag] = [str(getattr(item, "value", item)) for item in values]
    return given


# Options checked by name, whatever the command (a command checks its own tighter bounds).
POSITIVE = ("deals", "games", "block_deals", "held_out_deals", "iterations")
FROM_ZERO = ("first_deal", "deal", "game")
SEEDS = ("seed", "held_out_seed")


def _check_shared(context, kwargs: dict) -> None:
    """The ranges the options of every command share (their names say what they count); a command
    checks its own upper bounds (a --deals of evaluate is not one of simulate)."""
    from .errors import fail
    from .options import MAX_DEALS, MAX_SEED

    flags = _flags(context)
    for name, value in kwargs.items():
        if name not in flags or not isinstance(value, int) or isinstance(value, bool):
            continue
        flag = flags[name]
        if name in POSITIVE and value < 1:
            fail(f"{flag} must be a positive whole number, not {value}")
        if name in POSITIVE and value > MAX_DEALS:
            fail(f"{flag} {value} is more than the {MAX_DEALS:.0e} a run may ask for")
        if name in FROM_ZERO and not 0 <= value <= MAX_DEALS:
            fail(f"{flag} must be between 0 and {MAX_DEALS:.0e}, not {value}")
        if name in SEEDS and not 0 <= value <= MAX_SEED:
            fail(f"{flag} must be between 0 and {MAX_SEED}, not {value}")
    threads = kwargs.get("threads")
    if "threads" in flags and threads is not None:
        import numba

        most = numba.config.NUMBA_NUM_THREADS
        if not 1 <= threads <= most:
            fail(f"--threads must be between 1 and the {most} this machine runs, not {threads}")


def attributed(message: str) -> str:
    """``message`` followed by the flag whose typed value it quotes, when it names no flag itself and
    exactly one option's value appears in it (as 'value', "value" or a whole word). The flag goes
    last, so the message still opens with what went wrong."""
    given = _GIVEN.get()
    if not given or FLAG.search(message):
        return message
    found = [flag for flag, values in given.items() if any(_quotes(message, part) for value in values
                                                           for part in _parts(value))]
    return f"{message} (option {found[0]})" if len(found) == 1 else message


def _parts(value: str) -> list[str]:
    """A typed value, and for KEY=VALUE (--rule, --param, --fix) its key and its value too."""
    key, sep, rest = value.partition("=")
    return [value, key, rest] if sep and key else [value]


def _quotes(message: str, value: str) -> bool:
    """Is ``value`` in ``message``: quoted, or as a whole word when it is distinctive enough (a short
    number such as a seed of 3 is too common a word to say which option a message is about)."""
    if not value:
        return False
    if f"'{value}'" in message or f'"{value}"' in message:
        return True
    if re.fullmatch(r"\d{1,2}", value) or len(value) < 2:
        return False
    return re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w.])", message) is not None
