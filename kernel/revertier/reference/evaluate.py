"""Who has won after a throw, and the heuristic's integer score of a position (docs/revertier.md)."""

from __future__ import annotations

from .. import layout as C
from .moves import Position, Side, men_left, moves_of_die

WIN = 100_000
WEIGHTS = (4, 6, 3, 2)  # pip gain, exposed men, made points, closed entry points
SPECIAL_LAYOUTS = (
    {22: 5, 23: 5, 24: 5},
    {20: 3, 21: 3, 22: 3, 23: 3, 24: 3},
    {22: 7, 23: 5, 24: 3},
    {24: 15},
)


def special_position(side: Side) -> bool:
    for layout in SPECIAL_LAYOUTS:
        if all(side[p] == layout.get(p, 0) for p in range(C.BAR, C.OFF + 1)):
            return True
    return False


def jan(loser: Side, winner: Side, codes) -> bool:
    """Whether ``loser`` is jan'd: too many of his men wait on the bar."""
    rule = codes[C.JAN]
    if rule == C.JAN_COTTON:
        return loser[C.BAR] >= 7
    if rule == C.JAN_FISKE:
        empty = sum(1 for p in range(1, 7) if loser[p] == 0 and winner[C.opposite(p)] == 0)
        return loser[C.BAR] > empty
    return False


def win_kind(position: Position, mover: int, codes) -> int:
    """The kind of the mover's win after his throw (codes.KIND_*), or -1 when the game goes on."""
    me, opp = position[mover], position[1 - mover]
    if me[C.OFF] == codes[C.MEN]:
        return C.KIND_SINGLE
    if codes[C.SPECIAL] and special_position(me):
        return C.KIND_SPECIAL
    if jan(opp, me, codes):
        return C.KIND_JAN
    if codes[C.BLOCKED_WIN] and not any(moves_of_die(opp, me, die, codes) for die in range(1, 7)):
        return C.KIND_BLOCKED       # whatever he throws, the opponent cannot move
    return -1


def pips(side: Side) -> int:
    return 25 * side[C.BAR] + sum(side[p] * (25 - p) for p in range(1, C.POINTS + 1))


def exposed(me: Side, opp: Side, codes) -> int:
    """My lone men an enemy man could reach with one throw (1 to 12 points behind, or by entering)."""
    count = 0
    for point in range(1, C.POINTS + 1):
        if me[point] != 1:
            continue
        target = C.opposite(point)
        behind = any(opp[q] > 0 for q in range(max(1, target - 12), target))
        entering = opp[C.BAR] > 0 and target <= 6 and codes[C.ENTRY_MAY_HIT]
        count += behind or entering
    return count


def made(side: Side) -> int:
    return sum(1 for p in range(1, C.POINTS + 1) if side[p] >= 2)


def closed(me: Side, opp: Side, codes) -> int:
    """The dice 1..6 on which ``me`` could not enter a man now (entry safety)."""
    from .moves import can_land

    return sum(1 for d in range(1, 7) if not can_land(me, opp, d, True, codes))


def score(position: Position, seat: int, codes) -> int:
    """H for ``seat`` of a position reached by the throw of ``mover`` (see ``score_after``)."""
    me, opp = position[seat], position[1 - seat]
    w_pip, w_exposed, w_made, w_closed = WEIGHTS
    return (w_pip * (pips(opp) - pips(me)) + w_exposed * (exposed(opp, me, codes) - exposed(me, opp, codes))
            + w_made * (made(me) - made(opp))
            + w_closed * (closed(opp, me, codes) * (1 + opp[C.BAR]) - closed(me, opp, codes) * (1 + me[C.BAR])))


def score_after(position: Position, mover: int, seat: int, codes) -> int:
    """H for ``seat`` of the position ``mover`` has just left: +-WIN when the throw ended the game."""
    if win_kind(position, mover, codes) >= 0:
        return WIN if seat == mover else -WIN
    return score(position, seat, codes)
