"""Cabriolet's exact odds (enumeration, closed forms) and the Monte Carlo beside them: every
simulated figure must hold the exact value in its interval, at a family-wise 95% (Bonferroni)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product
from math import comb

import numpy as np
import pytest

from spadille.analyses.cabriolet.cases import compare_dice, compare_holdings
from spadille.kernel.cabriolet.dice import exact_throws, throw_table
from spadille.kernel.cabriolet.exact import N_HANDS, hand_odds, table_odds
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import holding_counts, throw_counts


@pytest.fixture(scope="module")
def rules():
    return load_cabriolet_ruleset()


def at_least(k: int) -> int:
    """Hands of five holding at least k of the four cards of one rank."""
    return sum(comb(4, j) * comb(28, 5 - j) for j in range(k, 5))


def test_enumeration_counts_match_closed_forms(rules):
    odds = hand_odds(rules)
    assert odds.total == N_HANDS == 201_376
    assert odds.counts["cabriolet"] == at_least(3) == 1540
    assert odds.counts["quatre_as"] == 28
    for pair in ("conference", "secret", "confidens"):
        assert odds.counts[pair] == at_least(2) == 21_196
    assert odds.counts["mariage_legitime"] == 4 * comb(29, 2) == 1624
    assert odds.counts["confiance"] == odds.counts["confidence"] == 4 * comb(30, 3) - comb(4, 2) * 28


def test_infidelite_by_brute_force_over_figures(rules):
    # Only the 4 kings and 4 queens matter: count hands by which of them they hold.
    count = 0
    for kings in range(16):
        for queens in range(16):
            held = bin(kings).count("1") + bin(queens).count("1")
            if held > 5:
                continue
            if any(kings >> a & 1 and queens >> b & 1 for a in range(4) for b in range(4) if a != b):
                count += comb(24, 5 - held)
    assert hand_odds(rules).counts["infidelite"] == count


def test_table_closed_forms_against_brute_force_placement(rules):
    # Place the four kings in the 32 places (n hands of five, then the undealt cards).
    for n in (4, 5, 6):
        someone = two = 0
        for places in combinations(range(32), 4):
            per_hand = np.bincount([p // 5 for p in places if p < 5 * n], minlength=n)
            someone += (per_hand >= 2).any()
            two += (per_hand >= 2).sum() >= 2
        exact_someone, exact_two = table_odds(rules, n)["conference"]
        assert exact_someone == Fraction(int(someone), comb(32, 4))
        assert exact_two == Fraction(int(two), comb(32, 4))
        assert table_odds(rules, n)["cabriolet"][0] == n * Fraction(1540, N_HANDS)


def test_dice_exact(rules):
    exact = exact_throws(rules)
    assert exact["jeu"] == Fraction(1, 216)
    assert exact["cabriolet"] == Fraction(1, 216)
    assert exact["mariage_legitime"] == Fraction(6, 216)
    assert exact["other"] == Fraction(109, 216)
    assert sum(exact.values()) == 1
    table = throw_table(rules)
    assert len(table) == 216 and table[4 * 36 + 4 * 6 + 4] == 8  # 5-5-5 is the jeu
    assert sum(1 for d in product(range(6), repeat=3) if table[d[0] * 36 + d[1] * 6 + d[2]] == 9) == 109


@pytest.mark.parametrize("n_players", [4, 6])
def test_monte_carlo_holdings_within_family_wise_intervals(rules, n_players):
    checked = 27 + 10
    frame = compare_holdings(rules, n_players, 60_000, seed=11, confidence=1 - 0.05 / checked)
    exact_rows = frame[frame["exact"].notna()]
    assert len(exact_rows) >= 15
    assert exact_rows["within_ci"].all(), exact_rows[~exact_rows["within_ci"].astype(bool)]
    dice = compare_dice(rules, 60_000, seed=11, confidence=1 - 0.05 / checked)
    assert dice["within_ci"].all(), dice


def test_streams_do_not_depend_on_chunks_or_threads(rules):
    a = holding_counts(rules, 5, 10_000, 3, threads=1, chunk=97)
    b = holding_counts(rules, 5, 10_000, 3, chunk=4096)
    assert (a == b).all()
    assert (throw_counts(rules, 5000, 3, threads=1, chunk=7) == throw_counts(rules, 5000, 3)).all()
