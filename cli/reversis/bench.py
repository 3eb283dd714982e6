"""``spadille bench reversis``: full deals per second of the kernel (heuristic, random, strong and
the search) on one core and on all cores, and of the reference engine."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors


def bench_command(
    deals: Annotated[int, typer.Option("--deals", help="Deals per kernel measurement.", min=1000,
                                       max=10**9)] = 1_000_000,
    reference_deals: Annotated[int, typer.Option("--reference-deals", help="Deals for the reference engine.",
                                                 min=10, max=10**6)] = 500,
    threads: Annotated[Optional[int], typer.Option("--threads", help="Threads for the all-cores rows "
                                                   "(default: every core).", min=1)] = None,
    search_deals: Annotated[int, typer.Option("--search-deals", help="Deals for the search's rows (it plays "
                                              "every seat).", min=10, max=10**7)] = 2_000,
) -> None:
    """Time full Reversis deals (deal, exchange, 11 tricks, settlement) under the seed's rules:
    the heuristic, random and strong policies on one core and on all cores, the search (12
    worlds, heuristic rollouts) on fewer deals, and the reference engine. The target is at
    least 250,000 heuristic deals a second on one core. "per CPU-s" divides by the process's CPU
    time, which on a shared machine is the fairer figure for one core."""
    with user_errors():
        import os
        import time

        import numba
        from rich.console import Console
        from rich.table import Table

        from spadille.kernel.common.version import package_version
        from spadille.kernel.reversis.policies import seat_policies
        from spadille.kernel.reversis.reference import play_deal
        from spadille.kernel.reversis.ruleset import load_reversis_ruleset
        from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

        rules = load_reversis_ruleset()
        every = threads or numba.config.NUMBA_NUM_THREADS or os.cpu_count() or 1
        table = Table(title=f"spadille {package_version()} bench: full Reversis deals ({rules.label})")
        for column in ("engine", "policy", "threads", "deals", "seconds", "deals/s", "per core", "per CPU-s"):
            table.add_column(column, justify="left" if column in ("engine", "policy") else "right")
        for name, count in (("heuristic", deals), ("random", deals), ("strong", deals),
                            ("search", search_deals)):
            policies = seat_policies(name)
            run_sessions(ReversisConfig(rules, policies, 1, 100, threads=1))        # compile, warm
            for n_threads in sorted({1, every}):
                config = ReversisConfig(rules, policies, 1, count, threads=n_threads)
                cpu = time.process_time()
                result = run_sessions(config, batch_deals=max(count, 1))
                cpu = time.process_time() - cpu
                rate = result.deals_done / result.seconds
                table.add_row("kernel", name, str(n_threads), f"{count:,}", f"{result.seconds:.2f}", f"{rate:,.0f}",
                              f"{rate / n_threads:,.0f}", f"{result.deals_done / cpu:,.0f}")
        for name in ("heuristic", "random", "strong"):
            start = time.perf_counter()
            for k in range(reference_deals):
                play_deal(rules, seat_policies(name), 1, k)
            seconds = time.perf_counter() - start
            table.add_row("reference", name, "1", f"{reference_deals:,}", f"{seconds:.2f}",
                          f"{reference_deals / seconds:,.0f}", f"{reference_deals / seconds:,.0f}", "")
        Console().print(table)
