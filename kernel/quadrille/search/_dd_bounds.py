"""Quick-trick bounds for the double-dummy solver, at trick boundaries.

Both functions count tricks a team is *sure* of whatever the others do, so the search may
stop as soon as they settle its question. Each also returns the cards its count rests on,
as the lowest card of each block that matters (everything live above it in the block
matters too): the count holds in any position where those cards lie in the same hands and
every seat holds as many cards of each block (see the relevant cards in ``_dd.py``).
Masks are uint64 in the ordered encoding; hands is uint64[n_seats]; side_mask has bit s set
for each seat of the ombre's side. No input checks.
"""

from numba import njit

from spadille.kernel.common._bits import ZERO, above, bit, highest, lowest, popcount
from spadille.kernel.quadrille import layout as L


@njit(inline="always", cache=True)
def trump_count(mine, others):
    """(tricks, card): the tricks a player holding the trumps ``mine`` is sure of against the
    other team's trumps ``others``, as sure_tricks explains, and his lowest trump counted
    (0 when the shape alone says so: the other team holds no trump)."""
    if others == ZERO:
        return popcount(mine), ZERO
    best = 0
    card = ZERO
    held = 0
    rest = mine
    while rest != ZERO:
        top = highest(rest)
        rest ^= bit(top)
        held += 1
        count = held - popcount(others & above(top))
        if count > best:
            best, card = count, bit(top)
    return best, card


@njit(inline="always", cache=True)
def sure_tricks(hands, n_seats, side_mask, trump, block_mask):
    """(side, side_cards, defence, defence_cards): for each team, tricks one of its players
    is sure of with his trumps, and the cards that count rests on (his lowest trump counted).

    Every card a player holds is played by the end, one a trick, and a trump loses only to a
    higher trump in its trick. So if he holds k trumps at or above some trump t of his, and
    the other team holds h trumps above t, at most h of those k lose (each of the h falls on
    one trick), and his team takes at least k - h tricks, whoever leads and however the rest
    is played. The count is the best over t. (h = 0, the trumps above all the other team's,
    was the whole bound before: 1.9 times the nodes on the bench's deals. Comparing with the
    partners' trumps too, as this once did, was sound but weaker.)"""
    trumps = block_mask[trump, trump]
    side_trumps = ZERO
    defence_trumps = ZERO
    for seat in range(n_seats):
        if (side_mask >> seat) & 1:
            side_trumps |= hands[seat] & trumps
        else:
            defence_trumps |= hands[seat] & trumps
    side_sure = 0
    defence_sure = 0
    side_cards = ZERO
    defence_cards = ZERO
    for seat in range(n_seats):
        mine = hands[seat] & trumps
        if mine == ZERO:
            continue
        is_side = (side_mask >> seat) & 1
        best, cards = trump_count(mine, defence_trumps if is_side else side_trumps)
        if is_side:
            if best > side_sure:
                side_sure, side_cards = best, cards
        elif best > defence_sure:
            defence_sure, defence_cards = best, cards
    return side_sure, side_cards, defence_sure, defence_cards


# Not inlined into the search, unlike the other bounds: it runs only where the trump count settles
# nothing, and the search compiled around a call ran about 20% faster than with the body inlined
# (solver.load_search_code gives the figures). Without reference counts like the search that calls
# it (tests/test_kernel_refcounts.py), so a direct call compiles the same code as the search's.
@njit(cache=True, _nrt=False)
def leader_quick_tricks(hands, n_seats, leader, side_mask, trump, live, rules, block_mask, plain_blocks, n_plain):
    """Tricks the leader's team is sure of by the leader cashing winners from the top.

    First his run of top live trumps: the highest live trump wins, and when it is led no one
    holds a trump above it, so no matador is exempt (RULES.md §1.4) and every other player
    with a trump must spend one. Then, in each plain block, his run of top live cards, as
    many times as every player who may still ruff can follow: an opponent with trumps left,
    and, when must_trump is on, a partner too (his ruff would take the lead away).
    Returns (tricks, cards): cards holds the lowest counted card of each run.
    """
    trumps = block_mask[trump, trump]
    mine = hands[leader]
    my_team = (side_mask >> leader) & 1
    trump_run = top_run(live & trumps, mine)
    run = popcount(trump_run)
    cards = ZERO
    if run > 0:
        cards = bit(lowest(trump_run))
    ruffers = ZERO  # bit s: seat s may still ruff a plain lead after the trump run
    for seat in range(n_seats):
        if seat == leader:
            continue
        if popcount(hands[seat] & trumps) <= run:
            continue
        if ((side_mask >> seat) & 1) != my_team or rules[L.R_MUST_TRUMP] != 0:
            ruffers |= bit(seat)
    total = run
    for k in range(n_plain):
        block = block_mask[trump, plain_blocks[k]]
        plain_run = top_run(live & block, mine)
        if plain_run == ZERO:
            continue
        count = popcount(plain_run)
        cashed = count
        for seat in range(n_seats):
            if ruffers & bit(seat) != ZERO:
                cashed = min(cashed, popcount(hands[seat] & block))
        if cashed == count:
            cards |= bit(lowest(plain_run))
        elif cashed > 0:
            cards |= bit(lowest_of_top(plain_run, cashed))
        total += cashed
    return total, cards


@njit(inline="always", cache=True)
def top_run(live_block, mine):
    """The run of top live cards of a block that ``mine`` holds: the block's live cards above
    the highest one not in ``mine`` (all of them when it holds them all; none when the top
    card is another's). A mask, without scanning the run card by card."""
    others = live_block & ~mine
    if others == ZERO:
        return live_block
    return live_block & above(highest(others))


@njit(inline="always", cache=True)
def lowest_of_top(mask, count):
    """The count-th highest set bit of mask (count >= 1 and <= popcount(mask))."""
    for _ in range(count - 1):
        mask ^= bit(highest(mask))
    return highest(mask)
