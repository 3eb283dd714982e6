"""The claims' card play: a claim that names no policy plays the run's (the report's strong play),
one that names a policy keeps it, and the report sets the heuristic's verdict beside it."""

import pandas as pd

from spadille.analyses.claims import check_claims, load_claims
from spadille.reports.quadrille.claims_part import _claims_view, _differences


def _policies(claims):
    return {claim.id: getattr(claim.experiment, "policy", None) for claim in claims}


def test_a_claim_that_names_no_policy_plays_the_runs_card_play():
    heuristic, strong = _policies(load_claims()), _policies(load_claims(card_play="strong"))
    assert heuristic.keys() == strong.keys()
    moved = {claim for claim, policy in strong.items() if policy != heuristic[claim]}
    assert moved and all(strong[c] == "strong" and heuristic[c] == "heuristic" for c in moved)
    assert heuristic["enc-a-trois-removed-suit"] == strong["enc-a-trois-removed-suit"] == "dd"   # it names dd


def test_the_card_play_is_what_the_claim_plays():
    claim = [c for c in load_claims(card_play="strong") if c.id == "hoy-friend-guarded-mat"]
    again = [c for c in load_claims() if c.id == "hoy-friend-guarded-mat"]
    strong = check_claims(claim, seed=3, scale=0.05).iloc[0]
    heuristic = check_claims(again, seed=3, scale=0.05).iloc[0]
    assert strong["policies"].startswith("strong(") and heuristic["policies"].startswith("heuristic(")
    # the same deals, other card play: the situation arises on other deals and the estimate moves
    assert (strong["n"], strong["estimate"]) != (heuristic["n"], heuristic["estimate"])


def _frame(verdicts):
    return pd.DataFrame([{"claim": c, "title": f"title {c}", "verdict": v, "n": 100, "estimate": e,
                          "ci_low": e - 0.5, "ci_high": e + 0.5, "estimate_text": f"{e:+.2f}", "ci_text": ""}
                         for c, v, e in verdicts])


def test_the_report_says_where_the_verdicts_differ():
    strong = _frame([("a", "supported", 1.0), ("b", "contradicted", -1.0), ("c", "supported", 1.0)])
    heuristic = _frame([("a", "supported", 0.9), ("b", "supported", 1.0), ("c", "inconclusive", 0.2)])
    sentences = _differences(strong, heuristic, "strong")
    assert len(sentences) == 2
    assert sentences[0].startswith("b (title b): **contradicted** under strong play")
    assert "fails under the other" in sentences[0] and "fails under the other" not in sentences[1]
    strong.loc[2, "reason"] = "the 95% CI contains 0; the two arms measured the same on all 100 deals: ..."
    assert "Under strong play the two arms measured the same on every deal" in _differences(strong, heuristic,
                                                                                            "strong")[1]
    view = _claims_view(strong, heuristic=heuristic)
    assert list(view["under the heuristic"]) == ["+0.90 [+0.40, +1.40] · supported",
                                                 "+1.00 [+0.50, +1.50] · supported",
                                                 "+0.20 [−0.30, +0.70] · inconclusive"]


def test_when_they_agree_the_report_says_so():
    frame = _frame([("a", "supported", 1.0)])
    assert _differences(frame, frame, "strong") == [
        "The verdicts agree: the one claim keeps its verdict under the heuristic's card play."]
    assert _differences(frame, None, "strong") == []


def test_arms_that_never_differ_are_said_to_measure_the_same(tmp_path):
    """q18's arms as they were until session 8 set draw_trumps alone, which strong's ombre never
    consults (its draw_min_out = 6 keeps it from drawing while fewer trumps are out, and
    lead_master_trump leads spadille anyway): every deal measures the same, and the reason says so
    rather than leaving a bare 'contains 0'. The shipped q18 also turns off the rules that lead a
    trump without draw_trumps, so its arms differ under strong too."""
    from claim_files import CLAIMS_DIR

    shipped = (CLAIMS_DIR / "q18.toml").read_text(encoding="utf-8")
    old = shipped.replace('params = { draw_trumps = 0.0, "ombre.draw_min_out" = 1.0 }', "params = { draw_trumps = 0.0 }")
    old = old.replace('params = { draw_trumps = 10.0, "ombre.lead_master_trump" = 0.0, "ombre.lead_top_trump" = 0.0 }',
                      "params = { draw_trumps = 10.0 }")
    assert old != shipped and old.count("params = { draw_trumps") == 2
    (tmp_path / "q18.toml").write_text(old, encoding="utf-8")
    claim = [c for c in load_claims(tmp_path, card_play="strong") if c.id == "q18"]
    row = check_claims(claim, seed=3, scale=0.005).iloc[0]
    assert row["estimate"] == 0 and row["ci_low"] < 0 < row["ci_high"] and row["verdict"] == "inconclusive"
    assert "the two arms measured the same on all 500 deals" in row["reason"]
    heuristic = check_claims([c for c in load_claims(tmp_path) if c.id == "q18"], seed=3, scale=0.005).iloc[0]
    assert heuristic["estimate"] != 0 and "measured the same" not in heuristic["reason"]
    now = check_claims([c for c in load_claims(card_play="strong") if c.id == "q18"], seed=3, scale=0.005).iloc[0]
    assert now["estimate"] != 0 and "measured the same" not in now["reason"]
