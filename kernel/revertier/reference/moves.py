"""One move of one die: where a man may go, what it hits, and the position after it.

A position is a pair (seat 0, seat 1) of 27-tuples in each seat's own track numbers: slot 0 the
bar, 1..24 the points, 25 off, 26 the *reached 12* flag (docs/revertier.md).
"""

from __future__ import annotations

from .. import layout as C

Side = tuple[int, ...]
Position = tuple[Side, Side]


def start_position(men: int) -> Position:
    side = tuple(men if slot == 1 else 0 for slot in range(C.SLOTS))
    return side, side


def men_left(side: Side) -> int:
    return sum(side[C.BAR:C.OFF])


def all_home(side: Side) -> bool:
    return side[C.BAR] == 0 and all(side[p] == 0 for p in range(1, C.HOME_FIRST))


def in_no_doubling_zone(side: Side, point: int, codes) -> bool:
    zone = codes[C.ZONE]
    if zone == C.ZONE_FIRST_12:
        return 2 <= point <= 12
    if zone == C.ZONE_WITH_START:
        return 1 <= point <= 12
    return 2 <= point <= 11 and side[C.REACHED_12] == 0


def longest_made_run(side: Side) -> int:
    best = run = 0
    for point in range(1, C.POINTS + 1):
        run = run + 1 if side[point] >= 2 else 0
        best = max(best, run)
    return best


def can_land(me: Side, opp: Side, point: int, entering: bool, codes) -> bool:
    """Whether a man of ``me`` may land on his point ``point`` (1..24), before the prime limit."""
    enemy = opp[C.opposite(point)]
    if enemy >= 2:
        return False
    if enemy == 1 and entering and not codes[C.ENTRY_MAY_HIT]:
        return False
    if me[point] >= 1 and in_no_doubling_zone(me, point, codes):
        return False
    return True


def move(me: Side, opp: Side, source: int, die: int, codes) -> tuple[Side, Side] | None:
    """(me, opp) after moving one man of ``me`` from ``source`` (0 = the bar) by ``die``, or None
    when that move is illegal."""
    entering = source == C.BAR
    target = die if entering else source + die
    mine, theirs = list(me), list(opp)
    if target > C.POINTS:
        if not all_home(me):
            return None
        if target > C.OFF and not (codes[C.OVERTHROW] and all(me[p] == 0 for p in range(1, source))):
            return None
        mine[source] -= 1
        mine[C.OFF] += 1
        return tuple(mine), tuple(theirs)
    if not can_land(me, opp, target, entering, codes):
        return None
    mine[source] -= 1
    mine[target] += 1
    if target == 12 and codes[C.ZONE] == C.ZONE_UNTIL_12TH:
        mine[C.REACHED_12] = 1
    enemy_point = C.opposite(target)
    if theirs[enemy_point] == 1:
        theirs[enemy_point] = 0
        theirs[C.BAR] += 1
    if codes[C.PRIME_LIMIT] and longest_made_run(mine) > 5 and men_left(theirs) != 1:
        return None
    return tuple(mine), tuple(theirs)


def moves_of_die(me: Side, opp: Side, die: int, codes) -> list[tuple[Side, Side]]:
    """Every (me, opp) after one legal move of ``die`` (entries only while men wait on the bar)."""
    sources = [C.BAR] if me[C.BAR] > 0 else [p for p in range(1, C.POINTS + 1) if me[p] > 0]
    after = (move(me, opp, source, die, codes) for source in sources)
    return [found for found in after if found is not None]
