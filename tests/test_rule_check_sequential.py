"""The rule check samples each part until it decides (analyses/sequential.py, analyses/quadrille/rule_check.py)."""

import numpy as np
import pandas as pd
import pytest

from spadille.analyses.quadrille.rule_check import check_seats, hands_needed
from spadille.analyses.sequential import (INDIFFERENT, NEGATIVE, POSITIVE, UNDECIDED, Design, decide,
                                         hands_to_decide, interval)
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.reports.quadrille.rule_check import check_design, rule_marks

RULESET = load_ruleset("encyclopedie-1765")


def test_the_looks_double_to_the_cap_and_share_alpha():
    design = Design(first=20, cap=320)
    assert design.looks == (20, 40, 80, 160, 320) and design.levels == pytest.approx((0.99,) * 5)
    assert design.levels_text() == "99% at every look"
    spent_last = Design(first=20, cap=320, final_share=0.8)
    assert spent_last.levels == pytest.approx((0.9975,) * 4 + (0.96,))
    assert spent_last.levels_text() == "99.75% at the first 4 looks and 96% at the last"
    assert design.next_look(20) == 40 and design.next_look(319) == 320 and design.next_look(320) is None
    assert Design(first=20, cap=100).looks == (20, 40, 80, 100)
    assert check_design(20, 2000).looks == (20, 40, 80, 160, 320, 640)   # a cap of half the budget at most
    assert check_design(4, 64).looks == (4, 8, 16, 32)
    assert check_design(20, 40).looks == (20, 40, 80)                 # at least three looks


def test_a_part_is_decided_by_its_sign_or_by_lying_within_the_margin():
    assert decide(0.2, 3.0, 1.5) == POSITIVE and decide(-3.0, -0.1, 1.5) == NEGATIVE
    assert decide(-1.4, 1.2, 1.5) == INDIFFERENT and decide(-1.6, 1.2, 1.5) == UNDECIDED
    assert decide(float("nan"), float("nan"), 1.5) == UNDECIDED
    # clear effects need few hands, a mean near the margin many
    clear, close = np.tile([-2, 18], 20), np.tile([-9, 12], 20)   # means 8 and 1.5, spread about 10
    assert hands_to_decide(clear, Design(20, 320)) < 100 < hands_to_decide(close, Design(20, 320))


def _misled(design: Design, draws: np.ndarray) -> float:
    """The share of sequences (rows of ``draws``, true mean 0) whose interval excludes 0 at some look."""
    from scipy.special import stdtrit

    total, squares = np.cumsum(draws, axis=1), np.cumsum(draws * draws, axis=1)
    wrong = np.zeros(len(draws), dtype=bool)
    for look in design.looks:
        mean = total[:, look - 1] / look
        spread = np.sqrt((squares[:, look - 1] - look * mean * mean) / (look - 1) / look)
        wrong |= np.abs(mean) > stdtrit(look - 1, 0.5 + design.confidence_at(look) / 2) * spread
    return float(wrong.mean())


def test_the_confidence_sequence_misleads_at_most_five_times_in_a_hundred():
    """Sampling until decided, looking at every look: under a zero mean, how often does some look's
    interval exclude 0 (a wrong sign)? With a plain 95% interval at each of the five looks it is
    about 17%; the design keeps it under 5% (about 4%). Seeded: the same draws every run."""
    design = Design(first=20, cap=320, margin=0.0)
    draws = np.random.default_rng(7).integers(-12, 13, (4000, design.cap))
    assert _misled(design, draws) < 0.05
    assert _misled(Design(first=20, cap=320, margin=0.0, alpha=0.25), draws) > 0.12   # 95% at each look
    # the check's own intervals are these
    _, mean, low, high = interval(draws[0, :40], design)
    assert mean == pytest.approx(draws[0, :40].mean()) and (low < 0 < high) == (_misled(
        Design(first=40, cap=40, alpha=0.01), draws[:1, :40]) == 0.0)


def _thresholds(rows):
    frame = pd.DataFrame([{"seat": "eldest", "auction": "nobody has bid", "bid": bid, "over": over, "matadors": m,
                           "from_trumps": start, "below_next": stop} for bid, over, m, start, stop in rows])
    return frame.astype({"from_trumps": "Int64", "below_next": "Int64"})


THRESHOLDS = _thresholds([("ask", "pass", 1, 5, pd.NA), ("sans-prendre", "ask", 1, 7, pd.NA)])


def test_the_budget_goes_a_look_at_a_time_to_the_parts_not_yet_decided():
    fast, search = (make_seat_policy("strong"),) * 4, (make_seat_policy("heuristic"),) * 4
    design = Design(first=8, cap=64, budget=160)
    thresholds = {0: THRESHOLDS, 1: THRESHOLDS}
    frame = check_seats(RULESET, thresholds, fast, search, design, seed=4)
    assert hands_needed(thresholds, design, RULESET) == 160
    assert list(frame["seat"]) == ["eldest"] * 4 + ["second"] * 4
    assert set(frame["n"]) <= set(design.looks) and frame["n"].sum() == frame.attrs["hands_played"] <= 160
    decided = frame["decision"] != UNDECIDED
    # a part stops at the look that decides it; an undecided one at the cap or where the budget ran out
    for row in frame.itertuples():
        low, high = row.search_low, row.search_high
        assert (row.decision == decide(low, high, 1.5)), row
    assert decided.any() and frame.loc[~decided, "n"].min() >= design.first
    again = check_seats(RULESET, thresholds, fast, search, design, seed=4)
    pd.testing.assert_frame_equal(frame, again)   # the hands and the order of the looks are the seed's


def test_a_rule_is_marked_by_its_parts():
    frame = pd.DataFrame([
        {"seat": "eldest", "bid": "ask", "hands": "band", "search_verdict": "confirms", "n": 40},
        {"seat": "eldest", "bid": "ask", "hands": "just below", "search_verdict": "indifferent", "n": 160},
        {"seat": "eldest", "bid": "sans-prendre", "hands": "band", "search_verdict": "confirms", "n": 20},
        {"seat": "eldest", "bid": "sans-prendre", "hands": "just below", "search_verdict": "not clear", "n": 320},
        {"seat": "second", "bid": "ask", "hands": "band", "search_verdict": "contradicts", "n": 80},
        {"seat": "second", "bid": "sans-prendre", "hands": "band", "search_verdict": "indifferent", "n": 80},
    ])
    assert rule_marks(frame) == {
        ("eldest", "ask"): "confirmed under pimc",
        ("eldest", "sans-prendre"): "not decided under pimc at n = 320",
        ("second", "ask"): "contradicted under pimc",
        ("second", "sans-prendre"): "practically indifferent under pimc (within ±1.5 jetons)",
    }
