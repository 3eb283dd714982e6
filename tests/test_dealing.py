"""The deal is uniform: counts in eldest's hand against exact hypergeometric figures, each card's
seat, and the shuffle as docs/engine.md describes it.

The exact probabilities come from ``math.comb``; a chi-square test (cells with under five
expected deals merged into their neighbour) and a 99.9% interval per cell judge 200,000 deals.
The seed is fixed, so the verdict never changes from run to run.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest
from scipy import stats

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._engine import deal_only
from spadille.kernel.quadrille.simulate import RunConfig, simulate

N_DEALS = 200_000
SEED = 1765
Z_999 = stats.norm.ppf(1 - 0.001 / 2)
HEARTS_TRUMPS = cards.mask_of([*range(20, 30), cards.SPADILLE, cards.BASTO])                  # 12
SPADES_TRUMPS = cards.mask_of([*range(0, 10), cards.BASTO])                                   # 11
TRUE_MATADORS_HEARTS = cards.mask_of([cards.SPADILLE, cards.card_of(2, cards.SEVEN), cards.BASTO])


@pytest.fixture(scope="module")
def hands(ruleset, random4):
    """int64[N_DEALS, 4]: the natural masks dealt to each seat, from the rows of a run."""
    kept = []
    simulate(RunConfig(ruleset, random4, seed=SEED, deals=N_DEALS, record=True),
             on_batch=lambda batch: kept.append(batch.rows[:, L.COL_HANDS:L.COL_HANDS + 4].copy()))
    out = np.concatenate(kept)
    assert out.shape == (N_DEALS, 4)
    return out


def hypergeometric(successes: int, k: int, pack: int = 40, hand: int = 10) -> Fraction:
    return Fraction(comb(successes, k) * comb(pack - successes, hand - k), comb(pack, hand))


def merged(observed: np.ndarray, probabilities: list[float], n: int):
    """Merge cells from the top down until every expected count is at least five."""
    obs, exp = list(observed.astype(float)), [p * n for p in probabilities]
    while len(exp) > 2 and exp[-1] < 5:
        tail_expected, tail_observed = exp.pop(), obs.pop()
        exp[-1] += tail_expected
        obs[-1] += tail_observed
    return np.array(obs), np.array(exp)


def check_distribution(counts: np.ndarray, probabilities: list[float]):
    n = len(counts)
    observed = np.bincount(counts, minlength=len(probabilities))[: len(probabilities)]
    assert observed.sum() == n
    obs, exp = merged(observed, probabilities, n)
    assert stats.chisquare(obs, exp).pvalue > 0.001
    for o, e in zip(obs, exp):
        p = e / n
        assert abs(o - e) <= Z_999 * sqrt(n * p * (1 - p)), (o, e)


def test_exact_figures_agree_with_the_digest():
    """RULES.md §5: "# true matadors in a given hand: 0 / 1 / 2 / 3 | 203/494 = 0.41093 / 435/988 =
    0.44028 / 135/988 = 0.13664 / 3/247 = 0.01215"; trumps in a hand, red (12) ".0155 .0978 .2420
    .3073 .2200 .0918 .0223 .0031", black (11) ".0236 .1300 .2785 .3038 .1849 .0647 .0129 .0014"."""
    assert [hypergeometric(3, k) for k in range(4)] == [Fraction(203, 494), Fraction(435, 988),
                                                        Fraction(135, 988), Fraction(3, 247)]
    red = [.0155, .0978, .2420, .3073, .2200, .0918, .0223, .0031]
    black = [.0236, .1300, .2785, .3038, .1849, .0647, .0129, .0014]
    assert all(abs(float(hypergeometric(12, k)) - p) < 6e-5 for k, p in enumerate(red))
    assert all(abs(float(hypergeometric(11, k)) - p) < 6e-5 for k, p in enumerate(black))


def test_hearts_trumps_in_eldests_hand(hands):
    """Twelve trumps in red (ENC: "douze à-tous en rouge"): their count in eldest's ten cards is
    hypergeometric (40, 12, 10)."""
    counts = np.bitwise_count(hands[:, 0] & HEARTS_TRUMPS)
    check_distribution(counts, [float(hypergeometric(12, k)) for k in range(11)])


def test_spades_trumps_in_eldests_hand(hands):
    """Eleven trumps in black (RULES.md §1.2, "Trump counts: 12 in red, 11 in black")."""
    counts = np.bitwise_count(hands[:, 0] & SPADES_TRUMPS)
    check_distribution(counts, [float(hypergeometric(11, k)) for k in range(11)])


def test_true_matadors_in_eldests_hand(hands):
    """RULES.md §5: true matadors in a hand 203/494, 435/988, 135/988, 3/247 (hearts trumps)."""
    counts = np.bitwise_count(hands[:, 0] & TRUE_MATADORS_HEARTS)
    check_distribution(counts, [float(hypergeometric(3, k)) for k in range(4)])


def test_each_cards_seat_is_uniform(hands):
    """Every card lies with each of the four seats a quarter of the time (chi-square per card,
    Bonferroni over the 40 cards, and a 99.9% interval per card and seat likewise corrected)."""
    n = len(hands)
    z = stats.norm.ppf(1 - 0.001 / (2 * 160))
    for card in range(40):
        seats = np.array([np.count_nonzero(hands[:, s] >> card & 1) for s in range(4)])
        assert seats.sum() == n
        assert stats.chisquare(seats).pvalue > 0.001 / 40, (card, seats)
        assert (np.abs(seats - n / 4) <= z * sqrt(n * 0.25 * 0.75)).all(), (card, seats)


def test_deal_follows_the_documented_shuffle(ruleset, random4):
    """docs/engine.md: the pack in ascending natural order, then Fisher-Yates
    `for i = len-1 .. 1: j = draw % (i+1)` from deal k's stream; seat s gets deck[s*10:(s+1)*10]."""
    first = 123_456_789
    rows = simulate(RunConfig(ruleset, random4, seed=SEED, deals=50, first_deal=first, record=True)).rows
    for offset, row in enumerate(rows):
        stream = PythonStream(SEED, first + offset)
        deck = list(range(40))
        for i in range(39, 0, -1):
            j = stream.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        for seat in range(4):
            assert row[L.COL_HANDS + seat] == cards.mask_of(deck[seat * 10:(seat + 1) * 10])


def test_deal_only_deals_what_the_rows_show(ruleset, tables, hands):
    """The bench's floor ``deal_only`` shuffles exactly as the played deals: spadille's seat counts agree."""
    counts = np.zeros((N_DEALS // 1000, 4), np.int64)
    deal_only(SEED, 0, N_DEALS, 1000, tables.rules, counts)
    from_rows = [np.count_nonzero(hands[:, s] & 1) for s in range(4)]
    assert counts.sum(axis=0).tolist() == from_rows
