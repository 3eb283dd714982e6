"""Exact oracles: the dice (enumerated, and the engine's throws against them), and the one-man
révertier race solved by dynamic programming against the kernel's Monte Carlo."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import chisquare

from spadille.kernel.revertier._policies import ROLL_HIGH, ROLL_LOW
from spadille.kernel.revertier.exact import mean_pips_per_throw, race_of_one_man, throws
from spadille.kernel.revertier.ruleset import load_revertier_ruleset
from spadille.kernel.revertier.simulate import GameConfig, run_games, trace_game

Z_LIMIT = 4.0   # a fixed seed makes the test deterministic; 4 standard errors is the tolerance


def test_the_21_throws_are_the_36_ordered_throws():
    listed = throws()
    assert len(listed) == 21 and sum(p for *_, p in listed) == 1
    ordered = {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert sum(p * 36 for *_, p in listed) == len(ordered)
    assert mean_pips_per_throw(4) == Fraction(49, 6)      # RULES.md §4.1: "49/6 pips a roll on average"
    assert mean_pips_per_throw(2) == 7
    # expectimax's table is the same 21 throws, weight 1 a doublet and 2 otherwise
    assert sorted(zip(ROLL_HIGH.tolist(), ROLL_LOW.tolist())) == sorted((h, low) for h, low, _ in listed)


def test_the_games_throw_fair_dice():
    rules = load_revertier_ruleset()
    counts = np.zeros((6, 6), dtype=np.int64)
    starters = 0
    games = 160                                   # some 20,000 throws (games under whole-turn are short)
    for game in range(games):
        row, trace = trace_game(rules, 5, game, ("random", "random"))
        np.add.at(counts, (trace[:, 1] - 1, trace[:, 2] - 1), 1)
        starters += row[1] == 0
    total = counts.sum()
    assert total > 20_000
    assert chisquare(counts.ravel()).pvalue > 1e-4
    assert chisquare(counts.sum(axis=1)).pvalue > 1e-4
    # each seat begins half the time (the opening throw is symmetric): within 4 standard errors
    assert abs(starters - games / 2) <= Z_LIMIT * np.sqrt(games * 0.25)


@pytest.mark.parametrize("overrides", [
    [],
    ["entry.may_hit=true"],
    ["bearoff.overthrow=from-highest", "dice.doublets=2"],
    ["making.no_doubling_zone=first-11-until-12th", "dice.one_die=either", "start.first_player=lower"],
])
def test_one_man_race_matches_its_exact_solution(overrides):
    rules = load_revertier_ruleset(override_texts=["board.men=1", *overrides])
    exact = race_of_one_man(rules)
    out = run_games(GameConfig(rules, 11, 100_000, ("random", "random"))).out
    won = (out[:, 0] == out[:, 1]).astype(float)
    z_win = (won.mean() - exact.starter_wins) / (won.std() / np.sqrt(len(won)))
    z_len = (out[:, 4].mean() - exact.expected_throws) / (out[:, 4].std() / np.sqrt(len(out)))
    assert abs(z_win) < Z_LIMIT and abs(z_len) < Z_LIMIT, (exact, won.mean(), out[:, 4].mean())
    assert 0.5 < exact.starter_wins < 0.75          # throwing first is worth something in a race


def test_the_oracle_sees_the_switches():
    """The oracle is not a constant: switches that change the one-man game change its solution."""
    base = race_of_one_man(load_revertier_ruleset(override_texts=["board.men=1"]))
    short = race_of_one_man(load_revertier_ruleset(override_texts=["board.men=1", "bearoff.overthrow=from-highest"]))
    assert short.expected_throws < base.expected_throws
