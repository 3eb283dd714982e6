"""The solver's sure-trick bounds (_dd_bounds) against their arithmetic and against minimax.

A bound may only be too low: on every position at a trick's start, the side's sure tricks are at
most what it takes with best play, and the defence's at most what the side does not take. The
leader's quick tricks are also checked against their definition written card by card, which
the kernel computes with masks instead (the search's nodes and values must not change)."""

from __future__ import annotations

import random

import numpy as np

from spadille.kernel.common._bits import bit
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.bench_dd import random_deals
from spadille.kernel.quadrille.search._dd import _context
from spadille.kernel.quadrille.search._dd_bounds import leader_quick_tricks, sure_tricks, trump_count

from test_dd_solver import minimax, random_ending


def _mask(*positions: int) -> np.uint64:
    return np.uint64(sum(1 << p for p in positions))


def test_trumps_under_a_higher_trump_of_the_other_team_still_count():
    """Three trumps against one higher: at least two tricks, resting on the lowest of the three;
    four against three interleaved higher ones: one (the count's first best, the two highest of
    the four against the one above them); with no trump against them, every trump, resting on
    nothing but the shape."""
    assert trump_count(_mask(38, 37, 36), _mask(39)) == (2, bit(36))
    assert trump_count(_mask(35, 34, 31, 30), _mask(36, 33, 32)) == (1, bit(34))
    assert trump_count(_mask(35, 34, 31), np.uint64(0)) == (3, np.uint64(0))
    assert trump_count(_mask(30), _mask(31, 32)) == (0, np.uint64(0))


def test_the_sure_tricks_never_exceed_best_play(tables):
    """800 random endings of up to 5 cards a hand at a trick's start (a third dealt mostly
    trumps): side_sure <= the side's tricks still to come with best play <= left - defence_sure."""
    rng = random.Random("dd-bounds")
    checked = 0
    trump_heavy_hits = 0
    while checked < 800:
        ending = random_ending(rng, tables, trump_heavy=checked % 3 == 0)
        if ending["trick"]:
            continue
        hands = np.array(ending["hands"], dtype=np.uint64)
        side_mask = sum(1 << s for s in ending["side"])
        side, _, defence, _ = sure_tricks(hands, np.int64(len(hands)), np.int64(side_mask), np.int64(ending["trump"]),
                                          tables.block_mask)
        to_come = minimax(tables, ending) - ending["side_tricks"]
        left = bin(ending["hands"][ending["to_move"]]).count("1")
        assert side <= to_come <= left - defence, (ending, side, defence, to_come)
        trump_heavy_hits += side + defence > 0
        checked += 1
    assert trump_heavy_hits >= 200  # the bounds had something to say in many of them


def _cashing_card_by_card(hands, leader, side_mask, trump, must_trump, block_mask, plain_blocks):
    """leader_quick_tricks' definition in plain Python: the leader's run of top live trumps,
    then in each plain block his run of top live cards, as many as every seat that may ruff
    (more trumps than the trump run; an opponent, or a partner when must_trump is on) can
    follow. (tricks, mask of the lowest counted card of each run)."""
    live = 0
    for hand in hands:
        live |= hand

    def run_from_the_top(block: int) -> list[int]:
        run = []
        for card in sorted((p for p in range(40) if (live & block) >> p & 1), reverse=True):
            if not hands[leader] >> card & 1:
                break
            run.append(card)
        return run

    trumps = int(block_mask[trump, trump])
    trump_run = run_from_the_top(trumps)
    counted = [trump_run[-1]] if trump_run else []
    my_team = side_mask >> leader & 1
    ruffers = [seat for seat in range(len(hands)) if seat != leader
               and bin(hands[seat] & trumps).count("1") > len(trump_run)
               and ((side_mask >> seat & 1) != my_team or must_trump)]
    total = len(trump_run)
    for plain in plain_blocks:
        block = int(block_mask[trump, plain])
        run = run_from_the_top(block)
        cashed = min([len(run)] + [bin(hands[seat] & block).count("1") for seat in ruffers])
        if cashed:
            counted.append(run[cashed - 1])
            total += cashed
    return total, sum(1 << card for card in counted)


def _quick_tricks(tables, hands, leader, side_mask, trump, must_trump):
    rules = tables.rules.copy()
    rules[L.R_MUST_TRUMP] = must_trump
    context = _context(np.int64(len(hands)), np.int64(trump), rules, tables.block_mask, tables.top_pos)
    live = np.uint64(0)
    for hand in hands:
        live |= np.uint64(hand)
    tricks, cards = leader_quick_tricks(np.array(hands, dtype=np.uint64), np.int64(len(hands)), np.int64(leader),
                                        np.int64(side_mask), np.int64(trump), live, rules, tables.block_mask,
                                        context.plain_blocks, context.n_plain)
    plain_blocks = [int(b) for b in context.plain_blocks[:context.n_plain]]
    return (int(tricks), int(cards)), _cashing_card_by_card(hands, leader, side_mask, trump, must_trump,
                                                           tables.block_mask, plain_blocks)


def test_the_quick_tricks_are_the_leaders_cashing_counted_card_by_card(tables):
    """1,500 positions (600 full deals with a random leader, and endings a third dealt mostly
    trumps), each with must_trump on and off: the masks give the same tricks and the same
    counted cards as the card-by-card count."""
    rng = random.Random("quick tricks")
    positions = [(list(d.hands), rng.randrange(4), sum(1 << s for s in d.side), d.trump)
                 for d in random_deals(tables, 600, seed=41)]
    while len(positions) < 1500:
        ending = random_ending(rng, tables, max_cards=rng.randrange(1, 8), trump_heavy=len(positions) % 3 == 0)
        if not ending["trick"]:
            positions.append((list(ending["hands"]), ending["to_move"], sum(1 << s for s in ending["side"]),
                              ending["trump"]))
    counted = 0
    for hands, leader, side_mask, trump in positions:
        for must_trump in (0, 1):
            kernel, card_by_card = _quick_tricks(tables, hands, leader, side_mask, trump, must_trump)
            assert kernel == card_by_card, (hands, leader, side_mask, trump, must_trump)
            counted += kernel[0] > 0
    assert counted >= 1000  # the count had something to say in many of them


def test_the_quick_tricks_never_exceed_best_play(tables, ruleset):
    """600 random endings at a trick's start: the leader's team takes at least his quick tricks
    with best play (the ruleset's own must_trump)."""
    rng = random.Random("quick tricks vs minimax")
    checked = 0
    while checked < 600:
        ending = random_ending(rng, tables, trump_heavy=checked % 3 == 0)
        if ending["trick"]:
            continue
        side_mask = sum(1 << s for s in ending["side"])
        leader = ending["to_move"]
        (quick, _), _ = _quick_tricks(tables, ending["hands"], leader, side_mask, ending["trump"],
                                      int(tables.rules[L.R_MUST_TRUMP]))
        to_come = minimax(tables, ending) - ending["side_tricks"]
        left = bin(ending["hands"][leader]).count("1")
        leaders_team_takes = to_come if side_mask >> leader & 1 else left - to_come
        assert quick <= leaders_team_takes, (ending, quick, to_come)
        checked += 1
