"""``spadille ladder quadrille``: the strength ladder, each policy against a reference on the same deals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import BlockDealsOption, RuleOption, SchedulerOption, SeedOption, ThreadsOption
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
         "parameters after colons (pimc:samples=40, heuristic:ask_threshold=4; learned:weights=FILE.toml plays a "
         "learned weights file other than the shipped one). The reference is added when it is not listed.")]
ReferenceOption = Annotated[str, typer.Option(
    "--reference", metavar="NAME[:KEY=VALUE...]",
    help="The policy every gain is measured against, in the other seats and in the all-reference play.")]
LadderDealsOption = Annotated[Optional[int], typer.Option(
    "--deals", help=f"Deals for every policy (default: {DEFAULT_DEALS:,}, "
                    + ", ".join(f"{n} for {name}" for name, n in SEARCHING_DEALS.items())
                    + ", the smaller against a searching reference); each is played once per seat (or team).",
    show_default=False)]
RungFileOption = Annotated[Optional[list[Path]], typer.Option(
    "--policy-file", metavar="FILE.toml",
    help="Add a rung: the policy and parameters of this file's [default] table (named after the file); "
         "repeatable.", show_default=False)]
TeamOption = Annotated[bool, typer.Option(
    "--team", help="Team mode: each policy takes over a whole team of each deal, the ombre and his friend, then the "
                   "defenders, against the reference's other team; the auction stays the reference's, so the gain is "
                   "card play only.")]
ByOption = Annotated[Optional[str], typer.Option(
    "--by", metavar="SPLIT", help="Print the gains split by role, seat, contract or contract,role (the contract and "
                                  "role of the seat in the reference's play), with n and a 95% CI in each cell.",
    show_default=False)]
PerContractOption = Annotated[Optional[str], typer.Option(
    "--per-contract", metavar="N|NAME=N,...",
    help="Screen deals by the reference's auction (cheap: no card is searched) and play the first N deals of each "
         "contract, or of each contract named (called=300,sans-prendre=2000); each cell is then conditional on its "
         "contract, and the figures over contracts are weighted by each contract's share of the screened deals.",
    show_default=False)]
ContractsOption = Annotated[Optional[str], typer.Option(
    "--contracts", metavar="NAME,...",
    help="Play only the deals whose reference auction yields these contracts (called, sans-prendre, "
         "forced-spadille, ...): among the first --deals deals, or N of each with --per-contract.",
    show_default=False)]
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
    team: TeamOption = False,
    by: ByOption = None,
    per_contract: PerContractOption = None,
    contracts: ContractsOption = None,
    json: JsonOption = False,
    out: LadderOutOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Rank policies by what they win a deal against a reference (the heuristic by default).

    Every deal is played once with the reference in every seat, then for each policy once with the
    policy in each seat in turn: its gain is that seat's net jetons minus the reference's on the same
    deal, overall, on the ombre's side (ombre or called friend) and in defence, with paired 95% CIs
    over deals; with deals and decisions (cards it played) a second. --team seats the policy as a
    whole team instead, --by splits the gains by contract and role, --per-contract screens deals
    by contract. Ctrl-C keeps the policies that finished (exit 130).
    """
    with user_errors():
        options = Options(team, by, per_contract, contracts, scheduler, block_deals)
        interrupted = run(policies, reference, deals, seed, ruleset, rule or [], policy_file or [], threads, json, out,
                          options)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


@dataclass(frozen=True)
class Options:
    """The options that choose how the ladder plays and what it prints (beyond the rungs)."""

    team: bool = False
    by: str | None = None
    per_contract: str | None = None
    contracts: str | None = None
    scheduler: str | None = None
    block_deals: int | None = None


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
    return [LadderEntry(label, policy, deals if deals is not None else default_deals(policy, reference))
            for label, policy in named]


def default_deals(policy, reference=None) -> int:
    """The default size of a rung: the smallest of its searching players' (or the reference's,
    which plays in every play of the rung), else DEFAULT_DEALS."""
    names = [name for p in (policy, reference) if p is not None
             for name in (p.name, *p.roles.values(), *p.roles_in_situation.values())]
    return min([SEARCHING_DEALS[name] for name in names if name in SEARCHING_DEALS] or [DEFAULT_DEALS])


def run(policies, reference_text, deals, seed, ruleset, rule, policy_files, threads, as_json, out,
        options: Options = Options()) -> bool:
    """The command's body; returns whether the run was interrupted."""
    from rich.console import Console

    from spadille.analyses.distributed.runner import open_runner
    from spadille.analyses.quadrille.ladder import check_ladder, ladder, ladder_metadata, plays_needed, records
    from spadille.cli.cluster import follow_blocks
    from spadille.cli.progress import Advance, StopBetweenBatches, deal_progress
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.ruleset import load_ruleset_with

    from .ladder_view import cells_table, interrupted_lines, json_text, ladder_table, metadata_text, notes, split_of
    from .seating import parse_policy_spec

    rules = load_ruleset_with(ruleset, rule)
    seats = SEAT_NAMES[rules["pack.seats"]]
    reference = parse_policy_spec(reference_text)
    split = split_of(options.by)
    screen = _screen_request(options, deals)
    entries = rungs(policies, reference_text, reference, deals, policy_files, seats)
    check_ladder(rules, entries, reference, seed, threads, options.team)
    if out is not None:
        from spadille.analyses.rowfile import check_output_path

        check_output_path(out)  # before minutes of play, not after
    stdout, stderr = Console(), Console(stderr=True)
    if not stdout.is_terminal:
        stdout = Console(width=160)  # a file or a pipe: room for the intervals
    log = lambda line: stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
    with open_runner(options.scheduler, log, options.block_deals) as runner, StopBetweenBatches(stderr) as stop, \
            deal_progress(stderr) as progress:
        follow_blocks(runner, progress, stop)
        plan = None
        if screen is not None:
            screen_deals = screen["deals"] if screen["deals"] is not None else max(e.deals for e in entries)
            if screen["per_contract"] is not None:
                screen_deals = None
            task = progress.add_task("screening deals by the reference's auction", total=screen_deals, unit="deals")
            try:
                plan = _screened(rules, reference, seed, screen, screen_deals, threads,
                                 Advance(progress, task, after=stop.check))
            except KeyboardInterrupt:
                stderr.print("Interrupted while screening the deals: nothing was played.", soft_wrap=True)
                return True
        metadata = ladder_metadata(rules, entries, reference, seed, options.team, plan)
        task = progress.add_task("deal-plays", total=plays_needed(entries, reference, len(seats), options.team, plan),
                                 unit="plays")
        result = ladder(rules, entries, reference, seed, threads, Advance(progress, task, after=stop.check), metadata,
                        team=options.team, plan=plan)
    if result.interrupted:
        result.metadata["interrupted"] = True
        for line in interrupted_lines(result):
            stderr.print(line, soft_wrap=True, markup=False)
        if not result.entries:
            return True
    if as_json:
        typer.echo(json_text(result, records(result)))
    else:
        stdout.print(metadata_text(result), soft_wrap=True, markup=False)
        stdout.print(ladder_table(result) if split is None else cells_table(result, split))
        for line in notes(result):
            stdout.print(line, soft_wrap=True, markup=False)
    if out is not None:
        from spadille.analyses.rowfile import write_table

        write_table(out, result.table.merge(result.speed.drop(columns=["policy", "reference", "deals"]), on="label"),
                    result.metadata)
        (stderr if as_json else stdout).print(f"Wrote the ladder to {out}", soft_wrap=True, markup=False)
    return result.interrupted


def _screen_request(options: Options, deals: int | None) -> dict | None:
    """What --per-contract and --contracts ask of the screen (None: no screen), checked."""
    from spadille.analyses.quadrille.ladder_deals import contract_codes
    from spadille.kernel.common.errors import SimulationError

    if options.per_contract is None and options.contracts is None:
        return None
    if options.per_contract is not None and deals is not None:
        raise SimulationError("give --deals or --per-contract, not both: --per-contract N plays N deals of each contract")
    names = [name.strip() for name in (options.contracts or "").split(",") if name.strip()]
    if options.contracts is not None and not names:
        raise SimulationError("--contracts names no contract")
    per_contract = _per_contract(options.per_contract) if options.per_contract is not None else None
    if isinstance(per_contract, dict) and names:
        raise SimulationError("--per-contract NAME=N names the contracts already: leave out --contracts")
    return {"per_contract": per_contract, "deals": deals, "contracts": contract_codes(names)}


def _per_contract(text: str) -> int | dict[int, int]:
    """--per-contract's N, or {contract code: N} from NAME=N,...; one sentence for bad input."""
    from spadille.analyses.quadrille.ladder_deals import contract_codes
    from spadille.kernel.common.errors import SimulationError

    def count(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = 0
        if number < 2:
            raise SimulationError(f"--per-contract {text!r}: each count must be a whole number of at least 2")
        return number

    if "=" not in text:
        return count(text.strip())
    quotas = {}
    for item in (part.strip() for part in text.split(",") if part.strip()):
        name, _, value = item.partition("=")
        (code,) = contract_codes([name.strip()])
        quotas[code] = count(value.strip())
    return quotas


def _screened(rules, reference, seed, screen, screen_deals, threads, progress):
    from spadille.analyses.quadrille.ladder_deals import screened_plan

    return screened_plan(rules, reference, seed, per_contract=screen["per_contract"], deals=screen_deals,
                         contracts=screen["contracts"], threads=threads, progress=progress)
