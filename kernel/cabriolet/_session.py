"""Jitted sessions of the card game: rounds at one table, the board carried from deal to deal.

One round (docs/cabriolet.md): stakes on the covered cases; the deal; three jacks sweep and end
the round; the four aces take the jeu and a payment from every player; each figure case is
declared in speaking order and opposed; then the play for the jeu. Private: the wrapper in
``simulate.py`` checks inputs and allocates.

Seat q is dealer of round r when q == r % n; speaking order starts at the dealer's left. Deal
``(first_session + s) * rounds + r`` of the seed is round r of session s, for every variant:
variants (covering and playing policies) are paired on the same deals.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._bits import popcount
from spadille.kernel.common._rng import seed_deal

from ._deal import deal_hands
from ._exchange import exchange_calls
from ._play import play_tricks, player_wins
from .cases import case_bits
from .layout import (CABRIOLET, FIGURE_CASES, JEU, N_CASES, OUT_ACES, OUT_CABRIOLETS, OUT_CASE, OUT_COLLECTS,
                     OUT_EXCHANGES, OUT_LEFTOVER, OUT_NET, OUT_PENALTY, OUT_PLAYED, OUT_PLAYS, OUT_WON, R_ACES_ANY,
                     R_ACES_PAY, R_CONFIANCE_SAME, R_ELDEST_ONLY, R_EXCHANGE, R_MOST_TRICKS, R_MUST_TRUMP,
                     R_OPPOSER_COVER, R_OPPOSITION, R_PARTS, R_RESTAKE_EVERY, R_STAKE, R_SWEEP_ALL)



@njit(cache=True)
def _round(state, deck, hands, bits, tricks, log, board, out, covers, thresholds, n, r, restake,
           rules, rank_masks, suit_masks):
    """One round; updates ``board`` (int64[9]) and ``out`` (int64[layout.N_OUT]); returns 1 after a
    cabriolet (the next round restakes under after-cabriolet)."""
    stake = rules[R_STAKE]
    dealer = r % n
    if restake:
        for q in range(n):
            for c in range(N_CASES):
                if covers[q] >> c & 1:
                    board[c] += stake
                    out[OUT_NET + q] -= stake
                    if q == 0:
                        out[OUT_CASE + c] -= stake
    turned = deal_hands(state, deck, n, hands)
    trump = turned // 8
    if rules[R_EXCHANGE]:
        out[OUT_EXCHANGES] += exchange_calls(hands, n, turned, rank_masks, suit_masks, rules[R_CONFIANCE_SAME],
                                             rules[R_PARTS], log)
    seat = np.empty(6, dtype=np.int64)
    for j in range(n):
        seat[j] = (dealer + 1 + j) % n
        bits[j] = case_bits(hands[j], rank_masks, suit_masks, rules[R_CONFIANCE_SAME], rules[R_PARTS])
    # three jacks: sweep, no examination, the round ends
    for j in range(n):
        if bits[j] >> CABRIOLET & 1:
            q = seat[j]
            for c in range(N_CASES):
                if rules[R_SWEEP_ALL] or covers[q] >> c & 1:
                    out[OUT_NET + q] += board[c]
                    if q == 0:
                        out[OUT_CASE + c] += board[c]
                        out[OUT_COLLECTS + c] += 1
                    board[c] = 0
            out[OUT_CABRIOLETS] += 1
            return 1
    # the four aces
    for j in range(n):
        if bits[j] >> 9 & 1:
            q = seat[j]
            gain = 0
            if rules[R_ACES_ANY] or covers[q] >> JEU & 1:
                gain += board[JEU]
                board[JEU] = 0
            for o in range(n):
                if o != q:
                    out[OUT_NET + o] -= rules[R_ACES_PAY] * stake
                    gain += rules[R_ACES_PAY] * stake
                    if o == 0:
                        out[OUT_ACES] -= rules[R_ACES_PAY] * stake
            out[OUT_NET + q] += gain
            if q == 0:
                out[OUT_ACES] += gain
    # the figure cases, declared in speaking order, opposed by any other holder
    for c in range(FIGURE_CASES):
        declarer = -1
        holders = 0
        for j in range(n):
            if bits[j] >> c & 1:
                covered = covers[seat[j]] >> c & 1
                if declarer < 0 and covered:
                    declarer = j
                elif covered or not rules[R_OPPOSER_COVER]:
                    holders += 1
        if declarer < 0 or (rules[R_OPPOSITION] and holders > 0):
            continue
        q = seat[declarer]
        out[OUT_NET + q] += board[c]
        if q == 0:
            out[OUT_CASE + c] += board[c]
            out[OUT_COLLECTS + c] += 1
        board[c] = 0
    # the play for the jeu
    if board[JEU] <= 0:
        return 0
    player = -1
    last = 1 if rules[R_ELDEST_ONLY] else n
    for j in range(last):
        q = seat[j]
        if covers[q] >> JEU & 1:
            trumps = popcount(hands[j] & (np.uint64(0xFF) << np.uint64(8 * trump)))
            if trumps >= thresholds[q]:
                player = j
                break
    if player < 0:
        return 0
    q = seat[player]
    play_tricks(hands, n, trump, player, rules[R_MUST_TRUMP], tricks)
    out[OUT_PLAYS] += 1
    if q == 0:
        out[OUT_PLAYED] += 1
    if player_wins(tricks, n, player, rules[R_MOST_TRICKS]):
        out[OUT_NET + q] += board[JEU]
        if q == 0:
            out[OUT_CASE + JEU] += board[JEU]
            out[OUT_COLLECTS + JEU] += 1
            out[OUT_WON] += 1
        board[JEU] = 0
    else:
        pay = board[JEU]
        out[OUT_NET + q] -= pay
        board[JEU] += pay
        if q == 0:
            out[OUT_PENALTY] -= pay
    return 0


@njit(parallel=True, cache=True)
def play_sessions(seed, first_session, n_sessions, rounds, n, covers, thresholds, rules, rank_masks, suit_masks,
                  out):
    """Sessions first_session .. first_session + n_sessions - 1 under every variant.

    covers int64[V, n]: bits over the nine cases each seat covers; thresholds int64[V, n]: a
    seat plays for the jeu with at least this many trumps (6: never); rules int64[layout.N_RULES];
    rank_masks uint64[8], suit_masks uint64[4]; out int64[n_sessions, V, layout.N_OUT] (zeroed)."""
    n_variants = covers.shape[0]
    for s in prange(n_sessions):
        state = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(32, dtype=np.int64)
        hands = np.zeros(6, dtype=np.uint64)
        bits = np.zeros(6, dtype=np.int64)
        tricks = np.zeros(6, dtype=np.int64)
        log = np.zeros((6, 3), dtype=np.int64)
        board = np.zeros(N_CASES, dtype=np.int64)
        for v in range(n_variants):
            row = out[s, v]
            board[:] = 0
            pending = 1
            for r in range(rounds):
                seed_deal(state, seed, (first_session + s) * rounds + r)
                restake = rules[R_RESTAKE_EVERY] or pending
                pending = _round(state, deck, hands, bits, tricks, log, board, row, covers[v], thresholds[v], n, r,
                                 restake, rules, rank_masks, suit_masks)
            row[OUT_LEFTOVER] = board.sum()
