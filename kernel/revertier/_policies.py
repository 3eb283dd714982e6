"""The policies as jitted functions: random, heuristic, expectimax (docs/revertier.md, "Policies").

Scores are integers, so the reference engine (reference/evaluate.py, reference/policies.py)
agrees exactly. ``weights`` is int64[4] (pip gain, exposed men, made points, closed entries), a
kernel argument like ``codes``. Kernels here do no input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._rng import below_n

from ._board import (BAR, BLOCKED_WIN, ENTRY_MAY_HIT, JAN, JAN_COTTON, JAN_FISKE, MEN, OFF, SLOTS, SPECIAL,
                     can_land, flip, key_less, opposite)
from ._step import landing, outside
from ._moves import OUT, generate, sorted_order

WIN = 100_000
ROLL_HIGH = np.array([h for h in range(1, 7) for low in range(1, h + 1)], dtype=np.int64)
ROLL_LOW = np.array([low for h in range(1, 7) for low in range(1, h + 1)], dtype=np.int64)


@njit(cache=True, _nrt=False)
def _special(pos, me):
    if pos[me + 22] == 5 and pos[me + 23] == 5 and pos[me + 24] == 5:
        return True
    if (pos[me + 20] == 3 and pos[me + 21] == 3 and pos[me + 22] == 3 and pos[me + 23] == 3
            and pos[me + 24] == 3):
        return True
    if pos[me + 22] == 7 and pos[me + 23] == 5 and pos[me + 24] == 3:
        return True
    return pos[me + 24] == 15


# _nrt=False (here and in _special, _can_move): called after every throw, and with reference
# counts its array arguments cost atomic increments and decrements; they allocate nothing.
@njit(cache=True, _nrt=False)
def win_kind_at(pos, me, codes):
    """The kind of win (0 single, 1 special, 2 jan, 4 blocked) of the side at offset ``me`` (0 or 27) after
    his throw, -1 when play goes on."""
    opp = SLOTS - me
    if pos[me + OFF] == codes[MEN]:
        return 0
    if codes[SPECIAL] != 0 and _special(pos, me):
        return 1
    rule = codes[JAN]
    waiting = pos[opp + BAR]
    if rule == JAN_COTTON and waiting >= 7:
        return 2
    if rule == JAN_FISKE and waiting > 0:
        empty = 0
        for point in range(1, 7):
            if pos[opp + point] == 0 and pos[me + opposite(point)] == 0:
                empty += 1
        if waiting > empty:
            return 2
    if codes[BLOCKED_WIN] != 0 and not _can_move(pos, opp, codes):
        return 4
    return -1


@njit(cache=True, _nrt=False)
def _can_move(pos, side, codes):
    """Whether the side at offset ``side`` has a legal move for at least one die value."""
    men_outside = outside(pos, side)
    for die in range(1, 7):
        if pos[side + BAR] > 0:
            if landing(pos, side, BAR, die, codes, men_outside) >= 0:
                return True
            continue
        for source in range(1, 25):
            if pos[side + source] > 0 and landing(pos, side, source, die, codes, men_outside) >= 0:
                return True
    return False


@njit(cache=True)
def win_kind(pos, codes):
    """The mover's kind of win after his throw (0 single, 1 special, 2 jan, 4 blocked), -1 when play goes on."""
    return win_kind_at(pos, np.int64(0), codes)    # not a literal 0: one compiled win_kind_at


@njit(cache=True, _nrt=False, forceinline=True)
def _pips(pos, side):
    total = 25 * np.int64(pos[side + BAR])
    for point in range(1, 25):
        total += np.int64(pos[side + point]) * (25 - point)
    return total


@njit(cache=True, _nrt=False, forceinline=True)
def _exposed(pos, me, codes):
    opp = SLOTS - me
    occupied = np.int64(0)          # bit q: the enemy has a man on his point q
    for q in range(1, 25):
        if pos[opp + q] > 0:
            occupied |= np.int64(1) << q
    entering = pos[opp + BAR] > 0 and codes[ENTRY_MAY_HIT] != 0
    count = 0
    for point in range(1, 25):
        if pos[me + point] != 1:
            continue
        target = opposite(point)
        low = max(1, target - 12)
        behind = ((np.int64(1) << target) - 1) & ~((np.int64(1) << low) - 1)   # enemy points low..target-1
        if (occupied & behind) != 0 or (entering and target <= 6):
            count += 1
    return count


@njit(cache=True, _nrt=False, forceinline=True)
def _made(pos, side):
    count = 0
    for point in range(1, 25):
        if pos[side + point] >= 2:
            count += 1
    return count


@njit(cache=True, _nrt=False, forceinline=True)
def _closed(pos, me, codes):
    count = 0
    for die in range(1, 7):
        if not can_land(pos, me, die, True, codes):
            count += 1
    return count


@njit(cache=True)
def score(pos, codes, weights):
    """H for the mover (slots 0..26) of a position where nobody has won."""
    pip_gain = _pips(pos, SLOTS) - _pips(pos, 0)
    exposed = _exposed(pos, SLOTS, codes) - _exposed(pos, 0, codes)
    made = _made(pos, 0) - _made(pos, SLOTS)
    closed = (_closed(pos, SLOTS, codes) * (1 + np.int64(pos[SLOTS + BAR]))
              - _closed(pos, 0, codes) * (1 + np.int64(pos[BAR])))
    return weights[0] * pip_gain + weights[1] * exposed + weights[2] * made + weights[3] * closed


@njit(cache=True)
def score_after(pos, codes, weights):
    """H for the player who has just moved: WIN when his throw won."""
    if win_kind(pos, codes) >= 0:
        return np.int64(WIN)
    return score(pos, codes, weights)


@njit(cache=True)
def choose_random(ws, n, stream, order, spare):
    """Index into buffer OUT of a uniform candidate in sorted order."""
    if n < 2:
        return 0
    sorted_order(ws, n, order, spare)
    return order[below_n(stream, n)]


@njit(cache=True)
def choose_heuristic(ws, n, codes, weights):
    positions, keys = ws[0], ws[1]
    best = 0
    best_value = score_after(positions[OUT, 0], codes, weights)
    for i in range(1, n):
        value = score_after(positions[OUT, i], codes, weights)
        if value > best_value or (value == best_value and key_less(keys[OUT, i], keys[OUT, best])):
            best, best_value = i, value
    return best


@njit(cache=True)
def choose_by_hits(ws, n, before_bar, codes, weights, preference):
    """hitter (preference +1) / runner (-1): most / fewest men hit, then H; a win first
    (reference/policies.py: choose_by_hits). ``before_bar``: the opponent's bar before the throw."""
    positions, keys = ws[0], ws[1]
    best = 0
    best_value = np.int64(0)
    for i in range(n):
        pos = positions[OUT, i]
        if win_kind(pos, codes) >= 0:
            value = np.int64(100 * WIN)
        else:
            hits = np.int64(pos[SLOTS + BAR]) - before_bar
            value = preference * hits * 4 * WIN + score(pos, codes, weights)
        if i == 0 or value > best_value or (value == best_value and key_less(keys[OUT, i], keys[OUT, best])):
            best, best_value = i, value
    return best


@njit(cache=True)
def expectimax_value(pos, codes, weights, inner, scratch, key, flipped):
    """36 WIN for a throw that wins; else the sum over the 21 throws (weights 1 and 2) of the lowest
    H, for the mover, among the opponent's candidates."""
    if win_kind(pos, codes) >= 0:
        return np.int64(36 * WIN)
    flip(pos, flipped)
    total = np.int64(0)
    for r in range(21):
        high, low = ROLL_HIGH[r], ROLL_LOW[r]
        n = generate(inner, flipped, high, low, codes, scratch, key)
        best_reply = score_after(inner[0][OUT, 0], codes, weights)
        for i in range(1, n):
            value = score_after(inner[0][OUT, i], codes, weights)
            if value > best_reply:
                best_reply = value
        total += (1 if high == low else 2) * (-best_reply)
    return total


@njit(cache=True)
def choose_expectimax(ws, n, codes, weights, inner, scratch, key, flipped):
    positions, keys = ws[0], ws[1]
    best = 0
    best_value = expectimax_value(positions[OUT, 0], codes, weights, inner, scratch, key, flipped)
    for i in range(1, n):
        value = expectimax_value(positions[OUT, i], codes, weights, inner, scratch, key, flipped)
        if value > best_value or (value == best_value and key_less(keys[OUT, i], keys[OUT, best])):
            best, best_value = i, value
    return best
