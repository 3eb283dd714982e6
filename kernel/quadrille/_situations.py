"""Situations in the course of play: does a seat's situation program hold at this decision?

A claim about card play ("the friend, on lead with one matador, should lead it") changes a
role's play only where its situation holds (kernel/quadrille/situations.py compiles the text into
the seat's parameter row: leaves that compare a signed sum of features with 0 and jump on). Every
feature reads what the deciding player sees: his hand, the cards gone, the trick so far, the leads
so far, who is known to be his partner.

The deal loop keeps the leads so far in ``obs`` (note_lead, at each trick's first card): public
facts the situations and the keep_suit rule read. A seat without a situation never evaluates one
(play_of's fast path), so its decisions cost what they cost before.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, above, bit, highest, popcount

from . import layout as L
from ._card_play import is_partner, masters, role_of

# feature ids (situations.FEATURES names and documents them)
F_ROLE, F_TRICK, F_POSITION, F_ON_LEAD, F_PLAYS_LAST, F_MATADORS, F_TRUMPS, F_TRUMPS_OUT, F_MATADORS_OUT = \
    1, 2, 3, 4, 5, 6, 7, 8, 9
F_SURE_WINNERS, F_SURE_TRUMPS, F_LED_TRUMP, F_CALLED_SUIT_LED, F_KING_SHOWN, F_PARTNER_WINNING = 10, 11, 12, 13, 14, 15
F_SIDE_TRICKS, F_OPPONENT_TRICKS, F_CARDS_LEFT, F_HOLDS_CALLED_KING, F_SEAT, F_CONTRACT, F_VOLE_DECISION = \
    16, 17, 18, 19, 20, 21, 22
F_TOP_TRUMP, F_RED_TRUMPS = 23, 24
F_LEADS, F_HAS_PLAYED, F_POSITION_OF, F_LAST_TO_MY_LEAD, F_WINNING = 25, 26, 27, 28, 29
F_LED_MATADOR, F_LED_KING, F_LED, F_LED_SUIT, F_CALLED_SUIT, F_TRUMP_SUIT = 30, 31, 32, 33, 34, 35
F_HOLDS, F_HOLDS_SEQUENCE, F_SUIT_LENGTH = 36, 37, 38
F_LAST_LED_SUIT, F_SUIT_CHANGES, F_TRUMP_LEADS, F_TRUMPS_PLAYED, F_TRICKS_OF, F_FRIEND_KNOWN = 39, 40, 41, 42, 43, 44
N_FEATURES = 45
_HEARTS, _DIAMONDS = 2, 3   # cards.SUITS
_KING = 9                   # cards.KING
# player codes (situations.WHO_CODES): the seats 0-3 (3 the dealer, last of the table), then these
_WHO_ME, _WHO_OMBRE, _WHO_FRIEND, _WHO_PARTNER, _WHO_SIDE = 4, 5, 6, 7, 8
# suit references (situations.SUIT_REFS): 0-3 the suits, then these, then last_led_suit(who)
_SUIT_TRUMP, _SUIT_CALLED, _SUIT_LED, _SUIT_OF_LAST_LEAD, _SUIT_SHIFT = 4, 5, 6, 16, 1024


@njit(cache=True, _nrt=False)
def reset_history(obs):
    """No lead yet: at the start of every deal's play."""
    for seat in range(L.MAX_SEATS):
        obs[L.O_LAST_LEAD + seat] = -1
        obs[L.O_LAST_LEAD_TRICK + seat] = -1
        obs[L.O_SUIT_CHANGES + seat] = 0
        obs[L.O_TRUMP_LEADS + seat] = 0


@njit(cache=True, _nrt=False)
def note_lead(obs, seat, block, trick, trump):
    """``seat`` led a card of ``block`` (its suit as played) to ``trick``."""
    last = obs[L.O_LAST_LEAD + seat]
    if last >= 0 and last != block:
        obs[L.O_SUIT_CHANGES + seat] += 1
    if block == trump:
        obs[L.O_TRUMP_LEADS + seat] += 1
    obs[L.O_LAST_LEAD + seat] = block
    obs[L.O_LAST_LEAD_TRICK + seat] = trick


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
def _players(who, obs):
    """The seats (a bit each) a player code names, as the deciding player knows them."""
    n_seats = obs[L.O_N_SEATS]
    seat = obs[L.O_SEAT]
    if who < _WHO_ME:
        if who == 3:
            return 1 << (n_seats - 1)
        return 1 << who if who < n_seats - 1 else 0   # "third" names nobody at a table of three
    if who == _WHO_ME:
        return 1 << seat
    if who == _WHO_OMBRE:
        return 1 << obs[L.O_OMBRE]
    if who == _WHO_FRIEND:
        return 0 if obs[L.O_FRIEND_KNOWN] < 0 else 1 << obs[L.O_FRIEND_KNOWN]
    out = 1 << seat if who == _WHO_SIDE else 0
    for other in range(n_seats):
        if other != seat and is_partner(obs, other):
            out |= 1 << other
    return out


@njit(cache=True, _nrt=False)
def _place(other, obs):
    """The place of ``other`` in this trick: 1 for its leader, ..."""
    n_seats = obs[L.O_N_SEATS]
    return (other - obs[L.O_LEADER] + n_seats) % n_seats + 1


@njit(cache=True, _nrt=False)
def _only(players):
    """The one seat of a set, -1 unless it has exactly one."""
    if players == 0 or players & (players - 1) != 0:
        return -1
    seat = 0
    while players >> seat != 1:
        seat += 1
    return seat


@njit(cache=True, _nrt=False)
def _suit(ref, obs, block_of_pos, trump):
    """The suit (0-3) a suit reference names now, -1 for none."""
    if ref < 4:
        return ref
    if ref == _SUIT_TRUMP:
        return trump
    if ref == _SUIT_CALLED:
        called = obs[L.O_CALLED_POS]
        return -1 if called < 0 else block_of_pos[trump, called]
    if ref == _SUIT_LED:
        return -1 if obs[L.O_N_IN_TRICK] == 0 else block_of_pos[trump, obs[L.O_TRICK_CARDS]]
    return _last_led(_players(ref - _SUIT_OF_LAST_LEAD, obs), obs)


@njit(cache=True, _nrt=False)
def _last_led(players, obs):
    """The suit of the latest lead by any of ``players``, -1 if none has led."""
    suit = -1
    latest = -1
    for seat in range(obs[L.O_N_SEATS]):
        if players & (1 << seat) != 0 and obs[L.O_LAST_LEAD_TRICK + seat] > latest:
            latest = obs[L.O_LAST_LEAD_TRICK + seat]
            suit = obs[L.O_LAST_LEAD + seat]
    return suit


@njit(cache=True, _nrt=False)
def _sum_of(players, obs, at):
    total = 0
    for seat in range(obs[L.O_N_SEATS]):
        if players & (1 << seat) != 0:
            total += obs[at + seat]
    return total


@njit(cache=True, _nrt=False)
def _holds(arg, obs, hand, pos_of_card, block_of_pos, trump):
    """1 when ``hand`` holds every rank of the argument's mask in its suit."""
    suit = _suit(arg // _SUIT_SHIFT, obs, block_of_pos, trump)
    if suit < 0:
        return 0
    ranks = arg % _SUIT_SHIFT
    for rank in range(10):
        if ranks & (1 << rank) != 0:
            pos = pos_of_card[trump, suit * 10 + rank]
            if pos < 0 or hand & bit(pos) == ZERO:
                return 0
    return 1


@njit(cache=True, _nrt=False)
def _trick_features(fid, arg, obs, card_of_pos, block_of_pos, block_mask, trump):
    """The features of who sits where in this trick and of the card led (F_LEADS to F_TRUMP_SUIT)."""
    n_in_trick = obs[L.O_N_IN_TRICK]
    n_seats = obs[L.O_N_SEATS]
    led = obs[L.O_TRICK_CARDS] if n_in_trick > 0 else -1
    if fid == F_LED_MATADOR:
        return 1 if led >= 0 and _top_trumps(block_mask[trump, trump], 3) & bit(led) != ZERO else 0
    if fid == F_LED_KING:
        return 1 if led >= 0 and card_of_pos[trump, led] % 10 == _KING else 0
    if fid == F_LED:
        return 1 if led >= 0 and card_of_pos[trump, led] == arg else 0
    if fid == F_LED_SUIT:
        return -1 if led < 0 else block_of_pos[trump, led]
    if fid == F_CALLED_SUIT:
        return _suit(_SUIT_CALLED, obs, block_of_pos, trump)
    if fid == F_TRUMP_SUIT:
        return trump
    players = _players(arg, obs)
    if fid == F_WINNING:
        return 1 if n_in_trick > 0 and players & (1 << obs[L.O_BEST_SEAT]) != 0 else 0
    if fid == F_POSITION_OF or fid == F_LAST_TO_MY_LEAD:
        one = _only(players)
        if one < 0:
            return 0
        if fid == F_POSITION_OF:
            return _place(one, obs)
        return 1 if (obs[L.O_SEAT] - one + n_seats) % n_seats == 1 else 0
    for other in range(n_seats):
        if players & (1 << other) == 0:
            continue
        place = _place(other, obs)
        if (fid == F_PLAYS_LAST and place == n_seats) or (fid == F_LEADS and place == 1) or \
                (fid == F_HAS_PLAYED and place <= n_in_trick):
            return 1
    return 0


@njit(cache=True, _nrt=False)
def feature(fid, arg, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
    """The value of feature ``fid`` (with its argument ``arg``) for the player of ``obs`` holding
    ``hand`` (ordered mask)."""
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
    if fid == F_PLAYS_LAST or (F_LEADS <= fid <= F_TRUMP_SUIT):
        return _trick_features(fid, arg, obs, card_of_pos, block_of_pos, block_mask, trump)
    if fid == F_HOLDS or fid == F_HOLDS_SEQUENCE:
        return _holds(arg, obs, hand, pos_of_card, block_of_pos, trump)
    if fid == F_SUIT_LENGTH:
        suit = _suit(arg, obs, block_of_pos, trump)
        return 0 if suit < 0 else popcount(hand & block_mask[trump, suit])
    if fid == F_LAST_LED_SUIT:
        return _last_led(_players(arg, obs), obs)
    if fid == F_SUIT_CHANGES:
        return _sum_of(_players(arg, obs), obs, L.O_SUIT_CHANGES)
    if fid == F_TRUMP_LEADS:
        return _sum_of(_players(arg, obs), obs, L.O_TRUMP_LEADS)
    if fid == F_TRUMPS_PLAYED:
        return popcount(gone & trump_block)
    if fid == F_TRICKS_OF:
        return _sum_of(_players(arg, obs), obs, L.O_TRICKS)
    if fid == F_FRIEND_KNOWN:
        return 1 if obs[L.O_FRIEND_KNOWN] >= 0 else 0
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
def situation_holds(params, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
    """True when the seat's row has a situation and its program ends true now: from the start leaf,
    each leaf's sum is compared with 0 and the walk jumps to the leaf (or the verdict) it names. Every
    jump goes to a lower leaf, so the walk ends."""
    if params[L.SITUATION] == 0:
        return False
    at_leaf = int(params[L.SITUATION + 1])
    while at_leaf >= 0:
        at = L.SITUATION + 2 + at_leaf * L.SITUATION_LEAF
        total = params[at + L.LEAF_CONST]
        known = True
        suits = params[at + L.LEAF_FLAGS] == L.LEAF_SUITS
        for term in range(int(params[at + L.LEAF_N_TERMS])):
            where = at + L.LEAF_TERM + 3 * term
            value = feature(int(params[where]), int(params[where + 1]), obs, hand, pack_ord, pos_of_card, card_of_pos,
                            block_of_pos, block_mask, vole)
            if suits and value < 0:
                known = False
            total += params[where + 2] * value
        if known and _compare(total, int(params[at + L.LEAF_OP]), 0.0):
            at_leaf = int(params[at + L.LEAF_IF_TRUE])
        else:
            at_leaf = int(params[at + L.LEAF_IF_FALSE])
    return at_leaf == L.LEAF_TRUE


@njit(cache=True, _nrt=False)
def play_of(params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
    """Who plays this decision and by which rules: (policy id, start of the card-play rules in the
    row, whether the seat's situation holds). A role another policy plays takes that policy; where
    the situation holds, the situation's rules and role policies apply."""
    rules_at = L.CARD_RULES
    if params[L.PLAYS_BY_ROLE] == 0:
        return pid, rules_at, False
    roles_at = L.ROLE_POLICY
    held = False
    if params[L.SITUATION] > 0 and situation_holds(params, obs, hand, pack_ord, pos_of_card, card_of_pos,
                                                   block_of_pos, block_mask, vole):
        rules_at = L.ALT_RULES
        roles_at = L.ALT_ROLE_POLICY
        held = True
    override = params[roles_at + role_of(obs)]
    if override >= 0:
        pid = int(override)
    return pid, rules_at, held
