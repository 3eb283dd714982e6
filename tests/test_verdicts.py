"""The bidding rules of thumb drawn from a decision map: thresholds that agree with the map's
best bids cell by cell, gains pooled exactly (checked against the per-class differences, another
path through the same sums), and sentences that say it with n and the 95% interval."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.verdicts import (_band, _ranges, bid_thresholds, bidding_verdicts, rule_gains,
                                                  threshold_phrase)

DEALS = 20_000
SEED = 23


@pytest.fixture(scope="module")
def dmap(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, DEALS, SEED, min_n=30)


def _cells(dmap, seat):
    best = dmap.best_by_class
    return best[(best["scheme"] == "matadors_trumps") & (best["seat"] == seat) & ~best["too_few"]]


@pytest.mark.parametrize("seat", ["eldest", "dealer", "all"])
def test_thresholds_agree_with_every_cell_of_the_map(dmap, seat):
    bids = dmap.layout.bids
    thresholds = bid_thresholds(dmap, seat)
    cells = _cells(dmap, seat)
    assert not thresholds.empty
    for row in thresholds.itertuples(index=False):
        level = bids.index(row.bid)
        group = cells[cells["matadors"] == row.matadors]
        ranks = {int(t): bids.index(a) for t, a in zip(group["trumps"], group["best_action"])}
        if row.from_trumps is pd.NA:   # the largest populated count does not recommend this bid or more
            assert ranks[max(ranks)] < level
            continue
        assert all(rank >= level for t, rank in ranks.items() if t >= row.from_trumps)
        below = [t for t in ranks if t < row.from_trumps]
        if below:   # the threshold is the lowest such count: the populated count just below disagrees
            assert ranks[max(below)] < level


def test_pooled_gains_equal_the_classes_differences_weighted_by_their_hands(dmap):
    differences = dmap.differences
    per_class = differences[(differences["scheme"] == "matadors_trumps") & (differences["seat"] == "eldest")]
    thresholds = bid_thresholds(dmap, "eldest")
    gains = rule_gains(dmap, "eldest", thresholds)
    for gain in gains.itertuples(index=False):
        rows = thresholds[thresholds["bid"] == gain.bid]
        band = [(int(r.matadors), t) for r in rows.itertuples(index=False) for t in _band(r)]
        chosen = per_class[(per_class["action"] == gain.bid) & (per_class["baseline"] == gain.over)]
        chosen = chosen[[(int(m), int(t)) in band for m, t in zip(chosen["matadors"], chosen["trumps"])]]
        assert gain.n == int(chosen["n"].sum())
        if gain.n:
            weighted = float((chosen["n"] * chosen["mean"]).sum() / chosen["n"].sum())
            assert gain.gain == pytest.approx(weighted, rel=1e-9, abs=1e-9)
            assert gain.ci_low < gain.gain < gain.ci_high
            assert 0.0 <= gain.p_played <= 1.0


def test_eldest_may_always_ask_so_the_ask_is_played_on_nearly_every_hand_it_is_given(dmap):
    gains = rule_gains(dmap, "eldest", bid_thresholds(dmap, "eldest"))
    ask = gains[gains["bid"] == "ask"].iloc[0]
    assert ask.n > 0 and ask.p_played > 0.85     # only an earlier sans prendre can stop it
    dealer = rule_gains(dmap, "dealer", bid_thresholds(dmap, "dealer"))
    assert dealer[dealer["bid"] == "ask"].iloc[0].p_played < ask.p_played


def test_the_sentences_name_the_seat_the_card_play_the_interval_and_n(dmap):
    sentences, thresholds, gains = bidding_verdicts(dmap, "the heuristic's card play", table_link="best-by-class.csv")
    heads = [s.split("**")[1] for s in sentences]
    assert heads == ["Eldest hand", *(f"{seat} hand, {situation}" for seat in ("Second", "Third", "Dealer")
                                      for situation in ("nobody has bid yet", "someone has bid before you"))]
    assert all("ask (call a king)" not in s for s in sentences if "someone has bid" in s)   # the ask is closed there
    for sentence in sentences:
        assert "with the heuristic's card play" in sentence and "n = " in sentence and "jetons a deal [" in sentence
        assert sentence.endswith("otherwise pass. (best-by-class.csv)")
        assert "nan" not in sentence.lower() and "<NA>" not in sentence
    assert set(gains["seat"]) == {"eldest", "second", "third", "dealer"}
    assert set(gains["auction"]) == {"nobody has bid", "a bid stands"}
    assert thresholds.attrs["seed"] == SEED


def test_matador_counts_are_grouped_by_their_threshold():
    assert _ranges([0, 1, 3]) == "0–1 and 3"
    assert _ranges([2]) == "2"
    rows = pd.DataFrame({"matadors": [0, 1, 2, 3], "from_trumps": pd.array([5, 5, 4, pd.NA], dtype="Int64")})
    assert threshold_phrase(rows) == "from 5 trumps with 0–1 true matadors, from 4 with 2 true matadors"
    top = pd.DataFrame({"matadors": [1], "from_trumps": pd.array([8], dtype="Int64")})
    assert threshold_phrase(top) == "from 8 or more trumps with 1 true matador"


def test_two_consecutive_maps_combine_into_the_map_of_both(ruleset, heuristic4):
    whole = dm.decision_map(ruleset, heuristic4, 1_000, 3)
    first = dm.decision_map(ruleset, heuristic4, 400, 3)
    second = dm.decision_map(ruleset, heuristic4, 600, 3, first_deal=400)
    both = dm.combined(first, second)
    np.testing.assert_array_equal(both.stats, whole.stats)
    np.testing.assert_array_equal(both.point_stats, whole.point_stats)     # the vole points' sums too
    for name, table in whole.tables().items():
        pd.testing.assert_frame_equal(both.tables()[name], table, check_like=False)
    assert both.metadata["deals_done"] == 1_000 and both.metadata["first_deal"] == 0
    with pytest.raises(Exception, match="consecutive"):
        dm.combined(second, first)


def test_the_vole_sentences_give_the_point_the_paired_value_and_the_other_reading(dmap):
    from spadille.analyses.quadrille.verdicts import _class_list, vole_sentences
    from spadille.analyses.quadrille.verdicts import significant_share as _share

    sentences = vole_sentences(dmap, "the heuristic's card play")
    assert sentences and all("against stopping" in s and "n = " in s for s in sentences)
    assert all("were the vole worth 20 jetons a head instead of 10" in s for s in sentences)
    assert _share(0.00184) == "0.184%" and _share(0.0297) == "2.97%" and _share(0.5) == "50.0%"
    rows = pd.DataFrame({"matadors": [1, 2, 2, 2, 3], "trumps": [7, 6, 7, 8, 5]})
    assert _class_list(rows) == "1 true matador and 7 trumps; 2 and 6 or more trumps; 3 and 5 trumps"


def test_an_open_auction_is_where_a_later_seats_ask_is_really_played(dmap):
    """Averaged over the auction, second hand's ask is often a pass (someone asked first); among
    the hands that met an open auction it is played nearly always."""
    from spadille.analyses.quadrille.decision_maps import AUCTION_OPEN

    mixed = rule_gains(dmap, "second", bid_thresholds(dmap, "second"))
    open_ = rule_gains(dmap, "second", bid_thresholds(dmap, "second", AUCTION_OPEN), AUCTION_OPEN)
    ask_mixed, ask_open = (frame[frame["bid"] == "ask"].iloc[0] for frame in (mixed, open_))
    assert ask_open.p_played > 0.85 > ask_mixed.p_played
    assert ask_open.gain > ask_mixed.gain
