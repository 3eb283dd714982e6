"""``spadille bench revertier``: games a second on one core, per policy (the target is >= 20,000
heuristic games a second)."""

from __future__ import annotations

from typing import Annotated

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption

from .options import PolicyOption, PresetOption

TARGET_HEURISTIC = 20_000
BenchGamesOption = Annotated[int, typer.Option("--games", help="Games to time per policy (after a warm-up).")]


def bench_command(games: BenchGamesOption = 2_000, seed: SeedOption = 0, preset: PresetOption = None,
                  rule: RuleOption = None, policy: PolicyOption = None) -> None:
    """Time révertier (reconstructed) games on one core, both seats playing each --policy in turn
    (default heuristic, then random)."""
    with user_errors():
        for line in bench_lines(games, seed, preset, rule, policy):
            typer.echo(line)


def bench_lines(games, seed, preset, rule, policy) -> list[str]:
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.revertier.policies import policy_code
    from spadille.kernel.revertier.simulate import GameConfig, run_games

    from .common import load_rules, run_line

    rules = load_rules(None, preset, rule)
    names = list(policy or ["heuristic", "random"])
    for name in names:
        policy_code(name)
    if not 1 <= games <= 10_000_000:
        raise SimulationError(f"--games must be between 1 and 10,000,000, not {games}")
    lines = [run_line(rules, seed, ["one core", f"target: >= {TARGET_HEURISTIC:,} heuristic games/s"])]
    for name in names:
        run_games(GameConfig(rules, seed, 4, (name, name), threads=1))   # compile and warm up
        result = run_games(GameConfig(rules, seed, games, (name, name), threads=1), batch=games, chunk=games)
        rate = games / result.seconds if result.seconds > 0 else float("nan")
        cpu_rate = games / result.cpu_seconds if result.cpu_seconds > 0 else float("nan")
        throws = result.out[:, 4].mean()
        lines.append(f"{name}: {games:,} games in {result.seconds:.2f} s = {rate:,.0f} games/s on one core, "
                     f"{cpu_rate:,.0f} games per CPU-second ({throws:.0f} throws a game, "
                     f"{cpu_rate * throws:,.0f} throws per CPU-second)")
    return lines
