"""The heuristic's card play, read from its rules (kernel/quadrille/card_rules.py documents each).

Every decision looks up the player's role (as he can tell it from what he sees) and reads that
role's rule values from the seat's parameter row: plain numbers, so a claim or a policy file can
change how the friend leads or a defender discards without any Python per decision. At the
defaults the play is the heuristic's as it was written before the rules became data.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, above, below, bit, highest, lowest, popcount

from . import layout as L


@njit(cache=True, _nrt=False)
def role_of(obs):
    """The player's role (layout.ROLE_*), from what he sees."""
    seat = obs[L.O_SEAT]
    contract = obs[L.O_CONTRACT]
    if seat == obs[L.O_OMBRE]:
        return L.ROLE_FORCED if contract == L.FORCED else L.ROLE_OMBRE
    if obs[L.O_FRIEND_KNOWN] == seat:
        return L.ROLE_FRIEND
    if contract == L.SANS_PRENDRE or contract == L.SELF_CALLED or obs[L.O_CALLED_POS] < 0:
        return L.ROLE_DEFENDER_ALONE
    return L.ROLE_DEFENDER_CALLED


@njit(cache=True, _nrt=False)
def _rule(params, base, rule):
    return params[base + rule]


@njit(cache=True, _nrt=False)
def _flag(params, base, rule):
    return params[base + rule] >= 0.5


@njit(cache=True, _nrt=False)
def rules_of_role(rules_at, obs):
    """Where the player's card-play rules start in his parameter row: the block at ``rules_at``
    (CARD_RULES, or ALT_RULES in a situation), at his role's rules. A player keeps his role
    through a deal, so the deal loop asks this once a deal for each seat."""
    return rules_at + role_of(obs) * L.N_CARD_RULES


@njit(cache=True, _nrt=False)
def is_partner(obs, other):
    """Is ``other`` known to be on this player's side? The ombre's partner is the friend he
    called; to a lone hand's defenders, every other defender; to the friend, the ombre; to a
    defender of a called game, the other defender once the friend is known.

    Written as one boolean expression of the cases rather than a chain of branches: the cases
    turn on who sits where, which the branch predictor cannot learn from one deal to the next."""
    seat = obs[L.O_SEAT]
    ombre = obs[L.O_OMBRE]
    friend = obs[L.O_FRIEND_KNOWN]
    contract = obs[L.O_CONTRACT]
    alone = (contract == L.SANS_PRENDRE) | (contract == L.SELF_CALLED) | (obs[L.O_CALLED_POS] < 0)
    is_ombre = seat == ombre
    is_friend = friend == seat
    defender = (not is_ombre) & (not alone) & (not is_friend)
    return ((other == seat)
            | (is_ombre & (not alone) & (other == friend))
            | ((not is_ombre) & alone & (other != ombre))
            | ((not is_ombre) & (not alone) & is_friend & (other == ombre))
            | (defender & (friend >= 0) & (other != ombre) & (other != friend)))


@njit(cache=True, _nrt=False)
def discard(legal, trump, block_mask, shortest, keep):
    """The lowest card of the shortest (or longest) plain suit available, suits in ``keep`` (a bit
    per block) only when no other is; a trump only if nothing else."""
    best = lowest(legal)
    best_key = 1 << 30
    for suit in range(4):  # selects, not branches: which suit is shortest is anybody's guess
        cards = legal & block_mask[trump, suit]
        length = popcount(cards)
        key = (length if shortest else -length) + (100 if keep & (1 << suit) != 0 else 0)
        better = (suit != trump) & (cards != ZERO) & (key < best_key)
        best_key = key if better else best_key
        best = lowest(cards) if better else best
    return best


@njit(cache=True, _nrt=False)
def masters(hand, outstanding, trump, block_mask):
    """Cards of ``hand`` that no unseen card of their suit can beat."""
    out = ZERO
    for suit in range(4):
        block = block_mask[trump, suit]
        mine = hand & block
        # above(highest(0)) is every card: with no card of the suit out, all of his are masters
        out |= mine & above(highest(outstanding & block))
    return out


@njit(cache=True, _nrt=False)
def _equal_top(card, legal, hand, seen, block_mask, trump, block_of_pos):
    """The highest card of ``legal`` equal to ``card``: reached from it through cards that are
    the player's own or played before this trick, within its suit."""
    block = block_mask[trump, block_of_pos[trump, card]]
    next_up = np.uint64(card + 1)
    run = below(lowest(~(((hand | seen) & block) >> next_up))) << next_up  # the unbroken run above it
    return max(card, highest(legal & run))  # highest(0) is -1


@njit(cache=True, _nrt=False)
def _keep_suits(hand, obs, params, base, trump, block_of_pos, block_mask):
    """The plain blocks a discard avoids: the called suit, suits with a guarded king."""
    keep = 0
    called = obs[L.O_CALLED_POS]
    if _flag(params, base, L.CR_KEEP_CALLED_SUIT) and called >= 0:
        keep |= 1 << block_of_pos[trump, called]
    if _flag(params, base, L.CR_KEEP_GUARDED_KINGS):
        for suit in range(4):
            block = block_mask[trump, suit]
            mine = hand & block
            guarded = (((mine >> np.uint64(highest(block | ONE))) & ONE) != ZERO) & (popcount(mine) <= 2)
            keep |= (1 << suit) if (suit != trump) & (block != ZERO) & guarded else 0
    return keep


@njit(cache=True, _nrt=False)
def _side_unbeaten(obs):
    """Has nobody known to be against this player taken a trick yet (the vole is still on)?"""
    beaten = False
    for other in range(obs[L.O_N_SEATS]):
        beaten |= (obs[L.O_TRICKS + other] > 0) & (not is_partner(obs, other))
    return not beaten


@njit(cache=True, _nrt=False)
def _side_last_lead(obs):
    """The block (suit) his side, he or a partner he knows, led last; -1 before its first lead."""
    block = -1
    latest = -1
    for other in range(obs[L.O_N_SEATS]):
        if obs[L.O_LAST_LEAD_TRICK + other] > latest and is_partner(obs, other):
            latest = obs[L.O_LAST_LEAD_TRICK + other]
            block = obs[L.O_LAST_LEAD + other]
    return block


@njit(cache=True, _nrt=False)
def _kings_without_queens(hand, gone, trump, block_mask):
    """The plain kings of ``hand`` (each the top of its block) whose queen is neither held nor played."""
    out = ZERO
    for suit in range(4):
        block = block_mask[trump, suit]
        if suit == trump or popcount(block) < 2:
            continue
        king = highest(block)
        queen = highest(block ^ bit(king))
        if hand & bit(king) != ZERO and (hand | gone) & bit(queen) == ZERO:
            out |= bit(king)
    return out


@njit(cache=True, _nrt=False, forceinline=True)
def _lead(hand, obs, outstanding, params, base, block_of_pos, block_mask):
    trump = obs[L.O_TRUMP]
    trump_block = block_mask[trump, trump]
    my_trumps = hand & trump_block
    out_trumps = outstanding & trump_block
    sure = masters(hand, outstanding, trump, block_mask)
    called = obs[L.O_CALLED_POS]
    if _flag(params, base, L.CR_LEAD_CALLED_KING) and called >= 0 and hand & bit(called) != ZERO:
        return called  # the friend shows himself
    if _flag(params, base, L.CR_CASH_WINNERS_FIRST) and sure != ZERO and _side_unbeaten(obs):
        if sure & trump_block != ZERO:
            return highest(sure & trump_block)
        return highest(sure)
    if my_trumps != ZERO and out_trumps != ZERO:
        n_mine = popcount(my_trumps)
        n_out = popcount(out_trumps)
        spare = n_mine >= 2 or not _flag(params, base, L.CR_KEEP_LAST_TRUMP)
        if spare and n_out >= _rule(params, base, L.CR_DRAW_MIN_OUT) and \
                n_mine >= _rule(params, base, L.CR_DRAW_TRUMPS) * n_out:
            how = _rule(params, base, L.CR_DRAW_CARD)
            if how >= 1.5 or (how < 0.5 and my_trumps & sure != ZERO):
                return highest(my_trumps)
            return lowest(my_trumps)
        if spare and _flag(params, base, L.CR_LEAD_MASTER_TRUMP) and my_trumps & sure != ZERO:
            return highest(my_trumps)
        depth = _rule(params, base, L.CR_LEAD_TOP_TRUMP)
        if spare and depth >= 0.5:
            top = highest(my_trumps)
            if popcount(trump_block & above(top)) < depth:  # fewer than N trumps of the pack above it
                return top
    barred = ZERO   # kings not to lead (king_with_queen)
    if _flag(params, base, L.CR_KING_WITH_QUEEN):
        barred = _kings_without_queens(hand, np.uint64(obs[L.O_GONE]), trump, block_mask)
    high_card = _flag(params, base, L.CR_PLAIN_CARD_HIGH)
    if _flag(params, base, L.CR_KEEP_SUIT):
        kept = _side_last_lead(obs)
        if kept >= 0 and kept != trump:
            cards = hand & block_mask[trump, kept] & ~barred
            if cards != ZERO:
                return highest(cards) if high_card else lowest(cards)
    plain_sure = sure & ~trump_block & ~barred
    if plain_sure != ZERO and _flag(params, base, L.CR_LEAD_PLAIN_MASTERS):
        return highest(plain_sure)
    if my_trumps != ZERO and out_trumps == ZERO and _flag(params, base, L.CR_CASH_TRUMPS_NONE_OUT):
        return highest(my_trumps)
    if _flag(params, base, L.CR_LEAD_CALLED_SUIT) and called >= 0:
        suit = block_of_pos[trump, called]
        cards = hand & block_mask[trump, suit] & ~barred
        if suit != trump and cards != ZERO:
            return lowest(cards)
    # a card of the longest (or shortest) plain suit, a defender avoiding suits the ombre ruffs
    ombre = obs[L.O_OMBRE]
    avoid = _flag(params, base, L.CR_AVOID_OMBRE_VOIDS)
    long_suit = _flag(params, base, L.CR_PLAIN_SUIT_LONG)
    ruffs = obs[L.O_SHOWED_OUT + ombre] if avoid else 0
    best = lowest(hand)
    best_score = -99
    for suit in range(4):  # selects, not branches, as in discard
        cards = hand & block_mask[trump, suit]
        allowed = cards & ~barred
        score = (popcount(cards) if long_suit else 20 - popcount(cards)) - (30 if ruffs & (1 << suit) != 0 else 0)
        better = (suit != trump) & (allowed != ZERO) & (score > best_score)
        best_score = score if better else best_score
        best = (highest(allowed) if high_card else lowest(allowed)) if better else best
    return best


@njit(cache=True, _nrt=False, forceinline=True)
def heuristic_card(params, base, hand, legal, obs, pack_ord, block_of_pos, block_mask):
    """The heuristic's card (an ordered position of ``legal``) under the rules of the player's role
    that start at ``base`` in his row (rules_of_role)."""
    trump = obs[L.O_TRUMP]
    gone = np.uint64(obs[L.O_GONE])
    outstanding = pack_ord & ~gone & ~hand
    if obs[L.O_N_IN_TRICK] == 0:
        return _lead(legal, obs, outstanding, params, base, block_of_pos, block_mask)
    best_pos = obs[L.O_BEST_POS]
    best_block = block_of_pos[trump, best_pos]
    trump_block = block_mask[trump, trump]
    # the cards above the best of its suit, or trumps (the trump block lies above every plain one)
    winners = legal & above(best_pos) & (block_mask[trump, best_block] | trump_block)
    last = obs[L.O_N_IN_TRICK] == obs[L.O_N_SEATS] - 1
    led = obs[L.O_TRICK_CARDS]
    following = (legal & block_mask[trump, block_of_pos[trump, led]]) == legal
    equal_high = _flag(params, base, L.CR_EQUAL_CARDS_HIGH)
    seen = gone  # cards played before this trick: equal-card runs do not pass through this trick's cards
    if equal_high:
        for index in range(obs[L.O_N_IN_TRICK]):
            seen &= ~bit(obs[L.O_TRICK_CARDS + index])
    partner_wins = is_partner(obs, obs[L.O_BEST_SEAT])
    if partner_wins and winners != ZERO:
        if _flag(params, base, L.CR_TOP_TRUMP_ON_PARTNER) and block_of_pos[trump, led] == trump and \
                is_partner(obs, obs[L.O_LEADER]) and winners & trump_block != ZERO:
            return highest(winners & trump_block)
        if _flag(params, base, L.CR_OVERTAKE_PARTNER):
            card = lowest(winners)
            return _equal_top(card, winners, hand, seen, block_mask, trump, block_of_pos) if equal_high else card
    if partner_wins or winners == ZERO or (last and not _flag(params, base, L.CR_LAST_HAND_WIN)):
        if following:
            card = lowest(legal)
            if equal_high:
                # equal to the lowest, but never so high that it takes the trick from a partner
                top = _equal_top(card, legal & ~winners, hand, seen, block_mask, trump, block_of_pos)
                return top
            return card
        keep = _keep_suits(hand, obs, params, base, trump, block_of_pos, block_mask)
        return discard(legal, trump, block_mask, _flag(params, base, L.CR_DISCARD_SHORT), keep)
    if last:
        card = lowest(winners)
    else:
        sure = winners & masters(hand, outstanding, trump, block_mask)
        if sure != ZERO and _flag(params, base, L.CR_WIN_WITH_MASTER):
            card = lowest(sure)
        elif following and best_block != trump and _flag(params, base, L.CR_SECOND_HAND_LOW):
            card = lowest(legal)  # second hand low rather than a winner that can be beaten
            if equal_high:
                return _equal_top(card, legal & ~winners, hand, seen, block_mask, trump, block_of_pos)
            return card
        else:
            card = lowest(winners)
    if equal_high:
        return _equal_top(card, winners, hand, seen, block_mask, trump, block_of_pos)
    return card


@njit(cache=True, _nrt=False)
def heuristic_vole(params, base, hand, obs, pack_ord, block_mask):
    """1 to undertake the vole: at most the role's ``vole_losers`` of one's cards may lose."""
    trump = obs[L.O_TRUMP]
    outstanding = pack_ord & ~np.uint64(obs[L.O_GONE]) & ~hand
    sure = masters(hand, outstanding, trump, block_mask)
    losers = hand & ~sure
    if outstanding & block_mask[trump, trump] != ZERO:
        losers |= hand & ~block_mask[trump, trump]  # plain winners can still be ruffed
    return 1 if popcount(losers) <= _rule(params, base, L.CR_VOLE_LOSERS) else 0
