"""The errors every game's kernel raises at its boundary: one sentence for the user each.

The CLI turns them into one ``Error:`` line (cli/errors.py); nothing below the boundary catches them.
"""


class RulesetError(ValueError):
    """A ruleset that cannot be used; the message is one sentence for the user."""


class SimulationError(ValueError):
    """A run that cannot start as asked; one sentence for the user."""
