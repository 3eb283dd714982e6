"""Exact probabilities of conditions on one hand, by classes of cards: "five trumps or more".

Some features read a hand only through how many cards it holds of some sets: ``trumps(seat,
suit)`` (the trumps of that suit), ``true_matadors(seat, suit)``, ``suit_length(seat, suit)``,
``kings(seat)``, ``has_ponto(seat, suit)`` and ``has(seat, card)`` count the cards of one set,
``voids(seat)`` is a function of the four natural suits' counts. The sets are read from the
kernel itself: a card is in a feature's set when the feature counts it in a hand of that card
alone (``COUNTED`` names the features for which that is the whole story; the tests check it on
random hands against the kernel's own features).

A condition whose terms are all of these, on one seat, depends on that hand only through how
many cards it holds of each class (the cards in the same sets: a *suit-composition class*). So
P(condition) is a finite sum over the count vectors c of the classes (c_a cards of class a,
summing to the hand): the number of hands with those counts, prod_a C(|a|, c_a), over C(F, m)
(F the free cards, m the hand's free places), where the kernel's compiled condition is evaluated
on one hand of each vector. As a check, it is evaluated on a second hand of the same counts (the
last cards of each class instead of the first) and must agree, or the computation is refused.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, prod

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

# feature -> how it reads a hand: "count" (the cards of one set), "suits" (the natural suits' counts)
COUNTED = {"has": "count", "trumps": "count", "true_matadors": "count", "suit_length": "count", "kings": "count",
           "has_ponto": "count", "voids": "suits"}
MAX_VECTORS = 400_000   # count vectors summed at most (one hand each is evaluated)


def _pack(ruleset: Ruleset) -> tuple[int, int]:
    from spadille.kernel.quadrille.tables import rule_vector

    rules = rule_vector(ruleset)
    return int(rules[L.R_PACK_MASK]), int(rules[L.R_HAND])


def _feature_set(ruleset: Ruleset, feature: str, suit: int | None) -> int:
    """The cards ``feature`` counts, read from the kernel: those it counts in a hand of one card."""
    from spadille.kernel.quadrille import features as F

    pack, _ = _pack(ruleset)
    singles = np.array([np.uint64(1 << c) for c in range(cards.N_CARDS)], dtype=np.uint64)
    counted = F.FEATURES[feature].compute(singles, suit, F.feature_tables(ruleset))
    return sum(1 << c for c in range(cards.N_CARDS) if counted[c] and (pack >> c) & 1)


def card_sets(ruleset: Ruleset, terms) -> list[int] | None:
    """The card sets the terms read, or None if some term is not a count of COUNTED or the terms
    are not all on one seat."""
    if not terms or len({term.seat for term in terms}) != 1 or any(t.feature not in COUNTED for t in terms):
        return None
    sets = []
    for term in terms:
        if term.feature == "has":
            sets.append(1 << term.argument)
        elif COUNTED[term.feature] == "suits":
            sets += [_feature_set(ruleset, "suit_length", suit) for suit in range(len(cards.SUITS))]
        else:
            sets.append(_feature_set(ruleset, term.feature, term.argument))
    return sets


def _classes(free: int, sets: list[int]) -> list[list[int]]:
    """The free cards split by which of the sets they are in: cards of one class are alike."""
    classes: dict[tuple[bool, ...], list[int]] = {}
    for card in cards.cards_of(free):
        classes.setdefault(tuple(bool((s >> card) & 1) for s in sets), []).append(card)
    return list(classes.values())


def _vectors(sizes: list[int], total: int) -> np.ndarray:
    """Every count vector c with 0 <= c_a <= sizes[a] and sum total, one row each."""
    rows = np.zeros((1, 0), dtype=np.int64)
    remaining = sum(sizes)
    for size in sizes:
        remaining -= size
        grown = np.repeat(rows, size + 1, axis=0)
        taken = np.tile(np.arange(size + 1, dtype=np.int64), len(rows))[:, None]
        rows = np.hstack([grown, taken])
        used = rows.sum(axis=1)
        rows = rows[(used <= total) & (used + remaining >= total)]
        if len(rows) > MAX_VECTORS:
            raise ValueError(f"more than {MAX_VECTORS:,} count vectors")
    return rows


def vector_count(ruleset: Ruleset, sets: list[int], held: int, elsewhere: int) -> int:
    """How many count vectors the sum would take (more than MAX_VECTORS: too many)."""
    pack, hand = _pack(ruleset)
    classes = _classes(pack & ~held & ~elsewhere, sets)
    try:
        return len(_vectors([len(c) for c in classes], hand - bin(held).count("1")))
    except ValueError:
        return MAX_VECTORS + 1


def _hands(classes: list[list[int]], vectors: np.ndarray, fixed: int, last: bool) -> np.ndarray:
    masks = np.full(len(vectors), np.uint64(fixed), dtype=np.uint64)
    for column, members in enumerate(classes):
        order = members[::-1] if last else members
        prefix = np.zeros(len(members) + 1, dtype=np.uint64)
        for k, card in enumerate(order):
            prefix[k + 1] = prefix[k] | np.uint64(1 << card)
        masks |= prefix[vectors[:, column]]
    return masks


def _class_hands(ruleset: Ruleset, sets: list[int], seat: int, held: int, elsewhere: int):
    """One hand of each count vector (the first cards of each class, and again the last cards),
    as uint64[n, MAX_SEATS] rows with ``seat``'s hand filled, with each vector's number of hands
    and the number of hands in all."""
    pack, hand = _pack(ruleset)
    free = pack & ~held & ~elsewhere
    classes = _classes(free, sets)
    places = hand - bin(held).count("1")
    vectors = _vectors([len(c) for c in classes], places)
    both = []
    for last in (False, True):
        hands = np.zeros((len(vectors), L.MAX_SEATS), dtype=np.uint64)
        hands[:, seat] = _hands(classes, vectors, held, last)
        both.append(hands)
    sizes = [len(c) for c in classes]
    weights = [prod(comb(size, int(k)) for size, k in zip(sizes, row)) for row in vectors.tolist()]
    return both[0], both[1], weights, comb(bin(free).count("1"), places)


def exact_one_hand(ruleset: Ruleset, event, given, sets: list[int], seat: int, held: int, elsewhere: int
                   ) -> tuple[Fraction, Fraction]:
    """(P(event and given), P(given)) for conditions reading only ``seat``'s hand through ``sets``;
    ``held``: the cards always in that hand, ``elsewhere``: cards always in another. Raises
    ValueError if two hands of the same counts disagree (a feature read more than its set)."""
    first, last, weights, total = _class_hands(ruleset, sets, seat, held, elsewhere)
    verdicts = []
    for hands in (first, last):
        holds_given = np.ones(len(hands), dtype=bool) if given is None else given(hands)
        holds_both = holds_given & (np.ones(len(hands), dtype=bool) if event is None else event(hands))
        verdicts.append((holds_given, holds_both))
    if any((a != b).any() for a, b in zip(*verdicts)):
        raise ValueError("two hands with the same counts of every class met the condition differently")
    holds_given, holds_both = verdicts[0]
    given_sum = sum(w for w, keep in zip(weights, holds_given) if keep)
    both = sum(w for w, keep in zip(weights, holds_both) if keep)
    return Fraction(both, total), Fraction(given_sum, total)


def exact_distribution(ruleset: Ruleset, read, sets: list[int]) -> dict:
    """The exact chance of each value of ``read`` (uint64[n] hands -> n hashable labels) over the
    dealt hands of one seat, for a reading that sees a hand only through ``sets``. Raises
    ValueError if two hands of the same counts read differently."""
    first, last, weights, total = _class_hands(ruleset, sets, 0, 0, 0)
    labels = read(first[:, 0])
    if list(labels) != list(read(last[:, 0])):
        raise ValueError("two hands with the same counts of every class read differently")
    chances: dict = {}
    for label, weight in zip(labels, weights):
        chances[label] = chances.get(label, 0) + weight
    return {label: Fraction(count, total) for label, count in chances.items()}
