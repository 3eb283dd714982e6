"""A whole throw: the distinct positions the mover may leave (docs/revertier.md, "A whole throw").

A workspace holds the level buffers and a hash set with generation stamps, so nothing is
allocated or cleared per throw; ``make_workspace`` builds one per thread and search depth.
Kernels here do no input checks.
"""

import numpy as np
from numba import njit

from ._board import (BAR, DOUBLET_MOVES, ENTRY_WHOLE_TURN, OFF, ONE_DIE_EITHER, OVERTHROW, PRIME_LIMIT, REACHED_12,
                     SLOTS, WIDTH, ZONE, ZONE_UNTIL_12TH, all_home, can_land, longest_made_run, men_left, opposite,
                     pack_key)

CAPACITY = 8192       # positions a level may hold; a throw of fifteen men reaches about 3,100 at most
TABLE = 16384         # hash slots (a power of two, twice the capacity)
A, B, OUT = 0, 1, 2   # the three buffers of a workspace


@njit(cache=True)
def make_workspace():
    """(positions int8[3, CAPACITY, 54], keys uint64[3, CAPACITY, 4], counts int64[3],
    table_index int32[TABLE], table_stamp int64[TABLE], stamp int64[2]: current stamp, overflow)."""
    return (np.zeros((3, CAPACITY, WIDTH), dtype=np.int8), np.zeros((3, CAPACITY, 4), dtype=np.uint64),
            np.zeros(3, dtype=np.int64), np.zeros(TABLE, dtype=np.int32), np.zeros(TABLE, dtype=np.int64),
            np.zeros(2, dtype=np.int64))


@njit(cache=True)
def _new_set(ws):
    ws[5][0] += 1


@njit(cache=True)
def _add(ws, buffer, scratch, key):
    """Add position ``scratch`` (its key ``key``) to ``buffer`` unless the current set has it."""
    positions, keys, counts, table_index, table_stamp, stamp = ws
    h = (key[0] * np.uint64(0x9E3779B97F4A7C15)) ^ (key[1] * np.uint64(0xBF58476D1CE4E5B9)) \
        ^ (key[2] * np.uint64(0x94D049BB133111EB)) ^ key[3]
    slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(TABLE - 1))
    while table_stamp[slot] == stamp[0]:
        other = table_index[slot]
        if (keys[buffer, other, 0] == key[0] and keys[buffer, other, 1] == key[1]
                and keys[buffer, other, 2] == key[2] and keys[buffer, other, 3] == key[3]):
            return
        slot = (slot + 1) & (TABLE - 1)
    n = counts[buffer]
    if n >= CAPACITY:
        stamp[1] = 1
        return
    positions[buffer, n, :] = scratch
    keys[buffer, n, :] = key
    counts[buffer] = n + 1
    table_index[slot] = n
    table_stamp[slot] = stamp[0]


@njit(cache=True, _nrt=False, forceinline=True)
def _landing(src, source, die, codes):
    """Where the mover's man on ``source`` lands with ``die`` (OFF for a bear-off), or -1 when the
    move is illegal, the prime limit aside (checked on the position written)."""
    entering = source == BAR
    target = die if entering else source + die
    if target > 24:
        if not all_home(src):
            return -1
        if target > OFF:
            if codes[OVERTHROW] == 0:
                return -1
            for point in range(1, source):
                if src[point] != 0:
                    return -1
        return OFF
    if not can_land(src, 0, target, entering, codes):
        return -1
    return target


@njit(cache=True, _nrt=False, forceinline=True)
def _bump(key, slot, up):
    """Add (or take) one man in ``slot`` of a packed key: nibbles never carry, slots hold 0..15."""
    step = np.uint64(1) << np.uint64(4 * (15 - slot % 16))
    if up:
        key[slot // 16] += step
    else:
        key[slot // 16] -= step


@njit(cache=True, _nrt=False, forceinline=True)
def _find(ws, buffer, key):
    """(hash slot, found) of ``key`` among the current set of ``buffer``."""
    keys, table_index, table_stamp, stamp = ws[1], ws[3], ws[4], ws[5]
    h = (key[0] * np.uint64(0x9E3779B97F4A7C15)) ^ (key[1] * np.uint64(0xBF58476D1CE4E5B9)) \
        ^ (key[2] * np.uint64(0x94D049BB133111EB)) ^ key[3]
    slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(TABLE - 1))
    while table_stamp[slot] == stamp[0]:
        other = table_index[slot]
        if (keys[buffer, other, 0] == key[0] and keys[buffer, other, 1] == key[1]
                and keys[buffer, other, 2] == key[2] and keys[buffer, other, 3] == key[3]):
            return slot, True
        slot = (slot + 1) & (TABLE - 1)
    return slot, False


@njit(cache=True)
def _expand(ws, source, die, target, codes, scratch, key):
    """Every legal move of ``die`` from every position of buffer ``source``, added to ``target``.
    The key of each result is the source's key plus the move's few changes, so a duplicate is
    recognised before any position is written."""
    positions, keys, counts, table_index, table_stamp, stamp = ws
    fiske_flag = codes[ZONE] == ZONE_UNTIL_12TH
    for i in range(counts[source]):
        src = positions[source, i]
        first, last = (BAR, BAR) if src[BAR] > 0 else (1, 24)
        for point in range(first, last + 1):
            if src[point] == 0:
                continue
            landing = _landing(src, point, die, codes)
            if landing < 0:
                continue
            key[:] = keys[source, i]
            _bump(key, point, False)
            _bump(key, landing, True)
            hit = landing != OFF and src[SLOTS + opposite(landing)] == 1
            if hit:
                _bump(key, SLOTS + opposite(landing), False)
                _bump(key, SLOTS + BAR, True)
            flag = fiske_flag and landing == 12 and src[REACHED_12] == 0
            if flag:
                _bump(key, REACHED_12, True)
            slot, found = _find(ws, target, key)
            if found:
                continue
            n = counts[target]
            if n >= CAPACITY:
                stamp[1] = 1
                continue
            out = positions[target, n]
            out[:] = src
            out[point] -= 1
            out[landing] += 1
            if hit:
                out[SLOTS + opposite(landing)] = 0
                out[SLOTS + BAR] += 1
            if flag:
                out[REACHED_12] = 1
            if codes[PRIME_LIMIT] != 0 and longest_made_run(out, 0) > 5 and men_left(out, SLOTS) != 1:
                continue
            keys[target, n, :] = key
            counts[target] = n + 1
            table_index[slot] = n
            table_stamp[slot] = stamp[0]


@njit(cache=True)
def _start(ws, buffer, start, scratch, key):
    ws[2][buffer] = 0
    _new_set(ws)
    pack_key(start, key)
    _add(ws, buffer, start, key)


@njit(cache=True)
def _copy_into(ws, source, target, scratch, key):
    positions = ws[0]
    for i in range(ws[2][source]):
        scratch[:] = positions[source, i]
        pack_key(scratch, key)
        _add(ws, target, scratch, key)


@njit(cache=True)
def generate(ws, start, die1, die2, codes, scratch, key):
    """Fill buffer OUT of ``ws`` with the mover's candidates for the throw (die1, die2) from
    ``start`` (int8[54], mover first), unsorted; returns their number (at least 1)."""
    counts = ws[2]
    # the buffer numbers as runtime ints, not literals: numba would compile _expand and the
    # helpers below it once per combination of literal buffers
    a, b, out = np.int64(A), np.int64(B), np.int64(OUT)
    if die1 == die2:
        _start(ws, a, start, scratch, key)
        current, other = a, b
        depth = 0
        for _ in range(codes[DOUBLET_MOVES]):
            counts[other] = 0
            _new_set(ws)
            _expand(ws, current, die1, other, codes, scratch, key)
            if counts[other] == 0:
                break
            current, other = other, current
            depth += 1
        counts[OUT] = 0
        _new_set(ws)
        if depth >= 1:
            _copy_into(ws, current, out, scratch, key)
    else:
        high, low = max(die1, die2), min(die1, die2)
        _start(ws, out, start, scratch, key)
        counts[A] = 0
        _new_set(ws)
        _expand(ws, out, high, a, codes, scratch, key)
        counts[B] = 0
        _new_set(ws)
        _expand(ws, out, low, b, codes, scratch, key)
        counts[OUT] = 0
        _new_set(ws)
        _expand(ws, a, low, out, codes, scratch, key)
        _expand(ws, b, high, out, codes, scratch, key)
        if counts[OUT] == 0:
            if counts[A] > 0:
                _copy_into(ws, a, out, scratch, key)
            if counts[B] > 0 and (codes[ONE_DIE_EITHER] != 0 or counts[A] == 0):
                _copy_into(ws, b, out, scratch, key)
    if counts[OUT] > 0 and codes[ENTRY_WHOLE_TURN] != 0 and start[BAR] > 0:
        positions = ws[0]
        for i in range(counts[OUT]):
            if positions[OUT, i, BAR] > 0:
                counts[OUT] = 0
                break
    if counts[OUT] == 0:
        _start(ws, out, start, scratch, key)
    return counts[OUT]


@njit(cache=True)
def sorted_order(ws, n, order, spare):
    """``order[:n]`` = the indices of buffer OUT's first n positions in key order (a merge sort)."""
    keys = ws[1]
    for i in range(n):
        order[i] = i
    width = 1
    while width < n:
        for left in range(0, n, 2 * width):
            middle = min(left + width, n)
            right = min(left + 2 * width, n)
            i, j, k = left, middle, left
            while i < middle and j < right:
                a, b = order[i], order[j]
                take_right = False
                for word in range(4):
                    if keys[OUT, b, word] != keys[OUT, a, word]:
                        take_right = keys[OUT, b, word] < keys[OUT, a, word]
                        break
                if take_right:
                    spare[k] = b
                    j += 1
                else:
                    spare[k] = a
                    i += 1
                k += 1
            while i < middle:
                spare[k] = order[i]
                i += 1
                k += 1
            while j < right:
                spare[k] = order[j]
                j += 1
                k += 1
        for i in range(n):
            order[i] = spare[i]
        width *= 2
