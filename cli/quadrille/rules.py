"""``spadille rules``: the card order under a trump suit and the ruleset's switches, cited; ``--list``
names the shipped rulesets."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import RulesetOption

TrumpOption = Annotated[
    Optional[str],
    typer.Option("--trump", help="Trump suit: hearts, ♥ or h (and so on); default: every suit that may be trumps.",
                 show_default=False),
]

PolicyOption = Annotated[
    Optional[str],
    typer.Option("--policy", help="List a policy's parameters instead (heuristic: its card-play rules by role, "
                 "with their defaults), and stop.", show_default=False),
]

ListOption = Annotated[
    bool,
    typer.Option("--list", help="List the shipped rulesets with their titles and summaries, and stop."),
]


def rules_command(ruleset: RulesetOption = DEFAULT_RULESET, trump: TrumpOption = None,
                  rule: RuleOption = None, list_rulesets: ListOption = False, policy: PolicyOption = None) -> None:
    """Print the card order under a trump suit and the ruleset's switches, with citations.

    A ruleset that departs from the period texts lists its departures first. For the
    trump suit and each plain suit: the cards high to low, and the number of trumps; then
    every switch with its value, choices and source. Each comes with the passage it rests
    on. With --list: the shipped rulesets, with their titles and summaries. With --policy: the
    policy's parameters (the heuristic's card-play rules by role, each with its default).
    """
    with user_errors():
        from rich.console import Console

        from spadille.kernel.quadrille.cards import SUITS, parse_suit
        from spadille.kernel.common.errors import RulesetError
        from spadille.kernel.quadrille.ruleset import available_rulesets, load_ruleset, load_ruleset_with

        from .rules_view import rules_view, rulesets_view

        if policy is not None:
            from spadille.kernel.quadrille.policies import POLICIES, PolicyError

            from .policy_view import policy_view

            if policy not in POLICIES:
                raise PolicyError(f"unknown policy {policy!r}; available: {', '.join(POLICIES)}")
            Console().print(policy_view(policy))
            return
        if list_rulesets:
            Console().print(rulesets_view([load_ruleset(name) for name in available_rulesets()]))
            return
        rules = load_ruleset_with(ruleset, rule or [])
        allowed = [SUITS.index(name) for name in rules["contract.allowed_trumps"]]
        if trump is None:
            trumps = allowed
        else:
            suit = parse_suit(trump)
            if suit not in allowed:
                raise RulesetError(f"--trump {trump}: ruleset {rules.name!r} does not allow {SUITS[suit]} as trumps "
                                   f"(allowed: {', '.join(rules['contract.allowed_trumps'])})")
            trumps = [suit]
        Console().print(rules_view(rules, trumps))
