"""Cabriolet's own options, as ``Annotated`` aliases: the table, the ruleset, the covering policies."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.kernel.cabriolet.policies import PARAMS, POLICIES  # plain Python, no numba

PlayersOption = Annotated[Optional[int], typer.Option(
    "--players", help="Players at the table (4 to 6 under the default ruleset; default 4).", show_default=False)]

# No default value here: the default's name comes from the kernel, which the help must not import.
CabrioletRulesetOption = Annotated[Optional[str], typer.Option(
    "--ruleset", help="Ruleset name (default cabriolet-lacombe-1798) or path to a Cabriolet ruleset TOML file.",
    show_default=False)]

DiceOption = Annotated[bool, typer.Option(
    "--dice", help="The dice game: sessions of --session-length rounds of throws of three dice instead of cards.")]

CoverOption = Annotated[Optional[list[str]], typer.Option(
    "--cover", metavar="POLICY",
    help=f"A covering policy of the focal seat, compared on the same deals: {', '.join(POLICIES)} "
         "or case names joined by '+'; repeatable (default: all, jeu, figures).", show_default=False)]

CabrioletParamOption = Annotated[Optional[list[str]], typer.Option(
    "--param", metavar="KEY=VALUE",
    help=f"play_threshold=N (the card game: play the jeu with at least N trumps; default "
         f"{PARAMS['play_threshold'].default}) or "
         "others=POLICY (how the other seats cover; default all); repeatable.", show_default=False)]

RoundsOption = Annotated[int, typer.Option(
    "--session-length", help="Deals (with --dice: rounds of throws) played at one table before its stakes are "
                             "cleared.")]
