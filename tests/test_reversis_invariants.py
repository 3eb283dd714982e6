"""Invariants of every deal the kernel plays, and the dealing frequencies against exact counts."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.kernel.reversis.simulate import ReversisConfig, dealing_counts, deal_records


def pay(rows, category):
    return rows[:, L.D_PAY + category * L.N_ACCOUNTS: L.D_PAY + (category + 1) * L.N_ACCOUNTS]


@pytest.fixture(scope="module", params=["random", "heuristic:reversis_from=4", "heuristic"])
def rows(request):
    rules = load_reversis_ruleset(preset="hoyle" if request.param == "random" else "dj")
    return deal_records(ReversisConfig(rules, seat_policies(request.param), seed=99, deals=60_000,
                                       session_length=4))


def test_trick_points_and_ecart_points_make_40(rows):
    """"Points taken in tricks: A 4, K 3, Q 2, J 1 → 40 in the pack" (RULES.md §2.3)."""
    total = rows[:, L.D_POINTS: L.D_POINTS + 4].sum(axis=1) + rows[:, L.D_ECART_POINTS]
    assert (total == 40).all()
    assert (rows[:, L.D_TRICKS: L.D_TRICKS + 4].sum(axis=1) == 11).all()


def test_payments_sum_to_zero_over_seats_and_pool(rows):
    for category in range(L.N_CATEGORIES):
        assert (pay(rows, category).sum(axis=1) == 0).all(), L.CATEGORY_NAMES[category]
    assert (rows[:, L.D_NET: L.D_NET + 5].sum(axis=1) == 0).all()
    assert (rows[:, L.D_POOL_END] == rows[:, L.D_POOL_START] + rows[:, L.D_NET + L.POOL]).all()
    assert (rows[:, L.D_POOL_END] >= 0).all()


def test_the_refund_on_a_reversis(rows):
    """"Tous les paj-emens susdits cessent dès qu'il j' a reversa ... on rend à celui qui a payé" (seed)."""
    reversis = rows[:, L.D_REVERSIS] != L.REV_NONE
    side = pay(rows, L.C_ACES) + pay(rows, L.C_QUINOLA)
    assert (pay(rows, L.C_REFUND)[reversis] == -side[reversis]).all()
    for category in (L.C_PARTIE, L.C_ALL_COSTS):
        assert (pay(rows, category)[reversis] == 0).all()
    assert (pay(rows, L.C_REFUND)[~reversis] == 0).all() and (pay(rows, L.C_REVERSIS)[~reversis] == 0).all()
    remise = pay(rows, L.C_REMISE)[reversis]
    assert (remise[:, :4].astype(bool).sum(axis=1) <= 1).all()    # only the undertaker, before la bonne
    made = rows[rows[:, L.D_REVERSIS] == L.REV_MADE]
    broken = rows[rows[:, L.D_REVERSIS] == L.REV_BROKEN]
    for row in made:
        assert pay(row[None], L.C_REVERSIS)[0, row[L.D_UNDERTAKER]] in (64, 80)
    for row in broken:
        assert pay(row[None], L.C_REVERSIS)[0, row[L.D_BREAKER]] in (64, 80)


def test_reversis_attempts_are_exercised():
    rules = load_reversis_ruleset()
    rows = deal_records(ReversisConfig(rules, seat_policies("heuristic:reversis_from=4"), seed=99, deals=60_000))
    assert (rows[:, L.D_REVERSIS] == L.REV_MADE).sum() > 20
    assert (rows[:, L.D_REVERSIS] == L.REV_BROKEN).sum() > 20


def _hyper(k, successes, drawn, total=48):
    return comb(successes, k) * comb(total - successes, drawn - k) / comb(total, drawn)


def test_dealing_frequencies_match_exact_counts():
    """Each position's hand as dealt: 11 cards (the dealer 12) of 48, hypergeometric."""
    deals = 200_000
    counts = dealing_counts(3, deals)
    for position in range(4):
        n = 12 if position == 3 else 11
        expected = [_hyper(k, 4, n) for k in range(5)] + [n / 48, _hyper(0, 12, n), _hyper(0, 12, n)]
        expected += [_hyper(k, 12, n) for k in range(4)] + [1 - sum(_hyper(k, 12, n) for k in range(4))]
        for column, p in enumerate(expected):
            sd = (deals * p * (1 - p)) ** 0.5
            assert abs(counts[position, column] - deals * p) <= 5 * sd + 1, (position, column)
        assert counts[position, :5].sum() == deals
