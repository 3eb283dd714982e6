"""`spadille simulate`: the summary, the row files, the error messages, and Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest
from typer.testing import CliRunner

from spadille.analyses.quadrille.rows import read_rows, rows_frame
from spadille.analyses.quadrille.summary import contract_summary
from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app
from spadille.cli.quadrille.seating import resolve_policies
from spadille.kernel.quadrille.simulate import MAX_DEALS, RunConfig, simulate

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["simulate", "quadrille", *args])


def test_prints_the_metadata_and_the_summary(ruleset, heuristic4):
    result = run("--deals", "2000", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("spadille ")
    for text in ("seed 4", "ruleset encyclopedie-1765", "session length 1", "heuristic(ask_threshold=3.6",
                 "2,000 deals in", "Contracts: share of deals", "Outcomes by contract and ombre",
                 "Mean net jetons by contract and ombre", "Seats, over all deals"):
        assert text in out
    # The printed counts are the analyses' counts of the same deals.
    expected = contract_summary(simulate(RunConfig(ruleset, heuristic4, seed=4, deals=2000)))
    for _, row in expected.iterrows():
        line = next(line for line in out.splitlines() if line.strip().startswith(row["contract"] + " "))
        assert f"{row['count']:,}" in line.split()


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_out_file_holds_every_deal_and_the_metadata(tmp_path, ruleset, suffix):
    target = tmp_path / f"deals{suffix}"
    args = ["--deals", "3000", "--seed", "9", "--seat-policy", "dealer=random", "--param", "eldest.ask_threshold=4",
            "--out", str(target)]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert f"Wrote 3,000 deals to {target}" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temporary file left

    rows, metadata = read_rows(target)
    policies = resolve_policies(4, None, ["dealer=random"], ["eldest.ask_threshold=4"])
    config = RunConfig(ruleset, policies, seed=9, deals=3000, record=True)
    assert metadata == {**config.metadata(), "deals_done": 3000, "interrupted": False}
    assert metadata["policies"][3] == "random" and "ask_threshold=4," in metadata["policies"][0]
    pd.testing.assert_frame_equal(rows, rows_frame(simulate(config).rows, 4))
    # A CSV spells the hands; a Parquet file keeps their masks alone, and read_rows spells them.
    stored = list(read_row_file(target)[0].columns)
    assert stored == [name for name in rows.columns if suffix == ".csv" or not name.startswith("hand_")]


def test_sessions_longer_than_one_deal_run(tmp_path):
    result = run("--deals", "500", "--session-length", "3", "--threads", "1")
    assert result.exit_code == 0, result.output
    assert "session length 3" in result.stdout


def bad_toml(tmp_path, name):
    path = tmp_path / name
    path.write_text("[broken\n", encoding="utf-8")
    return path


TOML_PROBLEM = "is not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 8)"


@pytest.mark.parametrize("args, message", [
    (["--ruleset", "nope"], "unknown ruleset 'nope'; available: encyclopedie-1765, italian-modern, mediateur, quadrille-a-trois (option --ruleset)"),
    (["--ruleset", "{rules}"], "ruleset '{rules}' " + TOML_PROBLEM + " (option --ruleset)"),
    (["--seat-policy", "eldest=bridge"], "unknown policy 'bridge'; available: random, heuristic, strong, dd, pimc, learned (option --seat-policy)"),
    (["--seat-policy", "north=random"], "--seat-policy: unknown seat 'north'; seats: eldest, second, third, dealer"),
    (["--param", "nope=1"], "--param 'nope': no seat plays a policy with that parameter (policies: heuristic)"),
    (["--param", "dealer.ask_threshold=x"], "parameter heuristic.ask_threshold must be a number, not 'x' (option --param)"),
    (["--policy-file", "{policies}"], "policy file '{policies}' " + TOML_PROBLEM + " (option --policy-file)"),
    (["--deals", "0"], "--deals must be a positive whole number, not 0"),
    (["--deals", "-5"], "--deals must be a positive whole number, not -5"),
    (["--deals", str(MAX_DEALS + 1)], f"--deals {MAX_DEALS + 1} is more than the 1e+11 a run may ask for"),
    (["--session-length", "0"], "--session-length must be between 1 and 10000, not 0"),
    (["--threads", "100000"], "--threads must be between 1 and the {cores} this machine runs, not 100000"),
    (["--out", "{tmp}/deals.txt"], "--out '{tmp}/deals.txt' must end in .parquet or .csv"),
    (["--out", "{tmp}/missing/deals.csv"], "--out '{tmp}/missing/deals.csv': directory '{tmp}/missing' does not exist"),
    (["--out", "{tmp}"], "--out '{tmp}' must end in .parquet or .csv"),
])
def test_bad_input_is_one_error_line_and_no_file(tmp_path, args, message):
    import numba

    places = {"rules": bad_toml(tmp_path, "rules.toml"), "policies": bad_toml(tmp_path, "policies.toml"),
              "tmp": tmp_path, "cores": numba.config.NUMBA_NUM_THREADS}
    before = set(tmp_path.iterdir())
    args = [a.format(**places) for a in args]
    if "--out" not in args:
        args += ["--out", str(tmp_path / "deals.parquet")]
    result = run("--deals", "100", *args) if "--deals" not in args else run(*args)
    expected = message.format(**places)
    assert (result.exit_code, result.stderr) == (1, f"Error: {expected}\n")
    assert result.stdout == ""
    assert set(tmp_path.iterdir()) == before


def test_an_unknown_policy_name_is_a_usage_error():
    # --policy is an Enum built from the registry, so click rejects it before the command runs.
    result = run("--policy", "bridge")
    assert result.exit_code == 2
    text = " ".join(result.output.replace("│", " ").split())  # undo the error panel's wrapping
    assert "Invalid value for '--policy': Value error, 'bridge' is not one of 'random', 'heuristic', 'strong', 'dd', 'pimc', 'learned'." in text


def test_ctrl_c_keeps_the_finished_deals(tmp_path):
    """SIGINT after the first batch: the run stops between batches, writes what finished."""
    target = tmp_path / "stopped.parquet"
    command = [sys.executable, "-c", "from spadille.cli.app import main; main()",
               "simulate", "quadrille", "--deals", "1000000000", "--seed", "2", "--out", str(target)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=os.environ.copy())  # the same NUMBA_CACHE_DIR: the kernel is compiled
    try:
        deadline = time.monotonic() + 90  # compiling the kernel on a cold cache takes a while
        while time.monotonic() < deadline and process.poll() is None:
            partial = [p for p in tmp_path.iterdir() if p.name.startswith(".stopped.parquet.")]
            if partial and partial[0].stat().st_size > 64 * 1024:  # a first batch is in the file
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"no batch was written in time; exit code {process.poll()}")
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, stderr
    assert "Stopping after the current batch" in stderr
    assert "Traceback" not in stderr
    rows, metadata = read_row_file(target)
    done = metadata["deals_done"]
    assert metadata["interrupted"] is True
    assert 0 < done < 1_000_000_000 and len(rows) == done
    assert list(rows["deal"]) == list(range(done))
    assert f"Interrupted: {done:,} of 1,000,000,000 deals finished." in stderr
    assert f"Wrote {done:,} deals to {target}" in stdout
    assert "Contracts: share of deals" in stdout
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
