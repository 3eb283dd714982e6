"""Options shared by several games' commands, as ``Annotated`` aliases.

A game's own options (its rulesets, policies, table sizes) live in its own package
(cli/quadrille/options.py, cli/cabriolet/options.py), beside the commands that take them.
Only light modules are imported here: ``spadille --help`` must not load numba, numpy's heavy
users or pandas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

# The ranges every command's options share, checked by name before the command's body (cli/checks.py).
MAX_SEED = 2**63 - 1      # seeds are the counter-based generator's 63-bit keys (kernel/common/_rng.py)
MAX_DEALS = 10**11        # a run of more is days of work: surely a typing slip

SeedOption = Annotated[int, typer.Option("--seed", help="Random seed: the same seed replays the same deals.")]

DealsOption = Annotated[int, typer.Option("--deals", help="Number of deals to play.")]

FirstDealOption = Annotated[int, typer.Option(
    "--first-deal", help="Number of the first deal to play (deals are numbered from 0 for each seed): a run "
                         "that stopped early goes on from here with the same deals.")]

RuleOption = Annotated[
    Optional[list[str]],
    typer.Option("--rule", metavar="KEY=VALUE",
                 help="Override one rule of the game's ruleset, e.g. payments.lone_payment_threshold=4 at quadrille; "
                      "repeatable (`spadille rules quadrille` lists the switches).",
                 show_default=False),
]

OutOption = Annotated[
    Optional[Path],
    typer.Option("--out", metavar="FILE.parquet|FILE.csv",
                 help="Write one row per deal, with the run's metadata, to this file.", show_default=False),
]

ThreadsOption = Annotated[
    Optional[int], typer.Option("--threads", help="Worker threads (default: all cores).", show_default=False),
]

SchedulerOption = Annotated[
    Optional[str],
    typer.Option("--scheduler", metavar="ADDRESS",
                 help="Run the deals on a Dask cluster: tcp://host:port of a running `dask scheduler`, or local / "
                      "local:N for N single-threaded worker processes here; the results are identical to a run "
                      "without it (needs pip install 'spadille[distributed]'; docs/distributed.md).",
                 show_default=False),
]

BlockDealsOption = Annotated[
    Optional[int],
    typer.Option("--block-deals", metavar="N",
                 help="With --scheduler: deals per block of work (default: fixed by the run, see "
                      "docs/distributed.md); the results do not depend on it.", show_default=False),
]
