"""The learned player's card play: a scorer of each legal card, learned from pimc.

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
into it). To that linear score a small network adds what the bits say together (a card that wins
the trick is worth more or less by the team's state, the role, the suit's shape...): one hidden
layer of ``L.LEARNED_HIDDEN`` ReLU units, each the sum of an input row's weight for every set bit
and a bias of the decision's (role, place), and the output weights over them; every number is in
the same parameter row (``L.LEARNED_NET_*``), the units an array on the stack. A flag for each
(role, place) (``L.LEARNED_NET_ON``) says whether its decisions add the network: a file may switch
it on for some roles only (learned.py's ``[network] roles``), the others playing their rows alone. The
card of the best score is played, the lowest on a tie.

Everything the features read is what the player sees: his hand, the cards gone, the trick so far,
who has shown out of what (``O_CANNOT_HOLD``), the tricks won, who is known to be his partner.
``decision_features`` gives the training code (analyses/quadrille/learned_training.py) the very
words the player scores, so what was learned is what is played.
"""

from collections import namedtuple

import numpy as np
from numba import njit, types
from llvmlite import ir
from numba.core import cgutils
from numba.extending import intrinsic

from spadille.kernel.common._bits import ZERO, above, below, bit, highest, lowest, popcount

from . import layout as L
from ._card_play import role_of

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
SCORE_STEPS = 9   # a card's first word has 6.8 set bits on average (9 measured best of 6 to 12)
assert N_USED <= 64 and L.LEARNED_FEATURES == 192  # three words of 64 bits


@njit(inline="always", cache=True, _nrt=False)
def slot_of(obs):
    """The player's place in the trick: leading, second, in the middle, last."""
    k = obs[L.O_N_IN_TRICK]
    if k == 0:
        return SLOT_LEAD
    if k == obs[L.O_N_SEATS] - 1:
        return SLOT_LAST
    return SLOT_SECOND if k == 1 else SLOT_MIDDLE


@njit(inline="always", cache=True, _nrt=False)
def bucket_of(obs):
    """The row of weights this decision reads: role * LEARNED_SLOTS + place in the trick."""
    return role_of(obs) * L.LEARNED_SLOTS + slot_of(obs)


@njit(inline="always", cache=True, _nrt=False)
def bottoms_of(trump, block_mask):
    """The lowest position of each block under ``trump`` (the blocks are runs of positions)."""
    out = ZERO
    for b in range(4):
        m = block_mask[trump, b]
        out |= m & (~m + np.uint64(1))
    return out


@njit(inline="always", cache=True, _nrt=False)
def classes(legal, hand, seen, bottoms):
    """The lowest card of each class of equal legal cards: same block, and every position between
    them the player's own or played before this trick (``seen``). ``bottoms``: each block's lowest
    position. A legal card is not the lowest of its class when the card just below it is a legal
    card of its block, or a card of the player's or seen, of its block, with such a run down to a
    legal card; such runs are filled upwards from the legal cards by an addition's carries."""
    inside = ~bottoms
    through = (hand | seen) & ~legal & inside
    # A run of ``through`` starting just above a legal card is reached whole: adding its lowest bit to
    # ``through`` carries up the run and clears it (one addition, not a pass a position).
    starts = (legal << np.uint64(1)) & through
    reach = legal | (through & ~(through + starts))
    return legal & ~((reach << np.uint64(1)) & inside)


# What every candidate of one decision shares, worked out once a decision (``_context``).
Decision = namedtuple("Decision", (
    "trump", "trump_block", "outstanding", "seen", "top3", "wins_mask", "lowest_winner", "leading", "last",
    "vole_on", "critical", "state", "balance", "trump_ahead", "ombre_after", "threat_free", "ruff_blocks",
    "partner_voids", "opponent_voids", "partner_best", "partner_sure", "best_is_trump", "led_block", "relation",
    "sits", "through", "up_to", "phase", "called", "called_block", "hand_trumps", "trumps_out"))


@njit(inline="always", cache=True, _nrt=False)
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


@njit(inline="always", cache=True, _nrt=False)
def _after(seat, first, n_seats):
    """How many places after ``first`` ``seat`` sits (``(seat - first) % n_seats`` without a division)."""
    gap = seat - first
    return gap + n_seats if gap < 0 else gap


@njit(inline="always", cache=True, _nrt=False)
def _partners(obs):
    """A bit for each seat the player knows to be on his side, himself included: _card_play.is_partner
    of every seat, worked out by its cases at once."""
    seat = obs[L.O_SEAT]
    ombre = obs[L.O_OMBRE]
    friend = obs[L.O_FRIEND_KNOWN]
    contract = obs[L.O_CONTRACT]
    alone = contract == L.SANS_PRENDRE or contract == L.SELF_CALLED or obs[L.O_CALLED_POS] < 0
    everyone = (1 << obs[L.O_N_SEATS]) - 1
    mask = 1 << seat
    if seat == ombre:
        if not alone and friend >= 0:
            mask |= 1 << friend
    elif alone:
        mask |= everyone & ~(1 << ombre)
    elif friend == seat:
        mask |= 1 << ombre
    elif friend >= 0:
        mask |= everyone & ~(1 << ombre) & ~(1 << friend)
    return mask


@njit(inline="always", cache=True, _nrt=False)
def _relation(obs, other, partners):
    """``other`` as the player knows him: 0 a partner, 1 an opponent, 2 not known yet. ``partners``:
    a bit for each seat known to be the player's partner (himself included)."""
    if (partners >> other) & 1:
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


@njit(inline="always", cache=True, _nrt=False)
def _voids(free, trump_block, b0, b1, b2, b3, plain):
    """The plain blocks (a bit each; ``plain`` the bits of the plain blocks) a seat who may hold only
    ``free`` is known to lack while he may still hold a trump; b0..b3 the four blocks."""
    lacks = np.int64(free & b0 == ZERO) | (np.int64(free & b1 == ZERO) << 1) | (np.int64(free & b2 == ZERO) << 2) \
        | (np.int64(free & b3 == ZERO) << 3)
    return lacks & plain if free & trump_block != ZERO else 0


@njit(inline="always", cache=True, _nrt=False)
def _safe(p, block_id, block, trump, threat_free, ruff_blocks):
    """Can nobody still to play to this trick who is not known to be a partner beat ``p``? None may
    hold a higher card of its block, and (a plain block) none has shown he lacks it and may trump."""
    if threat_free & block & above(p) != ZERO:
        return False
    return block_id == trump or (ruff_blocks >> block_id) & 1 == 0


@njit(inline="always", cache=True, _nrt=False)
def seen_of(obs):
    """The cards played before this trick."""
    seen = np.uint64(obs[L.O_GONE])
    for i in range(obs[L.O_N_IN_TRICK]):
        seen &= ~bit(obs[L.O_TRICK_CARDS + i])
    return seen


@njit(inline="always", cache=True, _nrt=False)
def _context(hand, legal, obs, seen, pack_ord, block_of_pos, block_mask):
    """The Decision of the player of ``obs`` holding ``hand``, with ``legal`` to play from; ``seen``:
    the cards played before this trick."""
    trump = obs[L.O_TRUMP]
    trump_block = block_mask[trump, trump]
    outstanding = pack_ord & ~np.uint64(obs[L.O_GONE]) & ~hand
    k = obs[L.O_N_IN_TRICK]
    n_seats = obs[L.O_N_SEATS]
    seat = obs[L.O_SEAT]
    leader = obs[L.O_LEADER]
    top3 = ZERO
    rest = trump_block
    for _ in range(3):
        if rest == ZERO:
            break
        top = highest(rest)
        top3 |= bit(top)
        rest ^= bit(top)
    b0, b1, b2, b3 = block_mask[trump, 0], block_mask[trump, 1], block_mask[trump, 2], block_mask[trump, 3]
    plain = 15 & ~(1 << trump)
    partners = _partners(obs)
    mine = obs[L.O_TRICKS + seat]
    theirs = 0
    threat_free = ZERO
    ruff_blocks = 0
    partner_voids = 0
    opponent_voids = 0
    others = ((1 << n_seats) - 1) & ~(1 << seat)
    while others != 0:   # over a mask, not a range: a loop of three or four seats is not worth vectorizing
        other = lowest(np.uint64(others))
        others &= others - 1
        tricks = obs[L.O_TRICKS + other]
        free = outstanding & ~np.uint64(obs[L.O_CANNOT_HOLD + other])
        voids = _voids(free, trump_block, b0, b1, b2, b3, plain)
        if (partners >> other) & 1:
            mine += tricks
            partner_voids |= voids
        else:
            theirs += tricks
            opponent_voids |= voids
            if _after(other, leader, n_seats) > k:   # he plays to this trick after the player
                threat_free |= free
                ruff_blocks |= voids
    role = role_of(obs)
    on_side = role == L.ROLE_OMBRE or role == L.ROLE_FRIEND or role == L.ROLE_FORCED
    trick = obs[L.O_TRICK]
    state = _team_state(obs, popcount(hand), on_side, mine, theirs)
    mine_trumps = popcount(hand & trump_block)
    out_trumps = popcount(outstanding & trump_block)
    if out_trumps == 0:
        balance = 0
    elif mine_trumps >= out_trumps:
        balance = 1
    else:
        balance = 2 if mine_trumps >= 1 else 3
    ombre = obs[L.O_OMBRE]
    wins_mask = ZERO
    lowest_winner = -1
    partner_best = False
    partner_sure = False
    best_is_trump = False
    led_block = -1
    relation = 0
    if k > 0:
        best = obs[L.O_BEST_POS]
        best_block = block_of_pos[trump, best]
        best_is_trump = best_block == trump
        if best_is_trump:
            wins_mask = legal & trump_block & above(best)
        else:
            wins_mask = (legal & block_mask[trump, best_block] & above(best)) | (legal & trump_block)
        if wins_mask != ZERO:
            lowest_winner = lowest(wins_mask)
        best_seat = obs[L.O_BEST_SEAT]
        partner_best = (partners >> best_seat) & 1 != 0
        partner_sure = partner_best and _safe(best, best_block, block_mask[trump, best_block], trump, threat_free,
                                              ruff_blocks)
        led_block = block_of_pos[trump, obs[L.O_TRICK_CARDS]]
        relation = _relation(obs, best_seat, partners)
    where = _after(ombre, seat, n_seats)
    through = ombre != seat and where == 1
    called = obs[L.O_CALLED_POS]
    # worked out before the call: numba takes no branches among a call's many arguments
    vole_on = trick >= 4 and (theirs == 0 if on_side else mine == 0)
    ombre_after = ombre != seat and (partners >> ombre) & 1 == 0 and _after(ombre, leader, n_seats) > k
    sits = 0 if where == 0 else (1 if where == 1 else (3 if where == n_seats - 1 else 2))
    up_to = ombre != seat and not through and _after(seat, ombre, n_seats) == 1
    phase = 0 if trick < 2 else (1 if trick < 5 else (2 if trick < 7 else 3))
    called_block = block_of_pos[trump, called] if called >= 0 else -1
    return Decision(
        trump, trump_block, outstanding, seen, top3, wins_mask, lowest_winner, k == 0, k == n_seats - 1,
        vole_on, state == STATE_CRITICAL, state, balance, out_trumps <= mine_trumps, ombre_after,
        threat_free, ruff_blocks, partner_voids, opponent_voids, partner_best, partner_sure, best_is_trump, led_block,
        relation, sits, through, up_to, phase,
        called, called_block, mine_trumps, out_trumps)


@njit(inline="always", cache=True, _nrt=False)
def _u(flag):
    """A yes/no as 0 or 1 in a uint64, to be shifted into its bit without a branch."""
    return np.uint64(1) if flag else np.uint64(0)


@njit(inline="always", cache=True, _nrt=False)
def candidate_features(p, hand, d, block_of_pos, block_mask, lead):
    """The features of legal position ``p`` in the decision ``d``: the word of F_* bits, then the bit
    set in each one-hot group of the second word (three groups) and of the third (three of its four:
    the lead's or the trick's, and the two others); ``words`` makes the three words of them. The groups:
    in the second word, the shape of its suit (which of the three highest cards still in play are the
    player's, and how many cards in play are above it), its kind by the trump balance, the team's state
    by what the card does (X_*); then four more, a lead by where the ombre sits and what it leads, the
    player's length in the suit by the cards of it still out, a card to a trick by who wins the trick
    and what the card does, the stage of the deal by its kind (Y_*). learned.FEATURES documents each bit.
    Scoring reads the one-hot groups' weights directly, without making their words.

    Every bit is set as a yes/no shifted into place, without branches: which of them hold changes from
    one card to the next, which a branch predictor cannot learn (each miss costs as much as a dozen of
    these bit operations). ``lead`` is d.leading: the player's loop passes it as a constant, so that each
    of its two copies keeps only the bits of a lead or of a card to a trick."""
    trump = d.trump
    block_id = block_of_pos[trump, p]
    block = block_mask[trump, block_id]
    is_trump = block_id == trump
    me = bit(p)
    mine = hand & block
    out_block = d.outstanding & block
    over = above(p)
    n_above = popcount(out_block & over)
    n_below = popcount(out_block & below(p))
    n_mine = popcount(mine)
    n_out = popcount(out_block)
    wins = d.wins_mask & me != ZERO
    sure = (d.threat_free & block & over == ZERO) and (is_trump or (d.ruff_blocks >> block_id) & 1 == 0)
    lowest_mine = lowest(mine) == p
    highest_mine = highest(mine) == p
    called_suit = d.called_block == block_id          # -1 when no card is called
    matador = d.top3 & me != ZERO
    top_of_pack = block & over == ZERO
    master = n_above == 0
    plain_lead = lead and not is_trump
    trump_lead = lead and is_trump
    follows = not lead and block_id == d.led_block
    ruffs = not lead and block_id != d.led_block and is_trump
    discards = not lead and block_id != d.led_block and not is_trump
    loses = not lead and not wins
    f = (_u(is_trump) << np.uint64(F_TRUMP)) | (_u(matador) << np.uint64(F_MATADOR)) \
        | bit(F_ABOVE_0 + min(n_above, 3)) | (_u(top_of_pack) << np.uint64(F_TOP_OF_PACK)) \
        | (_u(n_below == 0) << np.uint64(F_BELOW_0)) | (_u(n_below >= 3) << np.uint64(F_BELOW_3)) \
        | (_u(lowest_mine) << np.uint64(F_LOWEST_MINE)) | (_u(highest_mine) << np.uint64(F_HIGHEST_MINE)) \
        | (_u(n_mine == 1) << np.uint64(F_LENGTH_1)) | (_u(n_mine == 2) << np.uint64(F_LENGTH_2)) \
        | (_u(n_mine >= 4) << np.uint64(F_LENGTH_4)) | (_u(n_out == 0) << np.uint64(F_NONE_OUT)) \
        | (_u(n_out == 1 or n_out == 2) << np.uint64(F_FEW_OUT)) \
        | (_u(n_mine == 2 and not highest_mine and out_block & above(highest(mine)) != ZERO) << np.uint64(F_GUARD)) \
        | (_u(p == d.called) << np.uint64(F_CALLED_CARD)) \
        | (_u(called_suit and p != d.called) << np.uint64(F_CALLED_SUIT))
    f |= (_u(is_trump and d.hand_trumps == 1) << np.uint64(F_LAST_TRUMP)) \
        | (_u(is_trump and d.trumps_out == 0) << np.uint64(F_TRUMP_NONE_OUT)) \
        | (_u(is_trump and d.trumps_out != 0 and master) << np.uint64(F_TRUMP_MASTER_OUT))
    # leads
    f |= (_u(lead and sure) << np.uint64(F_LEAD_SURE)) | (_u(trump_lead) << np.uint64(F_LEAD_TRUMP)) \
        | (_u(trump_lead and master) << np.uint64(F_LEAD_TRUMP_MASTER)) \
        | (_u(trump_lead and lowest_mine) << np.uint64(F_LEAD_TRUMP_LOW)) \
        | (_u(trump_lead and d.trump_ahead) << np.uint64(F_LEAD_TRUMP_AHEAD)) \
        | (_u(plain_lead and master) << np.uint64(F_LEAD_MASTER)) \
        | (_u(plain_lead and n_out == 0) << np.uint64(F_LEAD_NONE_OUT)) \
        | (_u(plain_lead and called_suit) << np.uint64(F_LEAD_CALLED_SUIT)) \
        | (_u(plain_lead and top_of_pack) << np.uint64(F_LEAD_KING)) \
        | (_u(plain_lead and n_below <= 1) << np.uint64(F_LEAD_LOW)) \
        | (_u(plain_lead and n_mine >= 4) << np.uint64(F_LEAD_LONG)) \
        | (_u(plain_lead and n_mine == 1) << np.uint64(F_LEAD_SINGLETON)) \
        | (_u(plain_lead and (d.partner_voids >> block_id) & 1 != 0) << np.uint64(F_LEAD_TO_PARTNER_RUFF)) \
        | (_u(plain_lead and (d.opponent_voids >> block_id) & 1 != 0) << np.uint64(F_LEAD_INTO_RUFF)) \
        | (_u(plain_lead and d.through) << np.uint64(F_LEAD_THROUGH)) \
        | (_u(plain_lead and d.up_to and not d.through) << np.uint64(F_LEAD_UP_TO))
    # cards to a trick (wins is never set on a lead: the decision's wins_mask is empty then)
    f |= (_u(follows) << np.uint64(F_FOLLOW)) \
        | (_u(follows and not wins and highest_mine and n_mine >= 2) << np.uint64(F_FOLLOW_HIGH_LOSER)) \
        | (_u(ruffs) << np.uint64(F_RUFF)) | (_u(ruffs and matador) << np.uint64(F_RUFF_MATADOR)) \
        | (_u(ruffs and lowest_mine) << np.uint64(F_RUFF_LOW)) \
        | (_u(discards) << np.uint64(F_DISCARD)) | (_u(discards and n_mine == 1) << np.uint64(F_DISCARD_VOID)) \
        | (_u(discards and master) << np.uint64(F_DISCARD_MASTER)) \
        | (_u(discards and called_suit) << np.uint64(F_DISCARD_CALLED)) \
        | (_u(wins) << np.uint64(F_WINS)) | (_u(wins and d.partner_best) << np.uint64(F_OVERTAKES)) \
        | (_u(wins and sure) << np.uint64(F_SURE)) \
        | (_u(wins and p == d.lowest_winner) << np.uint64(F_LOWEST_WINNER)) \
        | (_u(wins and p != d.lowest_winner) << np.uint64(F_OVERKILL)) \
        | (_u(wins and d.best_is_trump and is_trump) << np.uint64(F_OVERTRUMP)) \
        | (_u(wins and d.last) << np.uint64(F_LAST_WINS)) \
        | (_u(wins and d.ombre_after) << np.uint64(F_WINS_OMBRE_AFTER)) \
        | (_u(loses and d.partner_best) << np.uint64(F_UNDER_PARTNER)) \
        | (_u(loses and d.partner_best and n_below >= 1 and d.partner_sure) << np.uint64(F_PARTNER_SURE_HIGH)) \
        | (_u(loses and d.ombre_after and lowest_mine) << np.uint64(F_LOW_OMBRE_AFTER))
    sure_play = sure and (lead or wins)
    f |= (_u(d.vole_on and wins) << np.uint64(F_VOLE_WINS)) | (_u(d.vole_on and master) << np.uint64(F_VOLE_MASTER)) \
        | (_u(d.critical and wins) << np.uint64(F_CRITICAL_WINS)) \
        | (_u(d.critical and sure_play) << np.uint64(F_CRITICAL_SURE))
    # the second and third words: one bit in each one-hot group, given by its index
    live = mine | out_block
    first = highest(live)                 # p is live: never empty
    rest = live ^ bit(first)
    second = highest(rest) if rest != ZERO else 0
    rest2 = rest & ~bit(second) if rest != ZERO else ZERO
    third = highest(rest2) if rest2 != ZERO else 0
    shape = np.int64(hand & bit(first) != ZERO) | (np.int64(rest != ZERO and hand & bit(second) != ZERO) << 1) \
        | (np.int64(rest2 != ZERO and hand & bit(third) != ZERO) << 2)
    kind = (0 if is_trump else 1) if lead else (2 if is_trump else 3)
    action = 0 if sure_play else (1 if wins else (3 if lead else 2))
    if lead:
        what = 0 if is_trump else (1 if master else (2 if n_above <= 2 else 3))
        place = Y_LEAD_SEAT + d.sits * 4 + what
    else:
        does = (0 if sure else 1) if wins else (2 if follows else 3)
        place = Y_FOLLOW + d.relation * 4 + does
    out_class = 0 if n_out == 0 else (1 if n_out <= 2 else (2 if n_out <= 4 else 3))
    return (f, X_SUIT_SHAPE + shape * 4 + min(popcount(live & over), 3), X_TRUMP_BALANCE + kind * 4 + d.balance,
            X_TEAM_STATE + d.state * 4 + action, Y_PHASE + d.phase * 4 + kind, place,
            Y_LENGTHS + (min(n_mine, 4) - 1) * 4 + out_class)


@njit(inline="always", cache=True, _nrt=False)
def _score(params, base, word):
    """The sum of the weights ``params[base + i]`` of the set bits i of ``word``, added from the lowest
    bit up. The first SCORE_STEPS bits are added without a branch, a missing bit adding 0.0 (x + 0.0
    is x, but for the sign of a zero, which compares alike): the same sums as a loop to the last set
    bit, whose varying end the branch predictor misses once a card (about 12 ns a decision)."""
    score = 0.0
    for _ in range(SCORE_STEPS):
        score += params[base + lowest(word)] * np.float64(word != ZERO)
        word &= word - np.uint64(1)
    while word != ZERO:
        score += params[base + lowest(word)]
        word &= word - np.uint64(1)
    return score


H = L.LEARNED_HIDDEN


@intrinsic
def _units_on_stack(typingctx):
    """A pointer to H float64 on the stack of the function it is inlined into (allocated once, in its
    entry block): the hidden units, without the allocator a numpy array would need a card."""
    def codegen(context, builder, signature, args):
        return cgutils.alloca_once(builder, context.get_value_type(types.float64), size=H)
    return types.CPointer(types.float64)(), codegen


def _rows_as_vectors(context, builder, signature, args):
    """(the units, the row ``params[at:at + H]``), each as a pointer to one vector of H float64 lanes."""
    units, params, at = args
    vector = ir.VectorType(ir.DoubleType(), H)
    data = context.make_array(signature.args[1])(context, builder, params).data
    row = builder.gep(data, [at])
    return builder.bitcast(units, vector.as_pointer()), builder.bitcast(row, vector.as_pointer())


@intrinsic
def _set_row(typingctx, units, params, at):
    """units[0:H] = params[at:at + H]."""
    def codegen(context, builder, signature, args):
        target, row = _rows_as_vectors(context, builder, signature, args)
        builder.store(builder.load(row, align=8), target, align=8)
        return context.get_dummy_value()
    return types.void(units, params, at), codegen


@intrinsic
def _add_row(typingctx, units, params, at):
    """units[0:H] += params[at:at + H], as one addition of H lanes, which LLVM splits into the machine's
    vectors (numba leaves LLVM's SLP vectorizer off, and unrolls a 16-step loop before its loop
    vectorizer sees it): each lane's sum is the scalar one."""
    def codegen(context, builder, signature, args):
        target, row = _rows_as_vectors(context, builder, signature, args)
        total = builder.fadd(builder.load(target, align=8), builder.load(row, align=8))
        builder.store(total, target, align=8)
        return context.get_dummy_value()
    return types.void(units, params, at), codegen


@njit(inline="always", cache=True, _nrt=False)
def _network(params, bias, f, x1, x2, x3, y1, y2, y3):
    """The hidden layer's contribution to a card's score: its decision's bias row (``bias``: where it
    starts), plus the input row of each set bit (the one-hot groups' six, then the first word's from
    the lowest bit up), through ReLU to the output weights, added in unit order."""
    h = _units_on_stack()
    _set_row(h, params, bias)
    net = L.LEARNED_NET_INPUT
    _add_row(h, params, net + (64 + x1) * H)
    _add_row(h, params, net + (64 + x2) * H)
    _add_row(h, params, net + (64 + x3) * H)
    _add_row(h, params, net + (128 + y1) * H)
    _add_row(h, params, net + (128 + y2) * H)
    _add_row(h, params, net + (128 + y3) * H)
    word = f
    while word != ZERO:
        _add_row(h, params, net + lowest(word) * H)
        word &= word - np.uint64(1)
    out = 0.0
    for j in range(H):
        out += params[L.LEARNED_NET_OUTPUT + j] * max(h[j], 0.0)
    return out


@njit(inline="always", cache=True, _nrt=False)
def card_score(params, base, bias, f, x1, x2, x3, y1, y2, y3):
    """A card's score: the linear row's weights of its set bits (``base``: where the row starts) plus
    the network's (``bias``: where its bias row starts; -1 when the decision's bucket plays no network)."""
    linear = _score(params, base, f) + params[base + 64 + x1] + params[base + 64 + x2] + params[base + 64 + x3] \
        + params[base + 128 + y1] + params[base + 128 + y2] + params[base + 128 + y3]
    if bias < 0:
        return linear
    return linear + _network(params, bias, f, x1, x2, x3, y1, y2, y3)


@njit(inline="always", cache=True, _nrt=False)
def _best(params, base, bias, reps, hand, d, block_of_pos, block_mask, lead):
    """The card of ``reps`` of the best score, the lowest on a tie."""
    best = -1
    best_score = -np.inf
    rest = reps
    while rest != ZERO:
        p = lowest(rest)
        rest ^= bit(p)
        f, x1, x2, x3, y1, y2, y3 = candidate_features(p, hand, d, block_of_pos, block_mask, lead)
        score = card_score(params, base, bias, f, x1, x2, x3, y1, y2, y3)
        if score > best_score:
            best_score = score
            best = p
    return best


@njit(cache=True, _nrt=False)
def learned_card(params, hand, legal, obs, pack_ord, block_of_pos, block_mask):
    """The learned player's card: an ordered position of ``legal`` (two or more cards)."""
    seen = seen_of(obs)
    reps = classes(legal, hand, seen, bottoms_of(obs[L.O_TRUMP], block_mask))
    if reps & (reps - np.uint64(1)) == ZERO:
        return lowest(reps)   # every legal card is as good as another: nothing to score
    d = _context(hand, legal, obs, seen, pack_ord, block_of_pos, block_mask)
    bucket = bucket_of(obs)
    base = L.LEARNED_WEIGHTS + bucket * L.LEARNED_FEATURES
    bias = L.LEARNED_NET_BIAS + bucket * H if params[L.LEARNED_NET_ON + bucket] != 0.0 else -1   # the bucket's flag
    if d.leading:
        return _best(params, base, bias, reps, hand, d, block_of_pos, block_mask, True)
    return _best(params, base, bias, reps, hand, d, block_of_pos, block_mask, False)


@njit(cache=True)
def decision_features(obs, hand, legal, pack_ord, block_of_pos, block_mask, words, positions):
    """For training: the bucket of the decision, and for each class of equal legal cards (at most
    ``words.shape[0]``) its lowest card in ``positions`` and its three feature words in ``words[n]``.
    Returns (bucket, number of classes)."""
    d = _context(hand, legal, obs, seen_of(obs), pack_ord, block_of_pos, block_mask)
    reps = classes(legal, hand, d.seen, bottoms_of(d.trump, block_mask))
    n = 0
    rest = reps
    while rest != ZERO and n < words.shape[0]:
        p = lowest(rest)
        rest ^= bit(p)
        positions[n] = p
        f, x1, x2, x3, y1, y2, y3 = candidate_features(p, hand, d, block_of_pos, block_mask, d.leading)
        words[n, 0] = f
        words[n, 1] = bit(x1) | bit(x2) | bit(x3)
        words[n, 2] = bit(y1) | bit(y2) | bit(y3)
        n += 1
    return bucket_of(obs), n
