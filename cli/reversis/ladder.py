"""``spadille ladder reversis``: the strength ladder, each policy against a searching reference on
the same deals, by position and by role, with its speed."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption, ThreadsOption

from .options import PresetOption, ReversisRulesetOption

DEFAULT_POLICIES = "random,heuristic,strong"
DEFAULT_REFERENCE = "search"
DEFAULT_DEALS = 2_000
EXIT_INTERRUPTED = 130

LadderPoliciesOption = Annotated[str, typer.Option(
    "--policies", metavar="NAME[:KEY=VALUE...],...",
    help="The policies of the ladder, comma-separated (random, heuristic, strong, search, each with parameters "
         "after a colon, e.g. search:worlds=8 or search:rollout=1; commas inside one policy's parameters are "
         "written '+' here, heuristic:break=0+espagnolette=0). The reference is added when it is not listed.")]
LadderReferenceOption = Annotated[str, typer.Option(
    "--reference", metavar="NAME[:KEY=VALUE...]",
    help="The policy every gain is measured against, at the other positions and in the all-reference play "
         "(default: the search, 12 worlds, heuristic rollouts).")]
LadderDealsOption = Annotated[int, typer.Option(
    "--deals", help="Deals for every policy; each is played once at each position.", min=10, max=10_000_000)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON record per policy instead of the table.")]
LadderOutOption = Annotated[Optional[Path], typer.Option(
    "--out", metavar="FILE.csv|FILE.parquet",
    help="Also write the whole ladder (every group, with the run's metadata) to this table.", show_default=False)]


def ladder_command(policies: LadderPoliciesOption = DEFAULT_POLICIES,
                   reference: LadderReferenceOption = DEFAULT_REFERENCE, deals: LadderDealsOption = DEFAULT_DEALS,
                   seed: SeedOption = 0, preset: PresetOption = None, ruleset: ReversisRulesetOption = None,
                   rule: RuleOption = None, threads: ThreadsOption = None, json_out: JsonOption = False,
                   out: LadderOutOption = None) -> None:
    """Rank Reversis policies by what they win a deal against a searching reference.

    Every deal is played once with the reference at every position, then for each policy once
    with the policy at each position in turn: its gain is that position's net fiches minus the
    reference's on the same deal, overall, by position, and for the holder of the quinola and of
    an espagnolette, with paired 95% CIs over deals; with deals and cards a second.
    """
    with user_errors():
        interrupted = run(policies, reference, deals, seed, preset, ruleset, rule or [], threads, json_out, out)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def rungs(policies: str, reference_text: str, reference, deals: int) -> list:
    from spadille.analyses.reversis.ladder import Rung, is_reference
    from spadille.kernel.reversis.policies import ReversisPolicyError, parse_policy

    named = [(text.strip(), parse_policy(text.strip().replace("+", ","))) for text in policies.split(",")
             if text.strip()]
    if not named:
        raise ReversisPolicyError("--policies names no policy")
    if not any(is_reference(policy, reference) for _, policy in named):
        named.append((reference_text.strip(), reference))
    return [Rung(label, policy, deals) for label, policy in named]


def run(policies, reference_text, deals, seed, preset, ruleset, rule, threads, as_json, out) -> bool:
    """The command's body; returns whether the run was interrupted."""
    from rich.console import Console

    from spadille.analyses.reversis.ladder import check_ladder, ladder, ladder_metadata, plays_needed
    from spadille.cli.progress import Advance, StopBetweenBatches, deal_progress
    from spadille.kernel.reversis.policies import parse_policy

    from .setup import load_rules

    rules = load_rules(ruleset, preset, rule)
    reference = parse_policy(reference_text.strip().replace("+", ","))
    entries = rungs(policies, reference_text, reference, deals)
    check_ladder(rules, entries, reference, seed, threads)
    if out is not None:
        from spadille.analyses.rowfile import check_output_path

        check_output_path(out)  # before minutes of play, not after
    metadata = ladder_metadata(rules, entries, reference, seed)
    stdout, stderr = Console(), Console(stderr=True)
    if not stdout.is_terminal:
        stdout = Console(width=180)  # a file or a pipe: room for the intervals
    with StopBetweenBatches(stderr) as stop, deal_progress(stderr) as progress:
        task = progress.add_task("deal-plays", total=plays_needed(entries, reference), unit="plays")
        result = ladder(rules, entries, reference, seed, threads, Advance(progress, task, after=stop.check), metadata)
    if result.interrupted:
        stderr.print("Interrupted: a ladder is printed only whole; rerun with fewer --deals.", soft_wrap=True)
        return True
    if as_json:
        typer.echo(json.dumps(records(result), ensure_ascii=False, indent=1))
    else:
        stdout.print(metadata_line(result), soft_wrap=True, markup=False)
        stdout.print(ladder_table(result))
        stdout.print("Gain: the policy's net fiches a deal at a position minus the reference's there, on the same "
                     "deals, the reference at the other three positions; roles from the all-reference play.",
                     soft_wrap=True, markup=False)
    if out is not None:
        from spadille.analyses.rowfile import write_table

        write_table(out, result.table.merge(result.speed.drop(columns=["policy", "reference", "deals"]), on="label"),
                    result.metadata)
        (stderr if as_json else stdout).print(f"Wrote the ladder to {out}", soft_wrap=True, markup=False)
    return False


def _estimate(row: dict) -> str:
    if row["reference"]:
        return "0 (reference)"
    if row["ci_low"] is None or math.isnan(row["ci_low"]):
        return f"{row['gain']:+.2f}" if not math.isnan(row["gain"]) else "–"
    return f"{row['gain']:+.2f} [{row['ci_low']:+.2f}, {row['ci_high']:+.2f}]"


def _rate(value: float) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def metadata_line(result) -> str:
    meta = result.metadata
    overrides = "".join(f", {k}={v}" for k, v in meta["ruleset_overrides"].items())
    return (f"spadille {meta['spadille_version']} · ladder reversis · seed {meta['seed']} · ruleset {meta['ruleset']}, "
            f"preset {meta['preset']}{overrides} (sha256 {meta['ruleset_sha256'][:12]}) · reference {meta['reference']}")


def ladder_table(result):
    """One row a policy, best first: the gain a deal over the reference, overall, by position and
    by role, with n where it is not every (deal, position), and the speed."""
    from rich import box
    from rich.table import Table

    from spadille.analyses.reversis.ladder import OVERALL, POSITIONS, ROLES

    table = Table(title="Reversis strength ladder: net fiches a deal over the reference at the same position, same "
                        "deals (95% CI over deals)", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    groups = (OVERALL, *POSITIONS, *ROLES)
    for name in ("policy", "deals", *groups, "deals/s", "cards/s"):
        table.add_column(name, justify="left" if name == "policy" else "right", overflow="fold")
    by = {(row["label"], row["group"]): row for row in result.table.to_dict("records")}
    ranked = sorted(result.speed.to_dict("records"), key=lambda s: -by[(s["label"], OVERALL)]["gain"])
    for speed in ranked:
        label = speed["label"]
        cells = [_estimate(by[(label, group)]) + (f" n={by[(label, group)]['n']:,}" if group in ROLES else "")
                 for group in groups]
        table.add_row(label, f"{speed['deals']:,}", *cells, _rate(speed["deals_per_second"]),
                      _rate(speed["cards_per_second"]))
    return table


def records(result) -> list[dict]:
    """One JSON-ready record per policy: its speed and its gain in every group."""
    def plain(value):
        if isinstance(value, (bool, str)) or value is None:
            return value
        value = float(value)
        return None if math.isnan(value) else int(value) if value.is_integer() and abs(value) > 1 else value

    out = []
    for speed in result.speed.to_dict("records"):
        rows = result.table[result.table["label"] == speed["label"]].to_dict("records")
        out.append({**{key: plain(value) for key, value in speed.items()},
                    "groups": {row["group"]: {k: plain(row[k]) for k in ("n", "gain", "ci_low", "ci_high")}
                               for row in rows}})
    return out
