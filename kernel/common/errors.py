"""The errors every game's kernel raises at its boundary: one sentence for the user each.

Every error meant for the user derives from ``UserError``, whatever layer raises it (a kernel's
card or policy error, a claim file's, the output file's): the CLI catches that one class and
turns it into one ``Error:`` line (cli/errors.py); nothing below the boundary catches them.
Anything else is a bug and keeps its traceback.
"""


class UserError(ValueError):
    """An error whose message is one sentence meant for the user."""


class RulesetError(UserError):
    """A ruleset that cannot be used; the message is one sentence for the user."""


class SimulationError(UserError):
    """A run that cannot start as asked; one sentence for the user."""
