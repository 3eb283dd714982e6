"""Quadrille's own options, as ``Annotated`` aliases: its rulesets, its policies and their parameters.

Choices come from the registries (policies, rulesets), so a new policy or ruleset shows up in
``--help`` without touching the CLI. Only light modules are imported here.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.kernel.quadrille.policies import POLICIES
from spadille.kernel.quadrille.ruleset import available_rulesets

# Built from the registry: `--policy` lists exactly what `make_seat_policy` accepts.
PolicyName = Enum("PolicyName", {name: name for name in POLICIES}, type=str)

RulesetOption = Annotated[
    str,
    typer.Option("--ruleset", help=f"Ruleset name ({', '.join(available_rulesets())}) or path to a ruleset TOML file."),
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

SessionLengthOption = Annotated[
    int, typer.Option("--session-length",
                      help="Deals played at one table before its stakes are cleared (1: every deal at a fresh table)."),
]
