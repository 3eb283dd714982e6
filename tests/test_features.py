"""Hand features (kernel/quadrille/features.py) against hands counted by hand, against the engine's own
matador count, and against exact hypergeometric figures (RULES.md §5, computed with math.comb).

Rank orders are those of RULES.md §1.2: red trumps ♠A, 7, ♣A, A (ponto), K Q J 2..6 (12);
black trumps ♠A, 2, ♣A, K Q J 7..3 (11).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest
from scipy import stats

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille import features as F
from spadille.kernel.quadrille._rules import count_matadors, to_ordered
from spadille.kernel.quadrille.ruleset import with_overrides

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def hands_of(*texts: str) -> np.ndarray:
    return np.array([cards.Hand.parse(t).mask for t in texts], dtype=np.uint64)


# Each case: a hand and, per trump suit, (trumps, true matadors, matadors with the top-3 rule,
# matadors without it, ponto, quick tricks), all counted by hand from RULES.md §1.2.
RED_ALL_MATADORS = "♠A ♥7 ♣A ♥A ♥K ♥Q ♥2 ♠K ♠Q ♦3"
BLACK_FALSE_MATADORS = "♠A ♠2 ♣A ♠K ♠Q ♠J ♠7 ♠5 ♥K ♦K"
NO_PONTO = "♠A ♦7 ♣A ♦K ♦Q ♦J ♦2 ♥K ♥Q ♣Q"
CASES = {
    RED_ALL_MATADORS: {
        # spadille, manille ♥7, basto, ponto ♥A, K, Q; the J is missing. Quick: 3 matadors,
        # ponto with company, ♠K+♠Q 1.5 (♦3 nothing).
        HEARTS: (7, 3, 6, 6, 1, 5.5),
        # spades: ♠A ♣A ♠K ♠Q; no ♠2, so the run stops at spadille. Quick: ♠A, ♣A, the K
        # (fourth trump in black) with company, ♥K+♥Q 1.5.
        SPADES: (4, 2, 0, 1, 0, 4.5),
        # diamonds: ♠A ♣A ♦3; ♦7 (manille) is not held. Quick: 2 + ♠K+♠Q 1.5 + ♥K+♥Q 1.5.
        DIAMONDS: (3, 2, 0, 1, 0, 5.0),
    },
    BLACK_FALSE_MATADORS: {
        # ♠A ♠2 ♣A K Q J 7 then the 6 is missing: 3 true + 4 false matadors.
        # Quick: 3 + the K of trumps 1 + ♥K 1 + ♦K 1.
        SPADES: (8, 3, 7, 7, 0, 6.0),
        # clubs: ♠A ♣A only; the manille ♣2 is elsewhere. Quick: 2 + ♠K+♠Q 1.5 (plain spades
        # now) + ♥K 1 + ♦K 1.
        CLUBS: (2, 2, 0, 1, 0, 5.5),
        # hearts: ♠A ♣A ♥K, no manille ♥7. ♥K is the fifth heart trump, not the fourth.
        HEARTS: (3, 2, 0, 1, 0, 4.5),
    },
    NO_PONTO: {
        # diamonds: ♠A ♦7 ♣A, ponto ♦A missing: run of 3. Quick: 3 + ♥K+♥Q 1.5; ♣Q stands alone
        # (♣A is a trump, not its guard); no ponto.
        DIAMONDS: (7, 3, 3, 3, 0, 4.5),
        # hearts: ♠A ♣A ♥K ♥Q. Quick: 2 + ♦K+♦Q 1.5.
        HEARTS: (4, 2, 0, 1, 0, 3.5),
    },
}


@pytest.mark.parametrize("text", list(CASES))
def test_per_suit_features_of_hand_built_hands(text, ruleset):
    hands = hands_of(text)
    for suit, (n_trumps, true, paid, run, ponto, quick) in CASES[text].items():
        where = (text, cards.SUITS[suit])
        assert F.trumps(hands, suit, ruleset)[0] == n_trumps, where
        assert F.true_matadors(hands, suit, ruleset)[0] == true, where
        assert F.matadors(hands, suit, ruleset, require_top3=True)[0] == paid, where
        assert F.matadors(hands, suit, ruleset, require_top3=False)[0] == run, where
        assert F.has_ponto(hands, suit, ruleset)[0] == ponto, where
        assert F.quick_tricks(hands, suit, ruleset)[0] == quick, where


def test_matadors_follow_the_rulesets_switch(ruleset):
    hands = hands_of(RED_ALL_MATADORS, "♠A ♥2 ♥3")
    assert ruleset["payments.matadors_require_top3"] is True
    assert list(F.matadors(hands, HEARTS, ruleset)) == [6, 0]
    relaxed = with_overrides(ruleset, {"payments.matadors_require_top3": False})
    assert list(F.matadors(hands, HEARTS, relaxed)) == [6, 1]


def test_ponto_only_in_red_and_quick_tricks_want_company():
    lone_ponto = hands_of("♥A ♠K ♠3 ♣7 ♣6 ♣5 ♣4 ♣3 ♦2 ♦3")
    assert F.has_ponto(lone_ponto, HEARTS)[0] == 1
    assert F.has_ponto(lone_ponto, SPADES)[0] == 0
    # ponto alone is no quick trick; ♠K is one.
    assert F.quick_tricks(lone_ponto, HEARTS)[0] == 1.0
    with_company = hands_of("♥A ♥6 ♠K ♠3 ♣7 ♣6 ♣5 ♣4 ♣3 ♦2")
    assert F.quick_tricks(with_company, HEARTS)[0] == 2.0
    # a queen guarded only by spadille is bare in play: spadille is a trump
    assert F.quick_tricks(hands_of("♠A ♠Q"), HEARTS)[0] == 1.0
    assert F.quick_tricks(hands_of("♠3 ♠Q"), HEARTS)[0] == 0.5


def test_whole_hand_features_of_hand_built_hands():
    hands = hands_of(
        RED_ALL_MATADORS,                        # ♠A ♠K ♠Q / ♣A / ♥7 ♥A ♥K ♥Q ♥2 / ♦3
        "♠Q ♥Q ♥2 ♦Q ♦K ♦J ♦7 ♦6 ♦5 ♦4",          # ♠Q bare; ♥Q ♦Q guarded; clubs void
        "♠A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6 ♥7",          # spadille is a spade here: two voids
        "♣K ♣Q ♦K ♦Q ♥K ♠K ♠2 ♠3 ♠4 ♠5",          # four kings, queens guarded by kings
    )
    assert list(F.kings(hands)) == [2, 1, 1, 4]
    assert list(F.queens_guarded(hands)) == [2, 2, 1, 2]
    assert list(F.voids(hands)) == [0, 1, 2, 0]
    assert F.suit_lengths(hands).tolist() == [[3, 1, 5, 1], [1, 0, 2, 7], [1, 0, 9, 0], [5, 2, 1, 2]]
    assert list(F.suit_length(hands, "♦")) == [1, 7, 0, 2]
    assert (F.suit_lengths(hands).sum(axis=1) == 10).all()


def test_best_suit_breaks_ties_by_true_matadors_then_suit_index():
    hands = hands_of(
        RED_ALL_MATADORS,            # hearts: 7 trumps
        "♠2 ♠3 ♣K ♦Q ♦J",            # spades 2 (with its manille ♠2), diamonds 2: spades
        "♦7 ♦3 ♠3 ♠4 ♥2",            # spades 2, diamonds 2 (with its manille ♦7): diamonds
        "♠3 ♣3 ♥3 ♦3",               # one trump everywhere, no matador: spades, the lowest
        "♣A ♥3 ♦3",                  # basto makes 1 everywhere; hearts and diamonds 2: hearts
    )
    assert list(F.best_suit(hands)) == [HEARTS, SPADES, DIAMONDS, SPADES, HEARTS]


def test_all_suits_at_once_match_one_suit_at_a_time():
    rng = np.random.default_rng(5)
    hands = random_hands(rng, 500)
    for function in (F.trumps, F.true_matadors, F.matadors, F.has_ponto, F.quick_tricks, F.suit_length):
        every = function(hands, None)
        assert every.shape == (500, 4)
        for suit in range(4):
            assert np.array_equal(every[:, suit], function(hands, suit)), function.__name__
    assert np.array_equal(F.trumps(hands, "hearts"), F.trumps(hands, HEARTS))
    assert np.array_equal(F.trumps(hands, "♦"), F.trumps(hands, DIAMONDS))


def test_bad_inputs_raise_value_errors():
    with pytest.raises(ValueError, match="suit 7"):
        F.trumps(hands_of("♠A"), 7)
    with pytest.raises(ValueError, match="unknown suit"):
        F.trumps(hands_of("♠A"), "stars")
    with pytest.raises(ValueError, match="one-dimensional"):
        F.kings(np.zeros((2, 4), dtype=np.uint64))


def test_registry_describes_and_computes_every_feature(ruleset):
    hands = hands_of(RED_ALL_MATADORS, NO_PONTO)
    assert {"trumps", "true_matadors", "matadors", "has_ponto", "kings", "queens_guarded", "voids",
            "quick_tricks", "best_suit"} <= set(F.FEATURES)
    for name, feature in F.FEATURES.items():
        assert feature.name == name and feature.doc and feature.kind in F.KINDS
        values = feature.compute(hands, HEARTS, ruleset)
        assert values.shape == (2,), name
    assert list(F.FEATURES["trumps"].compute(hands, HEARTS)) == [7, 4]
    assert list(F.FEATURES["kings"].compute(hands, HEARTS)) == [2, 2]


# ---------------------------------------------------------------- against the engine and exact figures

def random_hands(rng: np.random.Generator, n: int) -> np.ndarray:
    """Ten cards drawn uniformly from the 40, by numpy's generator (not the kernel's stream)."""
    chosen = rng.random((n, 40)).argsort(axis=1)[:, :10].astype(np.uint64)
    return np.bitwise_or.reduce(np.uint64(1) << chosen, axis=1)


def test_matadors_and_trumps_agree_with_the_engine(ruleset, tables):
    """features.matadors is _rules.count_matadors on one hand; trumps is the trump block."""
    hands = random_hands(np.random.default_rng(11), 1500)
    # Give some hands the three true matadors of hearts, so that long runs occur.
    hands[::3] |= np.uint64(cards.mask_of([cards.SPADILLE, 26, cards.BASTO]))
    relaxed = tables.rules.copy()
    relaxed[L.R_MATADORS_TOP3] = 0
    for trump in range(4):
        for require_top3, rules in ((True, tables.rules), (False, relaxed)):
            got = F.matadors(hands, trump, ruleset, require_top3=require_top3)
            for hand, value in zip(hands, got):
                ordered = to_ordered(np.uint64(hand), np.int64(trump), tables.pos_of_card)
                assert value == count_matadors(ordered, trump, rules, tables.top_pos, tables.block_mask[trump, trump])
        expected = np.bitwise_count(hands & tables.nat_suit_mask[trump, trump])
        assert np.array_equal(F.trumps(hands, trump, ruleset), expected)


def hypergeometric(successes: int, k: int) -> float:
    return float(Fraction(comb(successes, k) * comb(40 - successes, 10 - k), comb(40, 10)))


def check_distribution(counts: np.ndarray, probabilities: list[float]) -> None:
    """Chi-square (cells under five expected merged from the top) and a 99.9% interval per cell,
    Bonferroni-corrected over the cells so that the whole check errs at most 0.1% of the time."""
    n = len(counts)
    observed = list(np.bincount(counts, minlength=len(probabilities))[: len(probabilities)].astype(float))
    assert sum(observed) == n
    expected = [p * n for p in probabilities]
    while len(expected) > 2 and expected[-1] < 5:
        tail_e, tail_o = expected.pop(), observed.pop()
        expected[-1] += tail_e
        observed[-1] += tail_o
    assert stats.chisquare(observed, expected).pvalue > 0.001, (observed, expected)
    z = stats.norm.ppf(1 - 0.001 / (2 * len(expected)))
    for o, e in zip(observed, expected):
        p = e / n
        assert abs(o - e) <= z * sqrt(n * p * (1 - p)), (o, e)


@pytest.fixture(scope="module")
def many_hands():
    return random_hands(np.random.default_rng(1765), 200_000)


def test_exact_figures_are_the_digests():
    """RULES.md §5: true matadors 203/494, 435/988, 135/988, 3/247; red trumps .0155 .0978 ..."""
    assert [Fraction(comb(3, k) * comb(37, 10 - k), comb(40, 10)) for k in range(4)] == [
        Fraction(203, 494), Fraction(435, 988), Fraction(135, 988), Fraction(3, 247)]
    red = [.0155, .0978, .2420, .3073, .2200, .0918, .0223, .0031]
    black = [.0236, .1300, .2785, .3038, .1849, .0647, .0129, .0014]
    assert all(abs(hypergeometric(12, k) - p) < 6e-5 for k, p in enumerate(red))
    assert all(abs(hypergeometric(11, k) - p) < 6e-5 for k, p in enumerate(black))


@pytest.mark.parametrize("suit,n_trumps", [(HEARTS, 12), (DIAMONDS, 12), (SPADES, 11), (CLUBS, 11)])
def test_trumps_are_hypergeometric(many_hands, suit, n_trumps):
    check_distribution(F.trumps(many_hands, suit), [hypergeometric(n_trumps, k) for k in range(11)])


@pytest.mark.parametrize("suit", range(4))
def test_true_matadors_are_hypergeometric(many_hands, suit):
    check_distribution(F.true_matadors(many_hands, suit), [hypergeometric(3, k) for k in range(4)])


def test_matador_runs_are_exact(many_hands):
    """With the top-3 rule, P(run = r) for r >= 3 is holding the r best trumps of hearts and
    not the next: C(40 - r - 1, 10 - r) / C(40, 10); the rest is 0."""
    total = comb(40, 10)
    runs = [comb(40 - r - 1, 10 - r) / total for r in range(3, 11)]
    counts = F.matadors(many_hands, HEARTS, require_top3=True)
    assert not np.isin(counts, [1, 2]).any()
    folded = np.where(counts >= 3, counts - 2, 0)  # 0, then 3.. -> 1..
    check_distribution(folded, [1 - sum(runs), *runs])


def test_kings_are_hypergeometric(many_hands):
    check_distribution(F.kings(many_hands), [hypergeometric(4, k) for k in range(5)])
