"""Jitted strong card play: double-dummy (``dd``) and perfect-information Monte Carlo (``pimc``).

``dd`` sees every hand and plays a card of best double-dummy value: an upper bound on skill.
``pimc`` sees what a player sees: it draws K deals of the unseen cards, exactly uniformly among
those consistent with the play so far (_worlds.py, knowledge.py), solves each open-handed for
every legal card (_dd.py), and plays the card with the best average. By default a card's
value in a sampled deal is only codille, remise or win (the side's total clamped to the
payment's thresholds, ``_window``), which needs far fewer searches than the exact total; and a
sampled deal whose scoring would take more search nodes than its budget is set aside (the rare
deals that need a hundred times the median's work). Both bid like the heuristic (the auction is
not searched).

Every function takes the deal's state as the engine holds it, in the ordered encoding:
hands uint64[n_seats] (true hands; ``pimc`` reads only its own), played uint64[n_seats]
(cards each seat has played, public), obs int64[N_OBS] (see layout), and the solver's
tables (compress8, table, shapes; see solver.py). No input checks here.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, bit, lowest, popcount
from spadille.kernel.common._rng import draw, mix64
from spadille.kernel.quadrille import layout as L

from ._dd import GAVE_UP, card_values, card_values_within, solve
from spadille.kernel.common._worlds import draw_worlds
from .knowledge import note_contract

P_SAMPLES = 6      # K, the deals sampled per decision
P_SEED = 7         # mixed into the sampling stream
P_TIE = 8          # 0: among equal cards play the lowest, 1: the highest
P_VOLE_SHARE = 9   # pimc undertakes the vole when this share of the sampled deals makes it
P_STOP = 4         # pimc stops sampling once the best card leads every other by this many standard errors (0: never)
P_WINDOW = 12      # pimc scores side totals clamped to [remise - 1, win + P_WINDOW - 1] (0: exact totals)
P_STOP_AFTER = 13  # worlds solved before the stopping rule may end a decision (at least 2)
P_NODE_BUDGET = L.SEARCH_NODE_BUDGET  # search nodes one sampled deal's scoring may take (0: no limit)


@njit(cache=True)
def _side_mask(ombre, friend):
    mask = np.int64(1) << ombre
    if friend >= 0:
        mask |= np.int64(1) << friend
    return mask


@njit(cache=True)
def _side_won(obs, side_mask, n_seats):
    won = 0
    for seat in range(n_seats):
        if (side_mask >> seat) & 1:
            won += obs[L.O_TRICKS + seat]
    return won


@njit(cache=True)
def _pick(totals, legal, maximise, tie_high):
    """The legal position with the best total (ties: lowest or highest position)."""
    best = -1
    rest = legal
    while rest != ZERO:
        position = lowest(rest)
        rest ^= bit(position)
        if best < 0:
            best = position
            continue
        better = totals[position] > totals[best] if maximise else totals[position] < totals[best]
        if better or (totals[position] == totals[best] and tie_high):
            best = position
    return best


@njit(cache=True, _nrt=True)
def dd_card(params, seat, legal, hands, obs, ombre, friend, trump, rules, block_of_pos, block_mask, top_pos,
            compress8, table, shapes, values):
    """A card of best double-dummy value for ``seat``'s side, all hands open."""
    n_seats = hands.shape[0]
    side_mask = _side_mask(ombre, friend)
    trick = obs[L.O_TRICK_CARDS:L.O_TRICK_CARDS + L.MAX_SEATS]
    card_values(hands, side_mask, seat, trick, obs[L.O_N_IN_TRICK], _side_won(obs, side_mask, n_seats), trump,
                rules, block_of_pos, block_mask, top_pos, compress8, table, shapes, np.int64(1), values)
    return _pick(values, legal, (side_mask >> seat) & 1 == 1, params[P_TIE] >= 0.5)


@njit(cache=True, _nrt=True)
def dd_vole(hands, obs, seat, ombre, friend, trump, rules, block_of_pos, block_mask, top_pos,
            compress8, table, shapes):
    """Undertake the vole exactly when best play takes every trick."""
    n_seats = hands.shape[0]
    side_mask = _side_mask(ombre, friend)
    trick = obs[L.O_TRICK_CARDS:L.O_TRICK_CARDS + L.MAX_SEATS]
    # the seat on lead, not the decider: an announced vole is decided before eldest leads;
    # n_in as an int64, as every caller passes it (a literal 0 compiles a second search: solver.load_search_code)
    total = solve(hands, side_mask, obs[L.O_LEADER], trick, np.int64(0), _side_won(obs, side_mask, n_seats), trump,
                  rules, block_of_pos, block_mask, top_pos, compress8, table, shapes, np.int64(1))
    return 1 if total == rules[L.R_HAND] else 0


@njit(cache=True)
def _worlds(params, seat, own_hand, hands, played, obs, called, pack_ord, rules, pos_of_card, rng):
    """K consistent deals for ``seat`` (uint64[K, n_seats]) and how many were drawn (0: none)."""
    n_seats = hands.shape[0]
    trump = obs[L.O_TRUMP]
    gone = np.uint64(obs[L.O_GONE])
    unseen = pack_ord & ~gone & ~own_hand
    counts = np.zeros(n_seats, dtype=np.int64)
    excluded = np.zeros(n_seats, dtype=np.uint64)
    for other in range(n_seats):
        counts[other] = popcount(hands[other])  # how many cards each holds is public
        excluded[other] = np.uint64(obs[L.O_CANNOT_HOLD + other])
    note_contract(excluded, played, unseen, obs[L.O_OMBRE], obs[L.O_CONTRACT], called, trump, rules, pos_of_card)
    k = max(1, int(params[P_SAMPLES]))
    worlds = np.zeros((k, n_seats), dtype=np.uint64)
    local = np.zeros(2, dtype=np.uint64)
    local[0] = mix64(draw(rng) ^ np.uint64(int(params[P_SEED])))  # one draw of the deal's stream
    if draw_worlds(seat, own_hand, unseen, counts, excluded, local, worlds) == 0:
        return worlds, 0
    return worlds, k


@njit(cache=True)
def _world_side(world, obs, called_pos, n_seats):
    """The ombre's side in a sampled deal: the friend is whoever holds the called card there,
    unless it has been played (then he is known)."""
    ombre = obs[L.O_OMBRE]
    friend = obs[L.O_FRIEND_KNOWN]
    if friend < 0 and called_pos >= 0 and obs[L.O_CONTRACT] != L.SANS_PRENDRE:
        for other in range(n_seats):
            if other != ombre and world[other] & bit(called_pos) != ZERO:
                friend = other
    return _side_mask(ombre, friend)


@njit(cache=True)
def _window(params, obs, side_won, rules):
    """(low, high): the side totals pimc tells apart. The payment turns on the side's total only
    at the remise and the win (RULES.md §1.8), so with P_WINDOW = w > 0 every total up to a codille
    counts as remise - 1 and every total from win + w - 1 up as that: w = 1 keeps just codille,
    remise and win, larger w a margin of tricks above the win. A side that reaches the vole
    point having won every trick may still take them all: it keeps the full range, as with
    P_WINDOW = 0. Where the dévole pays, the window reaches down to 0 (taking no trick costs more)."""
    hand = rules[L.R_HAND]
    width = int(params[P_WINDOW])
    if width <= 0 or (obs[L.O_TRICK] >= rules[L.R_VOLE_AFTER] and side_won == obs[L.O_TRICK]):
        return 0, hand
    low = 0 if rules[L.R_DEVOLE] != 0 else rules[L.R_REMISE_TRICKS] - 1
    return low, max(low, min(hand, rules[L.R_WIN_TRICKS] + width - 1))


@njit(cache=True, _nrt=True)
def pimc_card(params, seat, legal, hands, played, obs, called, pack_ord, rules, pos_of_card, block_of_pos,
              block_mask, top_pos, compress8, table, shapes, rng):
    """The legal card with the best average double-dummy value over K consistent deals."""
    totals = np.zeros(40, dtype=np.int64)
    scored, on_side = pimc_totals(params, seat, legal, hands, played, obs, called, pack_ord, rules, pos_of_card,
                                  block_of_pos, block_mask, top_pos, compress8, table, shapes, rng, totals)
    if scored == 0:
        return lowest(legal)  # cannot happen with exact knowledge; never hang or fail on it
    return _pick(totals, legal, on_side, params[P_TIE] >= 0.5)


@njit(cache=True)
def pimc_totals(params, seat, legal, hands, played, obs, called, pack_ord, rules, pos_of_card, block_of_pos,
                block_mask, top_pos, compress8, table, shapes, rng, totals):
    """pimc's scoring of a decision: ``totals[position]`` (int64[40], zeroed by the caller) receives
    each legal card's value summed over the sampled deals scored. Returns (deals scored, whether
    ``seat`` is on the ombre's side); no deal scored (0) only when none could be drawn. pimc_card
    plays the best card of it; the learned player's training data (analyses/quadrille/learned_data.py)
    keeps every card's average as its label."""
    n_seats = hands.shape[0]
    worlds, k = _worlds(params, seat, hands[seat], hands, played, obs, called, pack_ord, rules, pos_of_card, rng)
    if k == 0:
        return 0, False
    trump = obs[L.O_TRUMP]
    trick = obs[L.O_TRICK_CARDS:L.O_TRICK_CARDS + L.MAX_SEATS]
    values = np.zeros(40, dtype=np.int64)
    seen = np.zeros((k, 40), dtype=np.int64)   # each scored world's value of each legal card
    on_side = False
    tie_high = params[P_TIE] >= 0.5
    guess = -1  # the last deal's value of the position: the next one's first search
    budget = np.int64(params[P_NODE_BUDGET])
    scored = 0
    for w in range(k):
        side_mask = _world_side(worlds[w], obs, obs[L.O_CALLED_POS], n_seats)
        on_side = (side_mask >> seat) & 1 == 1  # the same in every world: a player knows his own side
        side_won = _side_won(obs, side_mask, n_seats)
        low, high = _window(params, obs, side_won, rules)
        # the last world is scored in full when every other went over the budget: a decision rests on one at least
        limit = budget if scored > 0 or w + 1 < k else np.int64(0)
        value = card_values_within(worlds[w], side_mask, seat, trick, obs[L.O_N_IN_TRICK], side_won, trump, rules,
                                   block_of_pos, block_mask, top_pos, compress8, table, shapes, np.int64(1), low, high,
                                   guess, limit, values)
        if value == GAVE_UP:
            continue
        guess = value
        rest = legal
        while rest != ZERO:
            position = lowest(rest)
            rest ^= bit(position)
            totals[position] += values[position]
            seen[scored, position] = values[position]
        scored += 1
        if params[P_STOP] > 0 and scored >= max(2, int(params[P_STOP_AFTER])) and w + 1 < k and \
                _settled(seen, scored, totals, legal, on_side, tie_high, params[P_STOP]):
            break
    return scored, on_side


@njit(cache=True)
def _settled(seen, n, totals, legal, maximise, tie_high, z):
    """Does the best card so far lead every other legal card by more than ``z`` standard errors
    of the paired per-world difference? A card that has matched it in every world (an
    equivalent card, or one that never matters) is no rival: the tie rule settles it as the
    full sample would unless some later world split them."""
    best = _pick(totals, legal, maximise, tie_high)
    rest = legal ^ bit(best)
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        total = 0.0
        squares = 0.0
        for w in range(n):
            gap = float(seen[w, best] - seen[w, card])
            if not maximise:
                gap = -gap
            total += gap
            squares += gap * gap
        if total == 0.0 and squares == 0.0:
            continue
        mean = total / n
        variance = (squares - n * mean * mean) / (n - 1)
        if mean <= 0.0 or mean * mean * n <= z * z * max(variance, 0.0):
            return False
    return True


@njit(cache=True, _nrt=True)
def pimc_vole(params, seat, hands, played, obs, called, pack_ord, rules, pos_of_card, block_of_pos, block_mask,
              top_pos, compress8, table, shapes, rng):
    """Undertake the vole when at least P_VOLE_SHARE of the sampled deals take every trick."""
    n_seats = hands.shape[0]
    worlds, k = _worlds(params, seat, hands[seat], hands, played, obs, called, pack_ord, rules, pos_of_card, rng)
    if k == 0:
        return 0
    trump = obs[L.O_TRUMP]
    trick = obs[L.O_TRICK_CARDS:L.O_TRICK_CARDS + L.MAX_SEATS]
    made = 0
    for w in range(k):
        side_mask = _world_side(worlds[w], obs, obs[L.O_CALLED_POS], n_seats)
        # n_in as an int64, not a literal 0 (see dd_vole)
        total = solve(worlds[w], side_mask, obs[L.O_LEADER], trick, np.int64(0), _side_won(obs, side_mask, n_seats),
                      trump, rules, block_of_pos, block_mask, top_pos, compress8, table, shapes, np.int64(1))
        if total == rules[L.R_HAND]:
            made += 1
    return 1 if made >= params[P_VOLE_SHARE] * k else 0
