"""``spadille claims``: check the period claims, one experiment each, and print the verdicts.

Registered by the app as ``app.command("claims")(claims.claims_command)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .errors import fail, user_errors
from .options import BlockDealsOption, RuleOption, SchedulerOption, SeedOption, ThreadsOption

EXIT_INTERRUPTED = 130

ClaimsOption = Annotated[
    Optional[Path],
    typer.Option("--claims", metavar="FILE_OR_DIR",
                 help="A claim file, or a folder of them (*.toml); default: the claims shipped with spadille. "
                      "See docs/claims.md for the format.", show_default=False),
]
ScaleOption = Annotated[
    Optional[float],
    typer.Option("--deals-scale", metavar="X",
                 help="Multiply every claim's default number of deals by X (e.g. 0.1 or 4).", show_default=False),
]
QuickOption = Annotated[
    bool, typer.Option("--quick", help="Small samples (1% of each claim's deals): a fast, rough look."),
]
ClaimsRulesetOption = Annotated[
    Optional[str],
    typer.Option("--ruleset", help="Check the claims that name no ruleset, and whose source has no game of its "
                                   "own, under this one (a name or a TOML path; default encyclopedie-1765): a "
                                   "tip from the Italian page keeps the Italian ladder. A claim the ruleset "
                                   "cannot hold (a seat or a suit it lacks) is reported inconclusive.",
                 show_default=False),
]
VERDICT_STYLES = {"supported": "green", "contradicted": "red", "inconclusive": "yellow"}


def claims_command(
    claims: ClaimsOption = None,
    deals_scale: ScaleOption = None,
    quick: QuickOption = False,
    seed: SeedOption = 0,
    threads: ThreadsOption = None,
    ruleset: ClaimsRulesetOption = None,
    rule: RuleOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Check the strategy claims and stated figures of the period texts: each claim file quotes its
    source, describes an experiment, and says when the estimate supports or contradicts it.

    Prints one row per claim: the estimate, its 95% CI, n and the verdict (supported,
    contradicted or inconclusive); then each claim in context: its words in the original and in
    English, the period work they come from, the ruleset and unit it was tested under, the
    criterion, the reason and the note. Ctrl-C stops after the current batch and prints the claims
    already checked. With --scheduler the deals of each claim are played on a Dask cluster, with
    the same verdicts.
    """
    if quick and deals_scale is not None:
        fail("give either --deals-scale or --quick, not both")
    if rule and ruleset is None:
        fail("--rule needs --ruleset: the claims name their own rulesets otherwise")
    with user_errors():
        interrupted = run(claims, deals_scale, quick, seed, threads, ruleset, rule or [], scheduler, block_deals)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def run(path: Path | None, deals_scale: float | None, quick: bool, seed: int, threads: int | None,
        ruleset_name: str | None = None, rules: list[str] | None = None, scheduler: str | None = None,
        block_deals: int | None = None) -> bool:
    """The command's body; returns whether the run was interrupted."""
    # Heavy imports live here so that `spadille --help` stays instant.
    from rich.console import Console

    from spadille.analyses.claims import (QUICK_SCALE, check_claim, load_claims, results_frame, scaled_deals,
                                          validate_options)
    from spadille.kernel.common.version import package_version

    from spadille.analyses.distributed.runner import open_runner
    from spadille.cli.cluster import follow_blocks

    from .progress import Advance, StopBetweenBatches, deal_progress

    scale = QUICK_SCALE if quick else (1.0 if deals_scale is None else deals_scale)
    validate_options(seed, scale, threads)
    chosen = None
    if ruleset_name is not None:
        from spadille.kernel.quadrille.ruleset import load_ruleset_with

        chosen = load_ruleset_with(ruleset_name, rules or [])
    claims = load_claims(path, ruleset=chosen)
    stdout, stderr = Console(), Console(stderr=True)
    if not stdout.is_terminal:
        stdout = Console(width=160)  # a file or a pipe: room for the statements and the intervals
    results = []
    interrupted = False
    log = lambda line: stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
    with open_runner(scheduler, log, block_deals) as runner, StopBetweenBatches(stderr) as stop, \
            deal_progress(stderr) as progress:
        follow_blocks(runner, progress, stop)
        total = sum(scaled_deals(claim, scale) for claim in claims if not claim.inapplicable)
        task = progress.add_task("claims", total=total or None)
        advance = Advance(progress, task, after=stop.check)

        try:
            for claim in claims:
                progress.update(task, description=claim.id)
                results.append(check_claim(claim, seed=seed, scale=scale, threads=threads, progress=advance))
                stop.check()
        except KeyboardInterrupt:
            interrupted = True
    under = f" · claims without a ruleset of their own under {chosen.path}" if chosen is not None else ""
    stdout.print(f"spadille {package_version()} · seed {seed} · deals scale {scale:g} · "
                 f"{len(claims)} claim{'s' if len(claims) != 1 else ''}{under}", soft_wrap=True, markup=False)
    if results:
        print_verdicts(stdout, results_frame(results))
    if interrupted:
        stderr.print(f"Interrupted: {len(results)} of {len(claims)} claims checked.", soft_wrap=True)
    return interrupted


def print_verdicts(console, frame) -> None:
    """The verdict table, then each claim in context (``print_context``)."""
    import pandas as pd
    from rich.table import Table

    table = Table(show_lines=False)
    for name, justify, wrap in (("claim", "left", False), ("statement", "left", True), ("estimate", "right", True),
                                ("95% CI", "right", False), ("n", "right", False), ("verdict", "left", False)):
        table.add_column(name, justify=justify, no_wrap=not wrap, ratio=2 if name == "statement" else None)
    for row in frame.itertuples(index=False):
        n = "-" if row.kind == "count" else ("" if pd.isna(row.n) else f"{int(row.n):,}")
        style = VERDICT_STYLES.get(row.verdict, "")
        table.add_row(row.claim, row.title, row.estimate_text, row.ci_text, n,
                      f"[{style}]{row.verdict}[/{style}]" if style else row.verdict)
    console.print(table)
    for row in frame.itertuples(index=False):
        print_context(console, row)


def print_context(console, row) -> None:
    """One claim's context under the table: its words in the original and in English, the period
    work and place they come from, the ruleset and unit it was tested under, the criterion, the
    reason for the verdict and the note."""
    from rich.markup import escape

    lines = [f"[bold]{escape(row.claim)}[/bold] · {escape(row.verdict)} · {escape(row.title)}",
             f"  “{escape(row.quote)}” ({escape(row.language)})"]
    if row.translation != row.quote:
        lines.append(f"  {escape(row.translation)}")
    lines.append(f"  Source: {escape(row.source)}" + (f" (digest: {escape(row.digest)})" if row.digest else ""))
    if row.tested_under:
        lines.append(f"  Tested under: {escape(row.tested_under)}, in {escape(row.unit)}")
    lines += [f"  Criterion: {escape(row.criterion)}", f"  Verdict: {escape(row.verdict)}: {escape(row.reason)}"]
    if row.note:
        lines.append(f"  Note: {escape(row.note)}")
    console.print("\n".join(lines), soft_wrap=True)
