"""``spadille report quadrille`` (and plain ``spadille report``): the main job, the standard strategy report
in one folder, with the report parts of the other games that the registry lists (cli/games.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import BlockDealsOption, RuleOption, SchedulerOption, ThreadsOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET
from spadille.kernel.quadrille.policies import DEFAULT_CARD_PLAY

from .options import RulesetOption

DEFAULT_OUT = Path("results/report")
DEFAULT_SEED = 1765
EXIT_INTERRUPTED = 130

ReportOutOption = Annotated[Path, typer.Option(
    "--out", metavar="FOLDER", help="Folder for report.md, report.html, the PNG plots and the CSV tables.")]
ReportDealsOption = Annotated[Optional[int], typer.Option(
    "--deals", help="Deals of the decision map (default 2,000,000 under the learned card play, 4,000,000 under "
                    "strong or the heuristic, which play twice as fast; 100,000 with --quick); "
                    "every other part of the report scales with it.", show_default=False)]
QuickOption = Annotated[bool, typer.Option("--quick", help="A small run with the same parts: 30–40 s once compiled, 4–6 minutes from a cold numba cache.")]
ReportSeedOption = Annotated[int, typer.Option("--seed", help="Random seed: the same seed reproduces every number.")]
StrongerPlayOption = Annotated[bool, typer.Option(
    "--stronger-play", help="Add the stronger-play ladder: the decision maps again under double-dummy (dd) and "
                            "PIMC card play, on a prefix of the deals (minutes more; at the default size most "
                            "classes have too few deals to answer, so it is not in the default report).")]

ConfirmHandsOption = Annotated[Optional[int], typer.Option(
    "--confirm-hands", metavar="N",
    help="Hands for checking each seat's rule of thumb under pimc, all parts together (default 4,500, scaled with "
         "--deals): each part is sampled until pimc decides it or its cap; more hands decide more parts (with "
         "--scheduler, on the cluster). 0 leaves the check out.", show_default=False)]
CardPlayOption = Annotated[str, typer.Option(
    "--card-play", metavar="POLICY",
    help="The card play the verdicts rest on: learned (each legal card scored by weights fitted to pimc's "
         "values, kernel/quadrille/learned.toml; it bids as strong), strong (the heuristic's card-play rules "
         "at tuned values, kernel/quadrille/strong.toml) or heuristic (the hand-written values). Every seat "
         "bids at the thresholds the bidding fixpoint sets under that play, and the play the verdicts rested "
         "on before (strong before learned, the heuristic before strong) gets its own map beside them, with "
         "the thresholds before and after. The claims that name no policy play it too.")]


def report_command(
    out: ReportOutOption = DEFAULT_OUT,
    deals: ReportDealsOption = None,
    quick: QuickOption = False,
    seed: ReportSeedOption = DEFAULT_SEED,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    threads: ThreadsOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
    stronger_play: StrongerPlayOption = False,
    card_play: CardPlayOption = DEFAULT_CARD_PLAY,
    confirm_hands: ConfirmHandsOption = None,
) -> None:
    """Build the strategy report: a first page of verdicts (rules of thumb per seat and auction,
    basic bidding charts, the vole, a rule card scored on held-out deals), the strength ladder of
    the policies against the heuristic, the decision maps
    behind them (which hands call, go sans prendre, pass, try the vole), the vole analysis, the
    claims of the period texts with verdicts, and worked hand evaluations; --stronger-play adds
    how the thresholds move with stronger card play.

    About 11 minutes on two cores by default (measured, cold numba cache, from a fresh clone: 10 min 33 s;
    the machine's speed varies from day to day); --quick for a small run. Ctrl-C stops after the
    part in progress and writes the parts that finished. With --scheduler the baseline, the
    decision maps, the stronger-play ladder, each seat's rule under pimc and the claims
    run on a Dask cluster (the same tables); the worked hands and the other games' parts run here.
    """
    with user_errors():
        interrupted = run(out, deals, quick, seed, ruleset, rule or [], threads, scheduler, block_deals, stronger_play,
                          card_play, confirm_hands)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def run(out, deals, quick, seed, ruleset, rule, threads, scheduler=None, block_deals=None, stronger_play=False,
        card_play=DEFAULT_CARD_PLAY, confirm_hands=None) -> bool:
    from contextlib import nullcontext

    from rich.console import Console

    from spadille.kernel.quadrille.ruleset import load_ruleset_with
    from spadille.reports.quadrille.warm_up import WarmUp
    from spadille.reports.document import check_report_target, write_report
    from spadille.reports.quadrille.standard import build_report, plan_for

    from spadille.cli.progress import Advance, StopBetweenBatches, WholeRun, deal_progress
    from spadille.reports.quadrille.standard import estimated_seconds

    from spadille.cli.games import report_companions
    from spadille.analyses.distributed.runner import open_runner
    from spadille.cli.cluster import end_if_lost, follow_blocks

    rules = load_ruleset_with(ruleset, rule)
    plan = plan_for(rules, seed, deals, quick, threads, companions=report_companions("quadrille"),
                    stronger_play=stronger_play, card_play=card_play, confirm_hands=confirm_hands)
    stdout, stderr = Console(), Console(stderr=True)
    if not out.parent.exists():
        out.parent.mkdir(parents=True)
    check_report_target(out)  # before minutes of work, not after
    log = lambda line: stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
    # Beside the report, a second process compiles the kernels of its later parts (warm_up.py); a
    # cluster compiles on its own workers.
    arguments = {"ruleset": ruleset, "rules": list(rule or []), "seed": seed, "threads": threads,
                 "card_play": card_play, "stronger_play": stronger_play}
    warm_up = WarmUp(arguments) if scheduler is None else nullcontext()
    with warm_up, open_runner(scheduler, log, block_deals) as runner, StopBetweenBatches(stderr) as stop, \
            deal_progress(stderr) as progress:
        follow_blocks(runner, progress, stop)
        whole = WholeRun(progress, estimated_seconds(plan))

        def step(description: str, total: int, unit: str = "deals"):
            # A total of 0 means "not counted yet": the bar shows no total until the part sets
            # one (Advance.set_total), never "n/0".
            task = progress.add_task(description, total=total or None, unit=unit)
            return Advance(progress, task, after=stop.check, whole=whole)

        report, interrupted = build_report(plan, step, lambda line: progress.console.print(f"done: {line}",
                                                                                    soft_wrap=True, markup=False),
                                           starting=whole.start)
        if not interrupted:
            whole.finish()
        # A Ctrl-C while the folder is written and swapped in waits for the swap's end, so that the
        # minutes of work before it are never lost half-way through the write.
        with stop.protected():
            path = write_report(report, out)
        stop.settled = True
    stdout.print(f"Wrote {path / 'report.md'} and {path / 'report.html'}", soft_wrap=True, markup=False)
    if interrupted:
        end_if_lost(runner, stderr, f"{path / 'report.md'} holds the parts that finished")
        stderr.print("Interrupted: the report holds the parts that finished.", soft_wrap=True)
    return interrupted
