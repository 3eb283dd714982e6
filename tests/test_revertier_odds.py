"""`odds revertier`: the dice and the chances of entering from the bar, against counts of the 36
throws made by hand."""

from __future__ import annotations

from fractions import Fraction

from typer.testing import CliRunner

from spadille.analyses.revertier.odds import entering, entry_frame, throw_frame
from spadille.cli.app import app
from spadille.kernel.revertier.ruleset import load_revertier_ruleset


def test_the_throws_and_their_pips():
    frame = throw_frame(load_revertier_ruleset())
    assert len(frame) == 21 and frame["in 36"].sum() == 36
    assert frame.attrs["mean_pips"] == 49 / 6                       # doublets four moves (RULES.md §4.1's sanity figure)
    assert frame.loc[frame["throw"] == "sonnez", "pips"].item() == 24


def test_entering_counts_open_dice_and_stacks_only_on_the_start():
    assert entering(0, 1, 4, True) == 1 and entering(6, 1, 4, True) == 0
    assert entering(3, 1, 4, True) == 1 - Fraction(3, 6) ** 2        # either die open
    # two men: both dice open and different, or the doublet of aces on the start point
    assert entering(3, 2, 4, True) == Fraction(3 * 2 + 1, 36)
    assert entering(3, 2, 4, False) == Fraction(3 * 2, 36)
    assert entering(5, 2, 4, True) == Fraction(1, 36)


def test_the_command_prints_both_tables():
    result = CliRunner().invoke(app, ["odds", "revertier", "--preset", "verquere-1674"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "sonnez" in result.output and "entry.blocked = whole-turn" in result.output
    assert len(entry_frame(load_revertier_ruleset())) == 7
