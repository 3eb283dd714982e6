"""``spadille show revertier``: one game, the board after each throw, in text."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption

from .options import GameOption, PolicyOption, PresetOption, RevertierRulesetOption


def show_command(
    seed: SeedOption = 0,
    game: GameOption = 0,
    preset: PresetOption = None,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    ruleset: RevertierRulesetOption = None,
) -> None:
    """Replay game --game of --seed of révertier (reconstructed) and print the board after each
    throw: X is seat 0, O seat 1, the points in seat 0's track numbers (1 = his start, far side;
    19-24 his last table). The same seed and game replay the same dice as `simulate revertier`."""
    import typer

    with user_errors():
        for line in show_lines(seed, game, preset, rule, policy, ruleset):
            typer.echo(line)


def show_lines(seed, game, preset, rule, policy, ruleset) -> list[str]:
    import numpy as np

    from spadille.kernel.revertier._board import SLOTS
    from spadille.kernel.revertier.layout import KIND_NAMES, start_side
    from spadille.kernel.revertier.simulate import trace_game

    from .common import load_rules, run_line, seat_policies
    from .view import board_text

    rules = load_rules(ruleset, preset, rule)
    policies = seat_policies(policy)
    row, trace = trace_game(rules, seed, game, policies)
    lines = [run_line(rules, seed, [f"game {game}", f"X = seat 0 {policies[0]}, O = seat 1 {policies[1]}"])]
    men = rules["board.men"]
    lines += ["start: every man on his point 1", *board_text([start_side(men), start_side(men)])]
    lines.append(f"seat {row[1]} ({'XO'[row[1]]}) begins, by the opening throw "
                 f"({rules['start.first_player']} die)")
    previous = [np.array(start_side(men)), np.array(start_side(men))]
    for number, step in enumerate(trace, start=1):
        mover, die1, die2 = int(step[0]), int(step[1]), int(step[2])
        board = [step[3:3 + SLOTS], step[3 + SLOTS:]]
        hit = int(board[1 - mover][0]) - int(previous[1 - mover][0])
        moved = "no move" if all((board[s] == previous[s]).all() for s in (0, 1)) else "played"
        lines.append(f"throw {number}: seat {mover} ({'XO'[mover]}) throws {max(die1, die2)}-{min(die1, die2)}, "
                     f"{moved}" + (f", hits {hit}" if hit > 0 else ""))
        lines += board_text(board)
        previous = [b.copy() for b in board]
    winner = int(row[0])
    if winner < 0:
        lines.append(f"unfinished after {row[4]} throws")
    else:
        lines.append(f"seat {winner} ({'XO'[winner]}) wins: {KIND_NAMES[row[2]]}, {row[3]} point(s), "
                     f"after {row[4]} throws; men hit: seat 0 {row[5]}, seat 1 {row[6]}")
    return lines
