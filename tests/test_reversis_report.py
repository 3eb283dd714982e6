"""The Reversis part of the report: real experiments, verdicts in words with intervals, paired arms."""

from __future__ import annotations

import re

import numpy as np

from spadille.analyses.reversis import experiments as E
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.reports.reversis.section import report_deals, report_sections


def test_report_section_states_verdicts_with_intervals():
    sections = report_sections(seed=3, deals=20_000)
    assert [s.title for s in sections] == ["Reversis"]
    text = " ".join(sections[0].paragraphs)
    assert "**Card play.** Every figure of this part is under the **strong** policy" in text
    assert "r1, the espagnolette (" in text and "r2 and r3, the reversis's outcomes" in text
    assert text.count("95% CI") >= 5
    # an interval is written in as many decimals as the estimate it follows ("+134.3 ... +133.35" read oddly)
    pairs = re.findall(r"([+-]\d+(?:\.(\d+))?) fiches a deal(?: to him)? \(95% CI [+-]\d+(?:\.(\d+))? to", text)
    pairs += re.findall(r"is ([+-]\d+(?:\.(\d+))?) \(95% CI [+-]\d+(?:\.(\d+))? to", text)
    assert len(pairs) >= 3 and all(len(estimate) == len(bound) for _, estimate, bound in pairs), pairs
    names = [item.name for item in sections[0].items]
    assert names == ["reversis-ladder", "reversis-claims", "reversis-espagnolette", "reversis-outcomes",
                     "reversis-quinola", "reversis-positions", "reversis-attempts", "reversis-exchange",
                     "reversis-presets", "reversis-claims-presets"]
    items = {item.name: item for item in sections[0].items}
    claims = items["reversis-claims"].frame.set_index("claim")
    assert {"r1", "r2", "r3", "r4", "r5", "r6", "r7"} <= set(claims.index)
    for claim, row in claims.iterrows():      # each verdict in words, as its claim's table row has it
        assert f"{claim}" in text and row["strong verdict"] in ("supported", "contradicted", "inconclusive")
        assert row["moved"] == ("yes" if row["strong verdict"] != row["heuristic verdict"] else "no")
        if row["moved"] == "yes":              # the heuristic's verdict beside, where it differs
            assert f"under the heuristic: " in text and claim in text
    assert f"r1, the espagnolette ({claims.loc['r1', 'strong verdict']})" in text
    ladder = items["reversis-ladder"].frame
    assert set(ladder["policy"]) == {"heuristic", "strong"}
    overall = ladder[ladder["group"] == "overall"].set_index("policy")
    assert (overall["n"] == 4 * items["reversis-ladder"].metadata["deals"]["strong"]).all()
    assert ((overall["ci_low"] <= overall["gain"]) & (overall["gain"] <= overall["ci_high"])).all()
    presets = items["reversis-claims-presets"].frame.set_index("claim")
    for cell in presets.drop(columns="stated").to_numpy().ravel():   # a signed estimate has signed bounds
        if cell.startswith("+"):
            assert re.match(r"\+[\d.]+ \[[+\u2212-][\d.]+, [+\u2212-][\d.]+\]", cell), cell
    assert list(presets.columns) == ["stated", "enc1765", "hague1785", "dj", "hoyle"]
    assert presets.loc["r1", "enc1765"].startswith("n=0 ")     # no espagnolette in 1765
    for item in sections[0].items:
        assert len(item.frame) > 0 and item.metadata["seed"] == 3
        assert isinstance(item.metadata["policies"], list)
    assert report_deals(0.01) == 20_000 and report_deals(1.0) == 500_000


def test_outcome_codes_follow_the_settlement():
    rules = load_reversis_ruleset()
    result = E.reversis_outcomes(rules, seed=1, deals=20_000)
    frame = result["frame"]
    assert frame["player_deals"].sum() == 4 * 20_000
    made = frame.iloc[1]
    assert made["player_deals"] > 0 and np.isclose(made["mean"], 64, atol=1.0)   # 16 + 32 + 16, nothing else


def test_a_zero_difference_has_no_interval():
    row = E._difference("same", np.array([1, 2, 3]), np.array([1, 2, 3]))
    assert row["differing"] == 0 and np.isnan(row["ci_low"]) and not row["clear"]
