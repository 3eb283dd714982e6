"""Counting matadors: the three true ones, the false ones in unbroken sequence, and whose hands count."""

from __future__ import annotations


import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import count_matadors, to_ordered
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables, trump_order

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)




def matadors(tables, trump: int, hand: str) -> int:
    ordered = to_ordered(np.uint64(cards.Hand.parse(hand).mask), np.int64(trump), tables.pos_of_card)
    return int(count_matadors(ordered, np.int64(trump), tables.rules, tables.top_pos, tables.block_mask[trump, trump]))


def test_nothing_counts_without_all_three_true_matadors(tables):
    """RULES.md §1.10: "Whether all three true matadors are required before anything counts (the
    usual Ombre convention) is not stated" — switch payments.matadors_require_top3, on by default."""
    assert matadors(tables, HEARTS, "spadille ♥7 ♥A ♥K") == 0
    assert matadors(tables, HEARTS, "♥7 basto ♥A ♥K") == 0
    assert matadors(tables, HEARTS, "spadille ♥7 basto ♠K") == 3


def test_false_matadors_count_in_unbroken_sequence(tables):
    """AUJ PA10 (RULES.md §1.2): false matadors are "toutes les triomphes qui suivent sans
    interruption ces trois premiers Matadors, lorsqu'elles leur sont jointes"."""
    assert matadors(tables, HEARTS, "spadille ♥7 basto ♥A ♥K ♥J") == 5     # ponto, king; the queen is missing
    assert matadors(tables, CLUBS, "spadille ♣2 basto ♣K ♣Q ♣7") == 5      # no ponto in black: K follows basto
    assert matadors(tables, DIAMONDS, "spadille ♦7 basto ♦A ♦K ♦Q ♦J ♦2 ♦3 ♦4") == 10


def test_without_the_top_three_rule_the_run_from_spadille_counts(ruleset):
    """payments.matadors_require_top3 = false: "the run from spadille counts, however short"."""
    loose = build_tables(with_overrides(ruleset, {"payments.matadors_require_top3": False}))
    assert matadors(loose, HEARTS, "spadille ♥K") == 1
    assert matadors(loose, HEARTS, "spadille ♥7 ♥A") == 2
    assert matadors(loose, HEARTS, "♥7 basto ♥A") == 0


def run_from_spadille(ruleset, trump: int, mask: int) -> int:
    run = 0
    for card in trump_order(ruleset, trump):
        if not mask >> card & 1:
            break
        run += 1
    return run if run >= 3 else 0


@pytest.fixture(scope="module")
def policies(heuristic4):
    return heuristic4


@pytest.mark.parametrize("counted_for", ["side", "ombre"])
def test_matadors_split_between_ombre_and_friend(ruleset, policies, counted_for):
    """AUJ Qf1d PA120 (RULES.md §1.10): matadors count "n'importe qu'ils soient dans un seul jeu …
    ou séparez partie dans le jeu de l'Hombre, & partie dans le jeu de celui qui a le Roi apelé";
    the switch payments.matadors_counted_for = "ombre" counts the ombre's hand only."""
    rs = with_overrides(ruleset, {"payments.matadors_counted_for": counted_for})
    rows = simulate(RunConfig(rs, policies, seed=8, deals=8000, record=True)).rows
    split = 0
    for row in rows[rows[:, L.COL_FRIEND] >= 0]:
        trump, ombre, friend = row[L.COL_TRUMP], row[L.COL_OMBRE], row[L.COL_FRIEND]
        own = int(row[L.COL_HANDS + ombre])
        side = own | int(row[L.COL_HANDS + friend])
        expected = run_from_spadille(rs, trump, side if counted_for == "side" else own)
        assert row[L.COL_MATADORS] == expected
        top3 = trump_order(rs, trump)[:3]
        if all(side >> c & 1 for c in top3) and not all(own >> c & 1 for c in top3):
            split += 1
    assert split > 20
    for row in rows[rows[:, L.COL_FRIEND] < 0]:
        if row[L.COL_CONTRACT] != L.NO_CONTRACT:
            assert row[L.COL_MATADORS] == run_from_spadille(rs, row[L.COL_TRUMP], int(row[L.COL_HANDS + row[L.COL_OMBRE]]))
