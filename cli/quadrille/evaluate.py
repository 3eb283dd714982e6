"""``spadille evaluate``: every action open to one hand, ranked, with paired 95% intervals."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption, ThreadsOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import RulesetOption


class PlayPolicy(str, Enum):
    """Card play of all four seats; the other seats bid like the heuristic whatever this is."""

    heuristic = "heuristic"
    pimc = "pimc"
    dd = "dd"


EXIT_INTERRUPTED = 130
# Deals by default: a few seconds of work for each card-play policy on two cores.
DEFAULT_DEALS = {"heuristic": 4000, "dd": 200, "pimc": 30}

HandArgument = Annotated[str, typer.Argument(
    help="The hand, e.g. \"spadille basto ♥7 A K Q 3 ♣K ♦K ♠7\": suits ♠♣♥♦ or s c h d, ranks A 2-7 J Q K "
         "or French V D R, and spadille/basto by name.", show_default=False)]
SeatOption = Annotated[str, typer.Option("--seat", help="Where the hand sits: eldest, second, third or dealer.")]
PlayOption = Annotated[PlayPolicy, typer.Option("--play", help="Card play of every seat.")]
EvalDealsOption = Annotated[Optional[int], typer.Option(
    "--deals", help="Deals of the other cards (default: 4000 heuristic, 200 dd, 30 pimc).", show_default=False)]
ConditionOption = Annotated[Optional[str], typer.Option(
    "--condition", metavar="EXPR", help="Only deals where this holds, e.g. \"trumps(dealer, hearts) <= 2\".",
    show_default=False)]
FixOption = Annotated[Optional[list[str]], typer.Option(
    "--fix", metavar="SEAT=CARDS", help="Put these cards in another seat's hand, e.g. \"dealer=♥K ♥Q\"; repeatable.",
    show_default=False)]
TopOption = Annotated[int, typer.Option("--top", min=0, max=10_000, help="Rows of the ranked table to print (0: all).")]
NoVoleOption = Annotated[bool, typer.Option("--no-vole", help="Leave out the stop/vole versions of each contract.")]
CsvOption = Annotated[Optional[Path], typer.Option(
    "--out", metavar="FILE.csv|FILE.parquet",
    help="Write the whole ranked table, with the run's metadata, to this CSV or Parquet file.", show_default=False)]


def evaluate_command(
    hand: HandArgument,
    seat: SeatOption = "eldest",
    play: PlayOption = PlayPolicy.heuristic,
    deals: EvalDealsOption = None,
    seed: SeedOption = 0,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    condition: ConditionOption = None,
    fix: FixOption = None,
    top: TopOption = 12,
    no_vole: NoVoleOption = False,
    threads: ThreadsOption = None,
    out: CsvOption = None,
) -> None:
    """Estimate pass, every ask and call, every sans prendre, and stopping or going on for the vole,
    for one hand on the same random deals of the other cards.

    Each action shows the hand's mean payment in jetons and its chances to win, be remised, lose
    codille and make the vole, with 95% intervals; the margin between neighbours is paired.
    """
    with user_errors():
        run(hand, seat, play.value, deals, seed, ruleset, rule or [], condition, fix or [], top, not no_vole, threads,
            out)


def run(hand_text, seat, play, deals, seed, ruleset, rule, condition, fix, top, vole, threads, out) -> None:
    from rich.console import Console

    from spadille.analyses.quadrille.evaluation import MAX_EVALUATED_DEALS, evaluate_hand, hand_metadata, parse_hand
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.quadrille.conditions import compile_condition, parse_fixed
    from spadille.kernel.quadrille.ruleset import load_ruleset_with

    from .evaluate_view import best_line, evaluation_table, metadata_text, vole_lines
    from spadille.cli.pipeline import ABANDONED, BatchPump, leave_now
    from spadille.cli.progress import StopBetweenBatches, deal_progress

    rules = load_ruleset_with(ruleset, rule)
    focal, hand = parse_hand(rules, hand_text, seat)
    fixed = parse_fixed(fix, rules["pack.seats"])
    n_deals = deals if deals is not None else DEFAULT_DEALS[play]
    if not 1 <= n_deals <= MAX_EVALUATED_DEALS:
        raise SimulationError(f"--deals must be between 1 and {MAX_EVALUATED_DEALS:,}, not {n_deals}")
    if condition is not None:
        compile_condition(condition, rules["pack.seats"], focal, rules)   # refused here, before any dealing
    policies, metadata = hand_metadata(rules, play, focal, hand, n_deals, seed, condition)
    metadata["fixed"] = {seat_name: text for seat_name, text in (item.split("=", 1) for item in fix)}
    stdout, stderr = Console(), Console(stderr=True)
    if not stdout.is_terminal:
        stdout = Console(width=120)  # a file or a pipe: room for the table's intervals
    if out is not None:
        from spadille.analyses.rowfile import check_output_path

        check_output_path(out)
    # The evaluation runs in a worker thread (cli/pipeline.py), so that Ctrl-C is answered at once even
    # while numba compiles or the other cards are dealt: before any deal is played it ends the
    # command, after that it stops the evaluation at the end of the batch in flight.
    with StopBetweenBatches(stderr, at_once=False) as stop, deal_progress(stderr) as progress:
        task = progress.add_task("deals", total=n_deals)
        pump = BatchPump(stop)
        evaluation = pump.run(lambda: evaluate_hand(rules, policies, hand, focal, n_deals, seed, condition=condition,
                                                    vole=vole, threads=threads, progress=pump.advance,
                                                    metadata=metadata, fixed=fixed),
                              lambda batch: None, lambda n: progress.advance(task, n),
                              abandon=lambda: pump.advanced == 0)
        stop.settled = True
        stop.announce()
    if evaluation is ABANDONED or evaluation.deals == 0:
        stderr.print("Interrupted before any deal was played: nothing was kept.", soft_wrap=True, markup=False)
        if evaluation is ABANDONED:
            leave_now(EXIT_INTERRUPTED)
        raise typer.Exit(EXIT_INTERRUPTED)
    stdout.print(metadata_text(evaluation), soft_wrap=True, markup=False)
    stdout.print(evaluation_table(evaluation, top))
    stdout.print(best_line(evaluation), soft_wrap=True, markup=False)
    for line in vole_lines(evaluation):
        stdout.print(line, soft_wrap=True, markup=False)
    if out is not None:
        from spadille.analyses.rowfile import write_table

        write_table(out, evaluation.table, evaluation.metadata)
        stdout.print(f"Wrote {len(evaluation.table)} actions to {out}", soft_wrap=True, markup=False)
    if evaluation.interrupted:
        # The deals are drawn independently: the ones played are a smaller sample, not a biased one, and
        # every figure above carries its own n and interval.
        stderr.print(f"Interrupted: the estimates rest on the {evaluation.deals:,} of {n_deals:,} deals played.",
                     soft_wrap=True, markup=False)
        raise typer.Exit(EXIT_INTERRUPTED)
