"""The vole at the point: the decider's state classed as he sees it, its sums against the map's
own vole pairs and against maps played under the other readings, and the rule's sentence."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille import vole_point as VP
from spadille.analyses.quadrille.verdicts import BID_PHRASES
from spadille.analyses.quadrille.vole_rule import rule_sentences
from spadille.analyses.quadrille.vole_point_tables import POINT_COLUMNS, scheme_sums
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.reference.ranking import ranking
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.tables import build_tables
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

SEED = 23
DEALS = 12_000


@pytest.fixture(scope="module")
def dmap(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, DEALS, SEED, batch_size=4096)


def _cards(mask: int) -> set[int]:
    return {card for card in range(40) if int(mask) >> card & 1}


def _by_hand(out_row, ruleset) -> dict[str, int]:
    """The classes of one position, card by card from the reference engine's ranking."""
    rank = ranking(ruleset, int(out_row[L.OUT_TRUMP]))
    hand, gone = _cards(out_row[L.OUT_VOLE_HAND]), _cards(out_row[L.OUT_VOLE_GONE])
    unseen = set(rank.strength) - hand - gone
    trumps_out = [c for c in unseen if rank.is_trump(c)]

    def sure(card: int) -> bool:
        suit = rank.effective_suit[card]
        if not rank.is_trump(card) and trumps_out:
            return False
        return all(rank.strength[card] > rank.strength[c] for c in unseen if rank.effective_suit[c] == suit)

    return {"decider": int(out_row[L.OUT_VOLE_DECIDER] != out_row[L.OUT_OMBRE]),
            "masters": sum(sure(c) for c in hand), "trumps_out": min(len(trumps_out), VP.TRUMPS_OUT_TOP),
            "matadors_out": min(len(set(rank.matadors) & unseen), VP.MATADORS_OUT_TOP),
            "king_shown": int(out_row[L.OUT_VOLE_SEEN])}


def test_the_classes_are_what_the_decider_sees(ruleset, heuristic4):
    """Vectorised classes equal the classes worked out card by card from the ranking."""
    hands, ids = deals_of_seed(ruleset, 3, 0, 30_000)
    out = play_variants(ruleset, heuristic4, [Variant("alone", Force(seat=0, bid=L.ALONE, vole=0)),
                                              Variant("ask", Force(seat=0, bid=L.ASK, vole=0))], hands, ids, 3)
    point = np.concatenate([out[out[:, v, L.OUT_VOLE_DECIDER] >= 0, v] for v in range(2)])
    assert len(point) >= 40 and (point[:, L.OUT_VOLE_DECIDER] != point[:, L.OUT_OMBRE]).any()
    classes = VP.point_classes(point, build_tables(ruleset))
    for i, row in enumerate(point):
        assert {f: int(classes[f][i]) for f in VP.POINT_FEATURES} == _by_hand(row, ruleset), i
    assert set(classes["masters"]) >= {0, 1, 2, 3, 4}


def test_reading_zero_is_the_maps_own_vole_pair(dmap):
    """Summed over the classes, the positions, voles made and go - stop sums are exactly the map's."""
    counts = dm.vole_counts(list(dm._cells(dmap.stats, ["eldest", "second", "third", "dealer"])), {}, dmap.layout)
    overall = counts[(counts["scheme"] == "overall") & (counts["seat"] != "all")]
    total = dmap.point_stats.sum(axis=tuple(range(len(VP.POINT_SHAPE))))       # [seats, pairs, k]
    seats = ["eldest", "second", "third", "dealer"]
    for row in overall.itertuples(index=False):
        pair = [stop for stop, _ in dmap.layout.vole_pairs].index(row.contract)
        cell = total[seats.index(row.seat), pair]
        assert int(cell[VP.P_N]) == row.reached
        assert int(cell[1 + VP.P_MADE]) == row.made_going
        assert int(cell[1 + VP.P_SUM]) == row.sum_go_minus_stop
        assert int(cell[1 + VP.P_SQ]) == row.sum_sq_go_minus_stop
    assert overall["reached"].sum() > 200


def test_the_other_vole_value_is_the_maps_exact_shift(dmap):
    """The replayed reading "vole 20" equals the map's exact shift of every reached deal."""
    from spadille.analyses.quadrille.vole import _other_value_sums

    labels = [r.label for r in dmap.point.readings]
    reading = labels.index("vole 20")
    vole = dmap.vole[(dmap.vole["scheme"] == "overall") & (dmap.vole["seat"] == "all")]
    counts = dm.vole_counts(list(dm._cells(dmap.stats, ["eldest", "second", "third", "dealer"])), {}, dmap.layout)
    counts = counts[(counts["scheme"] == "overall") & (counts["seat"] == "all")]
    total = scheme_sums(dmap.point_stats, "overall").sum(axis=0)                # [pairs, k]
    for pair, (stop, _) in enumerate(dmap.layout.vole_pairs):
        row = counts[counts["contract"] == stop].iloc[0]
        shifted = _other_value_sums(row, 10)
        base = 1 + VP.P_PER_READING * reading
        assert (int(total[pair, base + VP.P_SUM]), int(total[pair, base + VP.P_SQ])) == shifted
    assert len(vole) == len(dmap.layout.vole_pairs)


def test_the_literal_failed_vole_is_a_map_played_under_it(ruleset, heuristic4, dmap):
    """The reading "failed vole: encyclopedie-literal" equals reading 0 of a map played under it."""
    literal = with_overrides(ruleset, {"vole.failed": "encyclopedie-literal"})
    other = dm.decision_map(literal, heuristic4, DEALS, SEED, batch_size=4096)
    reading = [r.label for r in dmap.point.readings].index("failed vole: encyclopedie-literal")
    base = 1 + VP.P_PER_READING * reading
    mine = dmap.point_stats[..., [VP.P_N, base + VP.P_MADE, base + VP.P_SUM, base + VP.P_SQ]]
    theirs = other.point_stats[..., [VP.P_N, 1 + VP.P_MADE, 1 + VP.P_SUM, 1 + VP.P_SQ]]
    assert np.array_equal(mine, theirs)
    assert mine[..., 0].sum() > 200
    # a failed vole costs more when the defenders take the stakes: going on is worse
    assert mine[..., 2].sum() < dmap.point_stats[..., 1 + VP.P_SUM].sum()


def test_four_sure_winners_always_make_the_vole(dmap):
    """With every card a sure winner the vole cannot fail, whatever the card play."""
    table = dmap.vole_point
    sure = table[(table["scheme"] == "masters") & (table["masters"] == table["cards_left"])]
    assert sure["n"].sum() > 0
    assert (sure["made"] == sure["n"]).all()
    some_lose = table[(table["scheme"] == "masters") & (table["masters"] < table["cards_left"])
                      & (table["seat"] == "all")]
    assert (some_lose["made"] < some_lose["n"]).any()


def test_point_tables_are_tidy_with_intervals(dmap):
    table = dmap.vole_point
    assert list(table.columns) == POINT_COLUMNS
    assert table.attrs == dmap.metadata
    enough = table[table["n"] >= 2]
    assert not enough[["go_minus_stop", "ci_low", "ci_high", "p_made_ci_low", "p_made_ci_high"]].isna().any().any()
    assert (enough["ci_low"] < enough["ci_high"]).all()          # no zero-width interval, even where all paid alike
    assert (enough["p_made_ci_low"] <= enough["p_made"]).all() and (enough["p_made"] <= enough["p_made_ci_high"]).all()
    assert set(table["reading"]) == {r.label for r in dmap.point.readings}
    assert len(dmap.point.readings) == 3


def test_the_rule_is_said_with_its_figures(dmap):
    rules = dmap.vole_point_rules
    assert len(rules) == len(dmap.layout.vole_pairs) * len(dmap.point.readings)
    ask = rules[rules["contract"] == "ask"].iloc[0]
    assert ask["from_masters"] == 4           # go on only when no card can lose
    assert ask["n_go"] + ask["n_stop"] > 200 and ask["clear_stop"] and ask["gain_stop"] < 0
    sentences = rule_sentences(rules, "the heuristic's card play", BID_PHRASES, dmap.min_n)
    assert len(sentences) == len(dmap.layout.vole_pairs)
    text = " ".join(sentences)
    assert "go on when none of your 4 cards can lose to the cards still out" in text
    assert "Under vole 20" in text and "Under failed vole: encyclopedie-literal" in text
    for bad in ("nan", "<NA>", "e-0", "e+0"):
        assert bad not in text
    assert "n = " in text and "[" in text


def test_a_share_short_of_certain_never_reads_100_percent():
    from spadille.analyses.quadrille.vole_rule import _share

    assert _share(1.0) == "100%" and _share(0.0) == "0%"
    assert _share(0.9997) == ">99.9%" and _share(0.99) == "99.0%" and _share(0.157) == "15.7%"
    assert _share(0.00960) == "0.960%"
