"""One move of the mover on the game's ``int8[54]`` board: where a man lands, making and unmaking
the move in place (docs/revertier.md, "One move"). The heuristic (_greedy.py) and the blocked-win
test (_policies.py) share these. ``me`` is the mover's offset (0 or 27), the opponent's
``27 - me``. Kernels here do no input checks.
"""

from numba import njit

from ._board import (BAR, ENTRY_MAY_HIT, MEN, OFF, OVERTHROW, PRIME_LIMIT, REACHED_12, SLOTS, ZONE,
                     ZONE_UNTIL_12TH, in_zone, opposite)

HOME_FIRST = 19
FLAG_SET = 2              # bit of apply_move's code: the move set the *reached 12* flag


@njit(cache=True, _nrt=False, forceinline=True)
def outside(pos, me):
    """The mover's men not yet in his last six points (the bar included): 0 lets him bear off."""
    total = 0
    for slot in range(BAR, HOME_FIRST):
        total += pos[me + slot]
    return total


@njit(cache=True, _nrt=False, forceinline=True)
def prime_allows(pos, me, source, target, codes):
    """False when the move would leave six or more made points in a row under the prime limit
    (unless the opponent has one man left). Only the run through the landing point can be new:
    no earlier move can have left a longer run standing."""
    if codes[PRIME_LIMIT] == 0 or target == OFF or pos[me + target] == 0:
        return True
    if codes[MEN] - pos[SLOTS - me + OFF] == 1:
        return True
    run = 1
    point = target - 1
    while point >= 1 and pos[me + point] - (1 if point == source else 0) >= 2:
        run += 1
        point -= 1
    point = target + 1
    while point <= 24 and pos[me + point] - (1 if point == source else 0) >= 2:
        run += 1
        point += 1
    return run <= 5


@njit(cache=True, _nrt=False, forceinline=True)
def landing(pos, me, source, die, codes, men_outside):
    """Where the mover's man on ``source`` (BAR or 1..24) lands with ``die``: 1..24, OFF, or -1
    when the move is illegal."""
    entering = source == BAR
    target = die if entering else source + die
    if target > 24:
        if men_outside != 0:
            return -1
        if target > OFF:
            if codes[OVERTHROW] == 0:
                return -1
            for point in range(HOME_FIRST, source):
                if pos[me + point] != 0:
                    return -1
        return OFF
    opp = SLOTS - me
    enemy = pos[opp + opposite(target)]
    if enemy >= 2:
        return -1
    if enemy == 1 and entering and codes[ENTRY_MAY_HIT] == 0:
        return -1
    if pos[me + target] >= 1 and in_zone(pos, me, target, codes):
        return -1
    if not prime_allows(pos, me, source, target, codes):
        return -1
    return target


@njit(cache=True, _nrt=False, forceinline=True)
def apply_move(pos, me, source, target, codes):
    """Make the move; returns 1 for a hit plus FLAG_SET when it set the *reached 12* flag."""
    opp = SLOTS - me
    pos[me + source] -= 1
    pos[me + target] += 1
    code = 0
    if target != OFF:
        enemy_point = opp + opposite(target)
        if pos[enemy_point] == 1:
            pos[enemy_point] = 0
            pos[opp + BAR] += 1
            code = 1
        if target == 12 and codes[ZONE] == ZONE_UNTIL_12TH and pos[me + REACHED_12] == 0:
            pos[me + REACHED_12] = 1
            code |= FLAG_SET
    return code


@njit(cache=True, _nrt=False, forceinline=True)
def undo_move(pos, me, source, target, code):
    opp = SLOTS - me
    pos[me + source] += 1
    pos[me + target] -= 1
    if code & 1:
        pos[opp + opposite(target)] = 1
        pos[opp + BAR] -= 1
    if code & FLAG_SET:
        pos[me + REACHED_12] = 0
