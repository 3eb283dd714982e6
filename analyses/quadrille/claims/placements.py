"""Exact probabilities of conditions on where named cards lie: "your partner holds one of the
other two kings".

A condition of the language of kernel/quadrille/conditions.py whose every term is
``has(seat, card)`` (joined by ``and``, ``or``, ``not``, ``+``, ``-`` and comparisons) depends on
a deal only through the seats that hold its named cards. So its probability is a finite sum:
every placement of the named cards (each to one seat, or to the cards left undealt), weighted by
the number of deals that place them so, which is multinomial: the other free cards fill the
seats' remaining places in (F - r)! / prod_s (m_s - k_s)! ways, F the free cards, r the named
ones, m_s a seat's free places and k_s the named cards it gets. The condition itself (the
kernel's compiled test) is evaluated on every placement, so the sum is the condition's
probability exactly, as a Fraction.

Any other feature (trumps, matadors, best_suit ...) reads more of a hand than the named cards,
so ``named_cards`` returns None and the caller tries hand_counts.py, else Monte Carlo: exactness is
decided from the condition's text, never guessed from a sample.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from typing import Iterable

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.ruleset import Ruleset

MAX_NAMED = 10    # named free cards enumerated at most: 4**10 (about a million) placements on four seats


def named_cards(terms: Iterable) -> tuple[int, ...] | None:
    """The cards the terms (terms.condition_terms) name in ``has(seat, card)``, if every term is
    has(); None if any other feature is called (the probability is then not a sum over placements)."""
    if any(term.feature != "has" for term in terms):
        return None
    return tuple(sorted({term.argument for term in terms}))


def exact_probability(ruleset: Ruleset, event, given, cards_named: Iterable[int], fixed: dict[int, int]
                      ) -> tuple[Fraction, Fraction]:
    """(P(event and given), P(given)) over the deals of ``ruleset`` keeping the ``fixed`` cards
    ({seat: mask}); ``event`` and ``given`` are compiled conditions (None: always) naming only
    ``cards_named`` through has()."""
    from spadille.kernel.quadrille.tables import rule_vector

    rules = rule_vector(ruleset)
    seats, hand, pack = int(rules[L.R_SEATS]), int(rules[L.R_HAND]), int(rules[L.R_PACK_MASK])
    taken = 0
    for mask in fixed.values():
        taken |= mask
    free = [c for c in cards_named if (pack >> c) & 1 and not (taken >> c) & 1]
    if len(free) > MAX_NAMED:
        raise ValueError(f"{len(free)} named cards are more than the {MAX_NAMED} enumerated exactly")
    places = [hand - bin(fixed.get(s, 0)).count("1") for s in range(seats)]
    free_total = bin(pack & ~taken).count("1")
    undealt = free_total - sum(places)
    if undealt > 0:
        places.append(undealt)               # a last "seat": the cards no one is dealt
    owners = len(places)
    rows = owners ** len(free)
    owner = (np.arange(rows, dtype=np.int64)[:, None] // owners ** np.arange(len(free), dtype=np.int64)) % owners
    hands = np.zeros((rows, max(L.MAX_SEATS, owners)), dtype=np.uint64)
    for seat, mask in fixed.items():
        hands[:, seat] = np.uint64(mask)
    for column, card in enumerate(free):
        hands[np.arange(rows), owner[:, column]] |= np.uint64(1 << card)
    counts = np.stack([(owner == s).sum(axis=1) for s in range(owners)], axis=1) if free else np.zeros((1, owners), int)
    feasible = np.all(counts <= np.array(places), axis=1)
    dealt = hands[:, :L.MAX_SEATS]
    holds_given = np.ones(rows, dtype=bool) if given is None else given(dealt)
    holds_both = holds_given & (np.ones(rows, dtype=bool) if event is None else event(dealt))
    keys, inverse = np.unique(counts[feasible], axis=0, return_inverse=True)
    per_given = np.bincount(inverse.ravel(), weights=holds_given[feasible], minlength=len(keys))
    per_both = np.bincount(inverse.ravel(), weights=holds_both[feasible], minlength=len(keys))
    rest = free_total - len(free)
    total = factorial(free_total)
    for m in places:
        total //= factorial(m)
    both = given_sum = 0
    for key, g, b in zip(keys, per_given, per_both):
        ways = factorial(rest)
        for m, k in zip(places, key):
            ways //= factorial(m - int(k))
        given_sum += int(round(g)) * ways
        both += int(round(b)) * ways
    return Fraction(both, total), Fraction(given_sum, total)
