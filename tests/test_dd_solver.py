"""The double-dummy solver against plain minimax on random endings.

Two oracles, both written for clarity, not speed, and sharing nothing with the solver's
search (no transposition keys, no equivalent-card runs, no quick tricks, no move order):

* ``_minimax``: a small non-cached jitted function that tries every legal card
  (``_rules.legal_plays``) of every player, recursively. It remembers the value of each
  exact trick-boundary position (all four hands and the leader), which changes nothing but
  the time it takes.
* ``reference_minimax``: the same in pure Python on natural cards, with the reference
  engine's own rules (``reference.play.legal_cards`` and ``trick_winner``), so the solver
  is also checked against rules it does not share; it runs on shorter endings.

Random endings draw the trump, the sides (2 v 2 or 1 v 3, and 1 v 2 in the three-seat
game), the player to move, the tricks already won and sometimes a trick in progress; one in
three is drawn from a trump-heavy pool so that matadors meet low trumps (RULES.md §1.4).
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from numba import njit, types
from numba.typed import Dict

from spadille.kernel.common._bits import ZERO, bit
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import beats, legal_plays
from spadille.kernel.quadrille.reference.play import legal_cards, trick_winner
from spadille.kernel.quadrille.reference.ranking import ranking
from spadille.kernel.quadrille.reference.rules import read_rules
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.search.solver import DoubleDummySolver
from spadille.kernel.quadrille.tables import build_tables

MEMO_KEY = types.UniTuple(types.uint64, 5)


@njit(cache=False)
def _minimax(hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos, best_seat, rules, block_of_pos,
             block_mask, top_pos, memo):
    """Side tricks from here with best play: every legal card of every player is tried.

    hands uint64[4] (unused seats 0); memo maps (hands, leader) at trick boundaries to values."""
    seat = (leader + n_in) % n_seats
    if hands[seat] == ZERO:
        return 0
    key = (hands[0], hands[1], hands[2], hands[3], np.uint64(leader))
    if n_in == 0 and key in memo:
        return memo[key]
    legal = legal_plays(hands[seat], led_pos if n_in > 0 else -1, best_pos, trump, rules, block_of_pos, block_mask,
                        top_pos)
    maximising = (side_mask >> seat) & 1
    value = -1 if maximising else 99
    for card in range(40):
        if legal & bit(card) == ZERO:
            continue
        hands[seat] ^= bit(card)
        new_led, new_best, new_seat = led_pos, best_pos, best_seat
        if n_in == 0:
            new_led, new_best, new_seat = card, card, seat
        elif beats(card, best_pos, trump, block_of_pos):
            new_best, new_seat = card, seat
        if n_in + 1 == n_seats:
            child = ((side_mask >> new_seat) & 1) + _minimax(hands, n_seats, side_mask, trump, new_seat, 0, -1, -1, -1,
                                                              rules, block_of_pos, block_mask, top_pos, memo)
        else:
            child = _minimax(hands, n_seats, side_mask, trump, leader, n_in + 1, new_led, new_best, new_seat, rules,
                             block_of_pos, block_mask, top_pos, memo)
        hands[seat] ^= bit(card)
        value = max(value, child) if maximising else min(value, child)
    if n_in == 0:
        memo[key] = value
    return value


def minimax(tables, ending) -> int:
    """The side's total by ``_minimax`` (``ending`` as made by ``random_ending``)."""
    hands = np.zeros(4, dtype=np.uint64)
    for seat, mask in enumerate(ending["hands"]):
        hands[seat] = mask | sum(1 << p for s, p in ending["trick"] if s == seat)  # undo the trick, then replay it
    n = len(ending["hands"])
    leader = (ending["to_move"] - len(ending["trick"])) % n
    trump = np.int64(ending["trump"])
    led = best = best_seat = -1
    for k, (seat, position) in enumerate(ending["trick"]):
        hands[seat] ^= np.uint64(1 << position)
        if k == 0:
            led, best, best_seat = position, position, seat
        elif beats(np.int64(position), np.int64(best), trump, tables.block_of_pos):
            best, best_seat = position, seat
    memo = Dict.empty(key_type=MEMO_KEY, value_type=types.int64)
    side_mask = sum(1 << s for s in ending["side"])
    return ending["side_tricks"] + _minimax(hands, n, np.int64(side_mask), trump, np.int64(leader),
                                            np.int64(len(ending["trick"])), np.int64(led), np.int64(best),
                                            np.int64(best_seat), tables.rules, tables.block_of_pos,
                                            tables.block_mask, tables.top_pos, memo)


def reference_minimax(ruleset, tables, ending) -> int:
    """The side's total in pure Python, with the reference engine's rules on natural cards."""
    trump = ending["trump"]
    rank, rules = ranking(ruleset, trump), read_rules(ruleset)

    def natural(mask):
        return frozenset(int(tables.card_of_pos[trump, p]) for p in range(40) if mask >> p & 1)

    n = len(ending["hands"])
    side = set(ending["side"])

    @lru_cache(maxsize=None)
    def best(hands, leader, played):
        seat = (leader + len(played)) % n
        if not hands[seat]:
            return 0
        values = []
        for card in legal_cards(hands[seat], list(played), rank, rules):
            rest = hands[:seat] + (hands[seat] - {card},) + hands[seat + 1:]
            trick = played + (card,)
            if len(trick) == n:
                winner = (leader + trick_winner(list(trick), rank)) % n
                values.append((winner in side) + best(rest, winner, ()))
            else:
                values.append(best(rest, leader, trick))
        return max(values) if seat in side else min(values)

    leader = (ending["to_move"] - len(ending["trick"])) % n
    played = tuple(int(tables.card_of_pos[trump, p]) for _, p in ending["trick"])
    return ending["side_tricks"] + best(tuple(natural(h) for h in ending["hands"]), leader, played)


def random_ending(rng: random.Random, tables, max_cards: int = 5, trump_heavy: bool = False) -> dict:
    """A random ending: each seat holds ``k`` cards (1..max_cards) at a trick boundary, then
    sometimes a few random legal cards of the next trick are played."""
    rules = tables.rules
    n, hand_size = int(rules[L.R_SEATS]), int(rules[L.R_HAND])
    trumps_allowed = [s for s in range(4) if tables.block_mask[s, s] != 0]
    trump = rng.choice(trumps_allowed)
    k = rng.randint(1, max_cards)
    pack = [p for p in range(40) if tables.block_of_pos[trump, p] >= 0]
    if trump_heavy:  # the three matadors, then mostly trumps
        top = int(tables.top_pos[trump])
        matadors = [top, top - 1, top - 2][:rng.randint(1, 3)]
        trump_cards = [p for p in pack if tables.block_of_pos[trump, p] == trump and p not in matadors]
        plain = [p for p in pack if tables.block_of_pos[trump, p] != trump]
        pool = trump_cards + rng.sample(plain, max(0, n * k - len(trump_cards)) + rng.randint(0, 6))
        cards = matadors[:n * k] + rng.sample(pool, n * k - len(matadors[:n * k]))
        rng.shuffle(cards)
    else:
        cards = rng.sample(pack, n * k)
    hands = [sum(1 << p for p in cards[s * k:(s + 1) * k]) for s in range(n)]
    ombre = rng.randrange(n)
    side = [ombre]
    if n == 4 and rng.random() < 0.5:
        side.append(rng.choice([s for s in range(n) if s != ombre]))
    leader = rng.randrange(n)
    trick = []
    in_trick = rng.choice([0, 0, 1, 2, n - 1]) if k >= 1 else 0
    led = best = -1
    for j in range(in_trick):
        seat = (leader + j) % n
        legal = int(legal_plays(np.uint64(hands[seat]), np.int64(led), np.int64(best), np.int64(trump), rules,
                                tables.block_of_pos, tables.block_mask, tables.top_pos))
        card = rng.choice([p for p in range(40) if legal >> p & 1])
        hands[seat] &= ~(1 << card)
        trick.append((seat, card))
        if j == 0:
            led = best = card
        elif beats(np.int64(card), np.int64(best), np.int64(trump), tables.block_of_pos):
            best = card
    return {"hands": hands, "trump": trump, "side": sorted(side), "to_move": (leader + in_trick) % n,
            "trick": trick, "side_tricks": rng.randint(0, hand_size - k)}


def _solve(solver, ending) -> int:
    return solver.solve(ending["hands"], ending["trump"], ending["side"], ending["to_move"], ending["trick"],
                        ending["side_tricks"])


def _card_values(solver, ending) -> dict[int, int]:
    return solver.card_values(ending["hands"], ending["trump"], ending["side"], ending["to_move"], ending["trick"],
                              ending["side_tricks"])


RULE_VARIANTS = {
    "encyclopedie": {},
    "no-privilege": {"play.matador_privilege": "none"},
    "must-overtrump": {"play.must_trump": True, "play.must_overtrump": True},
    "three-seats": {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
                    "contract.allowed_trumps": ["spades", "clubs", "hearts"]},
}
ENDINGS = {"encyclopedie": 1400, "no-privilege": 300, "must-overtrump": 300, "three-seats": 300}


@pytest.mark.parametrize("variant", list(RULE_VARIANTS))
def test_solver_agrees_with_minimax_on_random_endings(variant):
    """2,300 random endings of up to 5 cards a hand (1,400 under the Encyclopédie's rules,
    300 under each switch that changes the legal plays, 300 three-handed): the solve equals
    plain minimax, and the value of every legal card equals minimax after that card (checked
    on every fourth ending); the best card's value (highest for the side, lowest for a
    defender) is the solve. A third of the endings are dealt matadors and mostly trumps; under
    the Encyclopédie's rules the privilege changes the value of some of them (RULES.md §1.4)."""
    ruleset = with_overrides(load_ruleset(), RULE_VARIANTS[variant])
    tables = build_tables(ruleset)
    without_privilege = build_tables(with_overrides(ruleset, {"play.matador_privilege": "none"}))
    solver = DoubleDummySolver(tables, table_bits=6)  # a small table, so that buckets fill and entries are replaced
    rng = random.Random(f"dd-{variant}")
    privilege_cases = 0
    privilege_matters = 0
    for number in range(ENDINGS[variant]):
        ending = random_ending(rng, tables, trump_heavy=number % 3 == 0)
        expected = minimax(tables, ending)
        if variant == "encyclopedie" and number % 3 == 0:
            privilege_matters += expected != minimax(without_privilege, ending)
        got = _solve(solver, ending)
        assert got == expected, (number, ending, got, expected)
        values = _card_values(solver, ending)
        maximising = ending["to_move"] in ending["side"]
        assert (max(values.values()) if maximising else min(values.values())) == expected, (number, ending, values)
        if number % 4 == 0:
            for position, value in values.items():
                after = _after_card(ending, position, tables)
                truth = minimax(tables, after) if any(after["hands"]) else after["side_tricks"]
                assert value == truth, (number, ending, position, value)
        privilege_cases += _meets_matador(ending, tables)
    assert privilege_cases >= ENDINGS[variant] // 10  # the trump-heavy draws did bring matadors and low trumps together
    if variant == "encyclopedie":
        assert privilege_matters >= 20  # and in some of them the privilege changes the value


def test_solver_agrees_with_the_reference_rules_in_pure_python(ruleset, tables):
    """200 endings of up to 3 cards a hand checked against the reference engine's rules."""
    solver = DoubleDummySolver(tables, table_bits=6)
    rng = random.Random("dd-reference")
    for number in range(200):
        ending = random_ending(rng, tables, max_cards=3, trump_heavy=number % 2 == 0)
        assert _solve(solver, ending) == reference_minimax(ruleset, tables, ending), (number, ending)


@pytest.mark.parametrize("shape_rows", [1, 4, 16])
def test_solver_agrees_with_minimax_whatever_the_shape_rows(tables, shape_rows):
    """A shape's relevance kinds live in a set of up to four rows of the shapes array (_dd_tt):
    with a single row (as the engine allocates when it does not search), one set, or four, the
    sets fill and shapes are replaced as the table is kept from one ending to the next, and
    the solve still equals minimax on 300 endings."""
    from spadille.kernel.quadrille.search._dd_tt import SHAPE_WORDS

    solver = DoubleDummySolver(tables, table_bits=6)
    solver.shapes = np.zeros((shape_rows, SHAPE_WORDS), dtype=np.uint64)
    rng = random.Random(f"dd-shape-rows-{shape_rows}")
    for number in range(300):
        ending = random_ending(rng, tables, trump_heavy=number % 3 == 0)
        assert _solve(solver, ending) == minimax(tables, ending), (number, ending)


def _after_card(ending, position, tables) -> dict:
    """The ending after ``to_move`` plays ``position`` (the trick completes into a fresh one)."""
    n = len(ending["hands"])
    hands = list(ending["hands"])
    seat = ending["to_move"]
    hands[seat] &= ~(1 << position)
    trick = ending["trick"] + [(seat, position)]
    side_tricks = ending["side_tricks"]
    if len(trick) < n:
        return dict(ending, hands=hands, trick=trick, to_move=(seat + 1) % n)
    trump = np.int64(ending["trump"])
    best_seat, best = trick[0]
    for s, p in trick[1:]:
        if beats(np.int64(p), np.int64(best), trump, tables.block_of_pos):
            best_seat, best = s, p
    side_tricks += best_seat in ending["side"]
    return dict(ending, hands=hands, trick=[], to_move=best_seat, side_tricks=side_tricks)


def _meets_matador(ending, tables) -> bool:
    """Does the ending hold a true matador and a lower trump in different hands?"""
    trump = ending["trump"]
    top = int(tables.top_pos[trump])
    matadors = {top, top - 1, top - 2}
    trumps = int(tables.block_mask[trump, trump])
    holders_of_matadors = {s for s, h in enumerate(ending["hands"]) if any(h >> m & 1 for m in matadors)}
    holders_of_low = {s for s, h in enumerate(ending["hands"]) if h & trumps & ~sum(1 << m for m in matadors)}
    return bool(holders_of_matadors and holders_of_low and holders_of_matadors != holders_of_low)
