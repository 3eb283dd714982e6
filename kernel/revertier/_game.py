"""Whole games in a batch, one row each (docs/revertier.md, "Per-game rows"); game k of seed s is
the same game whatever the threads or batches. Kernels here do no input checks."""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import below_n, seed_deal

from ._board import BAR, FIRST_LOWER, MEN, OFF, OPENING_DICE, SLOTS, WIDTH
from ._greedy import SCRATCH_ROWS, greedy_play
from ._moves import CAPACITY, OUT, generate, make_workspace
from ._policies import _pips, choose_by_hits, choose_expectimax, choose_heuristic, choose_random, win_kind_at

POLICY_STREAM_OFFSET = 2**40
MAX_ROLLS = 4000
PIP_AT = (20, 40, 80)
# Row columns.
WINNER, STARTER, KIND, POINTS, ROLLS, HITS_0, HITS_1 = 0, 1, 2, 3, 4, 5, 6
PIPS_FIRST = 7            # pips of seat 0 and seat 1 after 20, 40, 80 throws and at the end
OVERFLOW = 15             # 1 if a level ever exceeded the workspace's capacity (tests check 0)
N_OUT = 16
KIND_POINTS = np.array([1, 1, 2, 0, 1], dtype=np.int64)
# Policy codes (codes.POLICY_NAMES).
RANDOM, HEURISTIC, EXPECTIMAX, HITTER, RUNNER, HEURISTIC_FULL = 0, 1, 2, 3, 4, 5


@njit(cache=True, _nrt=False)    # a view of the board, no reference counts: it allocates nothing
def _seat_pips(board, seat):
    return _pips(board[seat], 0)


@njit(cache=True)
def play_game(seed, game, policy0, policy1, codes, weights, ws, inner, order, spare, row, trace):
    """Play game ``game`` of ``seed``; write its row (int64[N_OUT]). When ``trace`` has rows
    (int8[k, 3 + 54]: mover, die1, die2, then the board seat 0 first), record each throw there.
    ``ws`` and ``inner`` are workspaces (_moves.make_workspace), ``order`` and ``spare``
    int64[CAPACITY] sorting space; all are reused from game to game."""
    dice = np.zeros(2, dtype=np.uint64)
    seed_deal(dice, seed, game)
    streams = np.zeros((2, 2), dtype=np.uint64)
    seed_deal(streams[0], seed, game + POLICY_STREAM_OFFSET)
    seed_deal(streams[1], seed, game + 2 * POLICY_STREAM_OFFSET)
    flat = np.zeros(WIDTH, dtype=np.int8)     # the board, seat 0's slots then seat 1's
    board = flat.reshape((2, SLOTS))
    board[0, 1] = codes[MEN]
    board[1, 1] = codes[MEN]
    while True:
        first = below_n(dice, 6) + 1
        second = below_n(dice, 6) + 1
        if first != second:
            break
    higher = 0 if first > second else 1
    mover = 1 - higher if codes[FIRST_LOWER] != 0 else higher
    row[:] = 0
    row[STARTER] = mover
    row[WINNER] = -1
    row[KIND] = 3
    start = np.zeros(WIDTH, dtype=np.int8)
    scratch = np.zeros(WIDTH, dtype=np.int8)
    flipped = np.zeros(WIDTH, dtype=np.int8)
    key = np.zeros(4, dtype=np.uint64)
    greedy_scratch = np.zeros((SCRATCH_ROWS, OFF), dtype=np.int64)
    rolls = 0
    recorded = 0
    while rolls < MAX_ROLLS:
        if rolls == 0 and codes[OPENING_DICE] != 0:
            die1, die2 = first, second           # the first player plays the dice that chose him
        else:
            die1 = below_n(dice, 6) + 1
            die2 = below_n(dice, 6) + 1
        policy = policy0 if mover == 0 else policy1
        me, opp = mover * SLOTS, (1 - mover) * SLOTS
        waiting = flat[opp + BAR]
        if policy == HEURISTIC:
            greedy_play(flat, me, die1, die2, codes, weights, greedy_scratch)
        else:
            start[:SLOTS] = board[mover]
            start[SLOTS:] = board[1 - mover]
            n = generate(ws, start, die1, die2, codes, scratch, key)
            if policy == RANDOM:
                chosen = choose_random(ws, n, streams[mover], order, spare)
            elif policy == HEURISTIC_FULL:
                chosen = choose_heuristic(ws, n, codes, weights)
            elif policy == HITTER:
                chosen = choose_by_hits(ws, n, np.int64(start[SLOTS + BAR]), codes, weights, np.int64(1))
            elif policy == RUNNER:
                chosen = choose_by_hits(ws, n, np.int64(start[SLOTS + BAR]), codes, weights, np.int64(-1))
            else:
                chosen = choose_expectimax(ws, n, codes, weights, inner, scratch, key, flipped)
            after = ws[0][OUT, chosen]
            board[mover, :] = after[:SLOTS]
            board[1 - mover, :] = after[SLOTS:]
        row[HITS_0 + mover] += flat[opp + BAR] - waiting
        rolls += 1
        if recorded < trace.shape[0]:
            trace[recorded, 0] = mover
            trace[recorded, 1] = die1
            trace[recorded, 2] = die2
            trace[recorded, 3:3 + SLOTS] = board[0]
            trace[recorded, 3 + SLOTS:] = board[1]
            recorded += 1
        for i in range(3):
            if rolls == PIP_AT[i]:
                row[PIPS_FIRST + 2 * i] = _seat_pips(board, 0)
                row[PIPS_FIRST + 2 * i + 1] = _seat_pips(board, 1)
        kind = win_kind_at(flat, me, codes)
        if kind >= 0:
            row[WINNER] = mover
            row[KIND] = kind
            break
        mover = 1 - mover
    row[POINTS] = KIND_POINTS[row[KIND]]
    row[ROLLS] = rolls
    for i in range(4):
        if i == 3 or rolls < PIP_AT[i]:
            row[PIPS_FIRST + 2 * i] = _seat_pips(board, 0)
            row[PIPS_FIRST + 2 * i + 1] = _seat_pips(board, 1)
    row[OVERFLOW] = ws[5][1] + inner[5][1]
    return recorded


@njit(cache=True, parallel=True)
def play_games(seed, first_game, count, policy0, policy1, codes, weights, chunk, out):
    """Games first_game .. first_game + count - 1 into ``out`` (int64[count, N_OUT]), ``chunk``
    games per task so each task builds its workspaces once."""
    tasks = (count + chunk - 1) // chunk
    no_trace = np.zeros((0, 3 + 2 * SLOTS), dtype=np.int8)
    for task in prange(tasks):
        ws = make_workspace()
        inner = make_workspace()
        order = np.zeros(CAPACITY, dtype=np.int64)
        spare = np.zeros(CAPACITY, dtype=np.int64)
        for i in range(task * chunk, min(count, (task + 1) * chunk)):
            play_game(seed, first_game + i, policy0, policy1, codes, weights, ws, inner, order, spare, out[i],
                      no_trace)
