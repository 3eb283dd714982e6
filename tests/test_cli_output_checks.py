"""Every command that writes checks, before any work, that its output can really be written.

The check creates (and removes) a file or a folder where the output will go, so /proc (which
refuses any new file, even to root) and a read-only folder both end in one ``Error:`` line and
exit 1. Work is made impossible (the simulation entry points raise) to prove the check comes
first: a command that simulated before checking would fail with that error instead.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import stat
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadille.analyses.rowfile import RowFileError, check_output_path, probe_writable
from spadille.cli.app import app

runner = CliRunner()

# (command line with OUT where the target goes, suffix of the target, what would do the work)
COMMANDS = {
    "simulate quadrille": (["simulate", "quadrille", "--deals", "1000", "--out", "OUT"], ".csv",
                           "spadille.kernel.quadrille.simulate.simulate"),
    "simulate cabriolet": (["simulate", "cabriolet", "--out", "OUT"], ".csv",
                           "spadille.kernel.cabriolet.simulate.run_sessions"),
    "simulate reversis": (["simulate", "reversis", "--out", "OUT"], ".parquet",
                          "spadille.kernel.reversis.simulate.run_sessions"),
    "simulate revertier": (["simulate", "revertier", "--out", "OUT"], ".csv",
                           "spadille.kernel.revertier.simulate.run_games"),
    "evaluate quadrille": (["evaluate", "quadrille", "spadille basto ♥7 A K Q 3 ♣K ♦K ♠7", "--out", "OUT"], ".csv",
                           "spadille.analyses.quadrille.evaluation.evaluate_hand"),
    "report": (["report", "--quick", "--out", "OUT"], "", "spadille.reports.quadrille.standard.build_report"),
    "ladder quadrille": (["ladder", "quadrille", "--policies", "random", "--deals", "100", "--out", "OUT"], ".csv",
                         "spadille.analyses.quadrille.ladder.ladder"),
    "bench quadrille": (["bench", "quadrille", "--no-startup", "--out", "OUT"], ".json",
                        "spadille.kernel.quadrille.bench.kernel_rates"),
    "bench quadrille pimc": (["bench", "quadrille", "pimc", "--pimc-deals", "2", "--out", "OUT"], ".json",
                             "spadille.kernel.quadrille.bench.pimc_pair_times"),
}


def _forbid_work(monkeypatch, dotted: str) -> None:
    module, name = dotted.rsplit(".", 1)

    def work(*args, **kwargs):
        raise AssertionError(f"{dotted} ran before the output was checked")

    monkeypatch.setattr(f"{module}.{name}", work, raising=True)


def _invoke(command: str, target: str):
    args, _, _ = COMMANDS[command]
    return runner.invoke(app, [target if arg == "OUT" else arg for arg in args])


def _one_error_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_unwritable_proc_is_refused_before_work(command, monkeypatch):
    _, suffix, work = COMMANDS[command]
    _forbid_work(monkeypatch, work)
    line = _one_error_line(_invoke(command, f"/proc/x{suffix}"))
    assert "'/proc'" in line and "not writable" in line


@contextlib.contextmanager
def _locked_folder():
    """A read-only folder the test can write into only through the command under test: under root
    (as CI runs), which writes anywhere, the command runs with the effective user ``nobody`` and the
    folder's parent is opened to him, so the folder's own permissions are what refuse the file."""
    parent = Path(tempfile.mkdtemp(prefix="spadille-locked-"))
    folder = parent / "locked"
    folder.mkdir()
    parent.chmod(0o755)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    root = os.geteuid() == 0
    try:
        if root:
            os.seteuid(pwd.getpwnam("nobody").pw_uid)
        try:
            yield folder
        finally:
            if root:
                os.seteuid(0)
    finally:
        folder.chmod(stat.S_IRWXU)
        for leftover in folder.iterdir():
            leftover.unlink()
        folder.rmdir()
        parent.rmdir()


@pytest.mark.parametrize("command", COMMANDS)
def test_read_only_folder_is_refused_before_work(command, monkeypatch):
    _, suffix, work = COMMANDS[command]
    _forbid_work(monkeypatch, work)
    with _locked_folder() as folder:
        result = _invoke(command, str(folder / f"x{suffix}"))
        left = list(folder.iterdir())
    line = _one_error_line(result)
    assert "not writable" in line
    assert left == []


def test_the_probe_leaves_nothing_behind(tmp_path):
    assert check_output_path(tmp_path / "rows.csv") == tmp_path / "rows.csv"
    probe_writable(tmp_path, "--out")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(RowFileError, match=r"^--out '/proc/x.csv': directory '/proc' is not writable \("):
        check_output_path("/proc/x.csv")
