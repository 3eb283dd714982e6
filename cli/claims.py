"""``spadille claims``: check the period claims, one experiment each, and print the verdicts.

Registered by the app as ``app.command("claims")(claims.claims_command)``.

Exit codes: 0 when every claim got a verdict (inconclusive ones included: a condition too rare
for its sample, or the time limit, is a verdict with its reason); 1 for a faulty claim file or
option (one ``Error:`` line, nothing run); 3 when some claim's run failed (its row reads
``error`` with the reason, every other claim is still reported); 130 when interrupted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.kernel.quadrille.policies import CARD_PLAYS, DEFAULT_CARD_PLAY   # the one default of claims and report

from .errors import fail, user_errors
from .options import BlockDealsOption, RuleOption, SchedulerOption, SeedOption, ThreadsOption

EXIT_INTERRUPTED = 130
EXIT_CLAIM_ERRORS = 3

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
FormatOption = Annotated[
    Optional[str],
    typer.Option("--format", metavar="FORMAT",
                 help="How to print the verdicts: table (fitted to the terminal; the default on one), md (the "
                      "default when piped or redirected), csv or json (one record per claim).",
                 show_default=False),
]
ClaimsCardPlayOption = Annotated[str, typer.Option(
    "--card-play", metavar="POLICY",
    help=f"The card play of every seat in the claims that name no policy: one of {', '.join(CARD_PLAYS)} (default "
         f"{DEFAULT_CARD_PLAY}, as in the report). A claim that names a policy keeps it.")]
MaxSecondsOption = Annotated[
    Optional[float],
    typer.Option("--max-seconds-per-claim", metavar="S",
                 help="Stop a claim that runs longer than S seconds and report it inconclusive, with how far it "
                      "got; the other claims still run. A claim's dealing is also bounded by its "
                      "[experiment] max_attempts.", show_default=False),
]
VERDICT_STYLES = {"supported": "green", "contradicted": "red", "inconclusive": "yellow", "error": "bold red"}


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
    output_format: FormatOption = None,
    max_seconds: MaxSecondsOption = None,
    card_play: ClaimsCardPlayOption = DEFAULT_CARD_PLAY,
) -> None:
    """Check the strategy claims and stated figures of the period texts: each claim file quotes its
    source, describes an experiment, and says when the estimate supports or contradicts it.

    Prints one row per claim: the estimate, its 95% CI, n and the verdict (supported,
    contradicted or inconclusive); then each claim in context: its words in the original and in
    English, the period work they come from, the ruleset and unit it was tested under, the
    criterion, the reason and the note. Ctrl-C stops after the current batch and prints the claims
    already checked. With --scheduler the deals of each claim are played on a Dask cluster, with
    the same verdicts.

    Exit code 0 when every claim got a verdict (inconclusive included), 1 for a faulty claim file
    or option, 3 when some claim's run failed (reported as error, the others all the same).
    """
    from spadille.analyses.claims.formats import FORMATS

    if quick and deals_scale is not None:
        fail("give either --deals-scale or --quick, not both")
    if rule and ruleset is None:
        fail("--rule needs --ruleset: the claims name their own rulesets otherwise")
    if output_format is not None and output_format not in FORMATS:
        fail(f"unknown --format {output_format!r} (choose one of: {', '.join(FORMATS)})")
    if max_seconds is not None and not (max_seconds > 0 and max_seconds != float("inf")):
        fail(f"--max-seconds-per-claim must be a number of seconds above 0, not {max_seconds:g}")
    if card_play not in CARD_PLAYS:
        fail(f"unknown --card-play {card_play!r} (choose one of: {', '.join(CARD_PLAYS)})")
    with user_errors():
        interrupted, errors = run(claims, deals_scale, quick, seed, threads, ruleset, rule or [], scheduler,
                                  block_deals, output_format, max_seconds, card_play)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    if errors:
        typer.echo(f"Error: {len(errors)} claim{'s' if len(errors) != 1 else ''} could not be checked: "
                   + "; ".join(errors), err=True)
        raise typer.Exit(EXIT_CLAIM_ERRORS)


def run(path: Path | None, deals_scale: float | None, quick: bool, seed: int, threads: int | None,
        ruleset_name: str | None = None, rules: list[str] | None = None, scheduler: str | None = None,
        block_deals: int | None = None, output_format: str | None = None,
        max_seconds: float | None = None, card_play: str = DEFAULT_CARD_PLAY) -> tuple[bool, list[str]]:
    """The command's body; returns whether the run was interrupted, and 'id: reason' of each
    claim whose run failed."""
    # Heavy imports live here so that `spadille --help` stays instant.
    from rich.console import Console

    from spadille.analyses.claims import (QUICK_SCALE, load_claims, results_frame, scaled_deals,
                                          validate_options)
    from spadille.analyses.claims.check import check_claim_or_error
    from spadille.analyses.claims.verdict import ERROR
    from spadille.kernel.common.version import package_version

    from spadille.analyses.distributed.runner import open_runner
    from spadille.cli.cluster import end_if_lost, follow_blocks

    from .progress import Advance, StopBetweenBatches, deal_progress

    scale = QUICK_SCALE if quick else (1.0 if deals_scale is None else deals_scale)
    validate_options(seed, scale, threads)
    chosen = None
    if ruleset_name is not None:
        from spadille.kernel.quadrille.ruleset import load_ruleset_with

        chosen = load_ruleset_with(ruleset_name, rules or [])
    claims = load_claims(path, ruleset=chosen, card_play=card_play)
    stdout, stderr = Console(), Console(stderr=True)
    chosen_format = output_format or ("table" if stdout.is_terminal else "md")
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
                results.append(check_claim_or_error(claim, seed=seed, scale=scale, threads=threads, progress=advance,
                                                    max_seconds=max_seconds))
                stop.check()
        except KeyboardInterrupt:
            interrupted = True
    under = f" · claims without a ruleset of their own under {chosen.path}" if chosen is not None else ""
    preamble = (f"spadille {package_version()} · seed {seed} · deals scale {scale:g} · "
                f"{len(claims)} claim{'s' if len(claims) != 1 else ''}{under} · card play {card_play}")
    frame = results_frame(results) if results else None
    write(stdout, chosen_format, frame, preamble)
    if interrupted:
        end_if_lost(runner, stderr, f"the {len(results)} of {len(claims)} claims checked before are printed")
        stderr.print(f"Interrupted: {len(results)} of {len(claims)} claims checked.", soft_wrap=True)
    return interrupted, [f"{r.claim.id}: {r.reason}" for r in results if r.verdict == ERROR]


def write(console, output_format: str, frame, preamble: str) -> None:
    """The verdicts in ``output_format`` (formats.FORMATS); ``frame`` None when no claim was checked."""
    from spadille.analyses.claims import formats

    if output_format == "table":
        console.print(preamble, markup=False)  # wrapped at the terminal width, between words
        if frame is not None:
            print_verdicts(console, frame)
        return
    if output_format == "md":
        text = formats.to_markdown(frame, preamble) if frame is not None else preamble + "\n"
    elif frame is None:
        text = "[]\n" if output_format == "json" else ""
    else:
        text = formats.to_json(frame) if output_format == "json" else formats.to_csv(frame)
    typer.echo(text, nl=False)


def print_verdicts(console, frame) -> None:
    """The verdict table, fitted to the console's width, then each claim in context."""
    console.print(verdict_table(frame, console.width))
    for row in frame.itertuples(index=False):
        print_context(console, row)


# Columns that may wrap, with the narrowest they may get; the others keep their width. When the
# table cannot fit, the method and then the statement leave it (both stand in each claim's
# context below), and last the interval wraps after its comma.
WRAPPING = {"statement": 24, "estimate": 8, "method": 12}
DROPPED_FIRST = ("method", "statement")
CI_LEAST = 9   # "[116.46," over "139.77]"


def _width(least: dict[str, int], columns: list[str]) -> int:
    """The table's width: the columns, two spaces of padding each and a rule between two (no edges)."""
    return sum(least[name] + 3 for name in columns) - 1


def fitted_columns(frame, width: int) -> tuple[list[str], set[str]]:
    """(the columns of formats.TABLE_COLUMNS that fit ``width`` characters, those that may wrap)."""
    from spadille.analyses.claims.formats import TABLE_COLUMNS, table_cells

    cells = [table_cells(row) for row in frame.itertuples(index=False)]
    natural = {name: max([len(name), *(len(str(c[name])) for c in cells)]) for name in TABLE_COLUMNS}
    least = {name: min(natural[name], WRAPPING.get(name, natural[name])) for name in TABLE_COLUMNS}
    columns, wrapping = list(TABLE_COLUMNS), set(WRAPPING)
    for name in DROPPED_FIRST:
        if _width(least, columns) <= width:
            break
        columns.remove(name)
    if _width(least, columns) > width:
        least["95% CI"] = min(natural["95% CI"], CI_LEAST)
        wrapping.add("95% CI")
    return columns, wrapping


def verdict_table(frame, width: int):
    from rich.markup import escape
    from rich.table import Table

    from spadille.analyses.claims.formats import table_cells

    columns, wrapping = fitted_columns(frame, width)
    table = Table(show_lines=False, show_edge=False)
    for name in columns:
        table.add_column(name, justify="right" if name in ("estimate", "95% CI", "n") else "left",
                         no_wrap=name not in wrapping, min_width=WRAPPING.get(name),
                         ratio=2 if name == "statement" else None)
    for row in frame.itertuples(index=False):
        cells = table_cells(row)
        style = VERDICT_STYLES.get(row.verdict, "")
        shown = {name: escape(str(cells[name])) for name in columns}
        if style:
            shown["verdict"] = f"[{style}]{shown['verdict']}[/{style}]"
        table.add_row(*shown.values())
    return table


def print_context(console, row) -> None:
    """One claim's context under the table: its words in the original and in English, the period
    work and place they come from, the ruleset and unit it was tested under, the criterion, the
    method, the reason for the verdict and the note (formats.context_lines)."""
    from rich.markup import escape

    from spadille.analyses.claims.formats import context_lines, heading

    claim_id, rest = heading(row).split(" · ", 1)
    lines = [f"[bold]{escape(claim_id)}[/bold] · {escape(rest)}"]
    lines += [f"  {escape(line)}" for line in context_lines(row)]
    console.print("\n".join(lines), soft_wrap=True)
