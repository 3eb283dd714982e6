"""Jitted settlement of one deal (docs/reversis.md §6), after ``_play.play_deal``: the reversis
with its refund, or the remise, the partie, the aces and quinola played and "tous les frais".
Fills the rest of ``row`` (payments by category, net, pool end). No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import lowest

from . import layout as L
from ._tricks import multiplier, pay

@njit(cache=True, _nrt=False)
def partie_value(ecart, points, talon_1765):
    value = 0
    m = ecart
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        if talon_1765:
            r = c % 12
            value += 5 - r if r < 4 else 0
        elif c == 24:
            value += 5
        elif c == 15:
            value += 4
        else:
            value += points[c]
    return value if talon_1765 else value + 4


@njit(cache=True, _nrt=False)
def natural_winner(row, excluded, dealer_left):
    best = -1
    for p in range(4):
        if p == excluded:
            continue
        if best < 0:
            best = p
            continue
        pp, bp = row[L.D_POINTS + p], row[L.D_POINTS + best]
        if pp != bp:
            if pp < bp:
                best = p
            continue
        pt, bt = row[L.D_TRICKS + p], row[L.D_TRICKS + best]
        if dealer_left:
            # no trick beats tricks; then the nearest the dealer's left: 2, 1, 0, then the dealer
            if (pt > 0) != (bt > 0):
                if pt == 0:
                    best = p
                continue
            if (2 - p) % 4 < (2 - best) % 4:
                best = p
        else:
            # fewer tricks; then the last to deal: the dealer, then 2, 1, 0 (higher position wins)
            if pt < bt or (pt == bt and p > best):
                best = p
    return best


@njit(cache=True, _nrt=False)
def espagnolette_standing(row, rules):
    """(the espagnolette, -1 if none; whether he makes "tous les frais"). He is the privileged
    position once he has used the privilege. A trick he keeps: at trick 10 or 11 it makes him pay
    tous les frais (seed); in tricks 1-9 it ends his privilege under the seed's reading (an
    ordinary game from then on) and makes him pay tous les frais under Hoyle's."""
    if row[L.D_ESP_USED] != 1:
        return -1, False
    esp = row[L.D_ESP_POS]
    kept = row[L.D_ESP_TRICK]
    if rules[L.R_TRICK_KEPT_ALL_COSTS] == 1:
        return esp, kept > 0
    if 0 < kept <= 9:
        return -1, False
    return esp, kept > 0


@njit(cache=True, _nrt=False)
def pay_played(pay_table, rules, deferred, n_deferred, winner):
    """The aces and quinola played, "se payent comme s'ils eussent été forcés, et se payent à celui
    qui gagne la partie" (seed): by the holder alone, or (as-forced) also by each other player
    who would pay a forcing: the quinola's forced_from_others, an ace's when every player pays it."""
    bonne = rules[L.R_BONNE_TRICKS]
    for k in range(n_deferred):
        category, holder, base, trick = deferred[k, 0], deferred[k, 1], deferred[k, 2], deferred[k, 3]
        pay(pay_table, category, holder, winner, base * multiplier(holder, winner, trick, bonne))
        if rules[L.R_PLAYED_AS_FORCED] == 0 or holder == winner:
            continue
        if category == L.C_QUINOLA:
            others = rules[L.R_FORCED_FROM_OTHERS]
        else:
            others = base if rules[L.R_ACE_FORCED_EACH] == 1 else 0
        for other in range(4):
            if other != holder and other != winner:
                pay(pay_table, category, other, winner, others * multiplier(other, winner, trick, bonne))


@njit(cache=True, _nrt=False)
def settle_deal(pool_start, rules, points, pay_table, deferred, n_deferred, gifts, n_gifts, row):
    """Settle the deal in ``row``; returns the pool after it."""
    p0 = pool_start + rules[L.R_DEALER_ADDS]
    remise = p0 if rules[L.R_REMISE_OPENING] == 0 else 4 * rules[L.R_POOL_OPENING]
    row[L.D_REVERSIS] = L.REV_NONE
    row[L.D_UNDERTAKER] = -1
    row[L.D_BREAKER] = -1
    row[L.D_PARTIE_WINNER] = -1
    row[L.D_REMISE_TAKER] = -1
    row[L.D_REMISE_MAKER] = -1
    first = row[L.D_TAKER]
    undertaken = True
    for k in range(9):
        if row[L.D_TAKER + k] != first:
            undertaken = False
    esp, entered = espagnolette_standing(row, rules)
    holder = row[L.D_QUINOLA_HOLDER]
    fate = row[L.D_QUINOLA_FATE]
    if undertaken:
        undertaker = first
        breaker = -1
        for k in range(9, 11):
            if breaker < 0 and row[L.D_TAKER + k] != undertaker:
                breaker = row[L.D_TAKER + k]
        row[L.D_UNDERTAKER] = undertaker
        row[L.D_BREAKER] = breaker
        for a in range(L.N_ACCOUNTS):
            pay_table[L.C_REFUND, a] = -(pay_table[L.C_ACES, a] + pay_table[L.C_QUINOLA, a])
        if breaker < 0:
            row[L.D_REVERSIS] = L.REV_MADE
            if esp >= 0 and esp != undertaker:
                total = 0
                for other in range(4):
                    if other != undertaker:
                        total += rules[L.R_REVERSIS_FROM_EACH] * multiplier(other, undertaker, 0, 0)
                pay(pay_table, L.C_REVERSIS, esp, undertaker, total)
            else:
                for other in range(4):
                    if other != undertaker:
                        pay(pay_table, L.C_REVERSIS, other, undertaker,
                            rules[L.R_REVERSIS_FROM_EACH] * multiplier(other, undertaker, 0, 0))
        else:
            row[L.D_REVERSIS] = L.REV_BROKEN
            payer = esp if (esp >= 0 and esp != undertaker and esp != breaker) else undertaker
            pay(pay_table, L.C_REVERSIS, payer, breaker, rules[L.R_REVERSIS_BROKEN])
        if holder == undertaker and 0 < row[L.D_QUINOLA_TRICK] <= 9:
            if breaker < 0:
                row[L.D_REMISE_TAKER] = undertaker
                pay(pay_table, L.C_REMISE, L.POOL, undertaker, p0)
            else:
                row[L.D_REMISE_MAKER] = undertaker
                pay(pay_table, L.C_REMISE, undertaker, L.POOL, remise)
    else:
        # "Qu'il fait la remise s'il a placé le quinola" (seed), "instead of receiving it" (Hoyle): an
        # espagnolette making tous les frais does not take the remise his placed quinola won
        placed_by_entered = entered and holder == esp and fate == L.Q_PLACED
        if fate == L.Q_PLACED and not placed_by_entered:
            row[L.D_REMISE_TAKER] = holder
            pay(pay_table, L.C_REMISE, L.POOL, holder, p0)
        elif fate == L.Q_FORCED or fate == L.Q_PLAYED:
            row[L.D_REMISE_MAKER] = holder
            pay(pay_table, L.C_REMISE, holder, L.POOL, remise)
        row[L.D_ESP_ALL_COSTS] = 1 if entered else 0
        if esp >= 0 and not entered:
            winner = esp
        else:
            winner = natural_winner(row, esp if entered else -1, rules[L.R_TIE_DEALER_LEFT] == 1)
        value = partie_value(np.uint64(row[L.D_ECART]), points, rules[L.R_PARTIE_TALON_1765] == 1)
        row[L.D_PARTIE_WINNER] = winner
        row[L.D_PARTIE_VALUE] = value
        if entered:
            pay(pay_table, L.C_ALL_COSTS, esp, winner, value * multiplier(esp, winner, 0, 0))
        elif rules[L.R_PARTIE_FROM_POOL] == 1:
            in_pool = p0 + pay_table[L.C_REMISE, L.POOL]
            pay(pay_table, L.C_PARTIE, L.POOL, winner, min(value, in_pool))
        else:
            for other in range(4):
                if other != winner:
                    pay(pay_table, L.C_PARTIE, other, winner, value * multiplier(other, winner, 0, 0))
        pay_played(pay_table, rules, deferred, n_deferred, winner)
        if entered:
            if placed_by_entered:
                row[L.D_REMISE_MAKER] = esp
                pay(pay_table, L.C_ALL_COSTS, esp, L.POOL, remise)
            for k in range(n_gifts):
                if rules[L.R_ALL_COSTS_OWN] == 0:
                    pay(pay_table, L.C_ALL_COSTS, esp, gifts[k, 0], 2 * gifts[k, 1])
                elif gifts[k, 2] == esp:
                    pay(pay_table, L.C_ALL_COSTS, esp, gifts[k, 0], gifts[k, 1])
    for a in range(L.N_ACCOUNTS):
        net = 0
        for c in range(L.N_CATEGORIES):
            row[L.D_PAY + c * L.N_ACCOUNTS + a] = pay_table[c, a]
            net += pay_table[c, a]
        row[L.D_NET + a] = net
    row[L.D_POOL_END] = pool_start + row[L.D_NET + L.POOL]
    return row[L.D_POOL_END]
