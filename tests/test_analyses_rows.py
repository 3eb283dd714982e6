"""Per-deal rows as a tidy frame: names agree with the kernel's codes, hands with Hand.format."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from spadille.analyses.quadrille.rows import hand_texts, row_columns, rows_frame, rows_table, with_hand_text
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES, SUITS, Hand, format_card
from spadille.kernel.quadrille.simulate import RunConfig, simulate

SEATS = SEAT_NAMES[4]


@pytest.fixture(scope="module")
def recorded(ruleset, heuristic4):
    return simulate(RunConfig(ruleset, heuristic4, seed=5, deals=2000, record=True)).rows


def test_hand_texts_match_hand_format():
    masks = np.random.default_rng(3).integers(0, 1 << 40, size=500)
    masks[0] = 0
    assert hand_texts(masks) == [Hand(int(m)).format() for m in masks]


def test_columns_in_order():
    assert row_columns(4) == (
        ["deal"] + [f"hand_{s}" for s in SEATS] + [f"mask_{s}" for s in SEATS] + [f"bid_{s}" for s in SEATS]
        + ["force", "contract", "ombre", "trump", "called", "friend", "given"] + [f"tricks_{s}" for s in SEATS]
        + ["side_tricks", "outcome", "vole", "matadors", "bete"] + [f"pay_{s}" for s in SEATS] + ["table_change"])


def test_without_the_hand_text_the_same_columns_less_the_hands_and_the_view_gives_it_back(recorded):
    assert row_columns(4, hand_text=False) == [name for name in row_columns(4) if not name.startswith("hand_")]
    bare = rows_table(recorded, 4, hand_text=False).to_pandas()
    pd.testing.assert_frame_equal(with_hand_text(bare), rows_frame(recorded, 4))
    whole = rows_frame(recorded, 4)
    assert with_hand_text(whole) is whole


def test_frame_names_every_code_of_the_kernel_rows(recorded):
    frame = rows_frame(recorded, 4)
    assert len(frame) == len(recorded)
    assert list(frame["deal"]) == list(range(2000))
    for i, row in enumerate(recorded[:300]):
        got = frame.iloc[i]
        assert got["hand_third"] == Hand(int(row[L.COL_HANDS + 2])).format()
        assert got["mask_dealer"] == row[L.COL_HANDS + 3]
        assert got["contract"] == L.CONTRACT_NAMES[row[L.COL_CONTRACT]]
        assert got["ombre"] == SEATS[row[L.COL_OMBRE]]
        assert got["trump"] == SUITS[row[L.COL_TRUMP]]
        assert got["called"] == (format_card(int(row[L.COL_CALLED])) if row[L.COL_CALLED] >= 0 else "none")
        assert got["friend"] == (SEATS[row[L.COL_FRIEND]] if row[L.COL_FRIEND] >= 0 else "none")
        assert got["given"] == (format_card(int(row[L.COL_GIVEN])) if row[L.COL_GIVEN] >= 0 else "none")
        bid = row[L.COL_BIDS + 1]
        assert got["bid_second"] == (L.BID_NAMES[bid] if bid >= 0 else "none")
        assert got["force"] == {L.NO_FORCE: "none", L.CEDE: "cede", L.TAKE: "take"}[row[L.COL_FORCE]]
        assert got["outcome"] == L.OUTCOME_NAMES[row[L.COL_OUTCOME]]
        assert got["vole"] == L.VOLE_NAMES[row[L.COL_VOLE]]
        assert got["pay_eldest"] == row[L.COL_PAY]
    # Every "not applicable" code and both force answers occur in this run (seed 5), so the
    # lookups above met them.
    assert set(frame["force"]) == {"cede", "take", "none"}
    assert set(frame["bid_dealer"]) == {"pass", "ask", "sans-prendre", "none"}
    assert "none" in set(frame["called"]) and "none" in set(frame["friend"])
    pays = frame[[f"pay_{s}" for s in SEATS]].sum(axis=1) + frame["table_change"]
    assert (pays == 0).all()  # conservation, read back through the frame


def test_empty_frame_has_the_types_of_a_full_one(recorded):
    empty = rows_frame(np.zeros((0, L.N_ROW_COLS), np.int64), 4)
    full = rows_frame(recorded[:10], 4)
    assert list(empty.dtypes) == list(full.dtypes)
