"""`spadille report` end to end in a small size: the folder, its documents, reproducibility, Ctrl-C."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.cli.games import GAMES
from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.reports.quadrille.standard import build_report, plan_for

runner = CliRunner()
SMALL = ["--deals", "2000", "--seed", "11", "--stronger-play"]   # every part, the ladder included


def csv_body(path):
    """A CSV without its metadata line (which holds nothing run-dependent but is compared too)."""
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def small_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report"
    result = runner.invoke(app, ["report", *SMALL, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_the_folder_holds_every_part(small_report):
    names = {p.name for p in small_report.iterdir()}
    assert {"report.md", "report.html", "metadata.json", "claims.csv", "best-by-class.csv", "thresholds.csv",
            "vole.csv", "worked-hands.csv", "best-bid-all.png", "vole-ask.png", "sensitivity-ask.png",
            "cabriolet-odds.csv", "rules-of-thumb.csv", "rule-gains.csv", "rule-card.csv", "chart-eldest.png",
            "chart-dealer.png", "best-by-matadors-trumps-kings.csv", "the-vole-point.csv",
            "the-vole-point-rule.csv", "ladder.csv", "ladder-speed.csv", "take-or-cede.csv", "accounting-flips.csv",
            "claims-and-map.csv", "bidding-fixpoint.csv", "bidding-held-out.csv",
            "play-comparison.csv", "rule-check-pimc.csv"} <= names
    text = (small_report / "report.md").read_text(encoding="utf-8")
    # one report for every game: its title, a contents list, then each game's part under its own
    # heading (##) with its sections one level down (###; they were ## under a Quadrille title)
    assert text.startswith("# spadille strategy report")
    assert "measured: eldest 0." in text      # session accounting at each seat's measured return
    assert "## Contents" in text and "- [Cabriolet](#cabriolet)" in text and "- [Reversis](#reversis)" in text
    for heading in ("### Which hands justify what", "### The vole",
                    "### How strong the players are: the strength ladder", "### Bidding that answers to the play",
                    "### Do the thresholds hold with stronger card play?", "### The period advice, checked",
                    "### Worked hands"):
        assert f"\n{heading}\n" in text, heading
    # the Quadrille part opens on its verdicts, though they are made after the baseline, then says how to read it
    sections = [line for line in text.splitlines() if line.startswith("### ")]
    # and the check of each seat's rule under pimc right after the verdicts it checks
    assert sections[:3] == ["### Verdicts: when to ask, go sans prendre or try the vole",
                            "### The rules of thumb under searching play",
                            "### How to read the Quadrille figures"], sections[:4]
    # the verdicts rest on learned card play by default, strong's own verdicts (the play before it) beside them
    assert "**Eldest hand**, with learned card play and the bidding that answers to it" in text
    assert "**Against `strong`'s own verdicts.**" in text
    assert "The rules of thumb before (strong bidding and card play) and now" in text
    # the asker's answer to a force, the pot valued two ways, and the bid claims beside the map
    assert "**Asked, then forced by a higher bid**" in text and "**The pot valued two ways.**" in text
    assert "**Claims beside the decision map.**" in text and "- **q16a** (1 true matador, 5 or more trumps" in text
    assert "**Second hand, someone has bid before you**" in text and "**A rule card**" in text
    # the vole decided at the point, by what the player on lead knows there, under each reading
    assert "**The vole at the point, after an ask**, with learned card play and the bidding that answers to it" in text
    assert "Under vole 20:" in text and "Under failed vole: encyclopedie-literal:" in text
    assert "The vole at the point, by sure winners and trumps still out" in text
    parts = [line for line in text.splitlines() if line.startswith("## ")]
    assert parts[:2] == ["## Contents", "## Quadrille: which hands call a king, go sans prendre or try the vole"]
    assert {"## Cabriolet", "## Reversis", "## Révertier (reconstructed)"} <= set(parts)
    assert "seed 11" in text.splitlines()[2]
    # the stamp names each seat's bidding at the fixpoint, and the rule check its pimc and its n
    assert "learned card play, each seat bidding at the fixpoint's thresholds: eldest ask" in text.splitlines()[2]
    assert "every seat playing pimc and bidding at the thresholds of the maps" in text
    # sampled until decided, each seat's rule marked on the verdicts page by what pimc said of it
    assert "Each part of a rule is sampled until pimc decides it" in text and "confidence sequence" in text
    eldest = next(line for line in text.splitlines() if line.startswith("**Eldest hand**"))
    assert re.search(r"(confirmed|contradicted|practically indifferent|not decided) under pimc", eldest), eldest
    # the claims play learned where they name no policy, the heuristic beside them
    assert "A claim that names no policy is played with every seat on learned" in text
    html = (small_report / "report.html").read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") >= 6 and ".png'" not in html


def test_the_card_play_is_learned_by_default_and_strong_is_set_beside_it():
    plan = plan_for(load_ruleset("encyclopedie-1765"), 3, 8000, False)
    assert plan.card_play == "learned" and plan.previous_play == "strong" and plan.previous_map_deals == 1000
    assert {"learned", "strong", "heuristic"} <= set(plan.ladder)
    strong = plan_for(load_ruleset("encyclopedie-1765"), 3, 8000, False, card_play="strong")
    assert strong.previous_play == "heuristic" and strong.previous_map_deals == 1000
    heuristic = plan_for(load_ruleset("encyclopedie-1765"), 3, 8000, False, card_play="heuristic")
    assert heuristic.card_play == "heuristic" and heuristic.previous_play is None and heuristic.previous_map_deals == 0
    with pytest.raises(SimulationError, match="--card-play"):
        plan_for(load_ruleset("encyclopedie-1765"), 3, 8000, False, card_play="pimc")


def test_the_default_report_leaves_the_stronger_play_ladder_out():
    plan = plan_for(load_ruleset("encyclopedie-1765"), 3, 1000, False)
    assert "sensitivity" not in plan.parts and "maps" in plan.parts and "ladder" in plan.parts
    assert "sensitivity" in plan_for(load_ruleset("encyclopedie-1765"), 3, 1000, False, stronger_play=True).parts


def test_every_table_is_stamped(small_report):
    for path in small_report.glob("*.csv"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        # another game's tables are named after it and stamped with its own ruleset
        game = next((name for name in GAMES if name != "quadrille" and path.name.startswith(name)), None)
        rulesets = GAMES[game].ruleset_names() if game else ["encyclopedie-1765"]
        assert first.startswith("# spadille: ") and '"seed": 11' in first, path.name
        assert any(name in first for name in rulesets), path.name
        assert '"spadille_version"' in first, path.name


def test_same_seed_same_numbers(small_report, tmp_path):
    again = tmp_path / "again"
    result = runner.invoke(app, ["report", *SMALL, "--out", str(again)])
    assert result.exit_code == 0, result.output
    for name in ("best-by-class.csv", "thresholds.csv", "vole.csv", "the-vole-point.csv", "the-vole-point-rule.csv",
                 "claims.csv", "worked-hands.csv", "sensitivity-thresholds.csv", "contracts.csv", "ladder.csv"):
        first, second = (small_report / name).read_text(encoding="utf-8"), (again / name).read_text(encoding="utf-8")
        if name == "claims.csv":  # its rows record seconds taken; compare everything else
            import pandas as pd
            a, b = (pd.read_csv(p, comment="#").drop(columns=["seconds"], errors="ignore")
                    for p in (small_report / name, again / name))
            pd.testing.assert_frame_equal(a, b)
        else:
            assert first == second, name


def test_an_interrupted_report_keeps_the_finished_parts():
    plan = replace(plan_for(load_ruleset("encyclopedie-1765"), 3, 1000, False), parts=("baseline", "maps", "claims"))

    def step(description, total):
        def advance(n):
            if description.startswith("decision maps"):
                raise KeyboardInterrupt
        return advance

    report, interrupted = build_report(plan, step)
    titles = [section.title for section in report.sections]
    assert interrupted and report.metadata["interrupted"]
    assert "The game as the heuristic players play it" in titles
    assert "Which hands justify what" in titles           # the deals finished before the stop
    assert "The period advice, checked" not in titles     # never started
    assert titles[-1] == "Interrupted"


@pytest.mark.parametrize(("args", "message"), [
    (["--deals", "5"], "Error: --deals must be between 1,000"),
    (["--seed", "-1"], "Error: --seed must be between 0"),
])
def test_bad_options_are_one_line(args, message, tmp_path):
    result = runner.invoke(app, ["report", *args, "--out", str(tmp_path / "r")])
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(message)
    assert not (tmp_path / "r").exists()


def test_an_unrelated_folder_is_refused_before_any_work(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    result = runner.invoke(app, ["report", "--deals", "1000", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "non-empty folder without a report" in result.stderr
    assert (tmp_path / "notes.txt").read_text() == "keep me"


@pytest.mark.parametrize("name", ["quadrille-a-trois", "italian-modern"])
def test_a_variant_report_follows_its_bids(name):
    """The maps and the vole figures of a variant name its own bids; worked hands its pack
    cannot hold (a diamond under quadrille à trois) are left out rather than failing."""
    ruleset = load_ruleset(name)
    plan = replace(plan_for(ruleset, 5, 1000, False), parts=("baseline", "maps", "hands"), evaluation_deals=200)
    report, interrupted = build_report(plan, lambda description, total: (lambda n: None))
    assert not interrupted
    vole = next(section for section in report.sections if section.title == "The vole")
    figures = [item.name for item in vole.items if item.name.startswith("vole-") and item.name != "vole-summary"]
    assert figures == [f"vole-{bid}" for bid in ruleset["auction.contracts"]]
    titles = [section.title for section in report.sections]
    if name == "quadrille-a-trois":
        assert "Worked hands" not in titles  # every worked hand holds a diamond or sits third
    else:
        assert "Worked hands" in titles
    assert f"`{name}`" in report.sections[0].paragraphs[0]
