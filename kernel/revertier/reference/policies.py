"""The policies that choose among the throw's candidates: random, heuristic-full, hitter, runner,
expectimax (docs/revertier.md). Each returns the index of the chosen candidate; ``stream`` is the
seat's own PythonStream. The heuristic plays die by die instead (greedy.py)."""

from __future__ import annotations

from .. import layout as C
from .evaluate import WIN, score_after, win_kind
from .moves import Position
from .throw import candidates

ROLLS = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))  # the 21 distinct throws


def roll_weight(high: int, low: int) -> int:
    return 1 if high == low else 2


def choose_random(options: list[Position], stream) -> int:
    return stream.below(len(options)) if len(options) >= 2 else 0


def choose_heuristic(options: list[Position], mover: int, codes) -> int:
    values = [score_after(option, mover, mover, codes) for option in options]
    return values.index(max(values))


def choose_by_hits(options: list[Position], before: Position, mover: int, codes, preference: int) -> int:
    """hitter (preference +1): the most men hit this throw, then the heuristic; runner (-1): the
    fewest. A throw that wins the game comes first either way. One integer per candidate:
    100 WIN for a win, else preference * hits * 4 WIN + H (|H| < WIN, so hits decide first)."""
    other = 1 - mover
    values = []
    for option in options:
        if win_kind(option, mover, codes) >= 0:
            values.append(100 * WIN)
            continue
        hits = option[other][C.BAR] - before[other][C.BAR]
        values.append(preference * hits * 4 * WIN + score_after(option, mover, mover, codes))
    return values.index(max(values))


def expectimax_value(option: Position, mover: int, codes) -> int:
    """36 WIN for a throw that wins; else the sum over the 21 throws of the opponent's best reply,
    as the mover scores it (the lowest H among the opponent's candidates)."""
    if win_kind(option, mover, codes) >= 0:
        return 36 * WIN
    other = 1 - mover
    total = 0
    for high, low in ROLLS:
        replies = candidates(option, other, high, low, codes)
        total += roll_weight(high, low) * min(score_after(reply, other, mover, codes) for reply in replies)
    return total


def choose_expectimax(options: list[Position], mover: int, codes) -> int:
    values = [expectimax_value(option, mover, codes) for option in options]
    return values.index(max(values))


def choose(policy: int, options: list[Position], before: Position, mover: int, codes, stream) -> int:
    if policy == C.POLICY_RANDOM:
        return choose_random(options, stream)
    if policy == C.POLICY_HEURISTIC_FULL:
        return choose_heuristic(options, mover, codes)
    if policy == C.POLICY_HITTER:
        return choose_by_hits(options, before, mover, codes, 1)
    if policy == C.POLICY_RUNNER:
        return choose_by_hits(options, before, mover, codes, -1)
    return choose_expectimax(options, mover, codes)
