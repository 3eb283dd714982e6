"""The report's first page: the play's measured strength against pimc, the rules at a glance, and how
the thresholds moved from the play the verdicts rested on before (analyses/quadrille/strength.py,
at_a_glance.py, reports/quadrille/first_page.py)."""

from __future__ import annotations

import pandas as pd

from spadille.analyses.quadrille import strength
from spadille.analyses.quadrille.at_a_glance import at_a_glance, bolder_bids, threshold_moves
from spadille.kernel.quadrille.policies import CARD_PLAYS, DEFAULT_CARD_PLAY
from spadille.reports.quadrille.first_page import moves_items, strength_item, strength_paragraph


def _thresholds(rows):
    frame = pd.DataFrame(rows, columns=["seat", "auction", "bid", "over", "matadors", "from_trumps", "below_next"])
    return frame.astype({"from_trumps": "Int64", "below_next": "Int64"})


NOW = _thresholds([
    ("eldest", "nobody has bid", "ask", "pass", 0, 6, 9),
    ("eldest", "nobody has bid", "sans-prendre", "ask", 0, 9, pd.NA),
    ("eldest", "nobody has bid", "ask", "pass", 2, 4, 6),
    ("eldest", "nobody has bid", "sans-prendre", "ask", 2, 6, pd.NA),
    ("second", "a bid stands", "ask", "pass", 2, pd.NA, pd.NA),
    ("second", "a bid stands", "sans-prendre", "ask", 2, 7, pd.NA),
])
BEFORE = _thresholds([
    ("eldest", "nobody has bid", "ask", "pass", 0, 6, pd.NA),
    ("eldest", "nobody has bid", "sans-prendre", "ask", 0, pd.NA, pd.NA),
    ("eldest", "nobody has bid", "ask", "pass", 2, 4, 7),
    ("eldest", "nobody has bid", "sans-prendre", "ask", 2, 7, pd.NA),
    ("second", "a bid stands", "ask", "pass", 2, pd.NA, pd.NA),
    ("second", "a bid stands", "sans-prendre", "ask", 2, 7, pd.NA),
])


def test_the_shipped_measurement_covers_the_report_play_with_its_stamp():
    measured = strength.measured(DEFAULT_CARD_PLAY)
    assert measured is not None, "the default card play has no measurement against pimc"
    assert measured.stamp["command"].startswith("spadille ladder quadrille --reference pimc --team")
    for key in ("seed", "spadille_version", "ruleset", "reference"):
        assert measured.stamp[key] not in (None, "")
    cells = measured.cells
    assert {"called", "sans-prendre"} <= set(cells["contract"])
    assert {"ombre", "defender"} <= set(cells["role"])
    assert ((cells["ci_low"] <= cells["gain"]) & (cells["gain"] <= cells["ci_high"]) & (cells["n"] > 0)).all()
    assert strength.measured("no-such-policy") is None
    assert set(strength.shipped_policies()) <= set(CARD_PLAYS) | {"learned"}


def test_the_strength_paragraph_gives_every_cell_with_its_interval_and_n():
    text = strength_paragraph(DEFAULT_CARD_PLAY)
    measured = strength.measured(DEFAULT_CARD_PLAY)
    assert measured.stamp["command"] in text
    assert text.count("(n = ") == len(measured.cells) + 1
    assert "a defender in a sans prendre" in text
    missing = strength_paragraph("random")
    assert "has not been measured against pimc" in missing and "--team" in missing
    # strong and the heuristic were measured on the same deals: one deals and one n column
    item = strength_item(["strong", "heuristic"])
    assert list(item.frame.columns[:4]) == ["contract", "role", "deals", "n"] and "heuristic" in item.frame.columns
    assert set(item.data["policy"]) == {"strong", "heuristic"} and item.data["gain"].dtype == float
    # the report's pair, the default and the play before it, were not: each cell carries its own n
    item = strength_item([DEFAULT_CARD_PLAY, "strong"])
    assert set(item.data["policy"]) == {DEFAULT_CARD_PLAY, "strong"} and "n" not in item.frame.columns
    assert all(", n = " in text for text in item.frame[DEFAULT_CARD_PLAY])


def test_at_a_glance_gives_each_seat_and_situation_one_row_and_the_vole_rules():
    frame = at_a_glance(NOW, ["ask", "sans-prendre"], {"an ask": "go on whatever your cards"})
    assert list(frame["situation"]) == ["first to speak", "after a bid", "at the vole point of an ask"]
    eldest = frame.iloc[0]
    assert eldest["ask"] == "0: 6 · 2: 4" and eldest["sans-prendre"] == "0: 9 · 2: 6"
    assert frame.iloc[1]["ask"] == "2: never"
    assert frame.iloc[2]["vole"] == "go on whatever your cards"


def test_moves_and_bolder_bids_both_ways():
    moves = threshold_moves(NOW, BEFORE)
    assert len(moves) == 6
    moved = dict(zip(zip(moves["seat"], moves["bid"], moves["matadors"]), moves["moved"]))
    assert moved[("eldest", "sans-prendre", 2)] == -1 and moved[("eldest", "ask", 2)] == 0
    assert moved[("eldest", "sans-prendre", 0)] is pd.NA
    now = bolder_bids(moves, "now")
    assert sorted(zip(now["bid"], now["matadors"])) == [("sans-prendre", 0), ("sans-prendre", 2)]
    assert bolder_bids(moves, "before").empty


def test_a_bolder_bid_on_a_clearly_weaker_defence_is_called_an_artefact():
    strong, heuristic = strength.defence("strong", "sans-prendre"), strength.defence("heuristic", "sans-prendre")
    sentences, item = moves_items(NOW, BEFORE, "strong's play", "the heuristic's play", "strong", "heuristic")
    assert item is not None and len(item.frame) == 6
    assert sentences[0].startswith("**How the rules moved.**") and "2 differ" in sentences[0]
    said = " ".join(sentences[1:])
    if strong[2] < heuristic[1]:
        assert "artefact of its defence" in said and "eldest (first to speak)" in said
    else:
        assert "not shown to be an artefact" in said
    reverse, _ = moves_items(BEFORE, NOW, "the heuristic's play", "strong's play", "heuristic", "strong")
    assert "is an artefact" in " ".join(reverse) or "not shown" in " ".join(reverse)


def test_the_game_a_bolder_bid_makes_is_named_in_words():
    now = NOW.copy()
    now.loc[0, "from_trumps"] = 5   # eldest now asks from 5 trumps with no true matador
    sentences, _ = moves_items(now, BEFORE, "strong's play", "the heuristic's play", "strong", "heuristic")
    said = " ".join(sentences[1:])
    assert "against a called game" in said and "against a ask" not in said
    assert "against a sans prendre " in said


def test_the_strength_table_gives_each_policy_its_own_n_and_stamp_where_they_differ():
    # learned was measured on 4 x 400 sans-prendre deals (four seeds pooled), strong on 2,000, at another time
    item = strength_item(["learned", "strong"])
    assert "deals" not in item.frame.columns and "n" not in item.frame.columns
    row = item.frame.set_index(["contract", "role"]).loc[("sans-prendre", "ombre")]
    assert row["learned"].endswith("n = 1,600") and row["strong"].endswith("n = 2,000")
    stamps = item.data.attrs["stamps"]
    assert stamps["learned"] == {key: strength.measured("learned").stamp[key] for key in stamps["learned"]}
    assert stamps["learned"]["command"] != stamps["strong"]["command"]
