"""The double-dummy (open-hands) solver: a zero-window search with an explicit stack.

``solve`` returns the most tricks the ombre's side takes in total when all four (or three)
play perfectly with every card visible; ``card_values`` gives that total after each legal
card of the player to move, ``card_values_within`` the same clamped to a window of totals
(``solve_counted`` and ``card_values_counted`` also return the work done). Both close in on
the value with zero-window searches ("can the side take at least ``target`` tricks?",
``_reaches``). numba crashes when it loads a cached recursive
function, so the search keeps its own stack of plies: nothing here calls itself.

Speed comes from the bridge solvers' toolbox: one card per run of equivalent cards, in a
heuristic order (``_dd_moves``); quick-trick bounds at trick boundaries (``_dd_bounds``); a
transposition table in relative ranks (``_dd_tt``) whose entries carry their *relevant
cards* (the winning ranks of DDS), found as follows.

Relevant cards. Every result the search returns comes with a set of cards R; closing it
upwards in each block (everything live above R's lowest card of the block) gives W. Claim:
the result, counted in tricks still to play, holds for every position of the same shape
(each seat holds as many cards of each block, same trick on the table by seat and block,
same leader and side) whose W cards lie in the same hands; the *small* cards below W may be
anywhere. Relative ranks make this independent of the cards gone and of which suit is
trumps, so a table's entries stay true for every later solve under the same rules. The always-relevant
cards A are in W: the live matadors under the privilege (legality sets them apart, RULES.md
§1.4) and every trump under must_overtrump (legality compares trumps). Then whether a small
card may be played depends only on its block and the hands' lengths. R is built so:

* a bound or quick-trick cut: the cards its count rests on (``_dd_bounds``); a table cut:
  the entry's relevant cards; a settled count (no trick needed, or too many): nothing;
* a trick ends: if its winner beat another card of its own block, the winner joins R (the
  small cards compared are then all below it; an uncontested winner wins on its block);
* a cut at a card m: R of that child. In a matching position the player holds m if m is
  in W, else some small card of m's block, which leads to a matching child;
* no cut: the union of the children's R. Each card of a matching position then leads to a
  matching child: a W card that was tried is the same card; a W card that was not is
  equivalent to one that was (its run's top, in W too, adjacent in both positions); a small
  card matches a tried card that was small for its own child. So that one exists wherever
  the player has small cards, a run that crosses W's lowest card of a block joins W
  entirely, and a later card is skipped only when it lies below the R of a small card tried
  in its block (DDS's "lowest winning rank").

Common arguments (no input checks; ``solver.py`` validates and allocates):

    hands         uint64[>=n_seats] ordered-encoding masks of the cards still held (n_seats = rules[R_SEATS];
                                    entries past it are ignored); restored on return
    side_mask     int64             bit s set for each seat of the ombre's side
    to_move       int64             the seat to play next
    trick_cards   int64[4]          this trick's cards so far in play order (first n_in used)
    n_in          int64             cards already on the table in this trick (0 at a trick boundary)
    side_won      int64             tricks the side has already won (this trick excluded)
    trump         int64             the trump suit (row of the tables)
    rules, block_of_pos, block_mask, top_pos   from tables.build_tables (see tables.py)
    compress8     uint8[65536]      _dd_tt.compress_table()
    table         uint64[n_buckets, BUCKET_WORDS]  the transposition table (_dd_tt)
    shapes        uint64[n_rows, SHAPE_WORDS]      the relevance kinds stored for each shape (_dd_tt)
    stamp         int64             this solve's stamp (1 <= stamp < MAX_STAMP); entries of other stamps read as empty
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, above, below, bit, highest, lowest, popcount
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import beats, legal_plays

from ._dd_bounds import leader_quick_tricks, sure_tricks
from ._dd_moves import ordered_moves, run_top
from ._dd_tt import (NO_HINT, block_slots, card_of_rank, owner_codes, probe, rank_among, relevant_cards, shape_key,
                     slot_counts, store)

MAX_PLY = 41   # 40 cards and the node after the last
MAX_MOVES = 12
# The explicit stack: one int64 row a ply, in named columns. One array rather than several keeps
# the search's loop from holding a pointer and a shape for each (fewer values to keep in
# registers: 7% faster, the same nodes); masks are kept as their bits and read back as uint64.
MOVES = 0   # MAX_MOVES columns, the cards to try, best first: 0, as ordered_moves writes a row from its start
N_MOVES, INDEX = 12, 13        # how many, and the one being tried
LEADER, N_IN, LED, BEST, BEST_SEAT, SIDE_WON, SEAT = 14, 15, 16, 17, 18, 19, 20   # the node's state
LIMIT = 21                     # 4 columns: tried cards below this one in block b may be skipped
ON_TABLE, TRIED_RELEVANT = 25, 26   # masks: the trick so far; the union of the tried children's relevant cards
SHAPE0, SHAPE1, OWNER0, OWNER1, LIVE, IN_SLOTS = 27, 28, 29, 30, 31, 32   # a node to store: its table key
TO_STORE, NEED, LEFT, CUT = 33, 34, 35, 36   # whether to store it, its question, and the card that cut (-1 none)
STACK_COLUMNS = 37
NO_LIMIT = -1
YES, NO, GAVE_UP = 1, 0, -1   # _reaches' answers; GAVE_UP is also _exact's and the values' "no value"


class SolverTables(NamedTuple):
    """What the search reads and never writes, bundled so its signature names only what varies:
    the rule vector int64[N_RULE_PARAMS], block_of_pos int64[4, 40], block_mask uint64[4, 4],
    top_pos int64[4] (tables.py) and compress8 uint8[256] (the table's byte compression)."""

    rules: np.ndarray
    block_of_pos: np.ndarray
    block_mask: np.ndarray
    top_pos: np.ndarray
    compress8: np.ndarray


class SearchContext(NamedTuple):
    """What one solve derives once from the trump (see _context)."""

    plain_blocks: np.ndarray
    n_plain: int
    matador_mask: np.uint64
    always_mask: np.uint64
    slot_masks: np.ndarray


class SearchWork(NamedTuple):
    """The explicit stack and its scratch, allocated once a solve (contents irrelevant):
    stack int64[MAX_PLY, STACK_COLUMNS] (the columns above), scores int64[MAX_MOVES], and
    counters int64[5] (nodes expanded, table probes, table cuts, searches; then the node limit:
    a search that would expand more nodes in all gives up, 0 for none)."""

    stack: np.ndarray
    scores: np.ndarray
    counters: np.ndarray


@njit(cache=True)
def _context(n_seats, trump, rules, block_mask, top_pos):
    """The SearchContext: plain_blocks int64[3] in position order, n_plain, matador_mask,
    always_mask and slot_masks uint64[4].

    matador_mask: the three true matadors (0 without the privilege); always_mask: the cards
    that are always relevant (the matadors, and every trump under must_overtrump)."""
    plain_blocks = np.full(3, -1, dtype=np.int64)
    n_plain = 0
    for block in range(4):
        if block == trump or block_mask[trump, block] == ZERO:
            continue
        at = n_plain
        while at > 0 and lowest(block_mask[trump, plain_blocks[at - 1]]) > lowest(block_mask[trump, block]):
            plain_blocks[at] = plain_blocks[at - 1]
            at -= 1
        plain_blocks[at] = block
        n_plain += 1
    matador_mask = ZERO
    if rules[L.R_MATADOR_PRIVILEGE] != 0:
        top = top_pos[trump]
        matador_mask = bit(top) | bit(top - 1) | bit(top - 2)
    always_mask = matador_mask
    if rules[L.R_MUST_TRUMP] != 0 and rules[L.R_MUST_OVERTRUMP] != 0:
        always_mask |= block_mask[trump, trump]
    slot_masks = np.zeros(4, dtype=np.uint64)
    block_slots(trump, block_mask, plain_blocks, n_plain, slot_masks)
    return SearchContext(plain_blocks, n_plain, matador_mask, always_mask, slot_masks)


@njit(inline="always", cache=True)
def _play(card, seat, hands, n_seats, side_mask, trump, block_of_pos,
          leader, n_in, led_pos, best_pos, best_seat, side_won, on_table):
    """Play ``card`` from ``seat`` (hands updated in place); returns the new trick state."""
    hands[seat] ^= bit(card)
    if n_in == 0:
        led_pos = card
        best_pos = card
        best_seat = seat
    elif beats(card, best_pos, trump, block_of_pos):
        best_pos = card
        best_seat = seat
    n_in += 1
    on_table |= bit(card)
    if n_in == n_seats:
        if (side_mask >> best_seat) & 1:
            side_won += 1
        leader = best_seat
        n_in = 0
        on_table = ZERO
    return leader, n_in, led_pos, best_pos, best_seat, side_won, on_table


@njit(inline="always", cache=True)
def _contested(winner, trick, trump, block_of_pos, block_mask):
    """The winner's card if it beat another card of its block in ``trick`` (a mask), else 0."""
    if popcount(trick & block_mask[trump, block_of_pos[trump, winner]]) >= 2:
        return bit(winner)
    return ZERO


@njit(inline="always", cache=True)
def _last_trick(hands, n_seats, leader, trump, block_of_pos, block_mask):
    """(winner seat, relevant cards) of the last trick, every player holding one card."""
    best_pos = lowest(hands[leader])
    best_seat = leader
    trick = bit(best_pos)
    for k in range(1, n_seats):
        seat = (leader + k) % n_seats
        card = lowest(hands[seat])
        trick |= bit(card)
        if beats(card, best_pos, trump, block_of_pos):
            best_pos = card
            best_seat = seat
    return best_seat, _contested(best_pos, trick, trump, block_of_pos, block_mask)


@njit(inline="always", cache=True)
def _union(hands, n_seats):
    live = ZERO
    for seat in range(n_seats):
        live |= hands[seat]
    return live


@njit(inline="always", cache=True)
def _closure(cards, live, slot_masks):
    """Every live card at or above the lowest card of ``cards`` in its block."""
    out = ZERO
    for slot in range(4):
        in_slot = cards & slot_masks[slot]
        if in_slot != ZERO:
            out |= live & slot_masks[slot] & ~below(lowest(in_slot))
    return out


@njit(inline="always", cache=True)
def _join_crossing_runs(relevant, legal, hand, live, trump, block_of_pos, block_mask, matador_mask):
    """``relevant`` plus, in each block, the player's run of equivalent cards that crosses the
    lowest relevant card, down to its bottom (so no run is part relevant, part small)."""
    out = relevant
    for block in range(4):
        mask = block_mask[trump, block]
        cards = legal & mask
        in_block = relevant & mask
        if cards == ZERO or in_block == ZERO:
            continue
        lowest_relevant = lowest(in_block)
        if hand & bit(lowest_relevant) == ZERO:
            continue
        rest = cards & below(lowest_relevant)
        while rest != ZERO:
            card = highest(rest)
            rest ^= bit(card)
            if lowest(live & mask & above(card)) != lowest_relevant:
                break
            if (matador_mask & bit(card) == ZERO) != (matador_mask & bit(lowest_relevant) == ZERO):
                break
            lowest_relevant = card
        out |= bit(lowest_relevant)
    return out


# _nrt=False: the search allocates nothing, and without the runtime numba emits no atomic
# reference counting for the arrays the inlined helpers receive (a quarter of the time).
@njit(cache=True, _nrt=False)
def _reaches(target, hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos, best_seat, side_won,
             on_table, fixed, context, table, shapes, stamp, work):
    """Can the side take at least ``target`` tricks in total from this position? YES, NO, or
    GAVE_UP once the nodes expanded pass the work's node limit (hands restored, nothing stored
    for the unfinished nodes: every entry in the table is still a fact).

    ``fixed`` is the SolverTables, ``context`` the solve's SearchContext, (table, shapes, stamp)
    the transposition table and ``work`` the SearchWork (allocated by the caller, contents
    irrelevant; its counters are incremented: nodes expanded, table probes, table cuts, searches).
    """
    rules, block_of_pos, block_mask, top_pos, compress8 = fixed
    plain_blocks, n_plain, matador_mask, always_mask, slot_masks = context
    stack, scores, counters = work
    counters[3] += 1
    ply = 0
    entering = True
    value = False
    relevant = ZERO
    while True:
        if entering:
            seat = leader + n_in
            if seat >= n_seats:
                seat -= n_seats
            decided = -1
            relevant = ZERO
            hint_card = -1
            stack[ply, TO_STORE] = 0  # not a trick-boundary node to store (yet)
            live = on_table | _union(hands, n_seats)
            if n_in == 0:
                left = popcount(hands[leader])
                need = target - side_won
                if need <= 0:
                    decided = 1
                elif need > left:
                    decided = 0
                elif left == 1:
                    winner, relevant = _last_trick(hands, n_seats, leader, trump, block_of_pos, block_mask)
                    decided = (side_mask >> winner) & 1
                else:
                    side_sure, side_cards, defence_sure, defence_cards = sure_tricks(hands, n_seats, side_mask,
                                                                                     trump, block_mask)
                    if side_sure >= need:
                        decided, relevant = 1, side_cards
                    elif left - defence_sure < need:
                        decided, relevant = 0, defence_cards
                    else:
                        quick, quick_cards = leader_quick_tricks(hands, n_seats, leader, side_mask, trump, live, rules,
                                                                 block_mask, plain_blocks, n_plain)
                        if (side_mask >> leader) & 1:
                            if quick >= need:
                                decided, relevant = 1, quick_cards
                        elif left - quick < need:
                            decided, relevant = 0, quick_cards
                    if decided < 0:
                        shape0, shape1 = shape_key(hands, n_seats, leader, side_mask, popcount(live & matador_mask),
                                                   slot_masks)
                        owner0, owner1 = owner_codes(hands, n_seats, live, compress8)
                        in_slots = slot_counts(live, slot_masks)
                        lower, lower_counts, upper, upper_counts, hint = probe(table, shapes, shape0, shape1, owner0,
                                                                               owner1, in_slots, stamp, need)
                        counters[1] += 1
                        if lower >= need:
                            decided, relevant = 1, relevant_cards(lower_counts, live, slot_masks)
                            counters[2] += 1
                        elif upper < need:
                            decided, relevant = 0, relevant_cards(upper_counts, live, slot_masks)
                            counters[2] += 1
                        else:
                            stack[ply, TO_STORE] = 1
                            stack[ply, NEED] = need
                            stack[ply, LEFT] = left
                            stack[ply, SHAPE0] = np.int64(shape0)
                            stack[ply, SHAPE1] = np.int64(shape1)
                            stack[ply, OWNER0] = np.int64(owner0)
                            stack[ply, OWNER1] = np.int64(owner1)
                            stack[ply, LIVE] = np.int64(live)
                            stack[ply, IN_SLOTS] = np.int64(in_slots)
                            if hint != NO_HINT:
                                hint_card = card_of_rank(hint, live)
            if decided >= 0:
                value = decided == 1
                entering = False
                continue
            counters[0] += 1
            if counters[4] > 0 and counters[0] > counters[4]:
                for unwind in range(ply - 1, -1, -1):
                    hands[stack[unwind, SEAT]] |= bit(stack[unwind, MOVES + stack[unwind, INDEX]])
                return GAVE_UP
            count = ordered_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask,
                                  trump, rules, block_of_pos, block_mask, top_pos, matador_mask, hint_card,
                                  stack, ply, scores)
            stack[ply, N_MOVES] = count
            stack[ply, INDEX] = 0
            stack[ply, CUT] = -1  # the card that cut, if one does
            stack[ply, LEADER] = leader
            stack[ply, N_IN] = n_in
            stack[ply, LED] = led_pos
            stack[ply, BEST] = best_pos
            stack[ply, BEST_SEAT] = best_seat
            stack[ply, SIDE_WON] = side_won
            stack[ply, SEAT] = seat
            for block in range(4):
                stack[ply, LIMIT + block] = NO_LIMIT  # tried cards below this one in the block may be skipped
            stack[ply, ON_TABLE] = np.int64(on_table)
            stack[ply, TRIED_RELEVANT] = 0  # no child tried yet
            leader, n_in, led_pos, best_pos, best_seat, side_won, on_table = _play(
                stack[ply, MOVES], seat, hands, n_seats, side_mask, trump, block_of_pos,
                leader, n_in, led_pos, best_pos, best_seat, side_won, on_table)
            ply += 1
            continue
        # returning (value, relevant) from the node at ``ply``
        if stack[ply, TO_STORE] == 1:
            live = np.uint64(stack[ply, LIVE])
            closed = _closure(relevant | (live & always_mask), live, slot_masks)
            hint = NO_HINT
            if stack[ply, CUT] >= 0:
                hint = rank_among(stack[ply, CUT], live)
            store(table, shapes, np.uint64(stack[ply, SHAPE0]), np.uint64(stack[ply, SHAPE1]),
                  np.uint64(stack[ply, OWNER0]), np.uint64(stack[ply, OWNER1]), slot_counts(closed, slot_masks),
                  np.uint64(stack[ply, IN_SLOTS]), stamp, stack[ply, LEFT], stack[ply, NEED], value, hint)
        if ply == 0:
            return YES if value else NO
        ply -= 1
        seat = stack[ply, SEAT]
        card = stack[ply, MOVES + stack[ply, INDEX]]
        hands[seat] |= bit(card)
        leader = stack[ply, LEADER]
        n_in = stack[ply, N_IN]
        led_pos = stack[ply, LED]
        best_pos = stack[ply, BEST]
        best_seat = stack[ply, BEST_SEAT]
        side_won = stack[ply, SIDE_WON]
        on_table = np.uint64(stack[ply, ON_TABLE])
        if n_in == n_seats - 1:  # this card ended a trick
            winner = card if beats(card, best_pos, trump, block_of_pos) else best_pos
            relevant |= _contested(winner, on_table | bit(card), trump, block_of_pos, block_mask)
        maximising = ((side_mask >> seat) & 1) == 1
        if value == maximising:
            stack[ply, CUT] = card  # a cut: this card decides the node, on its child's relevant cards
            continue
        stack[ply, TRIED_RELEVANT] |= np.int64(relevant)
        block = block_of_pos[trump, card]
        if always_mask & bit(card) == ZERO:
            live = on_table | _union(hands, n_seats)
            in_block = (relevant | (live & always_mask)) & block_mask[trump, block]
            limit = 64 if in_block == ZERO else lowest(in_block)
            if card < limit and limit > stack[ply, LIMIT + block]:
                stack[ply, LIMIT + block] = limit  # the card was small for its child: smaller ones do the same
        stack[ply, INDEX] += 1
        while stack[ply, INDEX] < stack[ply, N_MOVES]:
            following = stack[ply, MOVES + stack[ply, INDEX]]
            if following >= stack[ply, LIMIT + block_of_pos[trump, following]]:
                break
            stack[ply, INDEX] += 1
        if stack[ply, INDEX] == stack[ply, N_MOVES]:
            # every card failed the mover: the value is the last child's, on all their relevant cards
            live = on_table | _union(hands, n_seats)
            legal = legal_plays(hands[seat], led_pos if n_in > 0 else -1, best_pos, trump, rules, block_of_pos,
                                block_mask, top_pos)
            tried = np.uint64(stack[ply, TRIED_RELEVANT])
            relevant = _join_crossing_runs(tried | (live & always_mask), legal, hands[seat], live, trump, block_of_pos,
                                           block_mask, matador_mask)
            continue
        leader, n_in, led_pos, best_pos, best_seat, side_won, on_table = _play(
            stack[ply, MOVES + stack[ply, INDEX]], seat, hands, n_seats, side_mask, trump, block_of_pos,
            leader, n_in, led_pos, best_pos, best_seat, side_won, on_table)
        ply += 1
        entering = True


@njit(cache=True)
def _work_arrays():
    return SearchWork(np.zeros((MAX_PLY, STACK_COLUMNS), dtype=np.int64), np.zeros(MAX_MOVES, dtype=np.int64),
                      np.zeros(5, dtype=np.int64))


@njit(cache=True)
def _trick_state(hands, n_seats, to_move, trick_cards, n_in, trump, block_of_pos):
    """(leader, led_pos, best_pos, best_seat, on_table) of the trick in progress."""
    leader = (to_move - n_in) % n_seats
    led_pos = -1
    best_pos = -1
    best_seat = -1
    on_table = ZERO
    for k in range(n_in):
        card = trick_cards[k]
        seat = (leader + k) % n_seats
        on_table |= bit(card)
        if k == 0:
            led_pos = card
            best_pos = card
            best_seat = seat
        elif beats(card, best_pos, trump, block_of_pos):
            best_pos = card
            best_seat = seat
    return leader, led_pos, best_pos, best_seat, on_table


@njit(cache=True)
def _exact(lower, upper, first, step, hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos, best_seat,
           side_won, on_table, fixed, context, table, shapes, stamp, work):
    """The side's total with best play, known to lie in [lower, upper]: zero-window
    searches close the interval, the first at ``first`` (if inside it), then each ``step``
    from the last (when the value is expected near ``first``), or halving it (step 0).
    GAVE_UP if a search reached the work's node limit."""
    target = first
    while lower < upper:
        if target <= lower or target > upper:
            target = (lower + upper + 1) // 2
        answer = _reaches(target, hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos, best_seat,
                          side_won, on_table, fixed, context, table, shapes, stamp, work)
        if answer == GAVE_UP:
            return GAVE_UP
        if answer == YES:
            lower = target
        else:
            upper = target - 1
        target = target + step if step != 0 else -1
    return lower


@njit(cache=True)
def solve(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask, top_pos,
          compress8, table, shapes, stamp):
    """The most tricks the side takes in total (side_won included) with best play all round."""
    return solve_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask,
                         top_pos, compress8, table, shapes, stamp)[0]


@njit(cache=True)
def solve_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask,
                  top_pos, compress8, table, shapes, stamp):
    """(value, counters int64[5]): ``solve`` and its work: nodes expanded, table probes,
    table cuts, zero-window searches."""
    n_seats = rules[L.R_SEATS]
    context = _context(n_seats, trump, rules, block_mask, top_pos)
    leader, led_pos, best_pos, best_seat, on_table = _trick_state(hands, n_seats, to_move, trick_cards, n_in, trump,
                                                                   block_of_pos)
    left = popcount(hands[to_move])
    work = _work_arrays()
    fixed = SolverTables(rules, block_of_pos, block_mask, top_pos, compress8)
    value = _exact(side_won, side_won + left, -1, 0, hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos,
                   best_seat, side_won, on_table, fixed, context, table, shapes, stamp, work)
    return value, work.counters


@njit(cache=True)
def card_values(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask,
                top_pos, compress8, table, shapes, stamp, out):
    """The side's total after each legal card of ``to_move``, written to out int64[40]
    (-1 for the cards he may not play); returns the value of the position (the best of them
    for the side's player, the least for a defender).

    Equivalent cards share one search. Each card's value is bounded by the position's on the
    mover's side, so most cards are settled by a single zero-window search at that bound."""
    return card_values_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos,
                               block_mask, top_pos, compress8, table, shapes, stamp, 0, MAX_PLY, -1, 0, out)[0]


@njit(cache=True)
def card_values_within(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos,
                       block_mask, top_pos, compress8, table, shapes, stamp, low, high, guess, node_limit, out):
    """``card_values`` clamped to [low, high] (low <= high, side totals): a card's value is
    exact inside the window and ``low`` or ``high`` beyond it, which only needs the searches
    at the window's edges, not at the value. With low <= side_won and high >= side_won plus
    the tricks left it is ``card_values``; the value returned is the position's, clamped.
    ``guess`` (-1: none) is where the position's value is expected, say its value in the last
    sampled deal: the first search tests it, which settles a value at the window's edge at once.
    ``node_limit`` (0: none) caps the nodes the whole scoring may expand: past it the scoring
    gives up and returns GAVE_UP, with ``out`` undefined and the hands as they were."""
    return card_values_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos,
                               block_mask, top_pos, compress8, table, shapes, stamp, low, high, guess, node_limit,
                               out)[0]


@njit(inline="always", cache=True)
def _clamp(value, low, high):
    return min(max(value, low), high)


@njit(cache=True)
def card_values_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos,
                        block_mask, top_pos, compress8, table, shapes, stamp, low, high, guess, node_limit, out):
    """(value, counters int64[5]): ``card_values_within`` and its work (see solve_counted).

    The value v lies in [won, won + left]; clamped, in [clamp(won), clamp(won + left)], and
    _exact on that interval returns clamp(v): inside the window its searches are the exact
    ones, and an interval of one point needs none."""
    n_seats = rules[L.R_SEATS]
    context = _context(n_seats, trump, rules, block_mask, top_pos)
    matador_mask = context.matador_mask
    leader, led_pos, best_pos, best_seat, on_table = _trick_state(hands, n_seats, to_move, trick_cards, n_in, trump,
                                                                   block_of_pos)
    work = _work_arrays()
    work.counters[4] = node_limit
    left = popcount(hands[to_move])
    fixed = SolverTables(rules, block_of_pos, block_mask, top_pos, compress8)
    lower = _clamp(side_won, low, high)
    first = -1 if guess < 0 else max(guess, lower + 1)  # at or below the floor: is the floor the value?
    best = _exact(lower, _clamp(side_won + left, low, high), first, 0, hands, n_seats, side_mask, trump, leader, n_in,
                  led_pos, best_pos, best_seat, side_won, on_table, fixed, context, table, shapes, stamp, work)
    if best == GAVE_UP:
        return GAVE_UP, work.counters
    live = on_table | _union(hands, n_seats)
    reps = np.zeros((1, MAX_MOVES), dtype=np.int64)
    scores = np.zeros(MAX_MOVES, dtype=np.int64)
    count = ordered_moves(to_move, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask, trump,
                          rules, block_of_pos, block_mask, top_pos, matador_mask, -1, reps, 0, scores)
    maximising = ((side_mask >> to_move) & 1) == 1
    for i in range(40):
        out[i] = -1
    for i in range(count):
        card = reps[0, i]
        leader2, n_in2, led2, best2, seat2, won2, table2 = _play(
            card, to_move, hands, n_seats, side_mask, trump, block_of_pos,
            leader, n_in, led_pos, best_pos, best_seat, side_won, on_table)
        left2 = popcount(hands[(leader2 + n_in2) % n_seats])
        lower = _clamp(won2, low, high)
        upper = _clamp(won2 + left2, low, high)
        if maximising:  # no card is worth more than the best; most are worth it, or nearly
            upper = min(upper, best)
            first, step = upper, -1
        else:
            lower = max(lower, best)
            first, step = lower + 1, 1
        out[card] = _exact(lower, upper, first, step, hands, n_seats, side_mask, trump, leader2, n_in2, led2, best2,
                           seat2, won2, table2, fixed, context, table, shapes, stamp, work)
        hands[to_move] |= bit(card)
        if out[card] == GAVE_UP:
            return GAVE_UP, work.counters
    hand = hands[to_move]
    rest = hand
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        top = run_top(card, hand, live, block_mask[trump, block_of_pos[trump, card]], matador_mask)
        if out[top] >= 0:
            out[card] = out[top]
    return best, work.counters
