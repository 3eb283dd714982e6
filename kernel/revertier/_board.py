"""A position held as small arrays, and the rules of one move that read it (docs/revertier.md,
"One move"); _moves.py applies the moves.

A position seen by the mover is ``int8[54]``: slots 0..26 his (0 the bar, 1..24 his track points,
25 off, 26 the *reached 12* flag), slots 27..53 the opponent's in the opponent's own track numbers.
``codes`` is the ruleset's int64 rule-code array (kernel/revertier/layout.py). Kernels here do no
input checks.

The small helpers of this kernel (here, _step.py, _greedy.py, _moves.py, _policies.py) are
``forceinline=True``: numba types each once and LLVM inlines the machine code. numba's own
``inline="always"`` re-typed a helper's body at every call site, nested helpers multiplying it,
and compiling the kernel from a cold cache took 425 s on a quiet machine (docs/revertier.md,
"Speed"). ``_nrt=False`` where a helper allocates nothing: no reference counts on its arrays.
"""

import numpy as np
from numba import njit

# Mirrors of kernel/revertier/layout.py (numba cannot read module constants from plain Python at
# call time without freezing them; these are layout constants, never edited, so freezing is safe).
BAR = 0
OFF = 25
REACHED_12 = 26
SLOTS = 27
WIDTH = 54
MEN, FIRST_LOWER, DOUBLET_MOVES, ONE_DIE_EITHER, ZONE, PRIME_LIMIT = 0, 1, 2, 3, 4, 5
ENTRY_MAY_HIT, ENTRY_WHOLE_TURN, OVERTHROW, SPECIAL, JAN, BLOCKED_WIN, OPENING_DICE = 6, 7, 8, 9, 10, 11, 12
ZONE_FIRST_12, ZONE_WITH_START, ZONE_UNTIL_12TH = 0, 1, 2
JAN_NONE, JAN_COTTON, JAN_FISKE = 0, 1, 2


@njit(cache=True, _nrt=False, forceinline=True)
def opposite(point):
    """(point + 11) % 24 + 1 for points 1..24, without the division."""
    return point + 12 if point <= 12 else point - 12


@njit(cache=True, _nrt=False, forceinline=True)
def in_zone(pos, me, point, codes):
    zone = codes[ZONE]
    if zone == ZONE_FIRST_12:
        return 2 <= point <= 12
    if zone == ZONE_WITH_START:
        return 1 <= point <= 12
    return 2 <= point <= 11 and pos[me + REACHED_12] == 0


@njit(cache=True, _nrt=False, forceinline=True)
def can_land(pos, me, point, entering, codes):
    """Whether the side at offset ``me`` (0 or 27) may land on its point 1..24, prime limit aside."""
    opp = SLOTS - me
    enemy = pos[opp + opposite(point)]
    if enemy >= 2:
        return False
    if enemy == 1 and entering and codes[ENTRY_MAY_HIT] == 0:
        return False
    if pos[me + point] >= 1 and in_zone(pos, me, point, codes):
        return False
    return True


@njit(cache=True, _nrt=False, forceinline=True)
def longest_made_run(pos, me):
    best = 0
    run = 0
    for point in range(1, 25):
        if pos[me + point] >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def men_left(pos, side):
    total = 0
    for slot in range(BAR, OFF):
        total += pos[side + slot]
    return total


@njit(cache=True, _nrt=False, forceinline=True)
def all_home(pos):
    if pos[BAR] != 0:
        return False
    for point in range(1, 19):
        if pos[point] != 0:
            return False
    return True


@njit(cache=True)
def pack_key(pos, key):
    """The four uint64 words that order positions lexicographically by their 54 slots (4 bits a slot)."""
    for word in range(4):
        value = np.uint64(0)
        for i in range(16):
            slot = word * 16 + i
            nibble = np.uint64(pos[slot]) if slot < WIDTH else np.uint64(0)
            value = (value << np.uint64(4)) | nibble
        key[word] = value


@njit(cache=True, _nrt=False, forceinline=True)
def key_less(a, b):
    for word in range(4):
        if a[word] != b[word]:
            return a[word] < b[word]
    return False


@njit(cache=True)
def flip(pos, out):
    """The same position seen by the other player."""
    for slot in range(SLOTS):
        out[slot] = pos[SLOTS + slot]
        out[SLOTS + slot] = pos[slot]
