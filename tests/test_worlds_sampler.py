"""The hidden-hand sampler against exact enumeration: counts, exact uniformity, impossible constraints.

A world is a deal of the unseen cards to the seats other than the observer that gives each seat
its count and no seat a card it cannot hold. On small cases every world is listed by brute
force (each unseen card to each seat, m**n candidates), and the sampler must (1) count them
exactly, (2) draw only them, (3) draw each equally often: a chi-square test over all worlds and
a Bonferroni interval per world. The uniformity check is shown to reject a plausible biased
sampler, so it can fail. Large cases are checked against closed forms and exact marginals.
"""

from __future__ import annotations

import itertools
from math import comb, factorial, sqrt

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from spadille.kernel.common._rng import seed_deal
from spadille.kernel.common import _worlds
from spadille.kernel.common.worlds import NoConsistentWorld, WorldsError, count_hands, sample_hands


def fresh_state(seed: int, stream: int = 0) -> np.ndarray:
    state = np.zeros(2, dtype=np.uint64)
    seed_deal(state, np.uint64(seed), np.uint64(stream))
    return state


def bits(mask: int) -> list[int]:
    return [b for b in range(64) if mask >> b & 1]


def enumerate_worlds(observer, unseen, counts, excluded):
    """Every consistent world as a tuple of per-seat masks (observer's entry 0), by brute force."""
    n_seats = len(counts)
    others = [s for s in range(n_seats) if s != observer]
    cards = bits(unseen)
    found = []
    for owners in itertools.product(others, repeat=len(cards)):
        hands = [0] * n_seats
        for card, seat in zip(cards, owners):
            hands[seat] |= 1 << card
        if all(bin(hands[s]).count("1") == counts[s] and not hands[s] & int(excluded[s]) for s in others):
            found.append(tuple(hands))
    return found


def world_keys(drawn: np.ndarray, observer: int) -> list[tuple[int, ...]]:
    keys = []
    for row in drawn:
        hands = [int(x) for x in row]
        hands[observer] = 0
        keys.append(tuple(hands))
    return keys


def uniformity_failures(keys, worlds, alpha=1e-3):
    """Why ``keys`` (drawn worlds) do not look uniform over ``worlds``; empty when they do.

    Chi-square over every world (p must exceed alpha), and each world's frequency within a
    normal interval at Bonferroni level alpha / len(worlds)."""
    index = {w: i for i, w in enumerate(worlds)}
    outside = [k for k in keys if k not in index]
    if outside:
        return [f"{len(outside)} draws are not consistent worlds"]
    observed = np.bincount([index[k] for k in keys], minlength=len(worlds))
    n, m = len(keys), len(worlds)
    problems = []
    p_value = stats.chisquare(observed).pvalue
    if p_value <= alpha:
        problems.append(f"chi-square p = {p_value:.2e}")
    z = stats.norm.isf(alpha / (2 * m))
    expected, spread = n / m, sqrt(n * (1 / m) * (1 - 1 / m))
    worst = np.abs(observed - expected).max()
    if worst > z * spread:
        problems.append(f"a world drawn {worst:.0f} times away from the expected {expected:.1f} (allowed {z * spread:.1f})")
    return problems


# Small cases with exclusions: (observer, unseen, counts, excluded). Bits are just card labels.
CASES = {
    # four seats, 8 unseen cards, a void and a one-card exclusion
    "four seats": (0, 0b11111111, [0, 3, 3, 2], [0, 0b00000111, 0b10000000, 0b00011000]),
    # four seats, few exclusions: many worlds
    "many worlds": (2, 0b11111111, [3, 3, 0, 2], [0b00000001, 0b00000010, 0, 0b00000100]),
    # three seats (the 30-card game), 8 unseen: card 0 can only go to seat 2, cards 2 and 3 to seat 0
    "three seats": (1, 0b11111111, [4, 0, 4], [0b00000001, 0, 0b00001100]),
    # a card only one seat may hold, another only two
    "forced card": (3, 0b111111, [2, 2, 2, 0], [0b000001, 0b000001, 0b000010, 0]),
}


@pytest.mark.parametrize("name", CASES)
def test_draws_are_exactly_uniform_over_the_enumerated_worlds(name):
    observer, unseen, counts, excluded = CASES[name]
    worlds = enumerate_worlds(observer, unseen, counts, excluded)
    assert 10 <= len(worlds) <= 400  # big enough to mean something, small enough to fill
    draws = 300 * len(worlds)
    drawn = sample_hands(observer, 0, unseen, counts, excluded, draws, fresh_state(7))
    assert uniformity_failures(world_keys(drawn, observer), worlds) == []


def biased_sampler(observer, unseen, counts, excluded, draws, rng):
    """Card by card, each to a uniformly chosen seat that may still take it; restart when stuck.

    A natural first attempt: every world it gives is consistent, but not equally often."""
    others = [s for s in range(len(counts)) if s != observer]
    keys = []
    while len(keys) < draws:
        room = {s: counts[s] for s in others}
        hands = [0] * len(counts)
        for card in bits(unseen):
            seats = [s for s in others if room[s] > 0 and not int(excluded[s]) >> card & 1]
            if not seats:
                break
            seat = seats[rng.integers(len(seats))]
            hands[seat] |= 1 << card
            room[seat] -= 1
        else:
            keys.append(tuple(hands))
    return keys


def test_the_uniformity_check_rejects_a_plausible_biased_sampler():
    observer, unseen, counts, excluded = CASES["four seats"]
    worlds = enumerate_worlds(observer, unseen, counts, excluded)
    keys = biased_sampler(observer, unseen, counts, excluded, 300 * len(worlds), np.random.default_rng(3))
    assert all(k in set(worlds) for k in keys[:200])
    assert uniformity_failures(keys, worlds) != []


@st.composite
def small_knowledge(draw):
    """Up to 8 unseen cards among 1 to 3 other seats, random counts and random exclusions."""
    n_seats = draw(st.sampled_from([2, 3, 4]))
    observer = draw(st.integers(0, n_seats - 1))
    n_unseen = draw(st.integers(0, 8))
    labels = draw(st.permutations(range(40)))[:n_unseen]
    unseen = sum(1 << c for c in labels)
    others = [s for s in range(n_seats) if s != observer]
    cuts = sorted(draw(st.lists(st.integers(0, n_unseen), min_size=len(others) - 1, max_size=len(others) - 1)))
    sizes = [b - a for a, b in zip([0] + cuts, cuts + [n_unseen])]
    counts = [0] * n_seats
    for seat, size in zip(others, sizes):
        counts[seat] = size
    density = draw(st.sampled_from([0.0, 0.2, 0.4, 0.7]))
    excluded = [0] * n_seats
    for seat in others:
        for card in labels:
            if draw(st.floats(0, 1)) < density:
                excluded[seat] |= 1 << card
    return observer, unseen, counts, np.array(excluded, dtype=np.uint64)


@settings(max_examples=300, deadline=None)
@given(small_knowledge(), st.integers(0, 2**32))
def test_count_equals_brute_force_and_draws_are_worlds(knowledge, seed):
    observer, unseen, counts, excluded = knowledge
    worlds = enumerate_worlds(observer, unseen, counts, excluded)
    assert count_hands(observer, 0, unseen, counts, excluded) == len(worlds)
    if not worlds:
        with pytest.raises(NoConsistentWorld):
            sample_hands(observer, 0, unseen, counts, excluded, 3, fresh_state(seed))
        return
    drawn = sample_hands(observer, 0, unseen, counts, excluded, 20, fresh_state(seed))
    assert set(world_keys(drawn, observer)) <= set(worlds)


def test_impossible_knowledge_is_reported_not_looped():
    # a card every seat is barred from
    assert count_hands(0, 0, 0b111, [0, 1, 1, 1], [0, 0b001, 0b001, 0b001]) == 0
    # a seat that must hold three cards but may hold only two of them
    assert count_hands(0, 0, 0b111111, [0, 3, 2, 1], [0, 0b111100, 0, 0]) == 0
    # the counts add up but the only seat with room is barred from the last card
    assert count_hands(2, 0, 0b11, [1, 1, 0], [0b10, 0b10, 0]) == 0
    with pytest.raises(NoConsistentWorld, match="no deal of the unseen cards"):
        sample_hands(0, 0, 0b111, [0, 1, 1, 1], [0, 0b001, 0b001, 0b001], 5, fresh_state(1))


def test_the_jitted_kernel_returns_zero_and_leaves_out_untouched_when_nothing_fits():
    out = np.full((4, 4), 99, dtype=np.uint64)
    state = fresh_state(5)
    total = _worlds.draw_worlds(np.int64(0), np.uint64(0), np.uint64(0b111), np.array([0, 1, 1, 1], np.int64),
                                np.array([0, 1, 1, 1], np.uint64), state, out)
    assert total == 0 and (out == 99).all() and state[1] == 0


def test_a_full_hidden_pack_counts_the_multinomial():
    """30 unseen cards, three seats of 10: 30! / (10!)**3 deals; in the 30-card game, C(20, 10)."""
    unseen = (1 << 30) - 1
    assert count_hands(0, 0, unseen, [10, 10, 10, 10], [0] * 4) == factorial(30) // factorial(10) ** 3
    assert count_hands(2, 0, (1 << 20) - 1, [10, 10, 10], [0] * 3) == comb(20, 10)


def test_a_void_in_a_full_pack_counts_the_closed_form():
    """Seat 1 void in ten cards: they split a, 10-a between seats 2 and 3, and seat 1 takes 10 of
    the other 20: sum_a C(10, a) C(20, 10) C(10, 10 - a) = C(20, 10)**2."""
    unseen = (1 << 30) - 1
    excluded = [0, (1 << 10) - 1, 0, 0]
    assert count_hands(0, 0, unseen, [10, 10, 10, 10], excluded) == comb(20, 10) ** 2


def exact_marginals(observer, unseen, counts, excluded):
    """P(seat holds card) for every (seat, card), exactly: the worlds with the card forced there over all."""
    total = count_hands(observer, 0, unseen, counts, excluded)
    n_seats = len(counts)
    out = np.zeros((n_seats, 64))
    for card in bits(unseen):
        for seat in range(n_seats):
            if seat == observer:
                continue
            forced = np.array(excluded, dtype=np.uint64)
            for other in range(n_seats):
                if other != seat:
                    forced[other] |= np.uint64(1 << card)
            out[seat, card] = count_hands(observer, 0, unseen, counts, forced) / total
    return out


def test_large_case_marginals_match_exact_counts():
    """24 unseen cards with voids and a privilege-style exclusion: too many worlds to list, but each
    card's chance of lying with each seat is a ratio of exact counts, and 20,000 draws must match it
    (normal intervals, Bonferroni over the 72 seat-card pairs)."""
    observer, unseen = 2, (1 << 24) - 1
    counts = [8, 9, 0, 7]
    excluded = [0x0000FF, 0, 0, 0xF0F000]
    truth = exact_marginals(observer, unseen, counts, excluded)
    n = 20_000
    drawn = sample_hands(observer, 0, unseen, counts, excluded, n, fresh_state(11))
    z = stats.norm.isf(1e-3 / (2 * 72))
    for seat in (0, 1, 3):
        column = drawn[:, seat]
        for card in range(24):
            p = truth[seat, card]
            seen = np.count_nonzero(column >> np.uint64(card) & np.uint64(1)) / n
            assert abs(seen - p) <= z * sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12, (seat, card, seen, p)
    assert (drawn[:, 0] & np.uint64(excluded[0]) == 0).all() and (drawn[:, 3] & np.uint64(excluded[3]) == 0).all()


def test_worlds_carry_the_observers_hand_and_partition_the_unseen_cards():
    own = 0b111 << 30
    drawn = sample_hands(1, own, 0b111111, [2, 3, 3, 1], [0, 0, 0b11, 0], 50, fresh_state(2))
    assert (drawn[:, 1] == own).all()
    for row in drawn:
        hands = [int(row[s]) for s in (0, 2, 3)]
        assert hands[0] | hands[1] | hands[2] == 0b111111 and sum(bin(h).count("1") for h in hands) == 6
        assert [bin(int(x)).count("1") for x in row] == [2, 3, 3, 1] and not hands[1] & 0b11


def test_the_random_stream_is_an_argument():
    args = (0, 0, 0b11111111, [0, 3, 3, 2], [0, 0b111, 0, 0])
    first, state = sample_hands(*args, 30, fresh_state(9)), fresh_state(9)
    again = sample_hands(*args, 30, state)
    assert (first == again).all() and state[1] > 0
    assert not (sample_hands(*args, 30, state) == first).all()  # the stream went on


def test_uniform_below_is_uniform_and_in_range():
    state = fresh_state(4)
    for n in (1, 2, 3, 7, 2**62 + 1):
        values = [_worlds.uniform_below(state, np.int64(n)) for _ in range(200)]
        assert min(values) >= 0 and max(values) < n
    values = np.array([_worlds.uniform_below(state, np.int64(7)) for _ in range(14_000)])
    assert stats.chisquare(np.bincount(values, minlength=7)).pvalue > 1e-3


@pytest.mark.parametrize("args, message", [
    ((0, 0, 0b111, [0, 1, 1, 0], [0] * 4), "the other seats hold 2 cards between them but 3 cards are unseen"),
    ((0, 0b1, 0b11, [0, 1, 1, 0], [0] * 4), "a card cannot be both unseen and in the observer's hand"),
    ((4, 0, 0b11, [0, 1, 1, 0], [0] * 4), "observer seat 4 is not one of the 4 seats"),
    ((0, 0, 0b11, [0, 1, 1], [0] * 4), "counts and excluded must be two vectors"),
    ((0, 0, 0, [0, 13, -13, 0], [0] * 4), "seat 1 is said to hold 13 cards"),
])
def test_bad_arguments_get_one_sentence(args, message):
    with pytest.raises(WorldsError, match=message):
        count_hands(*args)


def test_bad_state_and_world_count_are_refused():
    args = (0, 0, 0b11, [0, 1, 1, 0], [0] * 4)
    with pytest.raises(WorldsError, match="uint64 array of shape"):
        sample_hands(*args, 3, np.zeros(2, dtype=np.int64))
    with pytest.raises(WorldsError, match="number of worlds"):
        sample_hands(*args, 0, fresh_state(1))
