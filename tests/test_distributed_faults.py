"""A cluster lost mid-run: the scheduler and every worker killed while `simulate --scheduler` runs.

The run must end within the runner's stated time with one `Error:` line (no traceback), a
non-zero exit, and the blocks that finished kept in the --out file, written as after a Ctrl-C,
with the way to run the rest (issue 44). This test starts a cluster of its own, since it kills it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from spadille.analyses.rowfile import read_row_file

distributed = pytest.importorskip("distributed")  # `make test` installs the extra, so CI runs these

from dask_cluster import START_SECONDS, Cluster  # noqa: E402 - after the skip: it imports distributed

from spadille.analyses.distributed.runner import LOST_SECONDS  # noqa: E402

BLOCK = 2000


def test_killing_the_scheduler_and_every_worker_keeps_the_finished_blocks(tmp_path):
    cluster = Cluster(tmp_path)
    out, log = tmp_path / "kept.csv", tmp_path / "stderr.txt"
    try:
        run = subprocess.Popen([sys.executable, "-c", "from spadille.cli.app import main; main()", "simulate",
                                "quadrille", "--deals", "4000000", "--seed", "6", "--out", str(out), "--scheduler",
                                cluster.address, "--block-deals", str(BLOCK)],
                               stdout=subprocess.PIPE, stderr=open(log, "w"), text=True, env=os.environ.copy())
        deadline = time.monotonic() + 3 * START_SECONDS
        while time.monotonic() < deadline and run.poll() is None and not _blocks_written(tmp_path, 3):
            time.sleep(0.1)
        assert run.poll() is None, log.read_text()
        for process in [cluster.scheduler, *cluster.workers]:
            process.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        stdout, _ = run.communicate(timeout=LOST_SECONDS + 60)
        took = time.monotonic() - killed
    finally:
        if run.poll() is None:
            run.kill()
        cluster.close()
    stderr = log.read_text()
    assert run.returncode == 1, stderr
    assert took < LOST_SECONDS + 15, stderr   # the stated time, and the commit
    assert "Traceback" not in stderr
    errors = [line for line in stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and errors == stderr.strip().splitlines()[-1:], stderr
    rows, metadata = read_row_file(out)
    done = metadata["deals_done"]
    assert metadata["interrupted"] is True and len(rows) == done and done % BLOCK == 0 and done >= 3 * BLOCK
    ranges = metadata.get("deal_ranges", [[0, done]])
    assert rows["deal"].tolist() == [deal for begin, end in ranges for deal in range(begin, end)]
    first_gap = ranges[0][1]
    assert errors[0].startswith(f"Error: the Dask scheduler at {cluster.address} ")
    assert f"the {done:,} deals that finished are in {out}" in errors[0]
    assert f"--first-deal {first_gap} --deals " in errors[0]
    assert f"Wrote {done:,} deals to {out}" in stdout and "Contracts: share of deals" in stdout
    assert [path.name for path in tmp_path.glob(".kept*")] == []


def _blocks_written(folder, blocks: int) -> bool:
    """The run's temporary CSV holds about ``blocks`` blocks of rows (some 250 bytes a deal)."""
    return any(path.stat().st_size > blocks * BLOCK * 250 for path in folder.glob(".kept.csv.*"))
