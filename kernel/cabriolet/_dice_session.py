"""Jitted sessions of the dice game: rounds of throws at one table, the board carried over.

A round (docs/cabriolet.md, "The dice game"): under ``board.restake = every-deal`` every player
first stakes each case he covers (under ``after-cabriolet`` only at the start of the session and
after cabriolets); then each seat throws three dice in turn, the first thrower of round r being
seat r % n. The throw's outcome (``dice.throw_table``) acts as the text says:

* conférence: take the case; confiance: take the case and one jeton from each player;
  mariage légitime: take the case and two jetons from each player;
* confidence: take one jeton from each player and throw again;
* confidens: two jetons from each player, keep the largest even number not above half
  (n - 1 rounded down to even), the rest to the jeu;
* infidélité: pay one jeton to each player and sit out your next two turns;
* secret: take one jeton from each case (that holds one);
* jeu (5-5-5): take the jeu, then every player puts one stake on the jeu;
* cabriolet: sweep the nine cases (``dice.cabriolet_sweep``); the partie is won, the round
  ends, and under after-cabriolet everyone stakes again before the next throw;
* other: pay ``dice.other_payment`` jetons to the jeu.

"Take a case" is taken only from a case the thrower covered (``dice.collect = covered``) or
from any case (``any``); payments between players never depend on covering. Players have no
bankroll limit. Private: the wrapper in ``simulate.py`` checks inputs and allocates.

Session ``first_session + s`` of the seed owns one random stream (kernel/common/_rng.py), and every
variant (the focal seat's covering policies) replays it, so variants are paired on the same
throws: which seat throws what never depends on the board or the covering.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import below_n, seed_deal

from .layout import (CABRIOLET, CONFERENCE, CONFIANCE, CONFIDENCE, CONFIDENS, DICE_BOARD, DICE_CABRIOLETS,
                    DICE_FOCAL, DICE_FOCAL_STAKED, DICE_FOCAL_THROWS, DICE_FROM_BOARD, DICE_NET, DICE_ROUNDS_CUT,
                    DICE_STAKED, DICE_THROWER, DICE_THROWS, DICE_TO_BOARD, D_COLLECT_ANY, D_OTHER_PAY,
                    D_RESTAKE_EVERY, D_STAKE, D_SWEEP_ALL, INFIDELITE, JEU, MARIAGE, N_CASES, OTHER, SECRET)

MAX_EXTRA = 10_000       # throw-again chains longer than this end (never reached: p = (18/216)**10000)


@njit(cache=True)
def _stake_all(board, row, covers, n, stake):
    for q in range(n):
        for c in range(N_CASES):
            if covers[q] >> c & 1:
                board[c] += stake
                row[DICE_NET + q] -= stake
                row[DICE_STAKED] += stake
                if q == 0:
                    row[DICE_FOCAL_STAKED] -= stake


@njit(cache=True)
def _move(row, q, amount, outcome):
    """Seat q gains ``amount`` (may be negative) from a throw of ``outcome``."""
    row[DICE_NET + q] += amount
    if q == 0:
        row[DICE_FOCAL + outcome] += amount


@njit(cache=True)
def _from_each(row, thrower, n, amount, outcome):
    """Every other player pays the thrower ``amount`` (negative: the thrower pays each)."""
    for o in range(n):
        if o != thrower:
            _move(row, o, -amount, outcome)
            _move(row, thrower, amount, outcome)
    row[DICE_THROWER + outcome] += amount * (n - 1)


@njit(cache=True)
def _take(board, row, thrower, c, amount, outcome):
    board[c] -= amount
    row[DICE_FROM_BOARD] += amount
    row[DICE_THROWER + outcome] += amount
    _move(row, thrower, amount, outcome)


@njit(cache=True)
def _pay_in(board, row, q, c, amount, outcome, thrower):
    board[c] += amount
    row[DICE_TO_BOARD] += amount
    if q == thrower:
        row[DICE_THROWER + outcome] -= amount
    _move(row, q, -amount, outcome)


@njit(cache=True)
def apply_throw(outcome, thrower, n, board, row, cover, rules, rest):
    """The effect of one throw of ``outcome`` by seat ``thrower``; ``cover`` is his covering
    bits. Updates board int64[9], row int64[N_DICE_OUT] and rest int64[6] (turns left to sit out).
    Returns 1 to throw again (confidence), 2 when the partie is won (cabriolet), else 0."""
    row[DICE_THROWS + outcome] += 1
    if thrower == 0:
        row[DICE_FOCAL_THROWS] += 1
    collect_any = rules[D_COLLECT_ANY]
    if outcome == CONFERENCE or outcome == CONFIANCE or outcome == MARIAGE:
        if collect_any or cover >> outcome & 1:
            _take(board, row, thrower, outcome, board[outcome], outcome)
        if outcome == CONFIANCE:
            _from_each(row, thrower, n, 1, outcome)
        elif outcome == MARIAGE:
            _from_each(row, thrower, n, 2, outcome)
    elif outcome == CONFIDENCE:
        _from_each(row, thrower, n, 1, outcome)
        return 1
    elif outcome == CONFIDENS:
        _from_each(row, thrower, n, 2, outcome)
        received = 2 * (n - 1)
        keep = (n - 1) - (n - 1) % 2
        _pay_in(board, row, thrower, JEU, received - keep, outcome, thrower)
    elif outcome == INFIDELITE:
        _from_each(row, thrower, n, -1, outcome)
        rest[thrower] += 2
    elif outcome == SECRET:
        for c in range(N_CASES):
            if board[c] > 0 and (collect_any or cover >> c & 1):
                _take(board, row, thrower, c, 1, outcome)
    elif outcome == JEU:
        if collect_any or cover >> JEU & 1:
            _take(board, row, thrower, JEU, board[JEU], outcome)
        for q in range(n):
            _pay_in(board, row, q, JEU, rules[D_STAKE], outcome, thrower)
    elif outcome == CABRIOLET:
        for c in range(N_CASES):
            if rules[D_SWEEP_ALL] or cover >> c & 1:
                _take(board, row, thrower, c, board[c], outcome)
        row[DICE_CABRIOLETS] += 1
        return 2
    else:
        _pay_in(board, row, thrower, JEU, rules[D_OTHER_PAY], OTHER, thrower)
    return 0


@njit(cache=True)
def _next_outcome(state, throw_case, script, k):
    if script.shape[0] > 0:
        return script[k % script.shape[0]]
    code = below_n(state, 6) * 36 + below_n(state, 6) * 6 + below_n(state, 6)
    return throw_case[code]


@njit(cache=True)
def play_session(state, throw_case, script, rounds, n, covers, rules, board, rest, row):
    """One session of ``rounds`` rounds into ``row`` (zeroed) and ``board`` (zeroed): outcomes
    from the stream ``state`` via ``throw_case`` int64[216], or, when ``script`` int64[m] is not
    empty, the outcomes script[0], script[1], ... in turn (tests). covers int64[n]."""
    k = 0
    pending = 1
    rest[:] = 0
    for r in range(rounds):
        if rules[D_RESTAKE_EVERY] or pending:
            _stake_all(board, row, covers, n, rules[D_STAKE])
            pending = 0
        for j in range(n):
            q = (r + j) % n
            if rest[q] > 0:
                rest[q] -= 1
                continue
            again = 1
            extra = 0
            while again == 1 and extra < MAX_EXTRA:
                outcome = _next_outcome(state, throw_case, script, k)
                k += 1
                again = apply_throw(outcome, q, n, board, row, covers[q], rules, rest)
                extra += 1
            if again == 2:
                pending = 1
                if j < n - 1:
                    row[DICE_ROUNDS_CUT] += 1
                break
    for c in range(N_CASES):
        row[DICE_BOARD + c] = board[c]
    return k


@njit(parallel=True, cache=True)
def play_dice_sessions(seed, first_session, n_sessions, rounds, n, covers, rules, throw_case, out):
    """Sessions first_session .. first_session + n_sessions - 1 under every variant.

    covers int64[V, n]: bits over the nine cases each seat covers; rules int64[N_DICE_RULES];
    throw_case int64[216]; out int64[n_sessions, V, N_DICE_OUT] (zeroed). No checks."""
    n_variants = covers.shape[0]
    for s in prange(n_sessions):
        state = np.zeros(2, dtype=np.uint64)
        board = np.zeros(N_CASES, dtype=np.int64)
        rest = np.zeros(6, dtype=np.int64)
        script = np.zeros(0, dtype=np.int64)
        for v in range(n_variants):
            seed_deal(state, seed, first_session + s)
            board[:] = 0
            play_session(state, throw_case, script, rounds, n, covers[v], rules, board, rest, out[s, v])
