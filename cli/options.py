"""Arguments and options shared by several commands, as ``Annotated`` aliases.

Choices come from the registries (games, policies, rulesets), so a new policy or ruleset
shows up in ``--help`` without touching the CLI. Only light modules are imported here:
``spadille --help`` must not load numba, numpy's heavy users or pandas.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.kernel.policies import POLICIES
from spadille.kernel.ruleset import available_rulesets


class Game(str, Enum):
    """The games the engine plays; each command takes one as its first argument."""

    quadrille = "quadrille"
    cabriolet = "cabriolet"


def quadrille_only(game: "Game", command: str) -> None:
    """Commands built for Quadrille's engine refuse another game with one ``Error:`` line."""
    if game != Game.quadrille:
        from .errors import fail

        fail(f"`spadille {command}` plays quadrille only; for {game.value} use `spadille odds {game.value}` "
             f"or `spadille simulate {game.value}`")


# Built from the registry: `--policy` lists exactly what `make_seat_policy` accepts.
PolicyName = Enum("PolicyName", {name: name for name in POLICIES}, type=str)

GameArgument = Annotated[Game, typer.Argument(help="The game.", show_default=False)]

SeedOption = Annotated[int, typer.Option("--seed", help="Random seed: the same seed replays the same deals.")]

DealsOption = Annotated[int, typer.Option("--deals", help="Number of deals to play.")]

RulesetOption = Annotated[
    str,
    typer.Option("--ruleset", help=f"Ruleset name ({', '.join(available_rulesets())}) or path to a ruleset TOML file."),
]

RuleOption = Annotated[
    Optional[list[str]],
    typer.Option("--rule", metavar="KEY=VALUE",
                 help="Override one rule of the ruleset, e.g. payments.lone_payment_threshold=4 or "
                      "vole.failed=encyclopedie-literal; repeatable (see `spadille rules` for the switches).",
                 show_default=False),
]

PolicyOption = Annotated[
    Optional[PolicyName],
    typer.Option("--policy", help="Policy of every seat (default: the policy file's, else heuristic).",
                 show_default=False),
]

SeatPolicyOption = Annotated[
    Optional[list[str]],
    typer.Option("--seat-policy", metavar="SEAT=NAME",
                 help="Policy of one seat (eldest, second, third, dealer); repeatable.", show_default=False),
]

_PARAMETERS = "; ".join(f"{name}: {', '.join(spec.params)}" for name, spec in POLICIES.items() if spec.params)
ParamOption = Annotated[
    Optional[list[str]],
    typer.Option("--param", metavar="[SEAT.]KEY=VALUE",
                 help="Policy parameter, for every seat whose policy has it or for one seat; "
                      f"repeatable ({_PARAMETERS}).",
                 show_default=False),
]

PolicyFileOption = Annotated[
    Optional[Path],
    typer.Option("--policy-file", metavar="FILE.toml",
                 help="TOML with a [default] table (policy = \"...\" and parameters) and [seats.SEAT] tables.",
                 show_default=False),
]

OutOption = Annotated[
    Optional[Path],
    typer.Option("--out", metavar="FILE.parquet|FILE.csv",
                 help="Write one row per deal, with the run's metadata, to this file.", show_default=False),
]

SessionLengthOption = Annotated[
    Optional[int], typer.Option("--session-length",
                                help="Deals played at one table before its stakes are cleared (default: 1 at "
                                     "quadrille, 20 at cabriolet).", show_default=False),
]

ThreadsOption = Annotated[
    Optional[int], typer.Option("--threads", help="Worker threads (default: all cores).", show_default=False),
]
