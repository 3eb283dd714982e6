"""A whole throw: the distinct positions the mover may leave, under the must-use-both-dice and
larger-die rules, sorted so that both engines list them in the same order (docs/revertier.md)."""

from __future__ import annotations

from .. import layout as C
from .moves import Position, Side, moves_of_die


def _levels(me: Side, opp: Side, dice: list[int], codes) -> list[list[tuple[Side, Side]]]:
    """Level k = the distinct (me, opp) after the first k dice of ``dice``; stops at an empty level."""
    levels = [[(me, opp)]]
    for die in dice:
        reached: dict[tuple[Side, Side], None] = {}
        for mine, theirs in levels[-1]:
            for found in moves_of_die(mine, theirs, die, codes):
                reached[found] = None
        if not reached:
            break
        levels.append(list(reached))
    return levels


def candidates(position: Position, mover: int, die1: int, die2: int, codes) -> list[Position]:
    """The mover's legal positions after the throw (die1, die2), sorted by (mover's slots, opponent's slots)."""
    me, opp = position[mover], position[1 - mover]
    if die1 == die2:
        levels = _levels(me, opp, [die1] * int(codes[C.DOUBLET_MOVES]), codes)
        chosen = levels[-1] if len(levels) > 1 else []
    else:
        high, low = max(die1, die2), min(die1, die2)
        first = _levels(me, opp, [high, low], codes)
        second = _levels(me, opp, [low, high], codes)
        if len(first) == 3 or len(second) == 3:
            chosen = (first[2] if len(first) == 3 else []) + (second[2] if len(second) == 3 else [])
        elif codes[C.ONE_DIE_EITHER]:
            chosen = (first[1] if len(first) > 1 else []) + (second[1] if len(second) > 1 else [])
        else:
            chosen = first[1] if len(first) > 1 else (second[1] if len(second) > 1 else [])
    if codes[C.ENTRY_WHOLE_TURN] and me[C.BAR] > 0 and any(mine[C.BAR] > 0 for mine, _ in chosen):
        chosen = []
    if not chosen:
        chosen = [(me, opp)]
    unique = sorted(set(chosen), key=lambda pair: pair[0] + pair[1])
    return [(mine, theirs) if mover == 0 else (theirs, mine) for mine, theirs in unique]
