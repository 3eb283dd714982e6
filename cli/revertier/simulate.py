"""``spadille simulate revertier``: many games, the run's figures with 95% intervals, optional
per-game rows (--out) and a paired policy comparison (--compare). Heavy imports live inside."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import BlockDealsOption, OutOption, RuleOption, SchedulerOption, SeedOption, ThreadsOption

from .options import CompareOption, GamesOption, PolicyOption, PresetOption, RevertierRulesetOption

DEFAULT_GAMES = 10_000
EXIT_INTERRUPTED = 130


def simulate_command(
    games: GamesOption = DEFAULT_GAMES,
    seed: SeedOption = 0,
    preset: PresetOption = None,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    compare: CompareOption = None,
    ruleset: RevertierRulesetOption = None,
    threads: ThreadsOption = None,
    out: OutOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Play --games games of révertier (reconstructed) between the seats' policies and print the
    first player's advantage, game length, kinds of win and men hit, each with n and a 95% CI.
    --out writes one row per game (winner, kind, throws, men hit, pip counts after 20, 40, 80
    throws and at the end) with the run's seed, ruleset, switches and policies.

    Ctrl-C stops after the current batch: the summary and the --out file then hold the games
    that finished. With --scheduler the games run on a Dask cluster in fixed blocks (--block-deals
    games each), with the same rows and figures.
    """
    import typer

    with user_errors():
        interrupted = run_simulate(games, seed, preset, rule, policy, compare, ruleset, threads, out, scheduler,
                                   block_deals)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _compare_pair(text: str) -> tuple[str, str]:
    from spadille.kernel.revertier.simulate import RevertierPolicyError, policy_code

    first, sep, second = text.partition(":")
    if not sep or not first or not second or first == second:
        raise RevertierPolicyError(f"--compare takes two different policies as A:B (e.g. heuristic:random), not {text!r}")
    policy_code(first)
    policy_code(second)
    return first, second


def run_simulate(games, seed, preset, rule, policy, compare, ruleset, threads, out, scheduler=None,
                 block_deals=None) -> bool:
    from contextlib import nullcontext

    import numpy as np
    from rich.console import Console
    from rich.markup import escape

    from spadille.analyses.distributed.runner import open_runner
    from spadille.analyses.revertier.games import game_rows, summary
    from spadille.cli.cluster import follow_blocks
    from spadille.cli.progress import StopBetweenBatches, deal_progress
    from spadille.kernel.revertier.simulate import GameConfig, run_games

    from .common import load_rules, run_line, seat_policies
    from .view import frame_table

    rules = load_rules(ruleset, preset, rule)
    policies = seat_policies(policy)
    pair = _compare_pair(compare) if compare else None
    config = GameConfig(rules, seed, games, policies, threads)
    config.validate()
    writer = None
    if out is not None:
        from spadille.analyses.rowfile import RowFileWriter, check_output_path

        check_output_path(out)
        writer = RowFileWriter(out, game_rows(0, np.zeros((0, 16), dtype=np.int64)))
    stderr = Console(stderr=True)
    stdout = Console()
    log = lambda line: stderr.print(line, soft_wrap=True, markup=False)  # noqa: E731
    with (writer or nullcontext()), open_runner(scheduler, log, block_deals) as runner, \
            StopBetweenBatches(stderr) as stop, deal_progress(stderr) as progress:
        follow_blocks(runner, progress, stop)
        task = progress.add_task("games", total=games, unit="games")

        def advance(n: int) -> None:
            progress.advance(task, n)
            stop.check()

        def play(played: GameConfig, **options):
            if runner is None:
                return run_games(played, **options)
            from spadille.analyses.distributed.games import revertier_on

            return revertier_on(runner, played, **options)

        on_batch = (lambda first, batch: writer.write(game_rows(first, batch))) if writer is not None else None
        result = play(config, progress=advance, on_batch=on_batch)
        if writer is not None:
            writer.commit({**config.metadata(), "games_done": result.games_done, "interrupted": result.interrupted})
        compared = None
        if pair is not None and not result.interrupted:
            a_first = play(GameConfig(rules, seed, games, pair, threads))
            b_first = play(GameConfig(rules, seed, games, (pair[1], pair[0]), threads))
            if not (a_first.interrupted or b_first.interrupted):
                compared = a_first.out, b_first.out
    done = result.games_done
    rate = done / result.seconds if result.seconds > 0 else float("nan")
    stdout.print(escape(run_line(rules, seed, [f"seat 0 {policies[0]}, seat 1 {policies[1]}",
                                               f"{done:,} games in {result.seconds:.1f} s ({rate:,.0f} games/s)"])),
                 soft_wrap=True)
    if result.interrupted:
        stderr.print(f"Interrupted: {done:,} of {games:,} games finished.", soft_wrap=True)
    if done == 0:
        stdout.print("No game finished: nothing to summarise.")
        return True
    stdout.print(frame_table(summary(result.out), "Révertier (reconstructed): the run's figures (95% CI)"))
    if compared is not None:
        from spadille.analyses.revertier.compare import comparison_row

        from .view import one_row_table

        stdout.print(one_row_table(comparison_row(pair[0], pair[1], *compared),
                                   f"{pair[0]} against {pair[1]}: {pair[0]}'s points a game, paired on the same dice "
                                   "with colours swapped (95% CI)"))
    if writer is not None:
        stdout.print(f"Wrote {writer.rows_written:,} rows to {out}", soft_wrap=True, markup=False)
    return result.interrupted
