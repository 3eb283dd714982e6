"""The learned player's card play: a linear scorer of each legal card, learned from pimc.

At a card with a real choice the player groups the legal cards into classes of equal cards (same
suit, nothing still out between them: they take the same tricks, and pimc values them alike), and
scores the lowest card of each class by a linear function of cheap yes/no features of that card in
this position: what it is (trump, matador, sure winner, how many cards still out beat it), what it
does to the trick (follows, trumps, discards, wins now, wins for sure, overtakes a partner), what it
leads (trumps, a suit an opponent or a partner has shown he lacks, the called suit, through the
ombre), and the game (the vole, a trick that decides). Each feature is one bit of a uint64 word
(``candidate_features``); a card's score is the sum of the weights of its set bits. The weights
depend on the player's role (as he can tell it) and his place in the trick, one row of
``L.LEARNED_FEATURES`` weights for each of ``L.LEARNED_BUCKETS`` (role, place) pairs, read from the
seat's parameter row at ``L.LEARNED_WEIGHTS`` (kernel/quadrille/learned.py loads the shipped file
into it). The card of the best score is played, the lowest on a tie.

Everything the features read is what the player sees: his hand, the cards gone, the trick so far,
who has shown out of what (``O_CANNOT_HOLD``), the tricks won, who is known to be his partner.
``decision_features`` gives the training code (analyses/quadrille/learned_training.py) the very
words the player scores, so what was learned is what is played.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, above, below, bit, highest, lowest, popcount

from . import _layout as L
from ._card_play import is_partner, role_of

SLOT_LEAD, SLOT_SECOND, SLOT_MIDDLE, SLOT_LAST = 0, 1, 2, 3
STATE_SETTLED, STATE_CRITICAL, STATE_ONE_SPARE, STATE_SLACK = 0, 1, 2, 3
# The second word's one-hot groups (learned.CROSSES documents them): where each starts.
X_SUIT_SHAPE, X_TRUMP_BALANCE, X_TEAM_STATE = 0, 32, 48
# The third word's groups (learned.THIRD documents them).
Y_LEAD_SEAT, Y_LENGTHS, Y_FOLLOW, Y_PHASE = 0, 16, 32, 48

# The bits of a candidate's feature word (learned.FEATURES names and documents each, in order).
F_TRUMP, F_MATADOR, F_ABOVE_0, F_ABOVE_1, F_ABOVE_2, F_ABOVE_3, F_TOP_OF_PACK, F_BELOW_0, F_BELOW_3 = range(9)
F_LOWEST_MINE, F_HIGHEST_MINE, F_LENGTH_1, F_LENGTH_2, F_LENGTH_4, F_NONE_OUT, F_FEW_OUT, F_GUARD, F_CALLED_CARD = range(9, 18)
F_CALLED_SUIT, F_FOLLOW, F_RUFF, F_DISCARD, F_WINS, F_OVERTAKES, F_SURE, F_UNDER_PARTNER = range(18, 26)
F_PARTNER_SURE_HIGH, F_LOWEST_WINNER, F_OVERKILL, F_OVERTRUMP, F_DISCARD_VOID, F_DISCARD_MASTER = range(26, 32)
F_DISCARD_CALLED, F_RUFF_MATADOR, F_RUFF_LOW, F_LAST_WINS, F_FOLLOW_HIGH_LOSER = range(32, 37)
F_LEAD_TRUMP, F_LEAD_TRUMP_MASTER, F_LEAD_TRUMP_LOW, F_LEAD_MASTER, F_LEAD_INTO_RUFF, F_LEAD_TO_PARTNER_RUFF = \
    range(37, 43)
F_LEAD_NONE_OUT, F_LEAD_CALLED_SUIT, F_LEAD_THROUGH, F_LEAD_UP_TO, F_LEAD_KING, F_LEAD_LOW, F_LEAD_LONG, \
    F_LEAD_SINGLETON, F_LEAD_TRUMP_AHEAD = range(43, 52)
F_LAST_TRUMP, F_TRUMP_NONE_OUT, F_TRUMP_MASTER_OUT, F_VOLE_WINS, F_VOLE_MASTER, F_WINS_OMBRE_AFTER, \
    F_LOW_OMBRE_AFTER, F_CRITICAL_WINS, F_CRITICAL_SURE, F_LEAD_SURE = range(52, 62)
N_USED = 62
assert N_USED <= 64 and L.LEARNED_FEATURES == 192  # three words of 64 bits


@njit(cache=True, _nrt=False)
def slot_of(obs):
    """The player's place in the trick: leading, second, in the middle, last."""
    k = obs[L.O_N_IN_TRICK]
    if k == 0:
        return SLOT_LEAD
    if k == obs[L.O_N_SEATS] - 1:
        return SLOT_LAST
    return SLOT_SECOND if k == 1 else SLOT_MIDDLE


@njit(cache=True, _nrt=False)
def bucket_of(obs):
    """The row of weights this decision reads: role * LEARNED_SLOTS + place in the trick."""
    return role_of(obs) * L.LEARNED_SLOTS + slot_of(obs)


@njit(cache=True, _nrt=False)
def classes(legal, hand, seen, trump, block_of_pos):
    """The lowest card of each class of equal legal cards: same block, and every position between
    them the player's own or played before this trick (``seen``)."""
    reps = ZERO
    rest = legal
    last = -1
    while rest != ZERO:
        p = lowest(rest)
        rest ^= bit(p)
        if last >= 0 and block_of_pos[trump, p] == block_of_pos[trump, last]:
            between = above(last) & below(p)
            if between & ~(hand | seen) == ZERO:
                last = p
                continue
        reps |= bit(p)
        last = p
    return reps


@njit(cache=True, _nrt=False)
def _can_beat(p, block, seat, obs, outstanding, trump_block):
    """May ``seat`` hold a card that beats position ``p`` of ``block`` (a higher card of its block,
    or, if he has shown he has none of a plain block, a trump)?"""
    free = outstanding & ~np.uint64(obs[L.O_CANNOT_HOLD + seat])
    if free & block & above(p) != ZERO:
        return True
    return block != trump_block and free & block == ZERO and free & trump_block != ZERO


@njit(cache=True, _nrt=False)
def _safe_from_later(p, block, obs, outstanding, trump_block):
    """Nobody still to play to this trick who is not known to be a partner can beat ``p``."""
    n_seats = obs[L.O_N_SEATS]
    leader = obs[L.O_LEADER]
    for j in range(obs[L.O_N_IN_TRICK] + 1, n_seats):
        seat = (leader + j) % n_seats
        if not is_partner(obs, seat) and _can_beat(p, block, seat, obs, outstanding, trump_block):
            return False
    return True


@njit(cache=True, _nrt=False)
def _plays_after(obs, seat):
    """Does ``seat`` play to this trick after the player?"""
    n_seats = obs[L.O_N_SEATS]
    offset = (seat - obs[L.O_LEADER]) % n_seats
    return offset > obs[L.O_N_IN_TRICK]


@njit(cache=True, _nrt=False)
def _team_tricks(obs):
    """(tricks won by the player and his known partners, tricks won by the others)."""
    mine = 0
    theirs = 0
    for other in range(obs[L.O_N_SEATS]):
        if is_partner(obs, other):
            mine += obs[L.O_TRICKS + other]
        else:
            theirs += obs[L.O_TRICKS + other]
    return mine, theirs


@njit(cache=True, _nrt=False)
def _team_state(obs, left, on_side, mine, theirs):
    """How the player's team stands against its next goal, with ``left`` tricks to play (this one
    included): 0 settled (no better result is still in reach), 1 it needs every trick left, 2 all but
    one, 3 more slack. The side's goals are the remise (most tricks less one: five of ten), the win
    (most tricks) and, while the defence has none, the vole (all); the defence's are the side's goals
    denied: a first trick (no vole), the side held under the win, then under the remise (codille). The
    thresholds are read as the shipped rulesets' (six of ten to win): the weights learn what they are worth."""
    hand_size = obs[L.O_TRICK] + left
    win = hand_size // 2 + 1
    side = mine if on_side else theirs
    defence = theirs if on_side else mine
    stop_win = hand_size - win + 1   # the defence's tricks that hold the side under the win
    if on_side:
        if side >= win:
            need = left if defence == 0 else 0               # the vole, or nothing more to gain
        elif win - side <= left:
            need = win - side
        else:
            need = win - 1 - side                            # the remise: no codille
    else:
        if defence >= stop_win:
            need = stop_win + 1 - defence                    # codille
        elif stop_win - defence <= left:
            need = stop_win - defence
        else:
            need = 1 if defence == 0 else 0                  # a trick against the vole
    if need <= 0 or need > left:
        return STATE_SETTLED
    if need == left:
        return STATE_CRITICAL
    return STATE_ONE_SPARE if need == left - 1 else STATE_SLACK


@njit(cache=True, _nrt=False)
def cross_features(p, hand, obs, outstanding, trump, block_of_pos, block_mask, wins_mask, state, balance, sure):
    """The second feature word of legal position ``p``: three one-hot groups. The shape of its suit
    (which of the three highest cards still in play are the player's, and how many of them are above
    it); its kind (a trump or plain lead, a trump or plain card to a trick) by the trump balance (no
    trump out, the player holds as many as are out, fewer, none); and the team's state against its
    goal by what the card does (a sure winner, a winner that may be beaten, a loser to a trick, a
    lead that may lose)."""
    block_id = block_of_pos[trump, p]
    block = block_mask[trump, block_id]
    live = (hand | outstanding) & block
    shape = 0
    rest = live
    for j in range(3):
        if rest == ZERO:
            break
        top = highest(rest)
        if hand & bit(top) != ZERO:
            shape |= 1 << j
        rest ^= bit(top)
    rank = min(popcount(live & above(p)), 3)
    w = bit(X_SUIT_SHAPE + shape * 4 + rank)
    leading = obs[L.O_N_IN_TRICK] == 0
    is_trump = block_id == trump
    kind = (0 if is_trump else 1) if leading else (2 if is_trump else 3)
    w |= bit(X_TRUMP_BALANCE + kind * 4 + balance)
    if sure and (leading or wins_mask & bit(p) != ZERO):
        action = 0
    elif not leading and wins_mask & bit(p) != ZERO:
        action = 1
    else:
        action = 2 if not leading else 3
    return w | bit(X_TEAM_STATE + state * 4 + action)


@njit(cache=True, _nrt=False)
def _relation(obs, other):
    """``other`` as the player knows him: 0 a partner, 1 an opponent, 2 not known yet."""
    if is_partner(obs, other):
        return 0
    seat = obs[L.O_SEAT]
    ombre = obs[L.O_OMBRE]
    friend = obs[L.O_FRIEND_KNOWN]
    alone = obs[L.O_CONTRACT] == L.SANS_PRENDRE or obs[L.O_CONTRACT] == L.SELF_CALLED or obs[L.O_CALLED_POS] < 0
    if seat == ombre:
        return 1 if alone or friend >= 0 else 2
    if seat == friend or other == ombre or other == friend:
        return 1
    return 2


@njit(cache=True, _nrt=False)
def third_features(p, hand, obs, outstanding, trump, block_of_pos, block_mask, wins_mask, sure):
    """The third feature word of legal position ``p``: four one-hot groups. A lead by where the ombre
    sits (the player himself, next, across, last) and what it leads (a trump, a sure plain winner, a
    plain card one or two cards out beat, one that three or more beat); the player's length in its
    suit by the cards of it still out; a card to a trick by who is winning it (a partner, an
    opponent, not known yet) and what it does (wins for sure, wins for now, follows and loses, is
    discarded or trumps in vain); and the stage of the deal (tricks 1-2, 3-5, 6-7, 8-10) by its kind."""
    block_id = block_of_pos[trump, p]
    block = block_mask[trump, block_id]
    is_trump = block_id == trump
    n_above = popcount(outstanding & block & above(p))
    leading = obs[L.O_N_IN_TRICK] == 0
    w = ZERO
    if leading:
        n_seats = obs[L.O_N_SEATS]
        where = (obs[L.O_OMBRE] - obs[L.O_SEAT]) % n_seats
        sits = 0 if where == 0 else (1 if where == 1 else (3 if where == n_seats - 1 else 2))
        what = 0 if is_trump else (1 if n_above == 0 else (2 if n_above <= 2 else 3))
        w |= bit(Y_LEAD_SEAT + sits * 4 + what)
    mine = min(popcount(hand & block), 4) - 1
    out = popcount(outstanding & block)
    out_class = 0 if out == 0 else (1 if out <= 2 else (2 if out <= 4 else 3))
    w |= bit(Y_LENGTHS + mine * 4 + out_class)
    if not leading:
        relation = _relation(obs, obs[L.O_BEST_SEAT])
        wins = wins_mask & bit(p) != ZERO
        led_block = block_of_pos[trump, obs[L.O_TRICK_CARDS]]
        if wins:
            action = 0 if sure else 1
        else:
            action = 2 if block_id == led_block else 3
        w |= bit(Y_FOLLOW + relation * 4 + action)
    trick = obs[L.O_TRICK]
    phase = 0 if trick < 2 else (1 if trick < 5 else (2 if trick < 7 else 3))
    kind = (0 if is_trump else 1) if leading else (2 if is_trump else 3)
    return w | bit(Y_PHASE + phase * 4 + kind)


@njit(cache=True, _nrt=False)
def candidate_features(p, hand, legal, obs, outstanding, seen, trump, block_of_pos, block_mask, top3, wins_mask,
                       vole_on, critical, ombre_after, lowest_winner, state, balance):
    """The three feature words of legal position ``p``: the F_* bits, ``cross_features`` and ``third_features``."""
    block_id = block_of_pos[trump, p]
    block = block_mask[trump, block_id]
    trump_block = block_mask[trump, trump]
    is_trump = block_id == trump
    mine = hand & block
    out_block = outstanding & block
    n_above = popcount(out_block & above(p))
    n_below = popcount(out_block & below(p))
    n_mine = popcount(mine)
    k = obs[L.O_N_IN_TRICK]
    called = obs[L.O_CALLED_POS]
    f = ZERO
    if is_trump:
        f |= bit(F_TRUMP)
        if popcount(hand & trump_block) == 1:
            f |= bit(F_LAST_TRUMP)
        if outstanding & trump_block == ZERO:
            f |= bit(F_TRUMP_NONE_OUT)
        elif n_above == 0:
            f |= bit(F_TRUMP_MASTER_OUT)
    if top3 & bit(p) != ZERO:
        f |= bit(F_MATADOR)
    f |= bit(F_ABOVE_0 + min(n_above, 3))
    if block & above(p) == ZERO:
        f |= bit(F_TOP_OF_PACK)
    if n_below == 0:
        f |= bit(F_BELOW_0)
    elif n_below >= 3:
        f |= bit(F_BELOW_3)
    if lowest(mine) == p:
        f |= bit(F_LOWEST_MINE)
    if highest(mine) == p:
        f |= bit(F_HIGHEST_MINE)
    if n_mine == 1:
        f |= bit(F_LENGTH_1)
    elif n_mine == 2:
        f |= bit(F_LENGTH_2)
    elif n_mine >= 4:
        f |= bit(F_LENGTH_4)
    if out_block == ZERO:
        f |= bit(F_NONE_OUT)
    elif popcount(out_block) <= 2:
        f |= bit(F_FEW_OUT)
    if n_mine == 2 and highest(mine) != p and popcount(out_block & above(highest(mine))) >= 1:
        f |= bit(F_GUARD)  # the one card beside an honour that is not yet master
    if called >= 0:
        if p == called:
            f |= bit(F_CALLED_CARD)
        elif block_of_pos[trump, called] == block_id:
            f |= bit(F_CALLED_SUIT)
    sure_now = _safe_from_later(p, block, obs, outstanding, trump_block)
    if k == 0:
        ombre = obs[L.O_OMBRE]
        if sure_now:
            f |= bit(F_LEAD_SURE)
        if is_trump:
            f |= bit(F_LEAD_TRUMP)
            if n_above == 0:
                f |= bit(F_LEAD_TRUMP_MASTER)
            if lowest(mine) == p:
                f |= bit(F_LEAD_TRUMP_LOW)
            if popcount(outstanding & trump_block) <= popcount(hand & trump_block):
                f |= bit(F_LEAD_TRUMP_AHEAD)
        else:
            if n_above == 0:
                f |= bit(F_LEAD_MASTER)
            if out_block == ZERO:
                f |= bit(F_LEAD_NONE_OUT)
            if called >= 0 and block_of_pos[trump, called] == block_id:
                f |= bit(F_LEAD_CALLED_SUIT)
            if block & above(p) == ZERO:
                f |= bit(F_LEAD_KING)
            if n_below <= 1:
                f |= bit(F_LEAD_LOW)
            if n_mine >= 4:
                f |= bit(F_LEAD_LONG)
            if n_mine == 1:
                f |= bit(F_LEAD_SINGLETON)
            for other in range(obs[L.O_N_SEATS]):
                if other == obs[L.O_SEAT]:
                    continue
                free = outstanding & ~np.uint64(obs[L.O_CANNOT_HOLD + other])
                void = free & block == ZERO and free & trump_block != ZERO
                if void and is_partner(obs, other):
                    f |= bit(F_LEAD_TO_PARTNER_RUFF)
                elif void:
                    f |= bit(F_LEAD_INTO_RUFF)
            if ombre != obs[L.O_SEAT]:
                n_seats = obs[L.O_N_SEATS]
                if (ombre - obs[L.O_SEAT]) % n_seats == 1:
                    f |= bit(F_LEAD_THROUGH)
                elif (obs[L.O_SEAT] - ombre) % n_seats == 1:
                    f |= bit(F_LEAD_UP_TO)
    else:
        led_block = block_of_pos[trump, obs[L.O_TRICK_CARDS]]
        wins = wins_mask & bit(p) != ZERO
        partner_best = is_partner(obs, obs[L.O_BEST_SEAT])
        if block_id == led_block:
            f |= bit(F_FOLLOW)
            if not wins and highest(mine) == p and n_mine >= 2:
                f |= bit(F_FOLLOW_HIGH_LOSER)
        elif is_trump:
            f |= bit(F_RUFF)
            if top3 & bit(p) != ZERO:
                f |= bit(F_RUFF_MATADOR)
            if lowest(hand & trump_block) == p:
                f |= bit(F_RUFF_LOW)
        else:
            f |= bit(F_DISCARD)
            if n_mine == 1:
                f |= bit(F_DISCARD_VOID)
            if n_above == 0:
                f |= bit(F_DISCARD_MASTER)
            if called >= 0 and block_of_pos[trump, called] == block_id:
                f |= bit(F_DISCARD_CALLED)
        if wins:
            f |= bit(F_WINS)
            if partner_best:
                f |= bit(F_OVERTAKES)
            if sure_now:
                f |= bit(F_SURE)
            if p == lowest_winner:
                f |= bit(F_LOWEST_WINNER)
            else:
                f |= bit(F_OVERKILL)
            if block_of_pos[trump, obs[L.O_BEST_POS]] == trump and is_trump:
                f |= bit(F_OVERTRUMP)
            if k == obs[L.O_N_SEATS] - 1:
                f |= bit(F_LAST_WINS)
            if ombre_after:
                f |= bit(F_WINS_OMBRE_AFTER)
        else:
            if partner_best:
                f |= bit(F_UNDER_PARTNER)
                best = obs[L.O_BEST_POS]
                if n_below >= 1 and _safe_from_later(best, block_mask[trump, block_of_pos[trump, best]], obs,
                                                     outstanding, trump_block):
                    f |= bit(F_PARTNER_SURE_HIGH)
            if ombre_after and lowest(mine) == p:
                f |= bit(F_LOW_OMBRE_AFTER)
    if vole_on:
        if k > 0 and wins:
            f |= bit(F_VOLE_WINS)
        if n_above == 0:
            f |= bit(F_VOLE_MASTER)
    if critical:
        if k > 0 and wins:
            f |= bit(F_CRITICAL_WINS)
        if sure_now and (k == 0 or wins):
            f |= bit(F_CRITICAL_SURE)
    return (f, cross_features(p, hand, obs, outstanding, trump, block_of_pos, block_mask, wins_mask, state, balance,
                              sure_now),
            third_features(p, hand, obs, outstanding, trump, block_of_pos, block_mask, wins_mask, sure_now))


@njit(cache=True, _nrt=False)
def _context(hand, legal, obs, pack_ord, block_of_pos, block_mask):
    """What every candidate of one decision shares: (outstanding, seen, top3, wins_mask, vole_on,
    critical, ombre_after, lowest_winner, team state, trump balance)."""
    trump = obs[L.O_TRUMP]
    trump_block = block_mask[trump, trump]
    gone = np.uint64(obs[L.O_GONE])
    outstanding = pack_ord & ~gone & ~hand
    k = obs[L.O_N_IN_TRICK]
    seen = gone
    for i in range(k):
        seen &= ~bit(obs[L.O_TRICK_CARDS + i])
    top3 = ZERO
    rest = trump_block
    for _ in range(3):
        if rest == ZERO:
            break
        top = highest(rest)
        top3 |= bit(top)
        rest ^= bit(top)
    wins_mask = ZERO
    lowest_winner = -1
    if k > 0:
        best = obs[L.O_BEST_POS]
        best_block = block_of_pos[trump, best]
        if best_block == trump:
            wins_mask = legal & trump_block & above(best)
        else:
            wins_mask = (legal & block_mask[trump, best_block] & above(best)) | (legal & trump_block)
        if wins_mask != ZERO:
            lowest_winner = lowest(wins_mask)
    mine, theirs = _team_tricks(obs)
    trick = obs[L.O_TRICK]
    role = role_of(obs)
    on_side = role == L.ROLE_OMBRE or role == L.ROLE_FRIEND or role == L.ROLE_FORCED
    vole_on = trick >= 4 and (theirs == 0 if on_side else mine == 0)
    state = _team_state(obs, popcount(hand), on_side, mine, theirs)
    critical = state == STATE_CRITICAL
    mine_trumps = popcount(hand & trump_block)
    out_trumps = popcount(outstanding & trump_block)
    if out_trumps == 0:
        balance = 0
    elif mine_trumps >= out_trumps:
        balance = 1
    else:
        balance = 2 if mine_trumps >= 1 else 3
    ombre = obs[L.O_OMBRE]
    ombre_after = ombre != obs[L.O_SEAT] and not is_partner(obs, ombre) and _plays_after(obs, ombre)
    return outstanding, seen, top3, wins_mask, vole_on, critical, ombre_after, lowest_winner, state, balance


@njit(cache=True, _nrt=False)
def _score(params, base, word):
    """The sum of the weights ``params[base + i]`` of the set bits i of ``word``."""
    score = 0.0
    while word != ZERO:
        score += params[base + lowest(word)]
        word &= word - np.uint64(1)
    return score


@njit(cache=True, _nrt=False)
def learned_card(params, hand, legal, obs, pack_ord, block_of_pos, block_mask):
    """The learned player's card: an ordered position of ``legal`` (two or more cards)."""
    trump = obs[L.O_TRUMP]
    outstanding, seen, top3, wins_mask, vole_on, critical, ombre_after, lowest_winner, state, balance = \
        _context(hand, legal, obs, pack_ord, block_of_pos, block_mask)
    reps = classes(legal, hand, seen, trump, block_of_pos)
    if popcount(reps) == 1:
        return lowest(reps)
    base = L.LEARNED_WEIGHTS + bucket_of(obs) * L.LEARNED_FEATURES
    best = -1
    best_score = -np.inf
    rest = reps
    while rest != ZERO:
        p = lowest(rest)
        rest ^= bit(p)
        first, second, third = candidate_features(p, hand, legal, obs, outstanding, seen, trump, block_of_pos,
                                                  block_mask, top3, wins_mask, vole_on, critical, ombre_after,
                                                  lowest_winner, state, balance)
        score = _score(params, base, first) + _score(params, base + 64, second) + _score(params, base + 128, third)
        if score > best_score:
            best_score = score
            best = p
    return best


@njit(cache=True)
def decision_features(obs, hand, legal, pack_ord, block_of_pos, block_mask, words, positions):
    """For training: the bucket of the decision, and for each class of equal legal cards (at most
    ``words.shape[0]``) its lowest card in ``positions`` and its three feature words in ``words[n]``.
    Returns (bucket, number of classes)."""
    trump = obs[L.O_TRUMP]
    outstanding, seen, top3, wins_mask, vole_on, critical, ombre_after, lowest_winner, state, balance = \
        _context(hand, legal, obs, pack_ord, block_of_pos, block_mask)
    reps = classes(legal, hand, seen, trump, block_of_pos)
    n = 0
    rest = reps
    while rest != ZERO and n < words.shape[0]:
        p = lowest(rest)
        rest ^= bit(p)
        positions[n] = p
        words[n, 0], words[n, 1], words[n, 2] = candidate_features(
            p, hand, legal, obs, outstanding, seen, trump, block_of_pos, block_mask, top3, wins_mask, vole_on, critical,
            ombre_after, lowest_winner, state, balance)
        n += 1
    return bucket_of(obs), n
