"""`spadille bench`: how fast the kernel plays, per core and on all cores, against the reference."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Optional

import typer

def bench(
    deals: Annotated[int, typer.Option(help="Deals per kernel measurement.", min=10_000, max=10**9)] = 2_000_000,
    reference_deals: Annotated[int, typer.Option(help="Deals for the reference engine.", min=100, max=10**6)] = 2_000,
    threads: Annotated[Optional[int], typer.Option(help="Threads for the all-cores rows (default: every core).", min=1)] = None,
    startup: Annotated[bool, typer.Option(help="Also time compilation and start-up in fresh interpreters.")] = True,
    out: Annotated[Optional[Path], typer.Option(help="Also write the figures as JSON to this file.")] = None,
) -> None:
    """Measure full deals per second (deal-only, random, heuristic) on one core and on all cores,
    the pure-Python reference engine on the same work and the ratio, compile time cold and warm,
    and the start-up latency of the command line."""
    from rich.console import Console
    from rich.table import Table

    from spadille.kernel.bench import kernel_rates, reference_rates, startup_times
    from spadille.kernel.simulate import package_version

    console = Console(stderr=False)
    all_threads = threads or os.cpu_count() or 1
    with console.status("timing the kernel..."):
        kernel = kernel_rates(deals, all_threads)
    with console.status("timing the reference engine..."):
        reference = reference_rates(reference_deals)
    start = []
    if startup:
        with console.status("timing compilation and start-up in fresh interpreters..."):
            start = startup_times()

    table = Table(title=f"spadille {package_version()} bench: full Quadrille deals (encyclopedie-1765)")
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
        for policy in ("deal-only", "random", "heuristic"):
            ratios.add_row(f"{policy}: {all_threads} threads / 1 thread", f"{multi[policy] / single[policy]:.2f}x")
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
        payload = {"version": package_version(), "records": [r.as_dict() for r in kernel + reference + start]}
        temporary = out.with_name(out.name + ".partial")
        temporary.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        os.replace(temporary, out)
