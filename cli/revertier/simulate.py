"""``spadille simulate revertier``: many games, the run's figures with 95% intervals, optional
per-game rows (--out) and a paired policy comparison (--compare). Heavy imports live inside."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import BlockDealsOption, OutOption, RuleOption, SchedulerOption, SeedOption, ThreadsOption

from .options import CompareOption, GamesOption, PolicyOption, PresetOption, RevertierRulesetOption

DEFAULT_GAMES = 10_000


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
    from spadille.cli.run_output import finish

    with user_errors():
        finish(run_simulate(games, seed, preset, rule, policy, compare, ruleset, threads, out, scheduler, block_deals))


def _compare_pair(text: str) -> tuple[str, str]:
    from spadille.kernel.revertier.policies import RevertierPolicyError, policy_code

    first, sep, second = text.partition(":")
    if not sep or not first or not second or first == second:
        raise RevertierPolicyError(f"--compare takes two different policies as A:B (e.g. heuristic:random), not {text!r}")
    policy_code(first)
    policy_code(second)
    return first, second


def run_simulate(games, seed, preset, rule, policy, compare, ruleset, threads, out, scheduler=None,
                 block_deals=None):
    """The command's body; returns how it ended (``cli.run_output.Ending``)."""
    import numpy as np
    from rich.markup import escape

    from spadille.analyses.revertier.games import game_rows, summary
    from spadille.cli.run_output import EXIT_INTERRUPTED, RunOutput
    from spadille.kernel.revertier.simulate import GameConfig, run_games

    from .common import load_rules, run_line, seat_policies
    from .view import frame_table

    rules = load_rules(ruleset, preset, rule)
    policies = seat_policies(policy)
    pair = _compare_pair(compare) if compare else None
    config = GameConfig(rules, seed, games, policies, threads)
    config.validate()
    output = RunOutput(out, scheduler, block_deals, unit="games", total=games)
    output.check(lambda: game_rows(0, np.zeros((0, 16), dtype=np.int64)))
    with output as running:
        def play(played: GameConfig, **options):
            if running.runner is None:
                return run_games(played, **options)
            from spadille.analyses.revertier.simulate_blocks import revertier_on

            return revertier_on(running.runner, played, **options)

        on_batch = (lambda first, batch: running.hand_over((first, batch))) if out is not None else None
        result = running.pump(lambda: play(config, progress=running.advance, on_batch=on_batch),
                              running.write_rows(lambda batch: game_rows(*batch)))
        if result is None:        # a second Ctrl-C before anything finished
            running.commit({}, 0)
            return running.ending
        compared = None
        if pair is not None and not result.interrupted:
            def stop_check(n: int) -> None:  # the comparison's batches, here: Ctrl-C ends it between two
                running.stop.check()

            a_first = play(GameConfig(rules, seed, games, pair, threads), progress=stop_check)
            b_first = play(GameConfig(rules, seed, games, (pair[1], pair[0]), threads), progress=stop_check)
            if not (a_first.interrupted or b_first.interrupted):
                compared = a_first.out, b_first.out
            else:
                running.stderr.print(f"Interrupted: the comparison {compare} did not finish; the run's own games are "
                                     "all kept.", soft_wrap=True, markup=False)
                running.ending.code = EXIT_INTERRUPTED
        done = result.games_done
        if not running.commit({**config.metadata(), "games_done": done, "interrupted": result.interrupted}, done):
            return running.ending
        stdout = running.stdout
        rate = done / result.seconds if result.seconds > 0 else float("nan")
        stdout.print(escape(run_line(rules, seed, [f"seat 0 {policies[0]}, seat 1 {policies[1]}",
                                                   f"{done:,} games in {result.seconds:.1f} s ({rate:,.0f} games/s)"])),
                     soft_wrap=True)
        running.report_interrupted(result.interrupted, f"{done:,} of {games:,} games finished")
        stdout.print(frame_table(summary(result.out), "Révertier (reconstructed): the run's figures (95% CI)"))
        if compared is not None:
            from spadille.analyses.revertier.compare import comparison_row

            from .view import one_row_table

            stdout.print(one_row_table(comparison_row(pair[0], pair[1], *compared),
                                       f"{pair[0]} against {pair[1]}: {pair[0]}'s points a game, paired on the same "
                                       "dice with colours swapped (95% CI)"))
        running.report_written("rows")
    return running.ending
