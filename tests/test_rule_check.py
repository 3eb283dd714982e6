"""The eldest hand's rule of thumb checked on hands dealt to order (analyses/quadrille/rule_check.py)."""

import numpy as np
import pandas as pd
import pytest

from spadille.analyses.quadrille.decision_maps import TRUMPS_TOP, hand_classes
from spadille.analyses.quadrille.rule_check import BAND, BELOW, _verdict, check_rules, rule_cells
from spadille.kernel.quadrille.conditions import deal_conditioned
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset

RULESET = load_ruleset("encyclopedie-1765")


def _thresholds(rows):
    frame = pd.DataFrame([{"seat": "eldest", "auction": "nobody has bid", "bid": bid, "over": over, "matadors": m,
                           "from_trumps": start, "below_next": stop} for bid, over, m, start, stop in rows])
    return frame.astype({"from_trumps": "Int64", "below_next": "Int64"})


THRESHOLDS = _thresholds([("ask", "pass", 0, 5, pd.NA), ("ask", "pass", 1, 5, 7), ("ask", "pass", 3, 1, pd.NA),
                          ("sans-prendre", "ask", 0, pd.NA, pd.NA), ("sans-prendre", "ask", 1, 7, pd.NA)])


def test_the_cells_are_the_rules_band_and_one_trump_short():
    cells = {(c.bid, c.hands): c.classes for c in rule_cells(THRESHOLDS, RULESET)}
    # no hand holds 3 true matadors in fewer than 4 trumps (spadille and basto are trumps in every suit)
    assert cells[("ask", BAND)] == ((0, 5), (0, 6), (0, 7), (0, TRUMPS_TOP), (1, 5), (1, 6), (3, 4), (3, 5),
                                    (3, 6), (3, 7), (3, 8))
    # no hand lies one short of a threshold of 1
    assert cells[("ask", BELOW)] == ((0, 4), (1, 4))
    assert cells[("sans-prendre", BAND)] == ((1, 7), (1, 8))
    assert cells[("sans-prendre", BELOW)] == ((1, 6),)


@pytest.mark.parametrize("hands", [BAND, BELOW])
def test_the_dealt_hands_are_the_classes_asked_for(hands):
    """The condition's text, read by the condition language, deals exactly the map's classes
    (decision_maps.hand_classes, another code path), top-coded trumps included."""
    cell = next(c for c in rule_cells(THRESHOLDS, RULESET) if c.bid == "ask" and c.hands == hands)
    dealt = deal_conditioned(RULESET, 11, 3_000, condition=cell.condition(RULESET), focal_seat=0)
    classes = hand_classes(dealt.hands[:, 0], RULESET)
    found = set(zip(classes["matadors"].tolist(), classes["trumps"].tolist()))
    assert found <= set(cell.classes)
    assert {(0, 5), (0, 6), (1, 5), (1, 6), (3, 4)} & set(cell.classes) <= found   # the common ones turn up
    assert len(found) >= min(4, len(cell.classes))


def test_a_threshold_at_the_fewest_trumps_possible_has_no_hands_one_short():
    """The third hand's rule in CI's quick report asked from 4 trumps with 2 true matadors; 3
    trumps with 2 is no hand, and dealing for it had looked through 150 million deals."""
    thresholds = _thresholds([("ask", "pass", 2, 4, pd.NA), ("ask", "pass", 1, 4, pd.NA)])
    cells = {(c.bid, c.hands): c.classes for c in rule_cells(thresholds, RULESET)}
    assert cells[("ask", BELOW)] == ((1, 3),)
    only_two = _thresholds([("ask", "pass", 2, 4, pd.NA)])
    assert [c.hands for c in rule_cells(only_two, RULESET)] == [BAND]


def test_one_card_play_against_itself_differs_by_nothing():
    heuristic = (make_seat_policy("heuristic"),) * 4
    frame = check_rules(RULESET, THRESHOLDS, heuristic, heuristic, 300, 5)
    assert list(frame["hands"]) == [BAND, BELOW, BAND, BELOW]
    assert (frame["n"] == 300).all()
    assert np.allclose(frame["fast_gain"], frame["search_gain"]) and (frame["difference"] == 0).all()
    assert (frame["difference_low"] < 0).all() and (frame["difference_high"] > 0).all()   # never zero width
    strong = check_rules(RULESET, THRESHOLDS, (make_seat_policy("strong"),) * 4, heuristic, 300, 5)
    # the same hands under another card play: the fast gains move, the searching side's do not
    assert np.allclose(strong["search_gain"], frame["search_gain"])
    assert not np.allclose(strong["fast_gain"], frame["fast_gain"])


def test_a_searching_play_is_checked_on_the_same_deals():
    dd = (make_seat_policy("dd"),) * 4
    thresholds = _thresholds([("ask", "pass", 1, 5, pd.NA)])
    frame = check_rules(RULESET, thresholds, (make_seat_policy("strong"),) * 4, dd, 6, 2)
    assert list(frame["n"]) == [6, 6]
    for row in frame.itertuples():
        assert row.search_low <= row.search_gain <= row.search_high
        assert row.search_verdict == _verdict(row.expected, row.search_low, row.search_high)


def test_the_verdict_reads_the_interval_against_what_the_rule_expects():
    assert _verdict("positive", 0.5, 2.0) == "confirms"
    assert _verdict("positive", -2.0, -0.5) == "contradicts"
    assert _verdict("positive", -1.0, 1.0) == "not clear"
    assert _verdict("not positive", -2.0, -0.5) == "confirms"
    assert _verdict("not positive", 0.5, 2.0) == "contradicts"
    with pytest.raises(ValueError, match="at least 2 deals"):
        check_rules(RULESET, THRESHOLDS, (make_seat_policy("heuristic"),) * 4, (make_seat_policy("heuristic"),) * 4,
                    1, 5)


class _CountingRunner:
    """An in-process runner that counts the blocks it is handed (a cluster's stand-in)."""

    distributed = False

    def __init__(self, block_deals):
        from spadille.analyses.distributed.runner import InProcessRunner

        self.inner = InProcessRunner(block_deals)
        self.block_deals = block_deals
        self.blocks = 0

    def map(self, function, items, on_result, tick=None, warm_up=None):
        self.blocks += len(items)
        self.inner.map(function, items, on_result, tick, warm_up)


def test_under_a_scheduler_the_hands_go_in_blocks_and_the_rows_are_the_same():
    """With a command's runner active (--scheduler), both card plays' hands are played block by
    block through it (5 hands in blocks of 2: 3 blocks a play, two plays for each of the 2 kinds of
    hand) and every figure equals the in-process run's, each hand playing from its own stream."""
    from spadille.analyses.distributed.runner import using

    thresholds = _thresholds([("ask", "pass", 1, 5, pd.NA)])
    fast, search = (make_seat_policy("strong"),) * 4, (make_seat_policy("heuristic"),) * 4
    plain = check_rules(RULESET, thresholds, fast, search, 5, 3)
    runner = _CountingRunner(block_deals=2)
    with using(runner):
        blocked = check_rules(RULESET, thresholds, fast, search, 5, 3)
    assert runner.blocks == 3 * 2 * len(plain)
    pd.testing.assert_frame_equal(blocked, plain)


def test_the_blocks_put_the_outcomes_back_in_hand_order():
    """play_variants_on equals play_variants on the same hands, whatever the block size."""
    from spadille.analyses.distributed.runner import InProcessRunner
    from spadille.analyses.quadrille.variant_blocks import play_variants_on
    from spadille.analyses.quadrille.map_actions import map_layout
    from spadille.kernel.quadrille.variants import play_variants

    dealt = deal_conditioned(RULESET, 4, 23, condition="trumps(eldest, spades) >= 4", focal_seat=0)
    variants = map_layout(RULESET).variants(0)[:3]
    policies = (make_seat_policy("heuristic"),) * 4
    plain = play_variants(RULESET, policies, variants, dealt.hands, dealt.attempts, 8)
    for size in (1, 5, 23, 40):
        blocked = play_variants_on(InProcessRunner(size), RULESET, policies, variants, dealt.hands, dealt.attempts, 8)
        np.testing.assert_array_equal(blocked, plain)


def test_a_later_seat_keeps_the_first_hands_where_nobody_has_bid_before_it():
    """The third hand's rule is for deals where eldest and second passed: the kept hands hold the
    class, meet the auction open under the card play's bidding, are the first such in attempt
    order (dealing for fewer keeps a prefix), and skip the hands where someone bid first."""
    from spadille.analyses.quadrille.decision_maps import AUCTION_OPEN, auction_levels
    from spadille.analyses.quadrille.map_actions import map_layout
    from spadille.analyses.quadrille.rule_check import _open_hands

    heuristic = (make_seat_policy("heuristic"),) * 4
    cell = next(c for c in rule_cells(THRESHOLDS, RULESET) if c.bid == "ask" and c.hands == BAND)
    variants = [v for v in map_layout(RULESET).variants(2) if v.label in (cell.bid, cell.over)]
    hands, attempts, out = _open_hands(RULESET, cell, 2, heuristic, variants, 40, 77, 5, None)
    assert len(hands) == len(attempts) == len(out) == 40
    assert (auction_levels(out, 2, RULESET) == AUCTION_OPEN).all()
    classes = hand_classes(hands[:, 2], RULESET)
    assert set(zip(classes["matadors"].tolist(), classes["trumps"].tolist())) <= set(cell.classes)
    fewer = _open_hands(RULESET, cell, 2, heuristic, variants, 15, 77, 5, None)
    np.testing.assert_array_equal(fewer[1], attempts[:15])
    dealt = deal_conditioned(RULESET, 77, 200, condition=cell.condition(RULESET, 2), focal_seat=2)
    skipped = np.setdiff1d(dealt.attempts[dealt.attempts <= attempts[-1]], attempts)
    assert skipped.size > 0   # some hands of the class met a bid before the third hand and were left out


def test_a_later_seats_rows_are_paired_like_the_eldests():
    heuristic = (make_seat_policy("heuristic"),) * 4
    frame = check_rules(RULESET, THRESHOLDS, heuristic, heuristic, 60, 5, seat=3)
    assert list(frame["hands"]) == [BAND, BELOW, BAND, BELOW]
    assert (frame["n"] == 60).all() and (frame["difference"] == 0).all()
    assert not frame.equals(check_rules(RULESET, THRESHOLDS, heuristic, heuristic, 60, 5, seat=1))


def test_the_report_names_the_thresholds_with_no_hand_one_short():
    from spadille.reports.quadrille.rule_check import _none_one_short

    thresholds = {2: _thresholds([("ask", "pass", 2, 4, pd.NA), ("ask", "pass", 1, 4, pd.NA)]),
                  0: _thresholds([("ask", "pass", 0, 5, pd.NA)])}
    assert _none_one_short(RULESET, thresholds) == "asking from 4 trumps with 2 true matadors (the third hand)"
    shared = {seat: _thresholds([("ask", "pass", 2, 4, pd.NA), ("ask", "pass", 3, 4, pd.NA)]) for seat in range(4)}
    shared[1] = _thresholds([("ask", "pass", 2, 4, pd.NA)])
    assert _none_one_short(RULESET, shared) == ("asking from 4 trumps with 2 true matadors (every seat); asking from "
                                                "4 trumps with 3 true matadors (the eldest, third and dealer hands)")
