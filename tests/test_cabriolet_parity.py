"""Cabriolet's numba kernel agrees exactly with the pure-Python reference engine
(kernel/cabriolet/reference/): every figure of every session (each seat's net, the focal seat's
net by case, the four aces, the penalties, the plays, the collections, the exchanges, the board
left) on seeded sessions, under every switch of the card game and every table size; and each
player's choice (the exchange's call and the card he gives, the greedy card) on random hands."""

from __future__ import annotations

import random

import numpy as np
import pytest

from spadille.kernel.cabriolet import reference
from spadille.kernel.cabriolet._exchange import choose_call as kernel_call
from spadille.kernel.cabriolet._play import choose_card as kernel_card
from spadille.kernel.cabriolet.cards import kernel_masks
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import SessionConfig, cover_mask, run_sessions

# Each switch of the card game away from its default, spread over the table sizes and coverings.
# Seed 7's sessions from 3000 hold every rare event (four aces in session 3045 among them).
SEED, FIRST, SESSIONS, ROUNDS = 7, 3000, 60, 12
CASES = [
    ([], 4, ("all", "jeu", "figures"), "all", 3),
    (["board.restake=every-deal", "cases.cabriolet_sweep=all"], 5, ("all", "none"), "jeu+confidens", 2),
    (["cases.parts_of_mariage=false", "cases.confiance_same_suit=false", "cases.aces_requires=none"], 6,
     ("figures", "jeu"), "all", 3),
    (["declare.opposition=false", "declare.opposer_must_cover=true"], 4, ("jeu+mariage_legitime", "all"), "figures",
     3),
    (["declare.exchange=off", "play.who=eldest-only", "play.must_trump=true"], 5, ("all",), "all", 1),
    (["play.win_condition=most-tricks", "board.stake=2", "cases.aces_payment=3"], 6, ("all", "jeu"), "jeu", 2),
]


@pytest.fixture(scope="module")
def played():
    """Each case's sessions as the reference plays them: [case][session][variant] = (rounds, board left)."""
    out = []
    for overrides, players, variants, others, threshold in CASES:
        rules = load_cabriolet_ruleset(override_texts=overrides)
        rest = [cover_mask(others)] * (players - 1)
        out.append([[reference.play_session(rules, [cover_mask(variant)] + rest, [threshold] * players, SEED, s,
                                            ROUNDS) for variant in variants]
                    for s in range(FIRST, FIRST + SESSIONS)])
    return out


@pytest.mark.parametrize("case", range(len(CASES)))
def test_every_session_figure_is_the_kernels(case, played):
    overrides, players, variants, others, threshold = CASES[case]
    rules = load_cabriolet_ruleset(override_texts=overrides)
    out = run_sessions(SessionConfig(rules, players, seed=SEED, sessions=SESSIONS, rounds=ROUNDS, variants=variants,
                                     others=others, play_threshold=threshold, threads=1, first_session=FIRST)).out
    for s in range(SESSIONS):
        for v in range(len(variants)):
            assert list(out[s, v]) == reference.session_row(*played[case][s][v]), (FIRST + s, variants[v])


def test_the_sessions_checked_meet_every_event(played):
    """The parity above means something only if its sessions meet the rare events: three jacks,
    four aces, oppositions, exchanges, plays for the jeu won and lost."""
    seen = set()
    for this in (r for case in played for session in case for rounds, _ in session for r in rounds):
        seen |= {"cabriolet"} if this.cabriolet else set()
        seen |= {"won" if this.won else "lost"} if this.player is not None else set()
        seen |= {"exchange"} if this.exchanges else set()
        seen |= {"aces"} if any(entry.why == "aces" for entry in this.ledger) else set()
        seen |= {"opposed"} if any("opposes" in line for line in this.events) else set()
    assert seen == {"cabriolet", "won", "lost", "exchange", "aces", "opposed"}


@pytest.mark.parametrize(("same_suit", "parts"), [(True, True), (False, False)])
def test_the_exchange_call_is_the_kernels(same_suit, parts):
    ranks, suits = kernel_masks()
    rng = random.Random(11 + same_suit)
    for _ in range(4000):
        cards = rng.sample(range(32), 6)
        hand, turned = sum(1 << c for c in cards[:5]), cards[5]
        called, keep = kernel_call(np.uint64(hand), np.uint64(1 << turned), ranks, suits, int(same_suit), int(parts))
        mine = reference.choose_call(hand, turned, same_suit, parts)
        if mine is None:
            assert called == -1, hand
            continue
        assert (called, int(keep)) == (mine[0], sum(1 << c for c in mine[1])), hand
        given = reference.card_to_give(hand, mine[0], mine[1], turned)
        assert given is None or (given % 8 <= mine[0] % 8 and hand >> given & 1 and given != turned)


@pytest.mark.parametrize("must_trump", [False, True])
def test_the_greedy_card_is_the_kernels(must_trump):
    rng = random.Random(3 + must_trump)
    for _ in range(6000):
        cards = rng.sample(range(32), 7)
        hand, trump = sum(1 << c for c in cards[:rng.randint(1, 5)]), rng.randrange(4)
        leading = rng.random() < 0.25
        winning = None if leading else cards[6]
        led_suit = None if leading else rng.choice([cards[5] // 8, winning // 8])
        partner = not leading and rng.random() < 0.5
        got = kernel_card(np.uint64(hand), -1 if leading else led_suit, -1 if leading else winning, partner, trump,
                          must_trump)
        legal = reference.legal_cards(hand, led_suit, trump, must_trump)
        assert got == reference.greedy_card(legal, winning, partner, trump), (hand, led_suit, winning, trump)
