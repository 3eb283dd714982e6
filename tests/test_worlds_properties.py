"""The knowledge derived from real played deals never contradicts the real hidden hands.

For deals played by the kernel (seeds, deal numbers, policies and rulesets drawn by hypothesis),
at every point of play and for every observer, the true hands then held by the other seats must
be one of the consistent worlds: right counts, exactly the unseen cards, no card a seat was
shown not to hold (RULES.md §1.3-1.4, the matador privilege included). Then the sampler must
find at least that world, and every world it draws must itself be consistent.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from spadille.kernel.common._rng import seed_deal
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import to_ordered
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.search.knowledge import knowledge_from_row, plays_of_row
from spadille.kernel.quadrille.search.worlds import count_worlds, sample_worlds
from spadille.kernel.quadrille.simulate import RunConfig, play_one, simulate
from spadille.kernel.quadrille.tables import build_tables

BASE = load_ruleset("encyclopedie-1765")
RULESETS = [
    BASE,
    with_overrides(BASE, {"play.must_trump": True, "play.must_overtrump": True, "play.matador_privilege": "none",
                          "auction.all_pass": "redeal"}),
    with_overrides(BASE, {"play.must_trump": True, "contract.self_call": False}),
    with_overrides(BASE, {"contract.self_call": False, "contract.call_king_of_trumps": True,
                          "contract.queen_call_with_four_kings": False, "contract.allowed_trumps": ["hearts"]}),
    with_overrides(BASE, {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
                          "contract.allowed_trumps": ["spades", "clubs", "hearts"]}),
]
TABLES = [build_tables(rs) for rs in RULESETS]
POLICIES = {"random": make_seat_policy("random"), "heuristic": make_seat_policy("heuristic")}


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def true_hands(row, tables, n_played) -> list[int]:
    """Each seat's hand after the first n_played cards, in the ordered encoding of the deal's trump."""
    n_seats = int(tables.rules[L.R_SEATS])
    trump = int(row[L.COL_TRUMP])
    hands = [int(row[L.COL_HANDS + s]) for s in range(n_seats)]
    for seat, card in plays_of_row(row, n_seats, n_played):
        hands[seat] &= ~(1 << card)
    return [int(to_ordered(np.uint64(h), np.int64(trump), tables.pos_of_card)) for h in hands]


def consistency_faults(knowledge, hands) -> list[str]:
    """Why ``hands`` (every seat's, ordered) is not a world ``knowledge`` allows; empty if it is."""
    faults = []
    others = [s for s in range(knowledge.n_seats) if s != knowledge.observer]
    if hands[knowledge.observer] != knowledge.own_hand:
        faults.append("the observer's hand differs")
    union = 0
    for seat in others:
        union |= hands[seat]
        if popcount(hands[seat]) != knowledge.counts[seat]:
            faults.append(f"seat {seat} holds {popcount(hands[seat])} cards, not {knowledge.counts[seat]}")
        if hands[seat] & int(knowledge.excluded[seat]):
            faults.append(f"seat {seat} holds cards it was shown not to hold: {hands[seat] & int(knowledge.excluded[seat]):#x}")
    if union != knowledge.unseen or sum(popcount(hands[s]) for s in others) != popcount(knowledge.unseen):
        faults.append("the other hands are not a partition of the unseen cards")
    return faults


def brute_force_count(knowledge) -> int:
    """Consistent worlds listed one by one (each unseen card to each other seat)."""
    others = [s for s in range(knowledge.n_seats) if s != knowledge.observer]
    unseen = [b for b in range(64) if knowledge.unseen >> b & 1]
    found = 0
    for owners in itertools.product(others, repeat=len(unseen)):
        hands = dict.fromkeys(others, 0)
        for card, seat in zip(unseen, owners):
            hands[seat] |= 1 << card
        found += all(popcount(hands[s]) == knowledge.counts[s] and not hands[s] & int(knowledge.excluded[s])
                     for s in others)
    return found


def check_deal(row, tables, seed):
    """Every point of play, every observer: the truth is a world; a few draws are worlds too.
    With two cards a seat left, the count is also checked against listing the worlds."""
    n_seats = int(tables.rules[L.R_SEATS])
    state = np.zeros(2, dtype=np.uint64)
    seed_deal(state, np.uint64(seed), np.uint64(int(row[L.COL_DEAL])))
    for n_played in range(n_seats * int(tables.rules[L.R_HAND]) + 1):
        hands = true_hands(row, tables, n_played)
        for observer in range(n_seats):
            knowledge = knowledge_from_row(tables, row, observer, n_played)
            assert consistency_faults(knowledge, hands) == [], (n_played, observer)
            assert count_worlds(knowledge) >= 1
            if n_played == n_seats * (int(tables.rules[L.R_HAND]) - 2) + observer:
                assert count_worlds(knowledge) == brute_force_count(knowledge)
            if n_played % 7 == observer:
                for world in sample_worlds(knowledge, 3, state):
                    assert consistency_faults(knowledge, [int(h) for h in world]) == []


@settings(max_examples=120, deadline=None)
@given(st.integers(0, len(RULESETS) - 1), st.lists(st.sampled_from(sorted(POLICIES)), min_size=4, max_size=4),
       st.integers(0, 2**31), st.integers(0, 10**6))
def test_true_hidden_hands_are_always_a_consistent_world(which, names, seed, deal):
    ruleset, tables = RULESETS[which], TABLES[which]
    policies = [POLICIES[name] for name in names[: ruleset["pack.seats"]]]
    row = play_one(ruleset, policies, seed, deal)
    if row[L.COL_CONTRACT] == L.NO_CONTRACT:
        return  # redealt: no play
    check_deal(row, tables, seed)


def test_the_privilege_is_exercised_and_respected_in_real_play():
    """The property above is not vacuous: in real play seats renege a trump lead while holding a
    matador above the led card (RULES.md §1.4), and at that point the derived knowledge still
    lets them hold it, while it rules out their other trumps."""
    tables = TABLES[0]
    rows = simulate(RunConfig(RULESETS[0], tuple([POLICIES["random"]] * 4), seed=31, deals=300, record=True)).rows
    privileged = 0
    for row in rows:
        trump = int(row[L.COL_TRUMP])
        if trump < 0:
            continue
        trumps = int(tables.block_mask[trump, trump])
        top = int(tables.top_pos[trump])
        for trick in range(10):
            led = int(tables.pos_of_card[trump, row[L.COL_CARDS + 4 * trick]])
            if not trumps >> led & 1:
                continue
            for i in range(1, 4):
                n_played = 4 * trick + i
                seat = (int(row[L.COL_LEADERS + trick]) + i) % 4
                card = int(tables.pos_of_card[trump, row[L.COL_CARDS + n_played]])
                held = true_hands(row, tables, n_played)[seat]   # before this card
                if trumps >> card & 1 or not held & trumps:
                    continue
                privileged += 1   # reneged a trump lead while holding trumps: only exempt matadors
                exempt = (1 << top | 1 << (top - 1) | 1 << (top - 2)) & ~((1 << (led + 1)) - 1)
                assert held & trumps & ~exempt == 0
                knowledge = knowledge_from_row(tables, row, (seat + 1) % 4, n_played + 1)
                excluded = int(knowledge.excluded[seat])
                assert not excluded & held & ~(1 << card)                # the matadors he kept stay possible
                assert trumps & ~exempt & knowledge.unseen & ~excluded == 0  # every other trump is ruled out
    assert privileged >= 5
