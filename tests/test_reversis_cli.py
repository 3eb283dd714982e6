"""The Reversis commands through the registry: simulate (with --out rows and metadata), show,
rules, odds, bench; bad input is one `Error:` line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app

runner = CliRunner()


def _text(result) -> str:
    return " ".join(result.output.replace("│", " ").split())


def test_simulate_writes_rows_with_metadata(tmp_path):
    out = tmp_path / "deals.parquet"
    result = runner.invoke(app, ["simulate", "reversis", "--deals", "2000", "--seed", "4", "--session-length", "4",
                                 "--preset", "hoyle", "--policy", "heuristic", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(result)
    assert "ruleset reversis-dj, preset hoyle" in text and "2,000 deals" in text
    assert "Each player's net fiches per session" in text
    frame, meta = read_row_file(out)
    assert len(frame) == 2000 and meta["seed"] == 4 and meta["preset"] == "hoyle"
    assert meta["session_length"] == 4 and meta["deals_done"] == 2000 and not meta["interrupted"]
    assert (frame[[f"points_{p}" for p in range(4)]].sum(axis=1) + frame["ecart_points"] == 40).all()
    assert set(frame["quinola_fate"].astype(str)) <= {"ecart", "placed", "forced", "played"}


def test_show_replays_a_deal_trick_by_trick():
    result = runner.invoke(app, ["show", "reversis", "--seed", "3", "--deal", "5"])
    assert result.exit_code == 0, result.output
    assert "Trick 11:" in result.output and "Net:" in result.output and "the dealer adds to the pool" in result.output
    session = runner.invoke(app, ["show", "reversis", "--seed", "3", "--deal", "5", "--session-length", "4"])
    assert session.exit_code == 0 and "player 1" in session.output


def test_rules_under_a_preset():
    result = runner.invoke(app, ["rules", "reversis", "--preset", "enc1765"])
    assert result.exit_code == 0, result.output
    text = _text(result)
    assert "Switches under reversis-dj, preset enc1765" in text and "talon-1765" in text


@pytest.mark.parametrize(("args", "message"), [
    (["odds", "reversis", "--hand", "sA h10 d2"], "Error: card 'h10' is a ten, and the Reversis pack has no tens"),
    (["odds", "reversis", "--hand", "sA sA d2"], "Error: card 'sA' is given twice"),
    (["odds", "reversis", "--hand", "sA d2"], "Error: a Reversis hand holds 11 cards (the dealer 12), not 2"),
    (["simulate", "reversis", "--preset", "hoyl"], "Error: unknown Reversis preset 'hoyl'; presets: enc1765,"),
    (["rules", "reversis", "--preset", "x"], "Error: unknown Reversis preset 'x'"),
    (["simulate", "reversis", "--policy", "clever"], "Error: unknown Reversis policy 'clever'"),
    (["simulate", "reversis", "--session-length", "0"], "Error: --session-length must be between 1 and 60"),
    (["simulate", "reversis", "--rule", "quinola.little=true"], "Error: ruleset 'reversis-dj.toml': rule"),
    (["simulate", "reversis", "--out", "/nonexistent/x.parquet"], "Error: --out '/nonexistent/x.parquet'"),
])
def test_bad_input_is_one_error_line(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert result.output.startswith(message), result.output
    assert result.output.count("\n") == 1


def test_bench_runs_small():
    result = runner.invoke(app, ["bench", "reversis", "--deals", "20000", "--reference-deals", "20", "--threads", "1",
                                 "--search-deals", "20"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "kernel" in result.output and "reference" in result.output
    assert "strong" in result.output and "search" in result.output
