"""``spadille bench cabriolet``: rounds a second of the card game and of the dice game, on one
core and on every core, under the default ruleset and the default covering."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors

from .options import PlayersOption

BenchRoundsOption = Annotated[int, typer.Option(
    "--rounds", help="Rounds per measurement (deals of the card game, rounds of throws of the dice game).",
    min=1000, max=10**9)]
BenchThreadsOption = Annotated[Optional[int], typer.Option(
    "--threads", help="Threads for the every-core rows (default: every core).", min=1, show_default=False)]
SESSION_LENGTH = 20


def bench_command(rounds: BenchRoundsOption = 1_000_000, players: PlayersOption = None,
                  threads: BenchThreadsOption = None) -> None:
    """Time Cabriolet's kernels: sessions of 20 rounds of the card game (deal, exchange, cases,
    declarations, the play for the jeu) and of the dice game, each round played once for each of
    the three covering policies simulate compares (all, jeu, figures), on one core and on every
    core. "per CPU-s" divides by the process's CPU time, the fairer figure on a shared machine."""
    with user_errors():
        import time

        import numba
        from rich.console import Console
        from rich.table import Table

        from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
        from spadille.kernel.cabriolet.simulate import (DiceSessionConfig, SessionConfig, run_dice_sessions,
                                                        run_sessions)
        from spadille.kernel.common.version import package_version

        rules = load_cabriolet_ruleset()
        n_players = players if players is not None else 4
        rules.check_players(n_players)
        every = threads or numba.config.NUMBA_NUM_THREADS
        table = Table(title=f"spadille {package_version()} bench: Cabriolet rounds ({rules.name}, {n_players} players,"
                            f" sessions of {SESSION_LENGTH}, 3 coverings each)")
        for column in ("game", "threads", "rounds", "seconds", "rounds/s", "per core", "per CPU-s"):
            table.add_column(column, justify="left" if column == "game" else "right")
        sessions = max(1, rounds // SESSION_LENGTH)
        for game, config_of, run in (("cards", SessionConfig, run_sessions),
                                     ("dice", DiceSessionConfig, run_dice_sessions)):
            run(config_of(rules, n_players, sessions=10, rounds=SESSION_LENGTH, threads=1))   # compile, warm
            for n_threads in sorted({1, every}):
                config = config_of(rules, n_players, sessions=sessions, rounds=SESSION_LENGTH, threads=n_threads)
                cpu = time.process_time()
                result = run(config, batch=sessions)
                cpu = time.process_time() - cpu
                played = result.sessions_done * SESSION_LENGTH
                rate = played / result.seconds
                table.add_row(game, str(n_threads), f"{played:,}", f"{result.seconds:.2f}", f"{rate:,.0f}",
                              f"{rate / n_threads:,.0f}", f"{played / cpu:,.0f}")
        Console().print(table)
