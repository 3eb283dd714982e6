"""``spadille train quadrille``: tune the heuristic's parameters into the ``strong`` policy's file, or
(``--policy learned``) fit the learned player's weights to pimc's card values (train_learned.py).

CMA-ES searches the bidding thresholds and every card-play rule by role on paired deals of
``--seed`` (analyses/quadrille/tuning.py); the best values are then measured by the ladder on
``--held-out-seed``, which the search never saw, and written with a stamp (the command, seeds,
version, both results) to a TOML file, by default the shipped one (kernel/quadrille/strong.toml)
that ``strong`` loads. The same arguments write the same file.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.options import MAX_SEED, BlockDealsOption, SchedulerOption, SeedOption, ThreadsOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

DEFAULT_SEED = 2026
DEFAULT_DEALS = 10_000
DEFAULT_ITERATIONS = 120   # the shipped file's: its gain on the tuning deals was still rising at 40
DEFAULT_HELD_OUT_DEALS = 20_000
# Beyond these a run would take months: a typing slip, refused before the search rather than after it.
MAX_TRAIN_DEALS = 10**8
MAX_ITERATIONS = 100_000
MAX_POPULATION = 10_000


class Trained(str, Enum):
    """The policy whose shipped file the command writes."""

    strong = "strong"
    learned = "learned"


PolicyOption = Annotated[Trained, typer.Option(
    "--policy", help="strong: tune the heuristic's values by CMA-ES against the heuristic; learned: fit the learned "
                     "player's card scorer to pimc's values of every card, in rounds of deals against pimc.")]
TrainDealsOption = Annotated[Optional[int], typer.Option(
    "--deals", max=MAX_TRAIN_DEALS,
    help="strong: deals of --seed every candidate plays, once in each seat (the same deals for all; default "
         "10,000). learned: deals a round (default 4,300, the lone hand and forced spadille above their share).",
    show_default=False)]
IterationsOption = Annotated[Optional[int], typer.Option("--iterations", max=MAX_ITERATIONS,
                                                         help="Generations of CMA-ES (strong; default 120).",
                                                         show_default=False)]
RoundsOption = Annotated[Optional[int], typer.Option(
    "--rounds", help="learned: rounds of labelled deals, each played by the player fitted on the rounds before "
                     "(strong in the first; default 3).", show_default=False)]
PositionsOption = Annotated[Optional[Path], typer.Option(
    "--positions", metavar="DIR", help="learned: keep each block's labelled positions in this folder as it finishes, "
                                       "and reuse those already there (a run cut short goes on where it stopped).",
    show_default=False)]
NetworkOption = Annotated[bool, typer.Option(
    "--network", help="learned: fit a network of one hidden layer over the feature bits beside the linear rows "
                      "(docs/learned.md: a fifth less held-out regret, 1.6x the cost a decision, not better "
                      "against pimc overall).")]
NetworkRolesOption = Annotated[Optional[str], typer.Option(
    "--network-roles", metavar="ROLE[,ROLE...]",
    help="learned, with --network: the roles whose decisions play the network (ombre, friend, defender_called, "
         "defender_alone, forced_ombre; default every role); the others play the rows of the fit without it, "
         "at their speed (the file's [network] roles).", show_default=False)]
PopulationOption = Annotated[Optional[int], typer.Option(
    "--population", max=MAX_POPULATION, help="Candidates a generation (default: CMA-ES's own, 18 for the 110 parameters).",
    show_default=False)]
HeldOutSeedOption = Annotated[Optional[int], typer.Option(
    "--held-out-seed", help="Seed of the deals the result is measured on, never seen by the search "
                            "(default: --seed + 1).", show_default=False)]
HeldOutDealsOption = Annotated[Optional[int], typer.Option("--held-out-deals", max=MAX_TRAIN_DEALS,
                                                           help="Deals of the held-out measurement (strong; default 20,000).",
                                                           show_default=False)]
TrainOutOption = Annotated[Optional[Path], typer.Option(
    "--out", metavar="FILE.toml", help="Where to write the values (default: the shipped file the policy loads).",
    show_default=False)]


def train_command(
    policy: PolicyOption = Trained.strong,
    seed: SeedOption = DEFAULT_SEED,
    deals: TrainDealsOption = None,
    iterations: IterationsOption = None,
    population: PopulationOption = None,
    held_out_seed: HeldOutSeedOption = None,
    held_out_deals: HeldOutDealsOption = None,
    threads: ThreadsOption = None,
    rounds: RoundsOption = None,
    positions: PositionsOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
    network: NetworkOption = False,
    network_roles: NetworkRolesOption = None,
    out: TrainOutOption = None,
) -> None:
    """Tune the heuristic into the strong policy: its bidding thresholds and card-play rules, searched by
    CMA-ES for the most jetons a deal against the heuristic on the same deals (every seat in turn), then
    measured on held-out deals, and written with a stamp of how they were made. With --policy learned:
    fit the learned player's card scorer to pimc's values of every legal card, on the positions of rounds
    of deals it plays against pimc, and write its weights with their stamp.
    """
    from spadille.cli.errors import fail, user_errors

    if policy is Trained.learned:
        from . import train_learned

        for name, value in (("--iterations", iterations), ("--population", population), ("--threads", threads),
                            ("--held-out-seed", held_out_seed), ("--held-out-deals", held_out_deals)):
            if value is not None:
                fail(f"{name} is an option of --policy strong (the learned player's training has rounds, not "
                     f"generations)")
        from spadille.kernel.quadrille.learned import SHIPPED as LEARNED

        rounds = train_learned.DEFAULT_ROUNDS if rounds is None else rounds
        deals = train_learned.DEFAULT_DEALS if deals is None else deals
        train_learned.check_arguments(rounds, deals, positions)
        if network_roles is not None and not network:
            fail("--network-roles names the roles that play the network: give --network too")
        roles = train_learned.parse_network_roles(network_roles)
        target = LEARNED if out is None else out
        with user_errors():
            check_weights_target(target)
            train_learned.run(seed, rounds, deals, scheduler, block_deals, positions, target, network, roles)
        return
    for name, value in (("--rounds", rounds), ("--positions", positions), ("--scheduler", scheduler),
                        ("--block-deals", block_deals), ("--network", network or None),
                        ("--network-roles", network_roles)):
        if value is not None:
            fail(f"{name} is an option of --policy learned")
    from spadille.kernel.quadrille.strong import SHIPPED

    deals = DEFAULT_DEALS if deals is None else deals
    iterations = DEFAULT_ITERATIONS if iterations is None else iterations
    held_out_deals = DEFAULT_HELD_OUT_DEALS if held_out_deals is None else held_out_deals
    held_out_seed = seed + 1 if held_out_seed is None else held_out_seed
    target = SHIPPED if out is None else out
    if population is not None and population < 2:
        fail(f"--population must be at least 2, not {population}")
    if held_out_seed > MAX_SEED:
        fail(f"--held-out-seed is --seed + 1 by default, which passes the largest seed, {MAX_SEED}: give one")
    if held_out_seed == seed:
        fail(f"--held-out-seed must differ from --seed ({seed}): the result is measured on deals the search never saw")
    with user_errors():
        check_weights_target(target)  # before minutes of search, not after
        run(seed, deals, iterations, population, held_out_seed, held_out_deals, threads, target)


def check_weights_target(target: Path) -> None:
    """Refuse, before any work, an --out where the weights (a .toml) cannot be written."""
    from spadille.analyses.rowfile import RowFileError, probe_writable, refuse_read_only

    if target.suffix.lower() != ".toml":
        raise RowFileError(f"--out {str(target)!r} must end in .toml")
    if target.is_dir():
        raise RowFileError(f"--out {str(target)!r} is a directory")
    folder = target.parent
    if not folder.is_dir():
        raise RowFileError(f"--out {str(target)!r}: directory {str(folder)!r} does not exist")
    refuse_read_only(target, f"--out {str(target)!r}")
    probe_writable(folder, f"--out {str(target)!r}")


def command_line(seed: int, deals: int, iterations: int, population: int | None, held_out_seed: int,
                 held_out_deals: int) -> str:
    """The command that makes the same values (--out and --threads change nothing in them)."""
    text = f"spadille train quadrille --seed {seed} --deals {deals} --iterations {iterations}"
    if population is not None:
        text += f" --population {population}"
    return text + f" --held-out-seed {held_out_seed} --held-out-deals {held_out_deals}"


def run(seed, deals, iterations, population, held_out_seed, held_out_deals, threads, target: Path) -> None:
    import cma

    from spadille.analyses.quadrille.tuning import changed, dimensions, held_out, tune
    from spadille.kernel.common.version import package_version
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.strong import StrongFile, write_strong

    ruleset = load_ruleset(DEFAULT_RULESET)

    def report(row: dict) -> None:
        typer.echo(f"generation {row['generation']}/{iterations}: best {row['best']:+.4f}, median {row['median']:+.4f}, mean {row['mean']:+.4f}, "
                   f"best so far {row['best_so_far']:+.4f} jetons a deal ({row['changed']} values changed, "
                   f"{row['seconds']:.0f} s)", err=True)

    tuning = tune(ruleset, seed, deals, iterations, population, threads, on_generation=report)
    result = held_out(ruleset, tuning.params, held_out_seed, held_out_deals, threads)
    dims = dimensions()
    stamp = {
        "command": command_line(seed, deals, iterations, population, held_out_seed, held_out_deals),
        "version": package_version(),
        "optimiser": f"CMA-ES (cma {cma.__version__}) from the heuristic's defaults",
        "ruleset": ruleset.name,
        "reference": "heuristic",
        "seed": seed, "deals": deals, "iterations": iterations,
        "population": int(tuning.settings["population"]), "evaluations": int(tuning.settings["evaluations"]),
        "tuning_gain": round(tuning.gain, 4),
        "held_out_seed": held_out_seed, "held_out_deals": held_out_deals,
        "held_out_gain": round(result["gain"], 4),
        "held_out_ci_low": round(result["ci_low"], 4), "held_out_ci_high": round(result["ci_high"], 4),
    }
    header = ("The strong policy: the heuristic with these values (kernel/quadrille/strong.py).\n"
              "Written by `spadille train quadrille`; gains are jetons a deal over the heuristic, every seat in turn,\n"
              "paired on the same deals (held_out: deals the search never saw, with the 95% interval).\n"
              "Parameters left out keep the heuristic's defaults.")
    write_strong(target, StrongFile(changed(tuning.params, dims), stamp), header)
    typer.echo(f"tuning seed {seed} ({deals:,} deals): {tuning.gain:+.4f} jetons a deal over the heuristic "
               f"(chosen there, so biased upward)")
    typer.echo(f"held-out seed {held_out_seed} ({held_out_deals:,} deals): {result['gain']:+.4f} "
               f"[{result['ci_low']:+.4f}, {result['ci_high']:+.4f}] jetons a deal over the heuristic")
    typer.echo(f"Wrote {len(changed(tuning.params, dims))} values that differ from the heuristic's to {target}")
