"""`odds quadrille`: the exact distributions of one hand as dealt, against the digest's figures
and a count over every hand of a small relative."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from typer.testing import CliRunner

from spadille.analyses.quadrille.odds import counted_set, distribution, odds_frame
from spadille.cli.app import app
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import load_ruleset


def test_the_true_matadors_and_trumps_of_one_hand_of_ten():
    """# true matadors in a given hand: 203/494, 435/988, 135/988, 3/247; red trumps (12) have mean
    3.00 and black (11) 2.75 (the rules digest's exact figures, §5)."""
    rules = load_ruleset("encyclopedie-1765")
    assert distribution(40, 10, 3) == [Fraction(203, 494), Fraction(435, 988), Fraction(135, 988), Fraction(3, 247)]
    assert bin(counted_set(rules, "trumps", cards.SUITS.index("hearts"))).count("1") == 12
    assert bin(counted_set(rules, "trumps", cards.SUITS.index("spades"))).count("1") == 11
    assert counted_set(rules, "true_matadors", 2) == (1 << cards.SPADILLE) | (1 << cards.BASTO) | (1 << (2 * 10 + cards.SEVEN))
    frame = odds_frame(rules)
    assert abs(frame.attrs["means"]["trumps, a red suit (♥, 12)"] - 3.0) < 1e-12
    assert abs(frame.attrs["means"]["trumps, a black suit (♠, 11)"] - 2.75) < 1e-12
    assert abs(frame.iloc[:, 1].sum() - 1) < 1e-12


def test_the_hypergeometric_law_against_every_hand_of_a_small_pack():
    pack, hand, marked = range(9), 4, {0, 3, 5}
    counts = [0] * 4
    for chosen in combinations(pack, hand):
        counts[len(marked & set(chosen))] += 1
    assert [Fraction(c, sum(counts)) for c in counts] == distribution(9, 4, 3)


def test_the_command_prints_a_ruleset_of_each_pack():
    result = CliRunner().invoke(app, ["odds", "quadrille", "--ruleset", "quadrille-a-trois"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "one hand of 10 from 30 cards" in result.output and "<0.00001" in result.output
    assert "e-0" not in result.output
