"""Jitted sampler of the hidden hands: exactly uniform over every deal consistent with what a seat knows.

What a seat knows of the cards it cannot see is, in Quadrille (kernel/quadrille/search/knowledge.py)
and Reversis alike, "rectangular":
how many cards each other seat still holds, and for each seat a set of cards it cannot hold.
The consistent deals are then the assignments of the unseen cards to the other seats that give
each seat its count and no seat an excluded card. This module counts them exactly and draws
them exactly uniformly:

1. Classes. Each unseen card has a set of seats allowed to hold it. With at most three other
   seats there are at most 2**3 - 1 = 7 non-empty sets, so the cards fall into at most 7
   classes (a card no seat may hold makes the count 0).
2. Counting. A deal is a split of every class among its seats, (x_{c,s}), with each class's
   cards shared out and each seat's count met, times the ways to pick which cards go where:
   prod_c multinomial(|c|; x_{c,s}). A table over classes and the seats' remaining counts,
   filled from the last class back, sums these products (no recursion: numba cannot load a
   cached recursive function).
3. Drawing. Walk the classes forwards, picking each class's split with probability
   (its multinomial * the completions left) / (completions before), then deal the class's
   cards to its seats as a uniformly random ordered partition. The product of those
   probabilities is 1 / (number of deals): exact uniformity.

Every random integer is drawn without bias by rejection (``uniform_below``); ``_rng.below_n``
is ``draw % n``, whose tiny bias is fine for play but not for a sampler sold as exact.

Counts are exact int64: at most 36 unseen cards among three seats of 12, 36!/(12!)**3 ~ 3.8e15.
Masks are uint64 in whatever encoding the caller uses (natural or ordered): the sampler only
moves bits. Kernels here do no input checks; the wrapper in worlds.py validates.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, bit, lowest, popcount
from spadille.kernel.common._rng import draw

MAX_OTHERS = 3       # other seats to deal to: four seats at the table, the observer is one
MAX_HELD = 12        # cards a seat can hold: every Quadrille pack's hand (10 at most), Reversis' 11 and its dealer's 12
N_CLASS_SETS = 8     # subsets of MAX_OTHERS seats; set 0 (nobody may hold the card) means no deal
MAX_UNSEEN = MAX_OTHERS * MAX_HELD


@njit(cache=True)
def uniform_below(state, n):
    """An int64 uniform on 0..n-1, without bias (n >= 1). state: uint64[2], advanced in place.

    Rejects the draws below 2**64 mod n, so the accepted draws cover every residue equally
    often (the OpenBSD arc4random_uniform method). A rejection has probability < n / 2**64.
    """
    un = np.uint64(n)
    threshold = (ZERO - un) % un
    while True:
        x = draw(state)
        if x >= threshold:
            return np.int64(x % un)


@njit(cache=True)
def binomial_table():
    """int64[MAX_UNSEEN + 1, MAX_UNSEEN + 1]: entry (n, k) is C(n, k), 0 when k > n."""
    size = MAX_UNSEEN + 1
    table = np.zeros((size, size), dtype=np.int64)
    for n in range(size):
        table[n, 0] = 1
        for k in range(1, n + 1):
            table[n, k] = table[n - 1, k - 1] + table[n - 1, k]
    return table


@njit(cache=True)
def _split_classes(observer, unseen, counts, excluded, n_seats, others, class_cards, class_seats):
    """Group the unseen cards by the set of other seats allowed to hold them.

    Fills others int64[MAX_OTHERS] (local index -> seat, -1 past the last), class_cards
    uint64[N_CLASS_SETS] (class -> its cards, in the order of the sets 1..7) and class_seats
    int64[N_CLASS_SETS] (class -> bit j set if local seat j may hold its cards). Returns the
    number of non-empty classes, or -1 when some unseen card may lie with no seat.
    A seat holding no more cards may hold none of them, whatever its exclusions say.
    """
    n_others = 0
    for j in range(MAX_OTHERS):
        others[j] = -1
    for seat in range(n_seats):
        if seat != observer:
            others[n_others] = seat
            n_others += 1
    by_set = np.zeros(N_CLASS_SETS, dtype=np.uint64)
    rest = unseen
    while rest != ZERO:
        card = lowest(rest)
        rest &= rest - ONE
        allowed = 0
        for j in range(n_others):
            seat = others[j]
            if counts[seat] > 0 and excluded[seat] & bit(card) == ZERO:
                allowed |= 1 << j
        by_set[allowed] |= bit(card)
    if by_set[0] != ZERO:
        return -1
    n_classes = 0
    for allowed in range(1, N_CLASS_SETS):
        if by_set[allowed] != ZERO:
            class_cards[n_classes] = by_set[allowed]
            class_seats[n_classes] = allowed
            n_classes += 1
    return n_classes


@njit(cache=True)
def _fill_ways(class_cards, class_seats, n_classes, need, binom, ways):
    """Count the completions, class by class from the last, into ways; return the total.

    need: int64[MAX_OTHERS], the cards each local seat must receive. ways: int64[N_CLASS_SETS,
    MAX_HELD + 1, MAX_HELD + 1], entry (i, r0, r1) = the ways to deal classes i.. when local
    seats 0 and 1 still need r0 and r1 cards (local seat 2 then needs the rest of those
    classes' cards; the third count is implied, which keeps the table two-dimensional).
    """
    ways[:, :, :] = 0
    left = 0
    for i in range(n_classes):
        left += popcount(class_cards[i])
    if left != need[0] + need[1] + need[2]:
        return np.int64(0)
    ways[n_classes, 0, 0] = 1
    cards_after = 0   # cards in classes i+1 .. n_classes-1
    for i in range(n_classes - 1, -1, -1):
        size = popcount(class_cards[i])
        seats = class_seats[i]
        total = cards_after + size
        for r0 in range(min(need[0], total) + 1):
            for r1 in range(min(need[1], total - r0) + 1):
                r2 = total - r0 - r1
                if r2 > need[2]:
                    continue
                ways[i, r0, r1] = _ways_of_state(size, seats, r0, r1, r2, i, binom, ways)
        cards_after = total
    return ways[0, need[0], need[1]]


@njit(inline="always", cache=True)
def _ways_of_state(size, seats, r0, r1, r2, i, binom, ways):
    """Completions from class i with needs (r0, r1, r2): sum over the class's splits."""
    acc = np.int64(0)
    for x0 in range(min(size if seats & 1 else 0, r0) + 1):
        for x1 in range(min(size - x0 if seats & 2 else 0, r1) + 1):
            x2 = size - x0 - x1
            if x2 > r2 or (x2 > 0 and seats & 4 == 0):
                continue
            acc += binom[size, x0] * binom[size - x0, x1] * ways[i + 1, r0 - x0, r1 - x1]
    return acc


@njit(cache=True)
def _deal_class(cards, x0, x1, state, scratch):
    """Split a class's cards uniformly at random: x0 to local seat 0, x1 to seat 1, the rest to 2.

    A partial Fisher-Yates shuffle of the class's cards (scratch: int64[MAX_UNSEEN]); returns
    the three masks. Every ordered partition with these sizes is equally likely.
    """
    size = 0
    rest = cards
    while rest != ZERO:
        scratch[size] = lowest(rest)
        rest &= rest - ONE
        size += 1
    for j in range(x0 + x1):
        pick = j + uniform_below(state, size - j)
        held = scratch[pick]
        scratch[pick] = scratch[j]
        scratch[j] = held
    first = ZERO
    second = ZERO
    for j in range(x0):
        first |= bit(scratch[j])
    for j in range(x0, x0 + x1):
        second |= bit(scratch[j])
    return first, second, cards & ~first & ~second


@njit(cache=True)
def _draw_one(class_cards, class_seats, n_classes, need, binom, ways, state, scratch, local):
    """One deal, uniformly among all counted by ways, into local uint64[MAX_OTHERS]."""
    for j in range(MAX_OTHERS):
        local[j] = ZERO
    r0 = need[0]
    r1 = need[1]
    r2 = need[2]
    for i in range(n_classes):
        size = popcount(class_cards[i])
        seats = class_seats[i]
        target = uniform_below(state, ways[i, r0, r1])
        # Walk the splits in the order _ways_of_state summed them, until the target falls in one.
        chosen0 = -1
        chosen1 = -1
        for x0 in range(min(size if seats & 1 else 0, r0) + 1):
            for x1 in range(min(size - x0 if seats & 2 else 0, r1) + 1):
                x2 = size - x0 - x1
                if x2 > r2 or (x2 > 0 and seats & 4 == 0):
                    continue
                weight = binom[size, x0] * binom[size - x0, x1] * ways[i + 1, r0 - x0, r1 - x1]
                if target < weight:
                    chosen0 = x0
                    chosen1 = x1
                    break
                target -= weight
            if chosen0 >= 0:
                break
        first, second, third = _deal_class(class_cards[i], chosen0, chosen1, state, scratch)
        local[0] |= first
        local[1] |= second
        local[2] |= third
        r0 -= chosen0
        r1 -= chosen1
        r2 -= size - chosen0 - chosen1


@njit(cache=True)
def _prepare(observer, unseen, counts, excluded, n_seats, others, class_cards, class_seats, need, binom, ways):
    """Classes and counting table; returns (number of consistent deals, number of classes)."""
    n_classes = _split_classes(observer, unseen, counts, excluded, n_seats, others, class_cards, class_seats)
    if n_classes < 0:
        return np.int64(0), 0
    for j in range(MAX_OTHERS):
        need[j] = counts[others[j]] if others[j] >= 0 else 0
    return _fill_ways(class_cards, class_seats, n_classes, need, binom, ways), n_classes


@njit(cache=True)
def count_worlds(observer, unseen, counts, excluded):
    """Number of deals of ``unseen`` to the seats other than ``observer`` that give seat s
    exactly counts[s] cards and none of excluded[s]. 0 when there is none.

    observer: int64 seat. unseen: uint64 mask. counts: int64[n_seats] (counts[observer] is
    ignored). excluded: uint64[n_seats] (excluded[observer] is ignored). Returns int64.
    """
    n_seats = counts.shape[0]
    others = np.empty(MAX_OTHERS, dtype=np.int64)
    class_cards = np.zeros(N_CLASS_SETS, dtype=np.uint64)
    class_seats = np.zeros(N_CLASS_SETS, dtype=np.int64)
    need = np.zeros(MAX_OTHERS, dtype=np.int64)
    ways = np.zeros((N_CLASS_SETS, MAX_HELD + 1, MAX_HELD + 1), dtype=np.int64)
    total, _ = _prepare(observer, unseen, counts, excluded, n_seats, others, class_cards, class_seats,
                        need, binomial_table(), ways)
    return total


@njit(cache=True)
def draw_worlds(observer, own_hand, unseen, counts, excluded, state, out):
    """Fill out with K = out.shape[0] deals drawn independently and exactly uniformly among the
    consistent ones; return their number (int64), 0 when there is none (out is then untouched).

    observer: int64 seat whose hand is known. own_hand: uint64, written to out[:, observer].
    unseen: uint64, the cards to deal to the other seats. counts: int64[n_seats], cards each
    seat holds (counts[observer] ignored). excluded: uint64[n_seats], cards seat s cannot hold
    (excluded[observer] ignored). state: uint64[2] random stream (see _rng.py), advanced.
    out: uint64[K, n_seats], one hand per seat per world, in the encoding of the inputs.
    The counting is done once for the K draws.
    """
    n_seats = counts.shape[0]
    others = np.empty(MAX_OTHERS, dtype=np.int64)
    class_cards = np.zeros(N_CLASS_SETS, dtype=np.uint64)
    class_seats = np.zeros(N_CLASS_SETS, dtype=np.int64)
    need = np.zeros(MAX_OTHERS, dtype=np.int64)
    binom = binomial_table()
    ways = np.zeros((N_CLASS_SETS, MAX_HELD + 1, MAX_HELD + 1), dtype=np.int64)
    total, n_classes = _prepare(observer, unseen, counts, excluded, n_seats, others, class_cards, class_seats,
                                need, binom, ways)
    if total == 0:
        return total
    scratch = np.empty(MAX_UNSEEN, dtype=np.int64)
    local = np.zeros(MAX_OTHERS, dtype=np.uint64)
    for k in range(out.shape[0]):
        _draw_one(class_cards, class_seats, n_classes, need, binom, ways, state, scratch, local)
        out[k, observer] = own_hand
        for j in range(MAX_OTHERS):
            if others[j] >= 0:
                out[k, others[j]] = local[j]
    return total
