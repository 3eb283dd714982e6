"""`evaluate reversis`: the discards and the reversis decision of one hand, paired on the same deals."""

from __future__ import annotations

import numpy as np
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.reversis.cards import parse_hand
from spadille.kernel.reversis.evaluate import evaluate_hand
from spadille.kernel.reversis.ruleset import load_reversis_ruleset

HAND = "sA s9 s5 hJ h4 dK d7 d2 cQ c8 c3"


def test_every_discard_is_ranked_on_the_same_deals():
    result = evaluate_hand(load_reversis_ruleset(), parse_hand(HAND), deals=400, seed=2)
    assert len(result.labels) == 1 + 11 + 3 and result.nets.shape == (15, 400)
    # the heuristic discards ♠A (most points, a short suit): its forced row is the same row, deal by deal
    assert np.array_equal(result.nets[0], result.nets[result.labels.index("discard ♠A")])
    assert not np.array_equal(result.nets[0], result.nets[result.labels.index("discard ♥J")])
    again = evaluate_hand(load_reversis_ruleset(), parse_hand(HAND), deals=400, seed=2, threads=1)
    assert np.array_equal(result.nets, again.nets)


def test_evaluate_command_and_its_errors():
    runner = CliRunner()
    result = runner.invoke(app, ["evaluate", "reversis", HAND, "--deals", "300"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "discard ♥J" in result.output and "go for the reversis after 5 tricks" in result.output
    bad = runner.invoke(app, ["evaluate", "reversis", "sA s9", "--deals", "300"])
    assert bad.exit_code == 1 and bad.output == "Error: the eldest holds 11 cards as dealt, not 2\n"
    ten = runner.invoke(app, ["evaluate", "reversis", "sA s10 s9"])
    assert ten.exit_code == 1 and ten.output.startswith("Error: card 's10' is a ten")
    strong = runner.invoke(app, ["evaluate", "reversis", HAND, "--deals", "200", "--policy", "strong"],
                           env={"COLUMNS": "200"})
    assert strong.exit_code == 0 and "the strong policy's own discard and play" in strong.output, strong.output
    search = runner.invoke(app, ["evaluate", "reversis", HAND, "--policy", "search"])
    assert search.exit_code == 1 and search.output == "Error: evaluate plays heuristic or strong, not 'search' (option --policy)\n"
