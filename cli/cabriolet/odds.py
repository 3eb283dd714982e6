"""``spadille odds cabriolet``: the exact odds of each case, by enumeration (cards and dice)."""

from __future__ import annotations

from typing import Annotated

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption

from .options import CabrioletRulesetOption, PlayersOption

DiceOddsOption = Annotated[bool, typer.Option("--dice", help="The dice game: each case's chance over the 216 throws.")]


def odds_command(
    dice: DiceOddsOption = False,
    players: PlayersOption = None,
    ruleset: CabrioletRulesetOption = None,
    rule: RuleOption = None,
) -> None:
    """Print the exact odds of each case: per hand over all 201,376 hands of five from the piquet
    pack, and at a table of --players (someone holds it; two or more hold it, so it is opposed);
    with --dice, each case's chance over the 216 throws of three dice.
    """
    with user_errors():
        from rich.console import Console

        from spadille.analyses.cabriolet.cases import exact_dice, exact_odds
        from spadille.kernel.cabriolet.ruleset import DEFAULT_CABRIOLET_RULESET, load_cabriolet_ruleset

        from .odds_view import frame_table

        rules = load_cabriolet_ruleset(ruleset or DEFAULT_CABRIOLET_RULESET, rule or [])
        console = Console()
        if dice:
            frame = exact_dice(rules)
            console.print(frame_table(frame, f"Cabriolet with three dice: each case's throws out of 216 "
                                             f"(ruleset {rules.name}; the face map is a reconstruction)"))
            return
        n_players = players if players is not None else 4
        rules.check_players(n_players)
        frame = exact_odds(rules, n_players)
        console.print(frame_table(frame, f"Cabriolet, exact: per hand of five, and at a table of {n_players} "
                                         f"(ruleset {rules.name}; – = Monte Carlo only)"))
