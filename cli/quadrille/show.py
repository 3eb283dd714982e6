"""``spadille show``: replay one deal and print it, bid by bid and trick by trick."""

from __future__ import annotations

from typing import Annotated

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import ParamOption, PolicyFileOption, PolicyOption, RulesetOption, SeatPolicyOption

DealOption = Annotated[int, typer.Option("--deal", help="Index of the deal within the seed (0 is the first).")]


def show_command(
    seed: SeedOption = 0,
    deal: DealOption = 0,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    seat_policy: SeatPolicyOption = None,
    param: ParamOption = None,
    policy_file: PolicyFileOption = None,
) -> None:
    """Replay one deal: hands, auction, contract, every trick and the payments.

    The same seed, deal, ruleset and policies always give the same deal.
    """
    with user_errors():
        from rich.console import Console

        from spadille.kernel.quadrille.ruleset import load_ruleset_with
        from spadille.kernel.quadrille.simulate import play_one

        from .deal_view import deal_view
        from .seating import describe_seating, resolve_policies

        rules = load_ruleset_with(ruleset, rule or [])
        policies = resolve_policies(rules["pack.seats"], policy.value if policy else None, seat_policy or [],
                                    param or [], policy_file)
        row = play_one(rules, policies, seed, deal)
        heading = f"Deal {deal} of seed {seed} · ruleset {rules.name} · {describe_seating(policies)}"
        Console().print(deal_view(row, rules["pack.seats"], heading))
