"""Reversis's own options, as ``Annotated`` aliases: the ruleset, the preset, the policies, sessions."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

# No default values from the kernel here: the help must not import it.
ReversisRulesetOption = Annotated[Optional[str], typer.Option(
    "--ruleset", help="Ruleset name (default reversis-dj) or path to a Reversis ruleset TOML file.",
    show_default=False)]

PresetOption = Annotated[Optional[str], typer.Option(
    "--preset", help="Rule layer: enc1765, hague1785, dj (the seed, default) or hoyle.", show_default=False)]

PolicyOption = Annotated[Optional[list[str]], typer.Option(
    "--policy", metavar="POLICY",
    help="random, heuristic, strong or search, with parameters after a colon "
         "(heuristic:reversis_from=N,break=0|1,espagnolette=0|1; search:worlds=N,rollout=0|1); once for every "
         "player, or four times (players 0-3); default heuristic.", show_default=False)]

SessionLengthOption = Annotated[int, typer.Option(
    "--session-length", help="Deals at one table with the pool (remise) carried over; 1 scores every deal at a "
                             "fresh table.")]
