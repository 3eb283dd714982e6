"""Ctrl-C twice during `simulate --out`: the file is whole and agrees with its metadata and the summary.

The second SIGINT comes 0.05 to 0.5 s after the first, so it lands in the batch in flight, in its
write, in the commit or in the summary, over the 20 runs of each format (issue 44). Each run is a
child forked from one warmed-up process (tests/interrupt_harness.py), so the 40 runs cost seconds,
not the minutes of 40 fresh interpreters loading the kernel.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spadille.analyses.rowfile import read_row_file

HARNESS = Path(__file__).with_name("interrupt_harness.py")
RUNS = 20


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_two_ctrl_cs_leave_a_whole_file_that_agrees_with_its_summary(tmp_path, suffix):
    env = {**os.environ, "NUMBA_THREADING_LAYER": "workqueue"}   # fork-safe (see the harness)
    done = subprocess.run([sys.executable, str(HARNESS), str(tmp_path), suffix, str(RUNS)], env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    kept = 0
    for run in range(RUNS):
        folder = tmp_path / f"run-{run}"
        status = (folder / "exit.txt").read_text()
        stdout = (folder / "stdout.txt").read_text(encoding="utf-8")
        stderr = (folder / "stderr.txt").read_text(encoding="utf-8")
        where = f"run {run} (exit {status}):\n{stderr}"
        assert status == "130", where
        assert "Traceback" not in stderr, where
        target = folder / f"out{suffix}"
        assert sorted(path.name for path in folder.iterdir() if path.name.startswith(".")) == [], where
        if not target.exists():
            assert "nothing was kept" in stderr, where
            continue
        kept += 1
        rows, metadata = read_row_file(target)
        done_deals = metadata["deals_done"]
        assert metadata["interrupted"] is True and len(rows) == done_deals > 0, where
        assert rows["deal"].tolist() == list(range(done_deals)), where
        assert f"Wrote {done_deals:,} deals to {target}" in stdout, where
        assert f"Interrupted: {done_deals:,} of 1,000,000,000 deals finished." in stderr, where
        assert re.search(rf" · {done_deals:,} deals in [\d.]+ s ", stdout), where
        # The summary counts the same deals: its contract shares are over done_deals deals.
        counts = rows["contract"].value_counts()
        for contract, count in counts.items():
            line = next(line for line in stdout.splitlines() if line.strip().startswith(f"{contract} "))
            assert f"{count:,}" in line.split(), (contract, line, where)
    assert kept >= RUNS // 2   # most runs had finished batches to keep
