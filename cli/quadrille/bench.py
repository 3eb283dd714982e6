"""`spadille bench` (`spadille bench quadrille`): how fast the kernel plays, per core and on all cores, against the reference."""

from __future__ import annotations

import json
import os
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer


class Target(str, Enum):
    """What to time: the deal-and-play kernel, the double-dummy solver and the PIMC player, or
    the exact pimc and pimc's defaults (its window and node budget) side by side."""

    kernel = "kernel"
    dd = "dd"
    pimc = "pimc"


def bench_command(
    target: Annotated[Target, typer.Argument(help="kernel: deals per second; dd: the solver and PIMC; pimc: pimc's "
                                                  "old and new settings on the same deals.")] = Target.kernel,
    deals: Annotated[int, typer.Option(help="Deals per kernel measurement.", min=10_000, max=10**9)] = 2_000_000,
    reference_deals: Annotated[int, typer.Option(help="Deals for the reference engine.", min=100, max=10**6)] = 2_000,
    threads: Annotated[Optional[int], typer.Option(help="Threads for the all-cores rows (default: every core).", min=1)] = None,
    startup: Annotated[bool, typer.Option(help="Also time compilation and start-up in fresh interpreters.")] = True,
    out: Annotated[Optional[Path], typer.Option(help="Also write the figures as JSON to this file.")] = None,
    ruleset: Annotated[str, typer.Option(help="Ruleset whose deals `bench kernel` plays (a name or a TOML path).")]
    = "encyclopedie-1765",
    pimc_deals: Annotated[int, typer.Option(help="Deals `bench pimc` plays with each setting.", min=2, max=10_000)] = 24,
    ladder_deals: Annotated[int, typer.Option(help="With `bench pimc`: also play both settings' strength ladder on this "
                                                   "many deals of seed 2026 (each in every seat in turn, the heuristic in "
                                                   "the others), with their paired difference; 0 skips it (600 deals: "
                                                   "about 2 minutes on two cores).", min=0, max=100_000)] = 0,
) -> None:
    """Measure speed. `bench kernel` (the default): full deals per second (deal-only, random,
    heuristic, strong, learned) on one core and on all cores, the pure-Python reference engine on the
    same work and the ratio, compile time cold and warm, and the start-up latency of the command line.
    `bench dd`: the double-dummy solver over random full deals and endings, and the PIMC player.
    `bench pimc`: CPU seconds a deal with pimc in all four seats, one thread, K = 20 with exact
    totals and no node budget (pimc:samples=20:window=0:node_budget=0:stop_z=0) beside pimc's defaults
    (the window and a node budget of 15,000), alternating on the same deals,
    and with --ladder-deals their strength ladder on the same deals."""
    from rich.console import Console
    from rich.table import Table

    from spadille.kernel.quadrille.bench import KERNEL_POLICIES, PLAYOUT, kernel_rates, reference_rates, startup_times
    from spadille.kernel.common.version import package_version

    console = Console(stderr=False)
    from spadille.cli.errors import user_errors

    if out is not None:
        from spadille.analyses.rowfile import probe_writable

        with user_errors():  # an unwritable --out is one line, before minutes of timing
            probe_writable(out.parent if str(out.parent) else Path("."), f"--out {str(out)!r}")
    if target is Target.dd:
        _bench_solver(console, out)
        return
    if target is Target.pimc:
        _bench_pimc(console, out, pimc_deals, ladder_deals)
        return
    from spadille.kernel.quadrille.ruleset import load_ruleset

    with user_errors():
        name = load_ruleset(ruleset).name  # an unknown ruleset is one line, before any timing
    all_threads = threads or os.cpu_count() or 1
    with console.status("timing the kernel..."):
        kernel = kernel_rates(deals, all_threads, ruleset)
    with console.status("timing the reference engine..."):
        reference = reference_rates(reference_deals, ruleset)
    start = []
    if startup:
        with console.status("timing compilation and start-up in fresh interpreters..."):
            start = startup_times()

    table = Table(title=f"spadille {package_version()} bench: full Quadrille deals ({name})")
    for column in ("engine", "policy", "threads", "deals", "seconds", "deals/s", "per core"):
        table.add_column(column, justify="right" if column not in ("engine", "policy") else "left")
    for record in kernel + reference:
        table.add_row(record.engine, record.policy, str(record.threads), f"{record.deals:,}", f"{record.seconds:.3f}",
                      f"{record.rate:,.0f}", f"{record.rate / record.threads:,.0f}")
    console.print(table)

    single = {r.policy: r.rate for r in kernel if r.threads == 1}
    multi = {r.policy: r.rate for r in kernel if r.threads == all_threads}
    ratios = Table(title="ratios")
    ratios.add_column("figure")
    ratios.add_column("value", justify="right")
    if all_threads > 1:
        for policy in ("deal-only", PLAYOUT, *KERNEL_POLICIES):
            ratios.add_row(f"{policy}: {all_threads} threads / 1 thread", f"{multi[policy] / single[policy]:.2f}x")
    for policy in KERNEL_POLICIES:
        if policy in single and PLAYOUT in single:
            ratios.add_row(f"{policy}: full deals / {PLAYOUT} (1 core)", f"{single[policy] / single[PLAYOUT]:.2f}x")
    ratios.add_row("learned / heuristic, 1 core (the learned player's cost)",
                   f"{single['learned'] / single['heuristic']:.2f}x")
    for record in reference:
        ratios.add_row(f"{record.policy}: kernel (1 core) / reference", f"{single[record.policy] / record.rate:,.0f}x")
    console.print(ratios)

    if start:
        latency = Table(title="compile and start-up (fresh interpreters)")
        latency.add_column("measure")
        latency.add_column("seconds", justify="right")
        for record in start:
            latency.add_row(record.measure, f"{record.seconds:.3f}")
        console.print(latency)

    if out is not None:
        payload = {"version": package_version(), "ruleset": name,
                   "records": [r.as_dict() for r in kernel + reference + start]}
        temporary = out.with_name(out.name + ".partial")
        temporary.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        os.replace(temporary, out)


def _bench_solver(console, out: Optional[Path]) -> None:
    """`spadille bench dd`: solve times over 200 random full deals, 7-trick endings per second,
    scoring every card against one solve, and the PIMC player's decision and deal times."""
    from rich.table import Table

    from spadille.kernel.quadrille.bench import pimc_times
    from spadille.kernel.quadrille.bench_dd import against_targets, run_all
    from spadille.kernel.common.version import package_version

    with console.status("timing the double-dummy solver on one core..."):
        solver = run_all()
    with console.status("timing the PIMC player on one core..."):
        pimc = [r.as_dict() for r in pimc_times()]
    table = Table(title=f"spadille {package_version()} bench dd: one core")
    table.add_column("measure")
    table.add_column("figures")
    for record in solver:
        table.add_row(str(record.get("measure", "")),
                      ", ".join(f"{k}={v}" for k, v in record.items() if k != "measure"))
    for record in pimc:
        per = record["seconds"] / max(int(record["deals"]), 1)
        table.add_row(str(record["measure"]), f"{per:.3f} s each over {record['deals']}")
    console.print(table)
    targets = against_targets(solver[0])
    goal = Table(title=f"full deals against the solver's targets ({solver[0]['positions']} deals, ms)")
    for column in ("figure", "measured", "target", "met"):
        goal.add_column(column, justify="left" if column == "figure" else "right")
    for row in targets:
        goal.add_row(str(row["figure"]), f"{row['measured_ms']:.2f}", f"{row['target_ms']:g}",
                     "yes" if row["met"] else "no")
    console.print(goal)
    console.print("The targets are DDS's on 10-trick bridge positions on the project's machine.")
    if out is not None:
        payload = {"version": package_version(), "solver": solver, "targets": targets, "pimc": pimc}
        temporary = out.with_name(out.name + ".partial")
        temporary.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        os.replace(temporary, out)


def _bench_pimc(console, out: Optional[Path], deals: int, ladder_deals: int = 0) -> None:
    """`spadille bench pimc`: the exact pimc and pimc's defaults, on the same deals, and
    with ``ladder_deals`` their ladder against the heuristic."""
    from rich.table import Table

    from spadille.kernel.common.version import package_version
    from spadille.kernel.quadrille.bench import PIMC_SEED, pimc_pair_times

    with console.status(f"playing {deals} deals with each pimc setting in all four seats, one thread..."):
        pair = pimc_pair_times(deals)
    rows = pair.rows()
    strength = pimc_ladder_rows(pair.before, pair.after, ladder_deals) if ladder_deals else []
    table = Table(title=f"spadille {package_version()} bench pimc: CPU seconds a deal, pimc in all four seats, "
                        f"one thread, the same {deals} deals")
    for column in ("setting", "deals", "median", "mean", "95% CI"):
        table.add_column(column, justify="left" if column == "setting" else "right", no_wrap=True)
    for row in rows:
        table.add_row(str(row["setting"]), f"{row['deals']:,}", f"{row['median_seconds']:.3f}",
                      f"{row['mean_seconds']:.3f}", f"[{row['ci_low']:.3f}, {row['ci_high']:.3f}]")
    console.print(table)
    console.print(f"before: {rows[0]['policy']}\nafter:  {rows[1]['policy']} (pimc's defaults)\n"
                  "before / after: the ratio of the mean seconds (95% CI paired over deals); its median is that "
                  "of the per-deal ratios.", soft_wrap=True)
    if strength:
        ladder_table = Table(title=f"strength: jetons a deal over the heuristic, each setting in every seat in turn, "
                                   f"the same {ladder_deals:,} deals of seed {PIMC_SEED}")
        for column in ("setting", "deals", "gain [95% CI]"):
            ladder_table.add_column(column, justify="left" if column == "setting" else "right", no_wrap=True)
        for row in strength:
            ladder_table.add_row(row["setting"], f"{row['deals']:,}",
                                 f"{row['gain']:+.2f} [{row['ci_low']:+.2f}, {row['ci_high']:+.2f}]")
        console.print(ladder_table)
        console.print("after − before: the paired difference, deal and seat by deal and seat, with the deals as "
                      "the independent draws.", soft_wrap=True)
    else:
        console.print("Strength: docs/speed.md, pimc's window and node budget (spadille ladder quadrille --policies "
                      "pimc:window=0:node_budget=0,pimc --deals 600 --seed 2026), or --ladder-deals N here.",
                      soft_wrap=True)
    if out is not None:
        payload = {"version": package_version(), "pimc": rows, "ladder": strength}
        temporary = out.with_name(out.name + ".partial")
        temporary.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        os.replace(temporary, out)


def pimc_ladder_rows(before, after, deals: int, seed: int | None = None) -> list[dict[str, object]]:
    """Both pimc settings on the strength ladder against the heuristic on the same ``deals`` deals,
    then after's gain less before's, paired: rows of setting, deals, gain, ci_low, ci_high."""
    from spadille.analyses.quadrille.ladder import LadderEntry, ladder, paired_difference
    from spadille.kernel.quadrille.bench import PIMC_SEED
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset

    result = ladder(load_ruleset(), [LadderEntry("before", before, deals), LadderEntry("after", after, deals)],
                    make_seat_policy("heuristic"), PIMC_SEED if seed is None else seed)
    overall = result.table[result.table["group"] == "overall"].set_index("label")
    rows = [{"setting": label, "deals": deals, "gain": float(overall.loc[label, "gain"]),
             "ci_low": float(overall.loc[label, "ci_low"]), "ci_high": float(overall.loc[label, "ci_high"])}
            for label in ("before", "after")]
    _, difference, low, high = paired_difference(result, "after", "before")
    rows.append({"setting": "after − before", "deals": deals, "gain": difference, "ci_low": low, "ci_high": high})
    return rows
