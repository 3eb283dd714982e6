"""The ``probability`` claim kind: P(event | given) over the dealt hands, computed exactly where the
conditions name only where cards lie (checked against scipy's hypergeometric law and math.comb),
estimated by Monte Carlo otherwise (its Wilson interval must hold the exact figure), and the
result always saying which."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from scipy.stats import hypergeom

from spadille.analyses.claims import ClaimError, check_claim, load_claims
from spadille.analyses.quadrille.claims.hand_counts import COUNTED, card_sets
from spadille.analyses.quadrille.claims.placements import named_cards
from spadille.analyses.quadrille.claims.terms import condition_terms
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import load_ruleset

from claim_files import FIVE_TO_FOUR, five_to_four, shipped_text, write_claim


def _check(folder, text, name="p", **options):
    if "treatise.txt" in text:
        five_to_four(folder, text)
        path = folder / "five.toml"
    else:
        path = write_claim(folder, name, text)
    return check_claim(load_claims(path)[0], seed=0, **options)


def _probability(event: str, given: str | None = None, extra: str = "", value: str = "0.5",
                 tolerance: str = "0.5") -> str:
    """A claim of the digest (whose passage is shipped) stating P(event | given)."""
    text = shipped_text("dist-one-true-matador")
    experiment = f'[experiment]\nkind = "probability"\nevent = "{event}"\n' + (f'given = "{given}"\n' if given else "")
    head = text[:text.index("[experiment]")]
    return head + experiment + extra + f'\n[verdict]\nexpect = "equal"\nvalue = {value}\ntolerance = {tolerance}\n'


def test_five_to_four_is_the_hypergeometric_figure_exactly(tmp_path):
    result = _check(tmp_path, FIVE_TO_FOUR)
    # The other hand draws 10 of the 30 cards I do not hold, 2 of them the kings.
    expected = Fraction(comb(30, 10) - comb(28, 10), comb(30, 10))
    assert expected == Fraction(49, 87)
    assert result.estimate.values == (expected,)
    assert result.estimate.estimate == pytest.approx(1 - hypergeom(30, 2, 10).pmf(0), abs=1e-12)
    assert result.estimate.method == "exact" and result.estimate.n is None
    # "five to four" is 5/9 = 0.5556: 49/87 = 0.5632 lies within the claim's 0.01
    assert result.verdict == "supported" and "P = 49/87 = 0.56322" in result.reason
    record = result.record()
    assert (record["method"], record["exact_value"], record["ci_text"], record["stated"]) == (
        "exact", "49/87", "exact", "= 5/9 ± 0.01")
    # ... and not within a tighter tolerance: a wrong figure is contradicted, never passed
    tight = FIVE_TO_FOUR.replace("tolerance = 0.01", "tolerance = 0.005")
    assert _check(tmp_path, tight).verdict == "contradicted"


def test_the_shipped_probability_claim_reproduces_the_digest_to_four_decimals():
    claim = next(c for c in load_claims() if c.id == "dist-one-true-matador")
    assert claim.kind.name == "probability" and claim.experiment.exact and claim.deals is None
    result = check_claim(claim)
    # one of the three true matadors (spadille, manille, basto) in a hand of 10 of 40
    expected = Fraction(comb(3, 1) * comb(37, 9), comb(40, 10))
    assert expected == Fraction(435, 988)
    assert result.estimate.values == (expected,)
    assert result.estimate.estimate == pytest.approx(hypergeom(40, 3, 10).pmf(1), abs=1e-12)
    assert result.estimate.text == "0.4403" and result.estimate.method == "exact"
    assert result.verdict == "supported" and result.reason.startswith("computed exactly, P = 435/988 = 0.44028")


@pytest.mark.parametrize("event, given, expected", [
    # each true matador count k: C(3,k) C(37,10-k) / C(40,10)
    *[(f"has(me, spadille) + has(me, 7♥) + has(me, basto) == {k}", None,
       Fraction(comb(3, k) * comb(37, 10 - k), comb(40, 10))) for k in range(4)],
    # where a card I do not hold lies: one of the three other hands, each alike
    ("has(second, Kh)", "not has(me, Kh)", Fraction(1, 3)),
    # two named cards in the same other hand: 10*9 / (30*29)
    ("has(dealer, Kh) and has(dealer, Kd)", "not has(me, Kh) and not has(me, Kd)", Fraction(10 * 9, 30 * 29)),
    # a given that cannot hold with the event
    ("has(second, spadille)", "has(me, spadille)", Fraction(0)),
])
def test_exact_probabilities_against_math_comb(tmp_path, event, given, expected):
    result = _check(tmp_path, _probability(event, given))
    assert result.estimate.method == "exact"
    assert result.estimate.values == (expected,)


def test_fixed_cards_and_a_three_handed_table_are_counted_exactly(tmp_path):
    fixed = _check(tmp_path, _probability("has(second, Kd)", extra='fixed = "Kh"\n'))
    assert fixed.estimate.values == (Fraction(10, 39),)           # second holds 10 of the 39 cards other than my Kh
    fixed = _check(tmp_path, _probability("has(second, Kd)", "not has(me, Kd)", 'fixed = "Kh"\n'))
    assert fixed.estimate.values == (Fraction(10, 30),)           # ... and 10 of the 30 I was not dealt
    three = _check(tmp_path, _probability("has(second, Ks)", "not has(me, Ks)", 'ruleset = "quadrille-a-trois"\n'))
    assert three.estimate.values == (Fraction(1, 2),)             # in one of the two other hands of ten


def test_a_feature_read_from_the_whole_hand_is_estimated_by_monte_carlo_with_its_interval(tmp_path):
    # five or more of the twelve red trumps in one hand of ten: hypergeometric, but quick_tricks
    # (never below 0, so the event is the same) reads the whole hand, so it is estimated, and its
    # interval must hold the exact value
    exact = float(hypergeom(40, 12, 10).sf(4))
    result = _check(tmp_path, _probability("trumps(me, hearts) >= 5 and quick_tricks(me, hearts) >= 0",
                                           extra="deals = 20000\n"))
    estimate = result.estimate
    assert estimate.method == "Monte Carlo, n = 20,000" and estimate.n == 20_000 and estimate.values is None
    assert estimate.ci_low < exact < estimate.ci_high and estimate.ci_high - estimate.ci_low < 0.02
    assert result.record()["method"] == "Monte Carlo, n = 20,000"
    # a given condition is what is dealt: n counts the deals meeting it
    given = _check(tmp_path, _probability("quick_tricks(me, hearts) >= 3", "has(me, spadille)", "deals = 500\n"),
                   scale=1.0)
    assert given.estimate.n == 500 and given.estimate.tried > 500


def _named(text: str):
    return named_cards(condition_terms(text, 4, 0))


def test_exactness_is_read_from_the_text():
    assert _named("has(me, spadille) and not has(second, 7♥) or has(dealer, Kh)") == tuple(sorted(
        (cards.parse_card("spadille"), cards.parse_card("7♥"), cards.parse_card("Kh"))))
    assert _named("has(me, Kh) + has(me, Kd) >= 1") is not None
    assert _named("has(me, spadille) and kings(me) >= 2") is None
    assert _named("best_suit(me) == hearts") is None
    assert _named("1 == 1") == ()
    ruleset = load_ruleset("encyclopedie-1765")
    assert card_sets(ruleset, condition_terms("kings(me) >= 2 and has(eldest, spadille)", 4, 0)) is not None
    assert card_sets(ruleset, condition_terms("kings(me) >= 2 and has(second, spadille)", 4, 0)) is None   # two hands
    assert card_sets(ruleset, condition_terms("matadors(me, hearts) >= 3", 4, 0)) is None    # a run, not a count
    assert card_sets(ruleset, condition_terms("best_suit(me) == hearts", 4, 0)) is None


RED_TRUMPS = 12


@pytest.mark.parametrize("event, given, expected", [
    ("trumps(me, hearts) >= 5", None,
     Fraction(sum(comb(RED_TRUMPS, k) * comb(40 - RED_TRUMPS, 10 - k) for k in range(5, 11)), comb(40, 10))),
    ("true_matadors(me, hearts) == 1", None, Fraction(435, 988)),
    ("kings(me) == 2", None, Fraction(comb(4, 2) * comb(36, 8), comb(40, 10))),
    # at least one natural suit void: inclusion and exclusion over the four suits of ten
    ("voids(me) >= 1", None, Fraction(4 * comb(30, 10) - 6 * comb(20, 10) + 4 * comb(10, 10), comb(40, 10))),
    ("suit_length(me, clubs) == 0", None, Fraction(comb(30, 10), comb(40, 10))),
    # spadille and four or more of the eleven other red trumps among the nine other cards
    ("trumps(me, hearts) >= 5", "has(me, spadille)",
     Fraction(sum(comb(RED_TRUMPS - 1, k) * comb(28, 9 - k) for k in range(4, 10)), comb(39, 9))),
    ("has_ponto(me, hearts) and trumps(me, hearts) >= 2", None,
     Fraction(sum(comb(RED_TRUMPS - 1, k) * comb(28, 9 - k) for k in range(1, 10)), comb(40, 10))),
    ("has_ponto(me, spades)", None, Fraction(0)),                 # no ponto in black
])
def test_conditions_on_one_hand_are_summed_exactly_over_its_card_classes(tmp_path, event, given, expected):
    result = _check(tmp_path, _probability(event, given))
    assert result.claim.experiment.exact_by == "one hand" and result.estimate.method == "exact"
    assert result.estimate.values == (expected,)


def test_one_hand_other_than_mine_with_my_fixed_cards(tmp_path):
    # I hold Kh: second's ten cards come from the 39 others, three kings among them
    result = _check(tmp_path, _probability("kings(second) >= 1", extra='fixed = "Kh"\n'))
    assert result.estimate.values == (1 - Fraction(comb(36, 10), comb(39, 10)),)


@pytest.mark.parametrize("feature", sorted(set(COUNTED) - {"has"}))
def test_the_counted_features_read_a_hand_only_through_their_card_sets(feature):
    """What hand_counts.py rests on: each COUNTED feature of the kernel, on random hands, is the
    count of its set (the cards it counts alone), or for voids the natural suits left empty."""
    import numpy as np

    from spadille.kernel.quadrille import features as F

    ruleset = load_ruleset("encyclopedie-1765")
    rng = np.random.default_rng(7)
    hands = np.array([sum(1 << int(c) for c in rng.choice(40, 10, replace=False)) for _ in range(3000)],
                     dtype=np.uint64)
    tables = F.feature_tables(ruleset)
    for suit in (range(4) if F.FEATURES[feature].takes_suit else [None]):
        terms = condition_terms(f"{feature}(me{'' if suit is None else ', ' + cards.SUITS[suit]}) >= 0", 4, 0)
        sets = card_sets(ruleset, terms)
        counts = np.array([[bin(int(h) & s).count("1") for s in sets] for h in hands])
        kernel = F.FEATURES[feature].compute(hands, suit, tables)
        expected = (counts == 0).sum(axis=1) if COUNTED[feature] == "suits" else counts[:, 0]
        assert (np.asarray(kernel) == expected).all(), (feature, suit)


def test_a_given_that_never_holds_is_inconclusive(tmp_path):
    result = _check(tmp_path, _probability("has(second, Kh)", "has(me, Kh) and has(second, Kh)"))
    assert result.verdict == "inconclusive" and "never holds" in result.reason


@pytest.mark.parametrize("value, message", [
    ('"5 to 0 to 3"', "verdict.value: '5 to 0 to 3' is not a number, a fraction such as '203/494' or odds"),
    ('"0 to 0"', "verdict.value: '0 to 0' is not a number"),
    ('[0.5, 0.5]', "verdict.value: a simulated estimate is one number, not a list"),
])
def test_a_faulty_stated_figure_is_one_line(tmp_path, value, message):
    path = write_claim(tmp_path, "p", _probability("has(me, Kh)", value=value))
    with pytest.raises(ClaimError) as caught:
        load_claims(path)
    assert str(caught.value).startswith(f"{path}: {message}") and "\n" not in str(caught.value)


def test_odds_are_read_as_the_share_of_chances_for():
    claim_text = _probability("has(me, Kh)", value='"1 to 3"', tolerance="0")
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        result = check_claim(load_claims(write_claim(Path(folder), "p", claim_text))[0])
    # a hand of 10 of 40 holds a given card with probability 1/4: one chance for, three against
    assert result.claim.verdict.value == (Fraction(1, 4),) and result.estimate.values == (Fraction(1, 4),)
    assert result.verdict == "supported"


def test_a_bad_event_is_named_when_loaded(tmp_path):
    path = write_claim(tmp_path, "p", _probability("has(me, Kz)"))
    with pytest.raises(ClaimError, match=r"p\.toml: experiment\.event: unknown card 'Kz'"):
        load_claims(path)


def test_a_small_exact_value_keeps_its_digits_and_is_called_exact(tmp_path):
    """Seven named cards in one hand: 10·9·8·7·6·5·4 / (40·39·38·37·36·35·34) = 1/155363, which four
    decimals would print 0.0000. It prints with four significant figures, its fraction beside, and a
    greater-than verdict names the exact value, never a '95% CI'."""
    event = " and ".join(f"has(me, {card})" for card in ("♠A", "♣A", "♥7", "♥A", "♥K", "♥Q", "♥J"))
    text = _probability(event).replace('expect = "equal"\nvalue = 0.5\ntolerance = 0.5', 'expect = "greater"\nthan = 0')
    result = _check(tmp_path, text)
    assert result.estimate.values == (Fraction(1, 155363),)
    record = result.record()
    assert record["estimate_text"] == "0.000006437" and record["exact_value"] == "1/155363"
    assert (record["method"], record["ci_text"]) == ("exact", "exact")
    assert result.verdict == "supported" and result.reason == "the exact value 1/155363 = 0.000006437 lies above 0"
    assert "CI" not in result.reason
    stated = _check(tmp_path, _probability(event, value='"1/155363"', tolerance="0"))
    assert stated.verdict == "supported" and "P = 1/155363 = 0.0000064365" in stated.reason


def test_every_figure_keeps_the_digits_of_its_interval():
    from spadille.analyses.claims.verdict import interval_places

    assert interval_places(0.0052, 0.0102, 2) == 3          # +0.0077 read [0.01, 0.01] at two
    assert interval_places(-0.003, 0.25, 2) == 3            # a lower end below 0 stays below 0
    assert interval_places(0.11, 0.15, 2) == 2              # as before where two suffice
    assert interval_places(0.61231, 0.61234, 4) == 5
    assert interval_places(0.5, 0.5, 4) == 4                # no interval: the base
