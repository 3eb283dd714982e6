"""Jitted play of one deal (docs/reversis.md §3-§5): the exchange, the espagnolette, eleven
tricks and the payments made "tout de suite". Writes the deal's record (``_layout.D_*``) into
``row`` and leaves the settlement to ``_settle``. No input checks.

Scratch arrays (allocated once per thread by the caller):
  ``hands`` uint64[4]; ``pack`` int64[48]; ``talon`` int64[3]; ``obs`` int64[N_OBS];
  ``pay`` int64[N_CATEGORIES, 5]; ``deferred`` int64[8, 4] (category, holder, base, trick);
  ``gifts`` int64[8, 2] (payer, amount); ``scratch`` int64[12].
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import bit, lowest, popcount

from . import _layout as L
from ._deal import deal_cards
from ._policies import choose_card, choose_discard

QUINOLA = 15
LITTLE_QUINOLA = 14
DIAMOND_ACE = 24
ACE_MASK = np.uint64((1 << 0) | (1 << 12) | (1 << 24) | (1 << 36))


@njit(inline="always", cache=True)
def pay(table, category, payer, receiver, amount):
    if amount > 0 and payer != receiver:
        table[category, payer] -= amount
        table[category, receiver] += amount


@njit(inline="always", cache=True)
def multiplier(payer, receiver, trick, bonne_tricks):
    m = 1
    if payer < 4 and receiver < 4 and (payer ^ 2) == receiver:
        m = 2
    if trick > 11 - bonne_tricks:
        m *= 2
    return m


@njit(inline="always", cache=True)
def is_espagnolette(hand, definition):
    aces = popcount(hand & ACE_MASK)
    quinola = 1 if hand & bit(QUINOLA) else 0
    if definition == 0:
        return False
    if definition == 1:
        return aces == 4 or (aces >= 3 and quinola == 1)
    quinolas = quinola + (1 if hand & bit(LITTLE_QUINOLA) else 0)
    return aces == 4 or (aces >= 3 and quinolas >= 1) or (aces >= 2 and quinolas == 2)


@njit(inline="always", cache=True)
def _decide(pid, param, hand, legal, follow, obs, suit_masks, points, state, p, t, leader, i, led, win_card,
            win_pos, played, run, priv, row, own):
    """What the seat sees, laid out per ``_layout.O_*``, and its policy's card."""
    obs[L.O_SEAT] = p
    obs[L.O_TRICK] = t
    obs[L.O_LEADER] = leader
    obs[L.O_IN_TRICK] = i
    obs[L.O_LED_SUIT] = led
    obs[L.O_WIN_CARD] = win_card
    obs[L.O_WIN_POS] = win_pos
    obs[L.O_PLAYED] = np.int64(played)
    obs[L.O_RUN] = run
    obs[L.O_PRIVILEGED] = 1 if priv else 0
    for q in range(4):
        obs[L.O_TRICKS + q] = row[L.D_TRICKS + q]
    obs[L.O_ECART] = own
    return choose_card(pid, param, hand, legal, follow, obs, suit_masks, points, state)


@njit(cache=True)
def play_deal(state, pool_start, pids, params, rules, suit_masks, points, hands, pack, talon, obs, pay_table,
              deferred, gifts, scratch, row):
    """One deal from ``state`` (already seeded); ``pids`` int64[4], ``params`` int64[4, N_PARAMS]
    by position. Returns (n_deferred, n_gifts); the row holds everything but the settlement."""
    for i in range(L.N_RECORD):
        row[i] = 0
    for c in range(L.N_CATEGORIES):
        for a in range(L.N_ACCOUNTS):
            pay_table[c, a] = 0
    deal_cards(state, pack, hands, talon)
    for p in range(4):
        row[L.D_HAND + p] = np.int64(hands[p])
    talon_mask = np.uint64(0)
    for i in range(3):
        talon_mask |= bit(talon[i])
    row[L.D_TALON] = np.int64(talon_mask)
    pay(pay_table, L.C_DEALER, 3, L.POOL, rules[L.R_DEALER_ADDS])
    row[L.D_POOL_START] = pool_start
    # ---- the exchange
    ecart = np.uint64(0)
    for p in range(4):
        may_keep = rules[L.R_OPTIONAL_EXCHANGE] == 1 and p < 3
        c = choose_discard(pids[p], params[p], hands[p], may_keep, suit_masks, points, state)
        row[L.D_DISCARD + p] = c
        if c < 0:
            ecart |= bit(talon[p])
            continue
        hands[p] &= ~bit(c)
        ecart |= bit(c)
        if p < 3:
            hands[p] |= bit(talon[p])
    row[L.D_ECART] = np.int64(ecart)
    ecart_points = 0
    m = ecart
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        ecart_points += points[c]
    row[L.D_ECART_POINTS] = ecart_points
    # ---- the espagnolette, the quinola's holder
    privileged = -1
    quinola_holder = -1
    for p in range(4):
        if is_espagnolette(hands[p], rules[L.R_ESPAGNOLETTE]):
            privileged = p
        if hands[p] & bit(QUINOLA):
            quinola_holder = p
    row[L.D_ESP_POS] = privileged
    row[L.D_QUINOLA_HOLDER] = quinola_holder
    trick_cards = scratch[0:4]
    kinds = scratch[4:8]                         # 0 ordinary, 1 given, 2 forced, 3 played
    own_discard = scratch[8:12]                  # each position's own discard, as a mask
    for p in range(4):
        own_discard[p] = np.int64(bit(row[L.D_DISCARD + p])) if row[L.D_DISCARD + p] >= 0 else 0
    # ---- the tricks
    n_deferred = 0
    n_gifts = 0
    used = 0
    leader = 0
    run = -1
    played = np.uint64(0)
    bonne = rules[L.R_BONNE_TRICKS]
    for t in range(1, 12):
        led = -1
        win_card = -1
        win_pos = -1
        for i in range(4):
            p = (leader + i) & 3
            hand = hands[p]
            priv = p == privileged and t <= rules[L.R_RENOUNCE_TRICKS]
            if led < 0:
                follow = hand
                if t == 1 and rules[L.R_ELDEST_LEADS_HEART] == 1 and (hand & suit_masks[1]):
                    follow = hand & suit_masks[1]
                legal = follow
            else:
                of_suit = hand & suit_masks[led]
                follow = of_suit if of_suit else hand
                legal = hand if priv else follow
            if popcount(legal) == 1:
                c = lowest(legal)                # no choice: the policies would answer the same
            else:
                c = _decide(pids[p], params[p], hand, legal, follow, obs, suit_masks, points, state, p, t, leader,
                            i, led, win_card, win_pos, played, run, priv, row, own_discard[p])
            suit = c // 12
            kind = 0
            if c % 12 == 0 or c == QUINOLA:
                if led < 0:
                    kind = 3
                elif suit != led:
                    kind = 1
                elif hand & suit_masks[led] & ~bit(c):
                    kind = 3
                else:
                    kind = 2
            if priv and led >= 0 and suit != led and (hand & suit_masks[led]):
                used = 1
            hands[p] = hand & ~bit(c)
            played |= bit(c)
            trick_cards[i] = c
            kinds[i] = kind
            row[L.D_PLAY + 4 * (t - 1) + i] = c
            if led < 0:
                led = suit
                win_card = c
                win_pos = p
            elif suit == led and c < win_card:
                win_card = c
                win_pos = p
        taker = win_pos
        row[L.D_TAKER + t - 1] = taker
        row[L.D_TRICKS + taker] += 1
        for i in range(4):
            row[L.D_POINTS + taker] += points[trick_cards[i]]
        if t == 1:
            run = taker
        elif run != taker:
            run = -1
        # ---- the payments of this trick, in the order the cards were played
        for i in range(4):
            kind = kinds[i]
            if kind == 0:
                continue
            c = trick_cards[i]
            holder = (leader + i) & 3
            if c % 12 == 0:
                base = rules[L.R_DIAMOND_ACE_PAYMENT] if c == DIAMOND_ACE else rules[L.R_ACE_PAYMENT]
                if kind == 1:
                    row[L.D_ACES_GIVEN] += 1
                    amount = base * multiplier(taker, holder, t, bonne)
                    pay(pay_table, L.C_ACES, taker, holder, amount)
                    if amount > 0 and taker != holder:
                        gifts[n_gifts, 0] = taker
                        gifts[n_gifts, 1] = amount
                        n_gifts += 1
                elif kind == 2:
                    row[L.D_ACES_FORCED] += 1
                    pay(pay_table, L.C_ACES, holder, leader, base * multiplier(holder, leader, t, bonne))
                else:
                    row[L.D_ACES_PLAYED] += 1
                    deferred[n_deferred, 0] = L.C_ACES
                    deferred[n_deferred, 1] = holder
                    deferred[n_deferred, 2] = base
                    deferred[n_deferred, 3] = t
                    n_deferred += 1
            else:
                row[L.D_QUINOLA_TRICK] = t
                if kind == 1:
                    row[L.D_QUINOLA_FATE] = L.Q_PLACED
                    amount = rules[L.R_PLACED_FROM_TAKER] * multiplier(taker, holder, t, bonne)
                    pay(pay_table, L.C_QUINOLA, taker, holder, amount)
                    if amount > 0 and taker != holder:
                        gifts[n_gifts, 0] = taker
                        gifts[n_gifts, 1] = amount
                        n_gifts += 1
                    for other in range(4):
                        if other != holder and other != taker:
                            amount = rules[L.R_PLACED_FROM_OTHERS] * multiplier(other, holder, t, bonne)
                            pay(pay_table, L.C_QUINOLA, other, holder, amount)
                            if amount > 0:
                                gifts[n_gifts, 0] = other
                                gifts[n_gifts, 1] = amount
                                n_gifts += 1
                elif kind == 2:
                    row[L.D_QUINOLA_FATE] = L.Q_FORCED
                    pay(pay_table, L.C_QUINOLA, holder, leader,
                        rules[L.R_FORCED_FROM_HOLDER] * multiplier(holder, leader, t, bonne))
                    for other in range(4):
                        if other != holder and other != leader:
                            pay(pay_table, L.C_QUINOLA, other, leader,
                                rules[L.R_FORCED_FROM_OTHERS] * multiplier(other, leader, t, bonne))
                else:
                    row[L.D_QUINOLA_FATE] = L.Q_PLAYED
                    deferred[n_deferred, 0] = L.C_QUINOLA
                    deferred[n_deferred, 1] = holder
                    deferred[n_deferred, 2] = rules[L.R_FORCED_FROM_HOLDER]
                    deferred[n_deferred, 3] = t
                    n_deferred += 1
        leader = taker
    row[L.D_ESP_USED] = used
    return n_deferred, n_gifts
