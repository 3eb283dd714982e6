"""``spadille ladder quadrille``: the strength ladder, each policy against a reference on the same deals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption, ThreadsOption
from spadille.kernel.quadrille.policies import POLICIES
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import RulesetOption

DEFAULT_POLICIES = "random,heuristic,dd,pimc"
DEFAULT_REFERENCE = "heuristic"
# Deals a rung by default: a few seconds each on two cores. A searching policy plays about 100
# (dd) or 4 (pimc, K = 20) deals a second in one seat, and the ladder plays it in every seat.
DEFAULT_DEALS = 20_000
SEARCHING_DEALS = {"dd": 400, "pimc": 16}
EXIT_INTERRUPTED = 130

PoliciesOption = Annotated[str, typer.Option(
    "--policies", metavar="NAME[:KEY=VALUE...],...",
    help=f"The policies of the ladder, comma-separated, each a registered policy ({', '.join(POLICIES)}) with "
         "parameters after colons (pimc:samples=40, heuristic:ask_threshold=4). The reference is added when it is "
         "not listed.")]
ReferenceOption = Annotated[str, typer.Option(
    "--reference", metavar="NAME[:KEY=VALUE...]",
    help="The policy every gain is measured against, in the other seats and in the all-reference play.")]
LadderDealsOption = Annotated[Optional[int], typer.Option(
    "--deals", help=f"Deals for every policy (default: {DEFAULT_DEALS:,}, "
                    + ", ".join(f"{n} for {name}" for name, n in SEARCHING_DEALS.items())
                    + "); each is played once per seat.", show_default=False)]
RungFileOption = Annotated[Optional[list[Path]], typer.Option(
    "--policy-file", metavar="FILE.toml",
    help="Add a rung: the policy and parameters of this file's [default] table (named after the file); "
         "repeatable.", show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON record per policy instead of the table.")]
LadderOutOption = Annotated[Optional[Path], typer.Option(
    "--out", metavar="FILE.csv|FILE.parquet",
    help="Also write the whole ladder (every group, with the run's metadata) to this table.", show_default=False)]


def ladder_command(
    policies: PoliciesOption = DEFAULT_POLICIES,
    reference: ReferenceOption = DEFAULT_REFERENCE,
    deals: LadderDealsOption = None,
    seed: SeedOption = 0,
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
    policy_file: RungFileOption = None,
    threads: ThreadsOption = None,
    json: JsonOption = False,
    out: LadderOutOption = None,
) -> None:
    """Rank policies by what they win a deal against a reference (the heuristic by default).

    Every deal is played once with the reference in every seat, then for each policy once with the
    policy in each seat in turn: its gain is that seat's net jetons minus the reference's on the same
    deal, overall, on the ombre's side (ombre or called friend) and in defence, with paired 95% CIs
    over deals; with deals and decisions (cards it played) a second.
    """
    with user_errors():
        interrupted = run(policies, reference, deals, seed, ruleset, rule or [], policy_file or [], threads, json, out)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def rungs(policies: str, reference_text: str, reference, deals: int | None, policy_files, seats) -> list:
    """The ladder's entries: each listed policy, each policy file, and the reference if missing."""
    from spadille.analyses.quadrille.ladder import LadderEntry, is_reference
    from spadille.kernel.quadrille.policies import PolicyError

    from .seating import parse_policy_spec, policy_file_rung

    named = [(text.strip(), parse_policy_spec(text)) for text in policies.split(",") if text.strip()]
    if not named and not policy_files:
        raise PolicyError("--policies names no policy")
    named += [(path.name, policy_file_rung(path, seats)) for path in policy_files]
    if not any(is_reference(policy, reference) for _, policy in named):
        named.insert(0, (reference_text.strip(), reference))
    return [LadderEntry(label, policy, deals if deals is not None else default_deals(policy))
            for label, policy in named]


def default_deals(policy) -> int:
    """The default size of a rung: the smallest of its searching players', else DEFAULT_DEALS."""
    names = (policy.name, *policy.roles.values(), *policy.roles_in_situation.values())
    return min([SEARCHING_DEALS[name] for name in names if name in SEARCHING_DEALS] or [DEFAULT_DEALS])


def run(policies, reference_text, deals, seed, ruleset, rule, policy_files, threads, as_json, out) -> bool:
    """The command's body; returns whether the run was interrupted."""
    from rich.console import Console

    from spadille.analyses.quadrille.ladder import check_ladder, ladder, ladder_metadata, plays_needed, records
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.ruleset import load_ruleset_with

    from spadille.cli.progress import Advance, StopBetweenBatches, deal_progress

    from .ladder_view import json_text, ladder_table, metadata_text, notes
    from .seating import parse_policy_spec

    rules = load_ruleset_with(ruleset, rule)
    seats = SEAT_NAMES[rules["pack.seats"]]
    reference = parse_policy_spec(reference_text)
    entries = rungs(policies, reference_text, reference, deals, policy_files, seats)
    check_ladder(rules, entries, reference, seed, threads)
    if out is not None:
        from spadille.analyses.rowfile import check_output_path

        check_output_path(out)  # before minutes of play, not after
    metadata = ladder_metadata(rules, entries, reference, seed)
    stdout, stderr = Console(), Console(stderr=True)
    if not stdout.is_terminal:
        stdout = Console(width=160)  # a file or a pipe: room for the intervals
    with StopBetweenBatches(stderr) as stop, deal_progress(stderr) as progress:
        task = progress.add_task("deal-plays", total=plays_needed(entries, reference, len(seats)), unit="plays")
        result = ladder(rules, entries, reference, seed, threads, Advance(progress, task, after=stop.check), metadata)
    if result.interrupted:
        stderr.print("Interrupted: a ladder is printed only whole; rerun with fewer --deals.", soft_wrap=True)
        return True
    if as_json:
        typer.echo(json_text(result, records(result)))
    else:
        stdout.print(metadata_text(result), soft_wrap=True, markup=False)
        stdout.print(ladder_table(result))
        for line in notes(result):
            stdout.print(line, soft_wrap=True, markup=False)
    if out is not None:
        from spadille.analyses.rowfile import write_table

        write_table(out, result.table.merge(result.speed.drop(columns=["policy", "reference", "deals"]), on="label"),
                    result.metadata)
        (stderr if as_json else stdout).print(f"Wrote the ladder to {out}", soft_wrap=True, markup=False)
    return False
