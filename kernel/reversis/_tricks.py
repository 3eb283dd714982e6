"""Jitted play of the tricks (docs/reversis.md §5), resumable: from the trick and card kept in
``scratch`` to the end of the deal, with the payments made "tout de suite". A seat whose policy
searches pauses the play (``play_tricks`` returns True) so that ``_search`` can roll the deal out
from there with the same function; no function here calls the search, so nothing recurses.
No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import bit, lowest, nth_set, popcount
from spadille.kernel.common._rng import below_n

from . import layout as L
from .layout import (S_FOLLOW, S_FORCED, S_IN_TRICK, S_LEADER, S_LEGAL, S_N_DEFERRED, S_N_GIFTS, S_PLAYED, S_RUN,
                      S_TRICK, S_USED)
from ._policies import heuristic_card, strong_card

QUINOLA = 15
LITTLE_QUINOLA = 14
DIAMOND_ACE = 24
ACE_MASK = np.uint64((1 << 0) | (1 << 12) | (1 << 24) | (1 << 36))


@njit(cache=True, _nrt=False)
def pay(table, category, payer, receiver, amount):
    if amount > 0 and payer != receiver:
        table[category, payer] -= amount
        table[category, receiver] += amount


@njit(cache=True, _nrt=False)
def _give(table, category, payer, receiver, amount, gifts, n_gifts):
    """Pay for an ace or the quinola given on a renounce, and keep the payment among the deal's
    gifts (payer, amount, receiver), which "tous les frais" may pay back; returns the gifts' count."""
    if amount > 0 and payer != receiver:
        pay(table, category, payer, receiver, amount)
        gifts[n_gifts, 0] = payer
        gifts[n_gifts, 1] = amount
        gifts[n_gifts, 2] = receiver
        n_gifts += 1
    return n_gifts


@njit(cache=True, _nrt=False)
def multiplier(payer, receiver, trick, bonne_tricks):
    m = 1
    if payer < 4 and receiver < 4 and (payer ^ 2) == receiver:
        m = 2
    if trick > 11 - bonne_tricks:
        m *= 2
    return m


@njit(cache=True, _nrt=False)
def is_espagnolette(hand, definition):
    aces = popcount(hand & ACE_MASK)
    quinola = 1 if hand & bit(QUINOLA) else 0
    if definition == 0:
        return False
    if definition == 1:
        return aces == 4 or (aces >= 3 and quinola == 1)
    quinolas = quinola + (1 if hand & bit(LITTLE_QUINOLA) else 0)
    return aces == 4 or (aces >= 3 and quinolas >= 1) or (aces >= 2 and quinolas == 2)


@njit(cache=True, _nrt=False)
def _observe(obs, p, t, leader, i, led, win_card, win_pos, played, run, priv, row, own, trick_points):
    """What the seat sees, laid out per ``layout.O_*``."""
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
    obs[L.O_TRICK_POINTS] = trick_points


@njit(cache=True, _nrt=False)
def play_tricks(pids, params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row,
                state):
    """Play from the trick and card in ``scratch`` (S_TRICK, S_IN_TRICK, the trick's cards so far)
    to the end of the deal, or until a seat whose policy searches must choose among two or more
    cards: then return True with the state in ``scratch`` (its legal cards at S_LEGAL, S_FOLLOW);
    the caller puts the chosen card at S_FORCED and calls again. Returns False when all eleven
    tricks are played."""
    trick_cards = scratch[0:4]
    kinds = scratch[4:8]                         # 0 ordinary, 1 given, 2 forced, 3 played
    own_discard = scratch[8:12]
    privileged = row[L.D_ESP_POS]
    leader = scratch[S_LEADER]
    run = scratch[S_RUN]
    played = np.uint64(scratch[S_PLAYED])
    used = scratch[S_USED]
    n_deferred = scratch[S_N_DEFERRED]
    n_gifts = scratch[S_N_GIFTS]
    bonne = rules[L.R_BONNE_TRICKS]
    first_i = scratch[S_IN_TRICK]
    ordinary_after_trick = rules[L.R_TRICK_KEPT_ALL_COSTS] == 0
    for t in range(scratch[S_TRICK], 12):
        # "il faudrait pour cela que la levée lui restât" (seed): under the seed's reading a trick
        # the espagnolette keeps in tricks 1-9 ends his privilege; he plays an ordinary game after it
        lost = ordinary_after_trick and 0 < row[L.D_ESP_TRICK] <= 9
        led = -1
        win_card = -1
        win_pos = -1
        trick_points = 0
        for i in range(first_i):                 # the cards already in this trick, when resuming
            c = trick_cards[i]
            trick_points += points[c]
            if i == 0:
                led, win_card, win_pos = c // 12, c, leader
            elif c // 12 == led and c < win_card:
                win_card, win_pos = c, (leader + i) & 3
        for i in range(first_i, 4):
            p = (leader + i) & 3
            hand = hands[p]
            priv = p == privileged and t <= rules[L.R_RENOUNCE_TRICKS] and not lost
            if led < 0:
                follow = hand
                if t == 1 and rules[L.R_ELDEST_LEADS_HEART] == 1 and (hand & suit_masks[1]):
                    follow = hand & suit_masks[1]
                legal = follow
            else:
                of_suit = hand & suit_masks[led]
                follow = of_suit if of_suit else hand
                legal = hand if priv else follow
            if scratch[S_FORCED] >= 0:
                c = scratch[S_FORCED]            # the card a search chose, or a rollout's candidate
                scratch[S_FORCED] = -1
            elif popcount(legal) == 1:
                c = lowest(legal)                # no choice: the policies would answer the same
            elif pids[p] == L.POLICY_SEARCH:
                scratch[S_TRICK] = t
                scratch[S_IN_TRICK] = i
                scratch[S_LEADER] = leader
                scratch[S_RUN] = run
                scratch[S_PLAYED] = np.int64(played)
                scratch[S_USED] = used
                scratch[S_N_DEFERRED] = n_deferred
                scratch[S_N_GIFTS] = n_gifts
                scratch[S_LEGAL] = np.int64(legal)
                scratch[S_FOLLOW] = np.int64(follow)
                _observe(obs, p, t, leader, i, led, win_card, win_pos, played, run, priv, row, own_discard[p],
                         trick_points)
                return True
            elif pids[p] == L.POLICY_RANDOM:
                c = nth_set(legal, below_n(state, popcount(legal)))
            elif pids[p] == L.POLICY_STRONG:
                c = strong_card(params[p], hand, legal, follow, p, t, i, led, win_card, win_pos, trick_points, run, priv,
                                played, np.uint64(own_discard[p]), suit_masks, points)
            else:
                c = heuristic_card(params[p, L.P_REVERSIS_FROM], params[p, L.P_BREAK], params[p, L.P_ESPAGNOLETTE],
                                   hand, legal, follow, p, t, i, led, win_card, run, priv, played, suit_masks, points)
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
            trick_points += points[c]
            kinds[i] = kind
            row[L.D_PLAY + 4 * (t - 1) + i] = c
            if led < 0:
                led = suit
                win_card = c
                win_pos = p
            elif suit == led and c < win_card:
                win_card = c
                win_pos = p
        first_i = 0
        taker = win_pos
        row[L.D_TAKER + t - 1] = taker
        row[L.D_TRICKS + taker] += 1
        if taker == privileged and row[L.D_ESP_TRICK] == 0:
            row[L.D_ESP_TRICK] = t
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
                    n_gifts = _give(pay_table, L.C_ACES, taker, holder, base * multiplier(taker, holder, t, bonne),
                                    gifts, n_gifts)
                elif kind == 2:
                    row[L.D_ACES_FORCED] += 1
                    pay(pay_table, L.C_ACES, holder, leader, base * multiplier(holder, leader, t, bonne))
                    if rules[L.R_ACE_FORCED_EACH] == 1:
                        # Hoyle: "The person who forces an ace receives the same payments from all the players"
                        for other in range(4):
                            if other != holder and other != leader:
                                pay(pay_table, L.C_ACES, other, leader, base * multiplier(other, leader, t, bonne))
                else:
                    row[L.D_ACES_PLAYED] += 1
                    deferred[n_deferred, 0] = L.C_ACES
                    deferred[n_deferred, 1] = holder
                    deferred[n_deferred, 2] = base
                    deferred[n_deferred, 3] = t
                    n_deferred += 1
            else:
                row[L.D_QUINOLA_TRICK] = t
                # "Si par as, roi ou dame de cœur, l'un forçait le quinola" (seed): under the higher-heart
                # reading a lone quinola that takes its own trick was played, not forced, and the
                # forcer is the player whose heart took it
                forcer = taker if rules[L.R_FORCED_BY_HIGHER] == 1 else leader
                if kind == 2 and forcer == holder:
                    kind = 3
                if kind == 1:
                    row[L.D_QUINOLA_FATE] = L.Q_PLACED
                    n_gifts = _give(pay_table, L.C_QUINOLA, taker, holder,
                                    rules[L.R_PLACED_FROM_TAKER] * multiplier(taker, holder, t, bonne), gifts, n_gifts)
                    for other in range(4):
                        if other != holder and other != taker:
                            n_gifts = _give(pay_table, L.C_QUINOLA, other, holder,
                                            rules[L.R_PLACED_FROM_OTHERS] * multiplier(other, holder, t, bonne),
                                            gifts, n_gifts)
                elif kind == 2:
                    row[L.D_QUINOLA_FATE] = L.Q_FORCED
                    pay(pay_table, L.C_QUINOLA, holder, forcer,
                        rules[L.R_FORCED_FROM_HOLDER] * multiplier(holder, forcer, t, bonne))
                    for other in range(4):
                        if other != holder and other != forcer:
                            pay(pay_table, L.C_QUINOLA, other, forcer,
                                rules[L.R_FORCED_FROM_OTHERS] * multiplier(other, forcer, t, bonne))
                else:
                    row[L.D_QUINOLA_FATE] = L.Q_PLAYED
                    deferred[n_deferred, 0] = L.C_QUINOLA
                    deferred[n_deferred, 1] = holder
                    deferred[n_deferred, 2] = rules[L.R_FORCED_FROM_HOLDER]
                    deferred[n_deferred, 3] = t
                    n_deferred += 1
        leader = taker
    row[L.D_ESP_USED] = used
    scratch[S_TRICK] = 12
    scratch[S_IN_TRICK] = 0
    scratch[S_LEADER] = leader
    scratch[S_RUN] = run
    scratch[S_PLAYED] = np.int64(played)
    scratch[S_USED] = used
    scratch[S_N_DEFERRED] = n_deferred
    scratch[S_N_GIFTS] = n_gifts
    return False
