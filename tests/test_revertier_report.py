"""The Révertier part of the standard report: its three tables, "reconstructed" and the switch
values on each, intervals around every figure, and one sensitivity row per switch value."""

from __future__ import annotations

import pytest

from spadille.kernel.revertier.ruleset import load_revertier_ruleset
from spadille.reports.revertier.section import report_deals, report_sections


@pytest.fixture(scope="module")
def section():
    sections = report_sections(seed=4, deals=40)
    assert len(sections) == 1
    return sections[0]


def test_the_part_has_the_companion_interface_and_is_sized():
    """What reports/quadrille/standard.py asks of a game's report part (cli/games.py report_part)."""
    import importlib

    module = importlib.import_module("spadille.reports.revertier.section")
    assert callable(module.report_deals) and callable(module.report_sections)
    assert report_deals(1.0) == 2_000 and report_deals(0.001) == 100


def test_every_table_says_reconstructed_and_names_the_switches(section):
    rules = load_revertier_ruleset()
    assert "reconstruction" in section.paragraphs[0] and "reconstructed" in section.title
    names = [item.name for item in section.items]
    assert names == ["revertier-baseline", "revertier-policies", "revertier-switches"]
    for item in section.items:
        assert "reconstructed" in item.title
        assert rules.switch_values() in item.caption
        assert item.metadata["reconstructed"] is True and item.metadata["seed"] == 4


def test_every_figure_has_n_and_an_interval(section):
    baseline, policies, switches = (item.frame for item in section.items)
    assert (baseline["n"] == 40).all()
    assert ((baseline["ci_low"] <= baseline["value"]) & (baseline["value"] <= baseline["ci_high"])).all()
    assert (baseline["ci_high"] > baseline["ci_low"]).all()       # never a zero-width share or mean here
    assert ((policies["ci_low"] <= policies["points"]) & (policies["points"] <= policies["ci_high"])).all()
    assert set(policies["policy"] + ":" + policies["against"]) == {
        "heuristic:random", "hitter:runner", "hitter:heuristic", "runner:heuristic", "expectimax:heuristic"}
    for column in ("first_wins", "throws", "jan", "special", "blocked", "hits"):
        assert ((switches[f"{column}_low"] <= switches[column]) & (switches[column] <= switches[f"{column}_high"])).all()


def test_the_sensitivity_table_has_every_value_of_every_switch(section):
    rules = load_revertier_ruleset()
    switches = section.items[2].frame
    expected = {("(default)", "")} | {("preset", name) for name in rules.presets}
    for rule in rules.switches():
        for choice in rule.choices:
            if choice != rule.value:
                expected.add((rule.key, str(choice).lower() if isinstance(choice, bool) else str(choice)))
    assert set(zip(switches["switch"], switches["value"])) == expected
    default = switches[switches["switch"] == "(default)"].iloc[0]
    assert default["throws_vs_default"] == 0 and not default["clear"]
    # a switch that changes the game's length shows it: entering what one can (rest-of-roll) instead
    # of losing the whole turn keeps men going round and being hit, a longer game by some 57 throws
    entering = switches[switches["switch"] == "entry.blocked"].iloc[0]
    assert entering["value"] == "rest-of-roll" and entering["throws_vs_default"] > 0 and entering["clear"]


def test_the_part_renders_in_the_report_documents(section, tmp_path):
    from spadille.reports.document import Report, write_report

    folder = write_report(Report("spadille report", {"seed": 4}, [section]), tmp_path / "report")
    markdown = (folder / "report.md").read_text(encoding="utf-8")
    assert "Révertier (reconstructed)" in markdown and "how each reconstruction switch changes" in markdown
    header = (folder / "revertier-switches.csv").read_text(encoding="utf-8").splitlines()[0]
    assert '"reconstructed": true' in header and '"wins.jan": "cotton"' in header
