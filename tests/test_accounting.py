"""The pot valued two ways: session-valued bids from the map's sums against the deals' own payments."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from spadille.analyses.paired import paired_difference
from spadille.analyses.quadrille import accounting as A
from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.map_cells import cell_difference
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.variants import deals_of_seed, play_variants

SEED, DEALS, SEAT = 23, 4_000, 0


@pytest.fixture(scope="module")
def seat_map(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, DEALS, SEED, focal_seats=(SEAT,), batch_size=1_500)


@pytest.fixture(scope="module")
def replay(ruleset, heuristic4):
    hands, ids = deals_of_seed(ruleset, SEED, 0, DEALS)
    out = play_variants(ruleset, heuristic4, dm._variants(SEAT), hands, ids, SEED)
    return hands, out


def test_money_is_conserved_so_what_is_left_is_the_seats_loss(replay):
    _, out = replay
    assert np.array_equal(out[:, :, L.OUT_PAY:L.OUT_PAY + 4].sum(axis=2), -out[:, :, L.OUT_POOL])
    assert (out[:, :, L.OUT_POOL] >= 0).all()    # a fresh table starts empty


def test_value_zero_is_the_fresh_table_exactly(seat_map):
    layout = seat_map.layout
    for _, cell in dm._cells(seat_map.stats, ["eldest", "second", "third", "dealer"]):
        for a, b in layout.comparisons:
            fresh = cell_difference(cell, layout.index(a), layout.index(b), layout)
            session = A.session_difference(cell, layout.index(a), layout.index(b), layout, Fraction(0))
            assert all((math.isnan(x) and math.isnan(y)) or math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-12)
                       for x, y in zip(fresh, session))


@pytest.mark.parametrize("value", [Fraction(1, 4), Fraction(1, 3), Fraction(3, 10)])
def test_session_values_from_the_sums_match_each_deals_own_payment(seat_map, replay, ruleset, value):
    """pay + value * left, deal by deal, against the exact sums the map keeps."""
    hands, out = replay
    layout = seat_map.layout
    # pay + value * left, scaled to whole numbers (paired_difference sums integers exactly)
    pay = value.denominator * out[:, :, L.OUT_PAY + SEAT] + value.numerator * out[:, :, L.OUT_POOL]
    classes = dm.hand_classes(hands[:, SEAT], ruleset)
    table = dm.scheme_stats(seat_map.stats, "matadors_trumps")
    checked = 0
    for matadors in range(4):
        for trumps in range(dm.TRUMPS_TOP + 1):
            mask = (classes["matadors"] == matadors) & (classes["trumps"] == trumps)
            if mask.sum() < 2:
                continue
            cell = table[matadors, trumps, SEAT]
            for a, b in (("ask", "pass"), ("sans-prendre", "ask"), ("ask+vole", "ask")):
                i, j = layout.index(a), layout.index(b)
                n, mean, low, high = (x / value.denominator if k else x for k, x in
                                      enumerate(paired_difference(pay[mask, i], pay[mask, j])))
                got = A.session_difference(cell, i, j, layout, value)
                assert int(cell[0]) == n and math.isclose(got[0], mean, abs_tol=1e-9)
                if high > low:
                    assert math.isclose(got[2], low, rel_tol=1e-9) and math.isclose(got[3], high, rel_tol=1e-9)
                assert math.isclose(A.session_mean(cell, i, layout, value), pay[mask, i].mean() / value.denominator,
                                    abs_tol=1e-9)
                checked += 1
    assert checked > 20


def test_no_flip_when_the_table_is_worth_nothing_and_flips_are_listed_otherwise(seat_map):
    none = A.flip_table(seat_map, Fraction(0))
    assert len(none) and (none["fresh_best"] == none["session_best"]).all()
    quarter = A.flip_table(seat_map, Fraction(1, 4))
    assert set(quarter["scheme"]) <= set(A.FLIP_SCHEMES)
    assert (quarter["n"] >= seat_map.min_n).all()
    text = " ".join(A.accounting_sentences(quarter, Fraction(1, 4), "the heuristic", seat_map.layout.bids))
    assert "fresh table" in text and "1/4" in text and "nan" not in text.lower()


def test_the_session_value_is_each_seats_equal_share():
    assert A.table_value(4) == Fraction(1, 4) and A.table_value(3) == Fraction(1, 3)


def test_the_all_seats_row_values_each_seat_at_its_own_value(ruleset, heuristic4):
    """With a value per seat, the all-seats row pools each seat's pay + its value * left, deal by deal."""
    seats, deals = (0, 1), 2_000
    two_seat_map = dm.decision_map(ruleset, heuristic4, deals, SEED, focal_seats=seats, batch_size=1_000)
    values = (Fraction(2, 10), Fraction(3, 10), Fraction(1, 4), Fraction(1, 4))
    hands, ids = deals_of_seed(ruleset, SEED, 0, deals)
    layout = two_seat_map.layout
    pooled = {}
    for seat in seats:
        out = play_variants(ruleset, heuristic4, dm._variants(seat), hands, ids, SEED)
        scaled = 20 * out[:, :, L.OUT_PAY + seat] + int(values[seat] * 20) * out[:, :, L.OUT_POOL]
        classes = dm.hand_classes(hands[:, seat], ruleset)
        for key in set(zip(classes["matadors"], classes["trumps"])):
            mask = (classes["matadors"] == key[0]) & (classes["trumps"] == key[1])
            pooled.setdefault(key, []).append(scaled[mask])
    checked = 0
    for keys, n, parts in A._valued_cells(two_seat_map, values):
        if keys["scheme"] != "matadors_trumps" or keys["seat"] != dm.ALL_SEATS:
            continue
        rows = np.concatenate(pooled[(keys["matadors"], keys["trumps"])])
        assert len(rows) == n
        if n < 2:
            continue
        for a, b in (("ask", "pass"), ("sans-prendre", "ask")):
            i, j = layout.index(a), layout.index(b)
            _, mean, low, high = paired_difference(rows[:, i], rows[:, j])
            got = A.parts_difference(parts, i, j, layout)
            assert math.isclose(got[0], mean / 20, abs_tol=1e-9)
            if high > low:
                assert math.isclose(got[2], low / 20, rel_tol=1e-9) and math.isclose(got[3], high / 20, rel_tol=1e-9)
            assert math.isclose(A.parts_mean(parts, i, layout), rows[:, i].mean() / 20, abs_tol=1e-9)
            checked += 1
    assert checked > 20


def test_measured_values_are_kept_to_a_ten_thousandth():
    from spadille.kernel.quadrille.table_return import SeatReturn, TableReturn

    measured = TableReturn("x", 1, 10, 60, (SeatReturn("eldest", 0.23848, 0.23, 0.24),
                                            SeatReturn("second", 0.27152, 0.26, 0.28)), 4.3, 0.58, 0.0, 1.2)
    assert A.measured_values(measured) == (Fraction(2385, 10000), Fraction(2715, 10000))
    assert "eldest 0.238 [0.230, 0.240]" in A.valuation_clause(measured)
