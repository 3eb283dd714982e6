"""``spadille train quadrille --policy learned``: the learned player's weights, from pimc's card values.

Rounds of training deals are played with pimc on one team and the learner on the other (strong in
the first round, then the player fitted so far), pimc scores every legal card of every decision,
and a scorer (linear rows and a small network) is fitted to those scores (analyses/quadrille/learned_rounds.py). The weights are
written with a stamp (the command, seed, version, and the held-out regret of the learned player,
strong and the lowest card) to a TOML file, by default the shipped one (kernel/quadrille/learned.toml)
that the ``learned`` policy loads. The same arguments write the same file, on any runner.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Sequence

import typer

DEFAULT_ROUNDS = 3
DEFAULT_DEALS = 4300      # deals a round, in learned_rounds.MIX's proportions


def command_line(seed: int, rounds: int, deals: int, network: bool = False,
                 network_roles: Sequence[str] | None = None) -> str:
    """The command that makes the same weights (--out, --scheduler, --block-deals and --positions change nothing in them)."""
    return f"spadille train quadrille --policy learned --seed {seed} --rounds {rounds} --deals {deals}" \
        + (" --network" if network else "") + (f" --network-roles {','.join(network_roles)}" if network_roles else "")


def parse_network_roles(text: str | None) -> tuple[str, ...] | None:
    """--network-roles ROLE[,ROLE...]: the roles that play the network, in card_rules.ROLES' order; None
    for every role (the option left out, or every role named). A bad name is refused in one sentence."""
    from spadille.cli.errors import fail
    from spadille.kernel.quadrille.card_rules import ROLES

    if text is None:
        return None
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in ROLES:
            fail(f"--network-roles: unknown role {name!r} (roles: {', '.join(ROLES)})")
    if not names:
        fail(f"--network-roles names no role (roles: {', '.join(ROLES)})")
    on = tuple(role for role in ROLES if role in names)
    return None if len(on) == len(ROLES) else on


def check_arguments(rounds: int, deals: int, positions: Path | None) -> None:
    from spadille.cli.errors import fail

    if rounds < 1:
        fail(f"--rounds must be a positive whole number, not {rounds}")
    if deals < 1:
        fail(f"--deals must be a positive whole number, not {deals}")
    if positions is not None and positions.exists() and not positions.is_dir():
        fail(f"--positions {str(positions)!r} is not a directory")


def run(seed: int, rounds: int, deals: int, scheduler: str | None, block_deals: int | None, positions: Path | None,
        target: Path, network: bool = False, network_roles: Sequence[str] | None = None) -> None:
    from rich.console import Console

    from spadille.analyses.distributed.runner import InProcessRunner, open_runner
    from spadille.analyses.quadrille.learned_rounds import BLOCK_DEALS, RULESETS, deals_a_round, train_learned
    from spadille.kernel.quadrille import layout as L
    from spadille.cli.progress import deal_progress
    from spadille.kernel.common.version import package_version
    from spadille.kernel.quadrille.learned import LearnedFile, write_learned

    stderr = Console(stderr=True)
    if positions is not None:
        positions.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with open_runner(scheduler, lambda text: stderr.print(text), block_deals) as dask, deal_progress(stderr) as progress:
        runner = dask or InProcessRunner()
        # the deals the rounds really label: every kind of deal in the mix gets one at least
        task = progress.add_task(f"labelling round 1/{rounds}", total=rounds * deals_a_round(deals))

        def on_block(block, n_positions: int) -> None:
            progress.update(task, advance=len(block.deals), description=f"labelling round {block.round + 1}/{rounds}")

        result = train_learned(seed, rounds, deals, runner, on_block=on_block, cache=positions,
                               log=lambda text: progress.console.print(text),
                               block_deals=(block_deals or BLOCK_DEALS) if dask else BLOCK_DEALS, network=network,
                               network_roles=network_roles)
    stamp = {
        "command": command_line(seed, rounds, deals, network, network_roles),
        "version": package_version(),
        # the network's fit is not convex: another build of these can settle in another optimum from the
        # same seed (session 7's fit of this command held out 0.0216, sessions 6's and 8's 0.0211)
        "libraries": library_versions(),
        "seed": seed, "rounds": rounds, "deals_a_round": deals,
        "rulesets": ", ".join(RULESETS),
        "labels": "pimc at its defaults (20 sampled deals a decision), every legal card of every decision",
        "fit": "listwise softmax cross-entropy to pimc's values (tau 0.1), scipy L-BFGS-B; linear rows from zero, L2 1e-3"
               + (f"; a network of {L.LEARNED_HIDDEN} ReLU units drawn from the seed, L2 1e-4" if network else "")
               + (f"; the network played by {', '.join(network_roles)} alone, the other roles' rows those of the fit "
                  "without it" if network and network_roles else ""),
        "positions": result.positions, "decisions_fitted": result.decisions,
        "held_out_decisions": result.held_out_decisions,
    }
    for name, value in result.held_out.items():
        stamp[f"held_out_regret_{name}"] = round(value, 4)
    played_by = ", played by the roles it names" if network_roles else ""
    header = ("The learned player's weights (kernel/quadrille/learned.py): one row a role and place in the trick,\n"
              "one weight a feature bit of kernel/quadrille/_learned.py" + (", then a network of one hidden layer over\n"
              f"the same bits ([network]{played_by})" if network else "") + ". Written by `spadille train quadrille --policy\n"
              "learned`; held_out_regret_*: pimc's best value less the value of the card chosen, a decision, on the\n"
              "last round's held-out deals (tricks of the side's total as pimc scores them).")
    write_learned(target, LearnedFile.of(result.weights, stamp), header)
    seconds = time.perf_counter() - started
    typer.echo(f"{result.positions:,} positions labelled in {rounds} round{'s' if rounds != 1 else ''} "
               f"({seconds:,.0f} s); fitted on {result.decisions:,} decisions")
    if result.held_out:
        typer.echo(f"held-out regret a decision ({result.held_out_decisions:,} decisions): learned "
                   f"{result.held_out['learned']:.4f}, strong {result.held_out['strong']:.4f}, lowest card "
                   f"{result.held_out['lowest']:.4f}")
    typer.echo(f"Wrote the learned player's weights to {target}")
    sys.stdout.flush()


def library_versions() -> str:
    """The numerical libraries the fit ran on, as the stamp records them."""
    import numba
    import numpy
    import scipy

    return f"numpy {numpy.__version__}, scipy {scipy.__version__}, numba {numba.__version__}"
