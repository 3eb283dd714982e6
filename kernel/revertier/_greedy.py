"""The heuristic policy, fast: one die at a time, each move chosen by its own score, worked out
from the few slots the move touches (docs/revertier.md, "Policies"; reference/greedy.py is the
readable twin the tests hold it to).

The board is the game's ``int8[54]`` (seat 0's 27 slots, then seat 1's); ``me`` is the mover's
offset (0 or 27) and the opponent's is ``27 - me``. Moves are made and unmade in place, so a
throw allocates nothing. A throw keeps a few bit masks (bit p: my track point p) up to date as
it moves, in ``context``: the points I hold, my no-doubling zone, the enemy's made points and
blots, the points an enemy man threatens, and my men not yet home. From them the legal sources
of a die are one mask (``sources``), so the legality search that keeps the play exact (the move
chosen for a die must leave the rest of the throw playable) costs a few instructions a node and,
for the usual one remaining die, no search at all. Kernels here do no input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import load_u64, lowest, popcount

from ._board import (BAR, DOUBLET_MOVES, ENTRY_MAY_HIT, ENTRY_WHOLE_TURN, OFF, ONE_DIE_EITHER, OVERTHROW,
                     PRIME_LIMIT, REACHED_12, SLOTS, ZONE, ZONE_FIRST_12, ZONE_UNTIL_12TH, ZONE_WITH_START)
from ._step import FLAG_SET, HOME_FIRST, apply_move, prime_allows, undo_move

NONE = -(2**62)           # the score of "no move found"
POINT_BITS = np.int64(((1 << 24) - 1) << 1)     # bits 1..24
LOW_HALF = np.int64(((1 << 12) - 1) << 1)       # bits 1..12
ENTRY_BITS = np.int64(((1 << 6) - 1) << 13)     # bits 13..18: my points on the enemy's entry points
ZONE_2_12 = np.int64(((1 << 11) - 1) << 2)
ZONE_1_12 = np.int64(((1 << 12) - 1) << 1)
ZONE_2_11 = np.int64(((1 << 10) - 1) << 2)
# Slots of ``context`` (int64[8]); enemy masks are in my track numbers except ENEMY_ZONE.
OCCUPIED, MY_ZONE, ENEMY_MADE, ENEMY_BLOTS, THREATS, OUTSIDE, ENEMY_ZONE = 0, 1, 2, 3, 4, 5, 6
CONTEXT = 8
# set_context's byte tricks (uint64: numba mixes int64 and uint64 into float64)
HIGH_BITS = np.uint64(0x8080808080808080)
AT_LEAST_1 = np.uint64(0x7F7F7F7F7F7F7F7F)
AT_LEAST_2 = np.uint64(0x7E7E7E7E7E7E7E7E)
GATHER = np.uint64(0x0102040810204080)
BYTE_SUM = np.uint64(0x0101010101010101)
SLOTS_17_18 = np.uint64(0xFFFF)
SCRATCH_ROWS = 12         # greedy_play's scratch: int64[SCRATCH_ROWS, OFF]


@njit(cache=True, _nrt=False, forceinline=True)
def _bit(point):
    return np.int64(1) << point


@njit(cache=True, _nrt=False, forceinline=True)
def _zone_mask(codes, flag):
    """Bit p: a player's point p lies in his no-doubling zone (``flag``: his *reached 12* flag)."""
    zone = codes[ZONE]
    if zone == ZONE_FIRST_12:
        return ZONE_2_12
    if zone == ZONE_WITH_START:
        return ZONE_1_12
    return ZONE_2_11 if flag == 0 else np.int64(0)


@njit(cache=True, _nrt=False, forceinline=True)
def _swap_halves(mask):
    """A mask of points in one player's track numbers, in the other's: his 1..12 are my 13..24."""
    return ((mask & LOW_HALF) << 12) | ((mask >> 12) & LOW_HALF)


@njit(cache=True, _nrt=False, forceinline=True)
def _threats(enemy, enemy_waiting, codes):
    """Bit p: an enemy man could reach my point p (1..24) with one throw: one of his men 1 to 12
    points behind it on his track (``enemy``: his men, bit q his point q), or, when entries may
    hit and he has men waiting, my point lies on one of his entry points 1..6."""
    # smear each enemy man over the 12 points ahead of him (on his track)
    spread = enemy | (enemy << 1)
    spread |= spread << 2
    spread |= spread << 4
    spread |= spread << 4
    threats = _swap_halves((spread << 1) & POINT_BITS)
    if codes[ENTRY_MAY_HIT] != 0 and enemy_waiting > 0:
        threats |= ENTRY_BITS
    return threats


@njit(cache=True, _nrt=False, forceinline=True)
def _byte_bits(word):
    """Bit i: byte i of ``word`` has its high bit set (the other bits of ``word`` clear): one
    multiply moves bit 8i + 7 to bit 56 + i, no two products overlap, so nothing carries."""
    return np.int64(((word >> np.uint64(7)) * GATHER) >> np.uint64(56))


@njit(cache=True, _nrt=False, forceinline=True)
def _point_masks(pos, side):
    """(bit p: side's point p holds a man, bit p: it holds two or more) for p = 1..24, from
    three 8-byte loads, each byte tested at once: a count c (0..15, board.men's bound) plus 0x7f
    has its high bit set when c >= 1, plus 0x7e when c >= 2, and no byte carries into the next.
    The 24-point loop it replaces cost about 25-45 ns a throw, this about 5-10 (set_context timed
    alone on recorded boards), and rebuilding the masks each throw keeps every policy's moves out
    of them (docs/revertier.md, "Speed")."""
    some = np.int64(0)
    made = np.int64(0)
    for part in range(3):
        word = load_u64(pos, side + 1 + 8 * part)
        some |= _byte_bits((word + AT_LEAST_1) & HIGH_BITS) << (1 + 8 * part)
        made |= _byte_bits((word + AT_LEAST_2) & HIGH_BITS) << (1 + 8 * part)
    return some, made


@njit(cache=True, _nrt=False, forceinline=True)
def set_context(pos, me, codes, context):
    """Fill ``context`` for the mover at offset ``me``, from the board: eight slots a load
    (_point_masks), no branch on the counts (they mispredict)."""
    opp = SLOTS - me
    mine, _ = _point_masks(pos, me)
    theirs, made = _point_masks(pos, opp)
    blots = theirs & ~made
    # the men outside my home (bar and points 1..18): bytes summed in place (15 men at most, so
    # no byte carries), then all of them into the top byte by one multiply
    low = load_u64(pos, me + 1) + load_u64(pos, me + 9) + (load_u64(pos, me + 17) & SLOTS_17_18)
    men_outside = np.int64((low * BYTE_SUM) >> np.uint64(56)) + pos[me + BAR]
    context[OCCUPIED] = mine
    context[MY_ZONE] = _zone_mask(codes, pos[me + REACHED_12])
    context[ENEMY_MADE] = _swap_halves(made)
    context[ENEMY_BLOTS] = _swap_halves(blots)
    context[THREATS] = _threats(theirs, pos[opp + BAR], codes)
    context[OUTSIDE] = men_outside
    context[ENEMY_ZONE] = _zone_mask(codes, pos[opp + REACHED_12])


@njit(cache=True, _nrt=False, forceinline=True)
def sources(pos, me, die, codes, context):
    """Bit s: the mover's man on s (bit 0: the bar) may move ``die``, the prime limit aside
    (prime_allows). The same rules as _step.landing, for every man at once."""
    mine = context[OCCUPIED]
    closed = context[ENEMY_MADE] | (mine & context[MY_ZONE])
    if pos[me + BAR] > 0:
        if codes[ENTRY_MAY_HIT] == 0:
            closed |= context[ENEMY_BLOTS]
        return np.int64(0) if (closed >> die) & 1 else np.int64(1)
    found = mine & ((POINT_BITS & ~closed) >> die)
    if context[OUTSIDE] == 0:
        found |= mine & _bit(OFF - die)
        if codes[OVERTHROW] != 0 and mine != 0:
            last = lowest(np.uint64(mine))
            if last + die > OFF:
                found |= _bit(last)
    return found


@njit(cache=True, _nrt=False, forceinline=True)
def _target(source, die):
    if source == BAR:
        return die
    return min(source + die, OFF)


@njit(cache=True, _nrt=False, forceinline=True)
def _play(pos, me, source, target, codes, context):
    """apply_move, keeping ``context`` up to date but for THREATS (legality never reads it)."""
    code = apply_move(pos, me, source, target, codes)
    if source != BAR and pos[me + source] == 0:
        context[OCCUPIED] &= ~_bit(source)
    if target != OFF:
        context[OCCUPIED] |= _bit(target)
    if code & 1:
        context[ENEMY_BLOTS] &= ~_bit(target)
    if code & FLAG_SET:
        context[MY_ZONE] = _zone_mask(codes, 1)
    if source < HOME_FIRST and target >= HOME_FIRST:
        context[OUTSIDE] -= 1
    return code


@njit(cache=True, _nrt=False, forceinline=True)
def _unplay(pos, me, source, target, code, codes, context):
    undo_move(pos, me, source, target, code)
    if source != BAR:
        context[OCCUPIED] |= _bit(source)
    if target != OFF and pos[me + target] == 0:
        context[OCCUPIED] &= ~_bit(target)
    if code & 1:
        context[ENEMY_BLOTS] |= _bit(target)
    if code & FLAG_SET:
        context[MY_ZONE] = _zone_mask(codes, 0)
    if source < HOME_FIRST and target >= HOME_FIRST:
        context[OUTSIDE] += 1


@njit(cache=True, _nrt=False, forceinline=True)
def _any_move(pos, me, die, codes, context):
    found = sources(pos, me, die, codes, context)
    if codes[PRIME_LIMIT] == 0 or found == 0:
        return found != 0
    while found != 0:
        source = lowest(np.uint64(found))
        found &= found - 1
        if prime_allows(pos, me, source, _target(source, die), codes):
            return True
    return False


@njit(cache=True, _nrt=False, forceinline=False)    # explicit: a forceinline caller passes it on
def can_play(pos, me, die, count, codes, context, stack):
    """Whether ``count`` (0..4) more moves of ``die`` can be played one after another: a depth-first
    search that stops at the first success and leaves ``pos`` and ``context`` as it found them; its
    last level only asks whether any move is left. ``stack`` is int64[4, 4]: per level the sources
    not yet tried, the source and target played, apply_move's code."""
    if count == 0:
        return True
    if count == 1:
        return _any_move(pos, me, die, codes, context)
    level = 0
    stack[0, 0] = sources(pos, me, die, codes, context)
    while level >= 0:
        left = stack[level, 0]
        found = -1
        while left != 0:
            source = lowest(np.uint64(left))
            left &= left - 1
            if prime_allows(pos, me, source, _target(source, die), codes):
                found = source
                break
        stack[level, 0] = left
        if found < 0:
            level -= 1
            if level >= 0:
                _unplay(pos, me, stack[level, 1], stack[level, 2], stack[level, 3], codes, context)
            continue
        target = _target(found, die)
        stack[level, 1] = found
        stack[level, 2] = target
        stack[level, 3] = _play(pos, me, found, target, codes, context)
        if level + 2 == count:
            if _any_move(pos, me, die, codes, context):
                for back in range(level, -1, -1):
                    _unplay(pos, me, stack[back, 1], stack[back, 2], stack[back, 3], codes, context)
                return True
            _unplay(pos, me, found, target, stack[level, 3], codes, context)
            continue
        level += 1
        stack[level, 0] = sources(pos, me, die, codes, context)
    return False


@njit(cache=True, _nrt=False, forceinline=True)
def _sure_moves(pos, me, die, codes, context, enough):
    """With no man of the mover waiting and no prime limit: whether ``enough`` moves of ``die``
    can surely be played one after another, from the masks (no search). Moves of different sources
    never hinder one another then (their landing points differ; a move only empties its source,
    hits, clears the *reached 12* zone or brings a man home, none of which closes another move),
    and a source can move every man it holds unless its landing point is in the no-doubling zone
    (then one). That count drops by at most one with any legal move, so when it is at least the
    moves of a doublet, every move of the doublet leaves the rest playable."""
    found = sources(pos, me, die, codes, context)
    count = np.int64(0)
    while found != 0 and count < enough:
        source = lowest(np.uint64(found))
        found &= found - 1
        target = _target(source, die)
        if target != OFF and (context[MY_ZONE] >> target) & 1:
            count += 1
        else:
            count += pos[me + source]
    return count >= enough


@njit(cache=True, _nrt=False, forceinline=True)
def move_score(pos, me, source, target, codes, weights, context):
    """The heuristic's score of one legal move, from the position before it (docs/revertier.md):
    pips gained (the enemy's lost to a hit added), blots, made points, entry safety. A point holds
    one colour only, so at the source the enemy has no man, and at the target at most a blot.
    Each term is arithmetic on 0/1 comparisons rather than branches (they mispredict)."""
    opp = SLOTS - me
    may_hit = np.int64(codes[ENTRY_MAY_HIT] != 0)
    threats = context[THREATS]
    my_zone = context[MY_ZONE]
    # the source (the bar counts nothing: ``from_point`` is 0)
    from_point = np.int64(source != BAR)
    count = np.int64(pos[me + source])
    one, two = np.int64(count == 1), np.int64(count == 2)
    exposed = from_point * ((threats >> source) & 1) * (two - one)
    made = -from_point * two
    enemy_closed = -np.int64(13 <= source <= 18) * (two if may_hit else one)
    mine_closed = -from_point * np.int64(source <= 6) * one * ((my_zone >> source) & 1)
    # the target (OFF counts nothing: every mask is empty there)
    on_board = np.int64(target != OFF)
    hit = (context[ENEMY_BLOTS] >> target) & 1
    pips = np.int64(target - source) + hit * (target + 12 - 24 * np.int64(target > 12))
    count = np.int64(pos[me + target]) * on_board
    one = np.int64(count == 1)
    some = np.int64(count >= 1)
    exposed += ((threats >> target) & 1) * (np.int64(count == 0) - one)
    made += on_board * one
    enemy_zone = ((context[ENEMY_ZONE] << 12) >> target) & 1     # his point target - 12
    closed_before = np.int64(count >= 2) | (one & (1 - may_hit)) | (hit & enemy_zone)
    closed_after = some | (1 - may_hit)
    enemy_closed += np.int64(13 <= target <= 18) * (closed_after - closed_before)
    zone = (my_zone >> target) & 1
    mine_closed += np.int64(target <= 6) * (zone - ((hit & (1 - may_hit)) | (some & zone)))
    enemy_waiting = np.int64(pos[opp + BAR])
    mine_waiting = np.int64(pos[me + BAR]) - (1 - from_point)
    entry = enemy_closed * (1 + enemy_waiting + hit) - mine_closed * (1 + mine_waiting)
    return weights[0] * pips - weights[1] * exposed + weights[2] * made + weights[3] * entry


@njit(cache=True, _nrt=False, forceinline=True)
def _playable_after(pos, me, source, target, die, codes, context):
    """Whether some move of ``die`` is legal after the move ``source`` -> ``target``, from the
    masks alone (the move is not made): the prime limit must be off (greedy_play checks)."""
    mine = context[OCCUPIED]
    mine &= ~(np.int64(pos[me + source] == 1) << source)    # bit 0 (the bar) is never set
    mine |= _bit(target) & POINT_BITS
    my_zone = context[MY_ZONE] * (1 - np.int64(target == 12 and codes[ZONE] == ZONE_UNTIL_12TH))
    closed = context[ENEMY_MADE] | (mine & my_zone)
    if pos[me + BAR] - np.int64(source == BAR) > 0:
        if codes[ENTRY_MAY_HIT] == 0:
            closed |= context[ENEMY_BLOTS] & ~_bit(target)
        return (closed >> die) & 1 == 0
    if mine & ((POINT_BITS & ~closed) >> die) != 0:
        return True
    if context[OUTSIDE] - np.int64(source < HOME_FIRST and target >= HOME_FIRST) != 0:
        return False
    if mine & _bit(OFF - die) != 0:
        return True
    return codes[OVERTHROW] != 0 and mine != 0 and lowest(np.uint64(mine)) + die > OFF


@njit(cache=True, _nrt=False, forceinline=False)    # explicit: a forceinline caller passes it on
def best_move(pos, me, die, codes, weights, context, need_die, need_count, stack, found):
    """The highest-scoring legal move of ``die`` after which ``need_count`` moves of ``need_die``
    can still be played; ties go to the lowest source. Writes (source, target) into ``found`` and
    returns its score, or NONE when there is no such move. Only a move that would beat the best
    so far is searched for its follow-ups."""
    best = NONE
    left = sources(pos, me, die, codes, context)
    while left != 0:
        source = lowest(np.uint64(left))
        left &= left - 1
        target = _target(source, die)
        if not prime_allows(pos, me, source, target, codes):
            continue
        value = move_score(pos, me, source, target, codes, weights, context)
        if value <= best:
            continue
        if need_count == 1 and codes[PRIME_LIMIT] == 0:
            if not _playable_after(pos, me, source, target, need_die, codes, context):
                continue
        elif need_count > 0:
            code = _play(pos, me, source, target, codes, context)
            ok = can_play(pos, me, need_die, need_count, codes, context, stack)
            _unplay(pos, me, source, target, code, codes, context)
            if not ok:
                continue
        best = value
        found[0] = source
        found[1] = target
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def _best_of_die(pos, me, die, codes, weights, context, need_die, keys):
    """best_move for two different dice, without the prime limit: the best legal move of ``die``
    (ties to the lowest source) after which ``need_die`` (0: nothing) can still be played, as one
    key, score * 32 + (31 - source), or NONE. No branch on the scores: a select per move. Every
    legal move's key is also left in ``keys[source]`` (int64[OFF]), for _best_again."""
    best = NONE
    # with no man waiting, one move can take away at most two of another die's sources (its own
    # source, emptied, and the one landing where it lands, in the no-doubling zone): with three
    # or more, every move leaves ``need_die`` playable and the check is skipped
    sure = need_die == 0 or (pos[me + BAR] == 0
                             and popcount(np.uint64(sources(pos, me, need_die, codes, context))) >= 3)
    left = sources(pos, me, die, codes, context)
    while left != 0:
        source = lowest(np.uint64(left))
        left &= left - 1
        target = _target(source, die)
        key = move_score(pos, me, source, target, codes, weights, context) * 32 + (31 - source)
        keys[source] = key
        if sure or _playable_after(pos, me, source, target, need_die, codes, context):
            best = max(best, key)
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def _best_again(pos, me, die, codes, weights, context, keys, valid):
    """_best_of_die(need_die=0) after the first move of the throw, reusing the keys its scan of
    the same die left in ``keys`` for the sources in ``valid``: the moves the first move did not
    touch (a move's score reads only the counts at its source and landing point, and the hit,
    threat, zone and waiting terms, which a move without hit, flag or entry leaves alone). The keys
    it works out are left in ``keys`` too, so a doublet's next move can reuse them in turn."""
    best = NONE
    left = sources(pos, me, die, codes, context)
    kept = left & valid
    left &= ~valid
    while kept != 0:
        source = lowest(np.uint64(kept))
        kept &= kept - 1
        best = max(best, keys[source])
    while left != 0:
        source = lowest(np.uint64(left))
        left &= left - 1
        target = _target(source, die)
        key = move_score(pos, me, source, target, codes, weights, context) * 32 + (31 - source)
        keys[source] = key
        best = max(best, key)
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def _untouched(die, found, code, was_legal):
    """The moves of ``die`` in ``was_legal`` whose score the move just made (``found``, apply_move's
    ``code``) left as it was: none after an entry, a hit or a set flag; else all but those from
    or onto its source and landing point (OFF included: harmless)."""
    if code != 0 or found[0] == BAR:
        return np.int64(0)
    touched = _bit(found[0]) | _bit(found[1])
    return was_legal & ~(touched | (touched >> die))


@njit(cache=True, _nrt=False, forceinline=True)
def _decode(key, die, found):
    """The score of a _best_of_die key (NONE stays NONE), its move written into ``found``."""
    if key == NONE:
        return NONE
    source = 31 - (key & 31)
    found[0] = source
    found[1] = _target(source, die)
    return key >> 5


@njit(cache=True, _nrt=False, forceinline=True)
def _make(pos, me, codes, found, moves, made, context):
    """Make the move in ``found``, log it as move number ``made`` (for the whole-turn undo) and
    bring ``context`` up to date, THREATS included (a hit takes an enemy man off the board)."""
    source, target = found[0], found[1]
    code = _play(pos, me, source, target, codes, context)
    moves[made, 0] = source
    moves[made, 1] = target
    moves[made, 2] = code
    if code & 1:
        enemy = _swap_halves(context[ENEMY_BLOTS] | context[ENEMY_MADE])
        context[THREATS] = _threats(enemy, pos[SLOTS - me + BAR], codes)
    return code


@njit(cache=True, _nrt=False, forceinline=True)
def _play_doublet(pos, me, die, codes, weights, context, stack, found, moves, keys):
    """Play a doublet: as many moves of ``die`` as can be played (up to DOUBLET_MOVES), each the
    best one after which the rest stay playable. Returns the moves made. Without the prime limit
    the usual cases need no search: while men wait, entering is the only move (bar-first), and
    then _sure_moves mostly shows that every move leaves the rest playable."""
    made = 0
    left = codes[DOUBLET_MOVES]
    if codes[PRIME_LIMIT] == 0:
        while left > 0 and pos[me + BAR] > 0 and sources(pos, me, die, codes, context) != 0:
            found[0] = BAR
            found[1] = die
            _make(pos, me, codes, found, moves, made, context)
            made += 1
            left -= 1
        if pos[me + BAR] > 0:
            return made      # a man still waits and cannot enter: nothing else moves
        if _sure_moves(pos, me, die, codes, context, left):
            valid = np.int64(0)
            for step in range(left):
                if step == 0:
                    key = _best_of_die(pos, me, die, codes, weights, context, np.int64(0), keys)
                else:
                    key = _best_again(pos, me, die, codes, weights, context, keys, valid)
                _decode(key, die, found)
                was_legal = sources(pos, me, die, codes, context)
                code = _make(pos, me, codes, found, moves, made, context)
                made += 1
                valid = _untouched(die, found, code, was_legal)
            return made
    # the search: the most moves that can be played, then each move the best that keeps them
    deepest = 0
    for count in range(left, 0, -1):
        if can_play(pos, me, die, count, codes, context, stack):
            deepest = count
            break
    for step in range(deepest):
        best_move(pos, me, die, codes, weights, context, die, deepest - step - 1, stack, found)
        _make(pos, me, codes, found, moves, made, context)
        made += 1
    return made


# Compiled without numba's reference counts (``_nrt=False``: it allocates nothing, and every array
# it sees belongs to the caller). With them, each array passed into an inlined helper and each view
# cost an atomic increment and decrement, about 40% of the heuristic's time (perf: two hot
# instructions, nrt_atomic_add and nrt_atomic_sub); its decisions do not change. best_move and
# can_play (the prime limit, a doublet's search) are plain calls: rare paths, and inlining them at
# each call site only made the compiled kernel larger and slower to compile.
@njit(cache=True, _nrt=False)
def greedy_play(pos, me, die1, die2, codes, weights, scratch):
    """Play the throw (die1, die2) for the mover at offset ``me`` onto ``pos``, in place.
    ``scratch`` is int64[SCRATCH_ROWS, OFF]: the search stack, the moves made, the move found, the
    context and each die's move keys (_best_of_die). Its parts are slices, never reshapes (a
    reshape calls into numba's C helper on every throw)."""
    zero, one = np.int64(0), np.int64(1)     # not literals: numba compiles a callee once per literal value
    stack = scratch[0:4, 0:4]
    moves = scratch[4:8, 0:3]
    found = scratch[8, 0:2]
    context = scratch[9, 0:CONTEXT]
    high_keys = scratch[10]
    low_keys = scratch[11]
    set_context(pos, me, codes, context)
    waiting = pos[me + BAR]
    made = 0
    if die1 == die2:
        made = _play_doublet(pos, me, die1, codes, weights, context, stack, found, moves, high_keys)
    elif codes[PRIME_LIMIT] == 0:
        high, low = max(die1, die2), min(die1, die2)
        high_key = _best_of_die(pos, me, high, codes, weights, context, low, high_keys)
        low_key = _best_of_die(pos, me, low, codes, weights, context, high, low_keys)
        if high_key != NONE or low_key != NONE:
            # both dice are played: the die whose best opening move scores higher goes first
            second = high
            second_keys = high_keys
            if _decode(high_key, high, found) >= _decode(low_key, low, found) and high_key != NONE:
                _decode(high_key, high, found)
                second = low
                second_keys = low_keys
            else:
                _decode(low_key, low, found)
            was_legal = sources(pos, me, second, codes, context)
            code = _make(pos, me, codes, found, moves, made, context)
            made += 1
            valid = _untouched(second, found, code, was_legal)
            _decode(_best_again(pos, me, second, codes, weights, context, second_keys, valid), second, found)
            _make(pos, me, codes, found, moves, made, context)
            made += 1
        else:
            either = codes[ONE_DIE_EITHER] != 0
            high_key = _best_of_die(pos, me, high, codes, weights, context, zero, high_keys)
            low_key = NONE
            if either or high_key == NONE:
                low_key = _best_of_die(pos, me, low, codes, weights, context, zero, low_keys)
            if high_key != NONE and (not either or (high_key >> 5) >= (low_key >> 5)):
                _decode(high_key, high, found)
                _make(pos, me, codes, found, moves, made, context)
                made += 1
            elif low_key != NONE:
                _decode(low_key, low, found)
                _make(pos, me, codes, found, moves, made, context)
                made += 1
    else:
        high, low = max(die1, die2), min(die1, die2)
        high_score = best_move(pos, me, high, codes, weights, context, low, one, stack, found)
        high_source, high_target = found[0], found[1]
        low_score = best_move(pos, me, low, codes, weights, context, high, one, stack, found)
        if high_score != NONE or low_score != NONE:
            # both dice are played: the die whose best opening move scores higher goes first
            second = high
            if high_score >= low_score:
                found[0], found[1] = high_source, high_target
                second = low
            _make(pos, me, codes, found, moves, made, context)
            made += 1
            best_move(pos, me, second, codes, weights, context, zero, zero, stack, found)
            _make(pos, me, codes, found, moves, made, context)
            made += 1
        else:
            either = codes[ONE_DIE_EITHER] != 0
            high_score = best_move(pos, me, high, codes, weights, context, zero, zero, stack, found)
            high_source, high_target = found[0], found[1]
            low_score = NONE
            if either or high_score == NONE:
                low_score = best_move(pos, me, low, codes, weights, context, zero, zero, stack, found)
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
            undo_move(pos, me, moves[step, 0], moves[step, 1], moves[step, 2])
