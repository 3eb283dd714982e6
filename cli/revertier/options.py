"""Révertier's own options, as ``Annotated`` aliases: games, preset, policies, the game to show."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.kernel.revertier.policies import DEFAULT_POLICY, POLICIES  # plain Python, no numba

GamesOption = Annotated[int, typer.Option("--games", help="Number of games to play.")]

PresetOption = Annotated[Optional[str], typer.Option(
    "--preset", help="A named set of switch values: verquere-1674 (Cotton) or svensk-bradspel-1905 (Fiske); "
                     "--rule overrides apply after it (default: the French readings).", show_default=False)]

# No default value here: the default's name comes from the kernel, which the help must not import.
RevertierRulesetOption = Annotated[Optional[str], typer.Option(
    "--ruleset", help="Ruleset name (default revertier-reconstructed) or path to a Révertier ruleset TOML file.",
    show_default=False)]

PolicyOption = Annotated[Optional[list[str]], typer.Option(
    "--policy", metavar="POLICY",
    help=f"{', '.join(list(POLICIES)[:-1])} or {list(POLICIES)[-1]}; once for both seats, twice for seat 0 then "
         f"seat 1 (default {DEFAULT_POLICY}).", show_default=False)]

CompareOption = Annotated[Optional[str], typer.Option(
    "--compare", metavar="A:B",
    help="Also play policy A against B on the same games with colours swapped, and print the paired "
         "difference (e.g. heuristic:random).", show_default=False)]

GameOption = Annotated[int, typer.Option("--game", help="Which game of the seed to show (0, 1, ...).")]
