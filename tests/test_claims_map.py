"""Claims beside the decision map: the [map] table, the claim read again under the map's ruleset, and
the pooled map figure against a direct replay."""

from __future__ import annotations

import math
from importlib import resources

import pandas as pd
import pytest

from spadille.analyses.claims import ClaimError, load_claims
from spadille.analyses.claims.claim import parse_claim, reread_under
from spadille.analyses.quadrille.claims.map_agreement import _agreement, agreement_sentence, map_agreement
from spadille.analyses.paired import paired_difference
from spadille.analyses.quadrille import decision_maps as dm
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.variants import deals_of_seed, play_variants

SEED, DEALS = 5, 6_000


def _shipped(name: str) -> str:
    return (resources.files("spadille.analyses.quadrille.claims") / "files" / f"{name}.toml").read_text(encoding="utf-8")


def test_a_map_table_is_read_and_checked():
    claim = parse_claim("q16a.toml", _shipped("q16a"), "q16a", resources.files("spadille.analyses.quadrille.claims") / "files")
    assert claim.map_classes.matadors == (1,) and claim.map_classes.trumps == (5, 8)
    assert claim.map_classes.describe() == "1 true matador, 5 or more trumps"
    text = _shipped("q16a").replace("trumps = [5, 8]", "trumps = [6, 4]")
    with pytest.raises(ClaimError, match=r"map.trumps: must be \[from, to\]"):
        parse_claim("bad.toml", text, "bad", resources.files("spadille.analyses.quadrille.claims") / "files")
    text = _shipped("q16a").replace("matadors = [1]\n", "matadors = [1]\nkings = 2\n")
    with pytest.raises(ClaimError, match=r"map.kings: unknown key"):
        parse_claim("bad.toml", text, "bad", resources.files("spadille.analyses.quadrille.claims") / "files")


def test_only_a_comparison_of_bids_may_name_map_classes():
    text = _shipped("q15").replace("\n[verdict]", "\n[map]\nmatadors = [1]\ntrumps = [3, 4]\n\n[verdict]", 1)
    with pytest.raises(ClaimError, match="only a claim that compares two bids"):
        parse_claim("bad.toml", text, "bad", resources.files("spadille.analyses.quadrille.claims") / "files")


def test_an_italian_tip_is_read_again_under_the_maps_ruleset(ruleset):
    claim = next(c for c in load_claims(ruleset=ruleset) if c.id == "q16a")
    assert claim.experiment.ruleset.name == "italian-modern"
    again = reread_under(claim, ruleset)
    assert again.experiment.ruleset.name == ruleset.name and again.map_classes == claim.map_classes
    assert [arm.force.bid for arm in again.experiment.arms] == [arm.force.bid for arm in claim.experiment.arms]


@pytest.mark.parametrize("map_ci, claim_ci, expected", [
    ((1, 2), (0.5, 3), "agree"), ((-2, -1), (-3, -0.1), "agree"), ((1, 2), (-3, -1), "disagree"),
    ((-1, 2), (1, 3), "the map cannot tell"), ((1, 2), (-1, 3), "the claim cannot tell"),
    ((-1, 1), (-1, 1), "neither can tell"), ((math.nan, math.nan), (1, 2), "the map cannot tell")])
def test_agreement_needs_both_intervals_clear(map_ci, claim_ci, expected):
    assert _agreement(*map_ci, *claim_ci) == expected


def test_the_maps_pooled_figure_is_the_replayed_deals_paired_difference(ruleset, heuristic4):
    claim = next(c for c in load_claims(ruleset=ruleset) if c.id == "q16b")
    data = dm.decision_map(ruleset, heuristic4, DEALS, SEED, focal_seats=(0,), batch_size=3_000)
    frame = pd.DataFrame([{"claim": "q16b", "ruleset": ruleset.name, "n": 123, "estimate": 2.0, "ci_low": 1.0,
                           "ci_high": 3.0}])
    row = map_agreement([claim], frame, data).iloc[0]
    hands, ids = deals_of_seed(ruleset, SEED, 0, DEALS)
    out = play_variants(ruleset, heuristic4, dm._variants(0), hands, ids, SEED)
    classes = dm.hand_classes(hands[:, 0], ruleset)
    mask = (classes["matadors"] == 3) & (classes["trumps"] >= 3) & (classes["trumps"] <= 6)
    layout = data.layout
    n, mean, low, high = paired_difference(out[mask, layout.index("sans-prendre"), L.OUT_PAY],
                                           out[mask, layout.index("ask"), L.OUT_PAY])
    assert row["n"] == n > 0 and math.isclose(row["map_mean"], mean, abs_tol=1e-12)
    assert (row["action"], row["baseline"], row["seat"]) == ("sans-prendre", "ask", "eldest")
    assert row["agreement"] == _agreement(low, high, 1.0, 3.0)
    sentence = agreement_sentence(row)
    assert "q16b" in sentence and "sans prendre − ask" in sentence and "nan" not in sentence


def test_a_claim_that_cannot_be_played_under_the_maps_ruleset_is_not_compared(ruleset, heuristic4):
    claim = next(c for c in load_claims(ruleset=ruleset) if c.id == "q16a")
    data = dm.decision_map(ruleset, heuristic4, 1_000, SEED, focal_seats=(0,))
    frame = pd.DataFrame([{"claim": "q16a", "ruleset": "italian-modern", "n": 10, "estimate": -1.0, "ci_low": -2.0,
                           "ci_high": -0.5}])
    row = map_agreement([claim], frame, data).iloc[0]
    assert row["agreement"].startswith("not compared") and row["n"] == 0
