"""The heuristic policy, fast: one die at a time, each move chosen by its own score, worked out
from the few slots the move touches (docs/revertier.md, "Policies"; reference/greedy.py is the
readable twin the tests hold it to).

The board is the game's ``int8[54]`` (seat 0's 27 slots, then seat 1's); ``me`` is the mover's
offset (0 or 27) and the opponent's is ``27 - me``. Moves are made and unmade in place, so a
throw allocates nothing. A throw keeps three bit masks and counts up to date as it moves: the
points of mine an enemy man threatens (redone after a hit), the points I hold, and my men not yet
home. Legality is exact and checked with early exits:
the move chosen for a die must leave the rest of the throw playable, so the play always uses as
many dice as the rules demand (and the larger die when only one can be played). Kernels here do
no input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import lowest

from ._board import (BAR, DOUBLET_MOVES, ENTRY_MAY_HIT, ENTRY_WHOLE_TURN, MEN, OFF, ONE_DIE_EITHER, OVERTHROW,
                     PRIME_LIMIT, REACHED_12, SLOTS, ZONE, ZONE_UNTIL_12TH, in_zone, opposite)

HOME_FIRST = 19
NONE = -(2**62)           # the score of "no move found"
FLAG_SET = 2              # bit of _apply's code: the move set the *reached 12* flag
POINT_BITS = np.int64(((1 << 24) - 1) << 1)     # bits 1..24
LOW_HALF = np.int64(((1 << 12) - 1) << 1)       # bits 1..12
ENTRY_BITS = np.int64(((1 << 6) - 1) << 13)     # bits 13..18: my points on the enemy's entry points


@njit(inline="always", cache=True)
def _outside(pos, me):
    """The mover's men not yet in his last six points (the bar included): 0 lets him bear off."""
    total = 0
    for slot in range(BAR, HOME_FIRST):
        total += pos[me + slot]
    return total


@njit(inline="always", cache=True)
def _occupied(pos, side):
    """Bit p set: ``side`` has a man on its point p (1..24, on its own track)."""
    mask = np.int64(0)
    for point in range(1, 25):
        if pos[side + point] > 0:
            mask |= np.int64(1) << point
    return mask


@njit(inline="always", cache=True)
def _target(pos, me, source, die, codes, outside):
    """Where the mover's man on ``source`` (BAR or 1..24) lands with ``die``: 1..24, OFF, or -1
    when the move is illegal. The prime limit is checked on the run through the landing point
    only: no earlier move can have left a longer run standing (docs/revertier.md)."""
    entering = source == BAR
    target = die if entering else source + die
    if target > 24:
        if outside != 0:
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
    mine = pos[me + target]
    if mine >= 1 and in_zone(pos, me, target, codes):
        return -1
    if codes[PRIME_LIMIT] != 0 and mine >= 1 and codes[MEN] - pos[opp + OFF] != 1:
        run = 1
        point = target - 1
        while point >= 1 and pos[me + point] - (1 if point == source else 0) >= 2:
            run += 1
            point -= 1
        point = target + 1
        while point <= 24 and pos[me + point] - (1 if point == source else 0) >= 2:
            run += 1
            point += 1
        if run > 5:
            return -1
    return target


@njit(inline="always", cache=True)
def _apply(pos, me, source, target, codes):
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


@njit(inline="always", cache=True)
def _undo(pos, me, source, target, code):
    opp = SLOTS - me
    pos[me + source] += 1
    pos[me + target] -= 1
    if code & 1:
        pos[opp + opposite(target)] = 1
        pos[opp + BAR] -= 1
    if code & FLAG_SET:
        pos[me + REACHED_12] = 0


@njit(inline="always", cache=True)
def _outside_after(outside, source, target):
    return outside - 1 if source < HOME_FIRST and target >= HOME_FIRST else outside


@njit(inline="always", cache=True)
def _threats(pos, me, codes):
    """Bit p set: an enemy man could reach my point p (1..24) with one throw: one of his men 1 to
    12 points behind it on his track, or, when entries may hit and he has men waiting, my point
    lies on one of his entry points 1..6. Worked out once a throw and again after a hit."""
    opp = SLOTS - me
    enemy = _occupied(pos, opp)
    # smear each enemy man over the 12 points ahead of him (on his track)
    spread = enemy | (enemy << 1)
    spread |= spread << 2
    spread |= spread << 4
    spread |= spread << 4
    reach = (spread << 1) & POINT_BITS
    # his points 13..24 are my 1..12, his 1..12 my 13..24
    threats = ((reach >> 12) & LOW_HALF) | ((reach & LOW_HALF) << 12)
    if codes[ENTRY_MAY_HIT] != 0 and pos[opp + BAR] > 0:
        threats |= ENTRY_BITS
    return threats


@njit(inline="always", cache=True)
def _exposed(count, point, threats):
    """1 if ``count`` men of mine on my ``point`` make a blot an enemy man reaches with one throw."""
    return 1 if count == 1 and (threats >> point) & 1 else 0


@njit(inline="always", cache=True)
def _entry_closed(landing_count, mine_there, zone_point, may_hit):
    """1 if a man may not enter on a point where the enemy has ``landing_count`` men and the
    enterer ``mine_there`` (``zone_point``: the point is in his no-doubling zone)."""
    if landing_count >= 2 or (landing_count == 1 and not may_hit) or (mine_there >= 1 and zone_point):
        return 1
    return 0


@njit(inline="always", cache=True)
def _touched(pos, me, point, change, hit_here, threats, codes):
    """(exposed, made, enemy entries closed, my entries closed) change, after minus before, at my
    ``point`` (1..24) whose count changes by ``change``; ``hit_here``: the move hits there."""
    opp = SLOTS - me
    may_hit = codes[ENTRY_MAY_HIT] != 0
    before = np.int64(pos[me + point])
    after = before + change
    exposed = _exposed(after, point, threats) - _exposed(before, point, threats)
    made = (1 if after >= 2 else 0) - (1 if before >= 2 else 0)
    enemy_closed = 0
    mine_closed = 0
    other = opposite(point)
    theirs_before = np.int64(pos[opp + other])
    theirs_after = 0 if hit_here else theirs_before
    if 13 <= point <= 18:      # the enemy enters on his point ``other`` (1..6), my ``point``
        zone = in_zone(pos, opp, other, codes)
        enemy_closed = (_entry_closed(after, theirs_after, zone, may_hit)
                        - _entry_closed(before, theirs_before, zone, may_hit))
    if point <= 6:             # I enter on my ``point``
        zone = in_zone(pos, me, point, codes)
        mine_closed = (_entry_closed(theirs_after, after, zone, may_hit)
                       - _entry_closed(theirs_before, before, zone, may_hit))
    return exposed, made, enemy_closed, mine_closed


@njit(inline="always", cache=True)
def move_score(pos, me, source, target, codes, weights, threats):
    """The heuristic's score of one move, from the position before it (docs/revertier.md):
    pips gained (the enemy's lost to a hit added), blots, made points, entry safety."""
    opp = SLOTS - me
    hit = target != OFF and pos[opp + opposite(target)] == 1
    pips = np.int64(target - source)
    if hit:
        pips += opposite(target)
    enemy_waiting = np.int64(pos[opp + BAR])
    exposed, made, enemy_closed, mine_closed = 0, 0, 0, 0
    if source != BAR:
        e, m, ec, mc = _touched(pos, me, source, -1, False, threats, codes)
        exposed += e
        made += m
        enemy_closed += ec
        mine_closed += mc
    if target != OFF:
        e, m, ec, mc = _touched(pos, me, target, 1, hit, threats, codes)
        exposed += e
        made += m
        enemy_closed += ec
        mine_closed += mc
    mine_waiting = np.int64(pos[me + BAR]) - (1 if source == BAR else 0)
    entry = enemy_closed * (1 + enemy_waiting + (1 if hit else 0)) - mine_closed * (1 + mine_waiting)
    return weights[0] * pips - weights[1] * exposed + weights[2] * made + weights[3] * entry


@njit(cache=True)
def can_play(pos, me, die, count, codes, outside, stack):
    """Whether ``count`` (0..3) more moves of ``die`` can be played one after another: a depth-first
    search that stops at the first success and leaves ``pos`` as it found it. ``stack`` is
    int64[4, 4]: per level the source tried, its target, _apply's code and the men outside."""
    if count == 0:
        return True
    level = 0
    stack[0, 0] = -1
    stack[0, 3] = outside
    while level >= 0:
        found = -1
        target = -1
        if pos[me + BAR] > 0:
            if stack[level, 0] < BAR:
                target = _target(pos, me, BAR, die, codes, stack[level, 3])
                if target >= 0:
                    found = BAR
        else:
            for source in range(stack[level, 0] + 1, 25):
                if pos[me + source] > 0:
                    target = _target(pos, me, source, die, codes, stack[level, 3])
                    if target >= 0:
                        found = source
                        break
        if found < 0:
            level -= 1
            if level >= 0:
                _undo(pos, me, stack[level, 0], stack[level, 1], stack[level, 2])
            continue
        if level + 1 == count:
            for back in range(level - 1, -1, -1):
                _undo(pos, me, stack[back, 0], stack[back, 1], stack[back, 2])
            return True
        stack[level, 0] = found
        stack[level, 1] = target
        stack[level, 2] = _apply(pos, me, found, target, codes)
        stack[level + 1, 0] = -1
        stack[level + 1, 3] = _outside_after(stack[level, 3], found, target)
        level += 1
    return False


@njit(cache=True)
def best_move(pos, me, die, codes, weights, threats, mine, outside, need_die, need_count, stack, found):
    """The highest-scoring legal move of ``die`` after which ``need_count`` moves of ``need_die``
    can still be played; ties go to the lowest source. ``mine``: bit p set where the mover has
    men on point p. Writes (source, target) into ``found`` and returns its score, or NONE when
    there is no such move. Only a move that would beat the best so far is searched for its
    follow-ups, so the search runs a few times a throw."""
    best = NONE
    sources = np.uint64(1) if pos[me + BAR] > 0 else np.uint64(mine)
    while sources != 0:
        source = lowest(sources)
        sources &= sources - np.uint64(1)
        target = _target(pos, me, source, die, codes, outside)
        if target < 0:
            continue
        value = move_score(pos, me, source, target, codes, weights, threats)
        if value <= best:
            continue
        if need_count > 0:
            code = _apply(pos, me, source, target, codes)
            ok = can_play(pos, me, need_die, need_count, codes, _outside_after(outside, source, target), stack)
            _undo(pos, me, source, target, code)
            if not ok:
                continue
        best = value
        found[0] = source
        found[1] = target
    return best


@njit(inline="always", cache=True)
def _make(pos, me, codes, found, moves, made, context):
    """Make the move in ``found``, log it as move number ``made`` (for the whole-turn undo) and
    bring ``context`` (threats, mine, outside) up to date."""
    source, target = found[0], found[1]
    code = _apply(pos, me, source, target, codes)
    moves[made, 0] = source
    moves[made, 1] = target
    moves[made, 2] = code
    if code & 1:
        context[0] = _threats(pos, me, codes)
    if source != BAR and pos[me + source] == 0:
        context[1] &= ~(np.int64(1) << source)
    if target != OFF:
        context[1] |= np.int64(1) << target
    context[2] = _outside_after(context[2], source, target)


@njit(cache=True)
def greedy_play(pos, me, die1, die2, codes, weights, scratch):
    """Play the throw (die1, die2) for the mover at offset ``me`` onto ``pos``, in place.
    ``scratch`` is int64[40]: the search stack, the move found, the moves made and the context."""
    stack = scratch[:16].reshape((4, 4))
    found = scratch[16:18]
    moves = scratch[18:30].reshape((4, 3))
    context = scratch[30:33]          # threats, mine, outside
    context[0] = _threats(pos, me, codes)
    context[1] = _occupied(pos, me)
    context[2] = _outside(pos, me)
    waiting = pos[me + BAR]
    made = 0
    if die1 == die2:
        deepest = 0
        for count in range(codes[DOUBLET_MOVES], 0, -1):
            if can_play(pos, me, die1, count, codes, context[2], stack):
                deepest = count
                break
        for step in range(deepest):
            best_move(pos, me, die1, codes, weights, context[0], context[1], context[2], die1, deepest - step - 1,
                      stack, found)
            _make(pos, me, codes, found, moves, made, context)
            made += 1
    else:
        high, low = max(die1, die2), min(die1, die2)
        high_score = best_move(pos, me, high, codes, weights, context[0], context[1], context[2], low, 1, stack,
                               found)
        high_source, high_target = found[0], found[1]
        low_score = best_move(pos, me, low, codes, weights, context[0], context[1], context[2], high, 1, stack,
                              found)
        if high_score != NONE or low_score != NONE:
            # both dice are played: the die whose best opening move scores higher goes first
            second = high
            if high_score >= low_score:
                found[0], found[1] = high_source, high_target
                second = low
            _make(pos, me, codes, found, moves, made, context)
            made += 1
            best_move(pos, me, second, codes, weights, context[0], context[1], context[2], 0, 0, stack, found)
            _make(pos, me, codes, found, moves, made, context)
            made += 1
        else:
            either = codes[ONE_DIE_EITHER] != 0
            high_score = best_move(pos, me, high, codes, weights, context[0], context[1], context[2], 0, 0, stack,
                                   found)
            high_source, high_target = found[0], found[1]
            low_score = NONE
            if either or high_score == NONE:
                low_score = best_move(pos, me, low, codes, weights, context[0], context[1], context[2], 0, 0, stack,
                                      found)
            if high_score != NONE and (not either or high_score >= low_score):
                found[0], found[1] = high_source, high_target
                _make(pos, me, codes, found, moves, made, context)
                made += 1
            elif low_score != NONE:
                _make(pos, me, codes, found, moves, made, context)
                made += 1
    if codes[ENTRY_WHOLE_TURN] != 0 and waiting > 0 and pos[me + BAR] > 0:
        # the throw did not enter every waiting man: nothing is played (all plays agree on this)
        for step in range(made - 1, -1, -1):
            _undo(pos, me, moves[step, 0], moves[step, 1], moves[step, 2])
