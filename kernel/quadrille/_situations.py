"""Situations in the course of play: is a seat's situation program true at this decision?

A claim about card play ("the friend, on lead with one matador, should lead it") changes a
role's play only where its situation holds (kernel/quadrille/situations.py parses the text into
the seat's parameter row). Everything a term reads is what the deciding player sees: his hand,
the cards gone, the trick so far, who is known to be his partner.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, above, bit, highest, popcount

from . import _layout as L
from ._card_play import is_partner, masters, role_of

# feature ids (situations.FEATURES names and documents them)
F_ROLE, F_TRICK, F_POSITION, F_ON_LEAD, F_PLAYS_LAST, F_MATADORS, F_TRUMPS, F_TRUMPS_OUT, F_MATADORS_OUT = \
    1, 2, 3, 4, 5, 6, 7, 8, 9
F_SURE_WINNERS, F_SURE_TRUMPS, F_LED_TRUMP, F_CALLED_SUIT_LED, F_KING_SHOWN, F_PARTNER_WINNING = 10, 11, 12, 13, 14, 15
F_SIDE_TRICKS, F_OPPONENT_TRICKS, F_CARDS_LEFT, F_HOLDS_CALLED_KING, F_SEAT, F_CONTRACT, F_VOLE_DECISION = \
    16, 17, 18, 19, 20, 21, 22
F_TOP_TRUMP, F_RED_TRUMPS = 23, 24
N_FEATURES = 25
_HEARTS, _DIAMONDS = 2, 3  # cards.SUITS


@njit(cache=True, _nrt=False)
def _top_trumps(trump_block, n):
    """The ``n`` highest cards of the trump suit in the pack (the matadors for n = 3)."""
    out = ZERO
    rest = trump_block
    for _ in range(n):
        if rest == ZERO:
            break
        top = highest(rest)
        out |= bit(top)
        rest ^= bit(top)
    return out


@njit(cache=True, _nrt=False)
def feature(fid, obs, hand, pack_ord, block_of_pos, block_mask, vole):
    """The value of feature ``fid`` for the player of ``obs`` holding ``hand`` (ordered mask)."""
    trump = obs[L.O_TRUMP]
    trump_block = block_mask[trump, trump]
    gone = np.uint64(obs[L.O_GONE])
    outstanding = pack_ord & ~gone & ~hand
    n_in_trick = obs[L.O_N_IN_TRICK]
    called = obs[L.O_CALLED_POS]
    if fid == F_ROLE:
        return role_of(obs)
    if fid == F_TRICK:
        return obs[L.O_TRICK] + 1
    if fid == F_POSITION:
        return n_in_trick + 1
    if fid == F_ON_LEAD:
        return 1 if n_in_trick == 0 else 0
    if fid == F_PLAYS_LAST:
        return 1 if n_in_trick == obs[L.O_N_SEATS] - 1 else 0
    if fid == F_MATADORS:
        return popcount(hand & _top_trumps(trump_block, 3))
    if fid == F_TRUMPS:
        return popcount(hand & trump_block)
    if fid == F_TRUMPS_OUT:
        return popcount(outstanding & trump_block)
    if fid == F_MATADORS_OUT:
        return popcount(outstanding & _top_trumps(trump_block, 3))
    if fid == F_SURE_WINNERS:
        return popcount(masters(hand, outstanding, trump, block_mask))
    if fid == F_SURE_TRUMPS:
        return popcount(masters(hand, outstanding, trump, block_mask) & trump_block)
    if fid == F_LED_TRUMP:
        return 1 if n_in_trick > 0 and block_of_pos[trump, obs[L.O_TRICK_CARDS]] == trump else 0
    if fid == F_CALLED_SUIT_LED:
        if n_in_trick == 0 or called < 0:
            return 0
        return 1 if block_of_pos[trump, obs[L.O_TRICK_CARDS]] == block_of_pos[trump, called] else 0
    if fid == F_KING_SHOWN:
        return 1 if called >= 0 and gone & bit(called) != ZERO else 0
    if fid == F_PARTNER_WINNING:
        return 1 if n_in_trick > 0 and obs[L.O_BEST_SEAT] != obs[L.O_SEAT] and \
            is_partner(obs, obs[L.O_BEST_SEAT]) else 0
    if fid == F_SIDE_TRICKS or fid == F_OPPONENT_TRICKS:
        total = 0
        for other in range(obs[L.O_N_SEATS]):
            if is_partner(obs, other) == (fid == F_SIDE_TRICKS):
                total += obs[L.O_TRICKS + other]
        return total
    if fid == F_CARDS_LEFT:
        return popcount(hand)
    if fid == F_HOLDS_CALLED_KING:
        return 1 if called >= 0 and hand & bit(called) != ZERO else 0
    if fid == F_SEAT:
        return obs[L.O_SEAT]
    if fid == F_CONTRACT:
        return obs[L.O_CONTRACT]
    if fid == F_VOLE_DECISION:
        return vole
    if fid == F_TOP_TRUMP:
        mine = hand & trump_block
        return 0 if mine == ZERO else 1 + popcount(trump_block & above(highest(mine)))
    if fid == F_RED_TRUMPS:
        return 1 if trump == _HEARTS or trump == _DIAMONDS else 0
    return -1


@njit(cache=True, _nrt=False)
def _compare(left, op, right):
    if op == L.OP_EQ:
        return left == right
    if op == L.OP_NE:
        return left != right
    if op == L.OP_LT:
        return left < right
    if op == L.OP_LE:
        return left <= right
    if op == L.OP_GT:
        return left > right
    return left >= right


@njit(cache=True, _nrt=False)
def situation_holds(params, obs, hand, pack_ord, block_of_pos, block_mask, vole):
    """True when the seat's row has a situation and every one of its terms holds now."""
    n_terms = int(params[L.SITUATION])
    if n_terms == 0:
        return False
    for term in range(n_terms):
        at = L.SITUATION + 1 + 3 * term
        value = feature(int(params[at]), obs, hand, pack_ord, block_of_pos, block_mask, vole)
        if not _compare(value, int(params[at + 1]), int(params[at + 2])):
            return False
    return True


@njit(cache=True, _nrt=False)
def play_of(params, pid, obs, hand, pack_ord, block_of_pos, block_mask, vole):
    """Who plays this decision and by which rules: (policy id, start of the card-play rules in the
    row, whether the seat's situation holds). A role another policy plays takes that policy; where
    the situation holds, the situation's rules and role policies apply."""
    rules_at = L.CARD_RULES
    if params[L.PLAYS_BY_ROLE] == 0:
        return pid, rules_at, False
    roles_at = L.ROLE_POLICY
    held = False
    if params[L.SITUATION] > 0 and situation_holds(params, obs, hand, pack_ord, block_of_pos, block_mask, vole):
        rules_at = L.ALT_RULES
        roles_at = L.ALT_ROLE_POLICY
        held = True
    override = params[roles_at + role_of(obs)]
    if override >= 0:
        pid = int(override)
    return pid, rules_at, held
