"""Distributed runs on real processes, loopback only: a `dask scheduler` and two `dask worker`
processes on 127.0.0.1 (free ports, torn down at the end). Each run through them writes the same
bytes as the in-process run of the same seed and sizes; a worker killed mid-run changes nothing;
Ctrl-C keeps the blocks that finished; a wrong address and another version are refused in one line.

The workers load the numba code this process compiled (their cache slots are seeded from
NUMBA_CACHE_DIR), so every in-process run below comes before its cluster run.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app

distributed = pytest.importorskip("distributed")  # `make test` installs the extra, so CI runs these

from dask_cluster import START_SECONDS, Cluster, free_port  # noqa: E402 - after the skip: it imports distributed

cli = CliRunner()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    started = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        yield started
    finally:
        started.close()


def simulate(*args: str):
    result = cli.invoke(app, ["simulate", "quadrille", *args])
    assert result.exit_code == 0, result.output
    return result


def spadille(log: Path, *args: str) -> subprocess.Popen:
    """The command in a process of its own (the same NUMBA_CACHE_DIR), its stderr into ``log``."""
    return subprocess.Popen([sys.executable, "-c", "from spadille.cli.app import main; main()", *args],
                            stdout=subprocess.PIPE, stderr=open(log, "w"), text=True, env=os.environ.copy())


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_simulate_through_the_scheduler_writes_the_same_bytes(cluster, tmp_path, suffix):
    # 40,000 recorded deals, from blocks of 5,000 that arrive in any order.
    sizes = ["--deals", "40000" if suffix == ".parquet" else "6000", "--seed", "7"]
    simulate(*sizes, "--out", str(tmp_path / f"here{suffix}"))
    result = simulate(*sizes, "--out", str(tmp_path / f"there{suffix}"), "--scheduler", cluster.address,
                      "--block-deals", "5000")
    assert "2 workers connected" in result.stderr and "warm-up" in result.stderr
    assert (tmp_path / f"here{suffix}").read_bytes() == (tmp_path / f"there{suffix}").read_bytes()
    if suffix == ".parquet":   # row groups of ROW_GROUP_ROWS rows, whatever the blocks
        assert pq.ParquetFile(tmp_path / "there.parquet").metadata.num_row_groups == 1


def test_the_report_baseline_and_maps_through_the_scheduler_are_the_same_tables(cluster, tmp_path, ruleset):
    from dataclasses import replace

    from spadille.analyses.distributed.runner import dask_runner
    from spadille.reports.document import write_report
    from spadille.reports.quadrille.standard import build_report, plan_for

    plan = replace(plan_for(ruleset, 5, 20_000, quick=False), parts=("baseline", "maps"), map_deals=4_000)

    def step(description, total):
        return lambda n: None

    write_report(build_report(plan, step)[0], tmp_path / "here")
    lines = []
    with dask_runner(cluster.address, lines.append, block_deals=1_000):
        write_report(build_report(plan, step)[0], tmp_path / "there")
    assert any("warm-up of simulate_block" in line for line in lines)
    assert any("warm-up of map_block" in line for line in lines)
    tables = sorted(path.name for path in (tmp_path / "here").glob("*.csv"))
    assert {"contracts.csv", "outcomes.csv", "best-by-class.csv", "ev-by-class.csv", "vole.csv"} <= set(tables)
    assert tables == sorted(path.name for path in (tmp_path / "there").glob("*.csv"))
    for name in tables:
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "there" / name).read_bytes(), name


def test_the_rule_check_through_the_scheduler_has_the_same_rows(cluster):
    """The rule check's hands dealt to order, played block by block on the workers, give the
    in-process frame (analyses/quadrille/variant_blocks.py)."""
    import pandas as pd

    from spadille.analyses.distributed.runner import dask_runner
    from spadille.analyses.quadrille.rule_check import check_rules
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset

    ruleset = load_ruleset("encyclopedie-1765")
    thresholds = pd.DataFrame([{"seat": "eldest", "auction": "nobody has bid", "bid": "ask", "over": "pass",
                                "matadors": 1, "from_trumps": 5, "below_next": pd.NA}]).astype(
        {"from_trumps": "Int64", "below_next": "Int64"})
    fast, search = (make_seat_policy("strong"),) * 4, (make_seat_policy("heuristic"),) * 4
    here = check_rules(ruleset, thresholds, fast, search, 40, 6)
    lines = []
    with dask_runner(cluster.address, lines.append, block_deals=7):
        there = check_rules(ruleset, thresholds, fast, search, 40, 6)
    assert any("warm-up of variants_block" in line for line in lines)
    pd.testing.assert_frame_equal(there, here)


def test_the_team_ladder_through_the_scheduler_has_the_same_cells(cluster):
    """`ladder --team --scheduler`: every policy's deals in blocks on the workers, the same gains."""
    args = ["ladder", "quadrille", "--policies", "strong", "--team", "--deals", "2000", "--seed", "5", "--json"]
    here = cli.invoke(app, args)
    there = cli.invoke(app, [*args, "--scheduler", cluster.address, "--block-deals", "700"])
    assert here.exit_code == 0 and there.exit_code == 0, there.output

    def gains(result):
        return [{k: v for k, v in p.items() if "second" not in k} for p in json.loads(result.stdout)["policies"]]

    assert gains(there) == gains(here)


def test_claims_through_the_scheduler_have_the_same_verdicts(cluster, tmp_path):
    from importlib import resources

    shipped = Path(str(resources.files("spadille.analyses.quadrille.claims") / "files"))
    chosen = tmp_path / "claims"
    chosen.mkdir()
    for name in ("q15", "q16a", "enc-mediateur"):   # two simulated claims and a count
        shutil.copy(shipped / f"{name}.toml", chosen)
    args = ["claims", "--claims", str(chosen), "--deals-scale", "0.01", "--seed", "3"]
    here = cli.invoke(app, args)
    there = cli.invoke(app, [*args, "--scheduler", cluster.address, "--block-deals", "300"])
    assert here.exit_code == 0 and there.exit_code == 0, there.output
    assert "contradicted" in here.stdout or "supported" in here.stdout
    assert here.stdout == there.stdout


@pytest.mark.parametrize("game, sizes", [
    ("reversis", ["--deals", "3000", "--session-length", "3"]),
    ("revertier", ["--games", "300", "--policy", "heuristic", "--policy", "random"]),
    ("cabriolet", ["--deals", "3000", "--session-length", "5"]),
    ("cabriolet", ["--deals", "3000", "--session-length", "5", "--dice"]),
])
def test_the_other_games_through_the_scheduler_write_the_same_bytes(cluster, tmp_path, game, sizes):
    here = cli.invoke(app, ["simulate", game, *sizes, "--seed", "5", "--out", str(tmp_path / "here.parquet")])
    there = cli.invoke(app, ["simulate", game, *sizes, "--seed", "5", "--out", str(tmp_path / "there.parquet"),
                             "--scheduler", cluster.address, "--block-deals", "60"])
    assert here.exit_code == 0, here.output
    assert there.exit_code == 0, there.output
    assert "2 workers connected" in there.stderr
    assert (tmp_path / "here.parquet").read_bytes() == (tmp_path / "there.parquet").read_bytes()
    # the same figures: every line after the run line (which says how long it took)
    assert here.stdout.splitlines()[1:-1] == there.stdout.splitlines()[1:-1]


def test_local_2_equals_the_in_process_run(tmp_path, monkeypatch):
    monkeypatch.setenv("SPADILLE_WORKER_CACHE", str(tmp_path / "worker-cache"))   # the workers inherit it
    sizes = ["--deals", "5000", "--seed", "9", "--session-length", "4"]
    simulate(*sizes, "--out", str(tmp_path / "here.parquet"))
    result = simulate(*sizes, "--out", str(tmp_path / "there.parquet"), "--scheduler", "local:2",
                      "--block-deals", "1200")
    assert "a local cluster of 2 worker processes" in result.stderr
    assert sorted(path.name for path in (tmp_path / "worker-cache").iterdir()) == ["slot-0", "slot-1"]
    assert (tmp_path / "here.parquet").read_bytes() == (tmp_path / "there.parquet").read_bytes()


def test_a_wrong_address_fails_fast_in_one_line(tmp_path):
    address = f"tcp://127.0.0.1:{free_port()}"   # nobody listens there
    started = time.perf_counter()
    result = cli.invoke(app, ["simulate", "quadrille", "--deals", "100", "--scheduler", address,
                              "--out", str(tmp_path / "a.parquet")])
    assert time.perf_counter() - started < 15
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: cannot reach the Dask scheduler at {address}")
    assert list(tmp_path.iterdir()) == []
    result = cli.invoke(app, ["claims", "--quick", "--scheduler", "tcp:/nowhere"])
    assert result.exit_code == 1 and result.output.strip().splitlines() == [
        "Error: --scheduler 'tcp:/nowhere' must be local, local:N or a scheduler address such as tcp://host:8786"]


def test_another_version_is_refused_in_one_line(cluster):
    from spadille.analyses.distributed.runner import DistributedError, dask_runner

    with pytest.raises(DistributedError) as refused:
        with dask_runner(cluster.address, print, version="0.0.0-elsewhere"):
            pass
    message = str(refused.value)
    assert "\n" not in message
    assert "runs spadille" in message and "this client runs 0.0.0-elsewhere" in message


def test_ctrl_c_keeps_the_blocks_that_finished(cluster, tmp_path):
    out, log = tmp_path / "stopped.parquet", tmp_path / "stderr.txt"
    run = spadille(log, "simulate", "quadrille", "--deals", "2000000", "--seed", "2", "--out", str(out),
                   "--scheduler", cluster.address, "--block-deals", "4000")
    deadline = time.monotonic() + 2 * START_SECONDS
    while log.read_text().count("warm-up") < 2 and time.monotonic() < deadline:   # then the blocks start
        time.sleep(0.2)
    # Two seconds in, the workers have finished some blocks and have some 20 s of them left: room for a
    # client slowed by a loaded machine to hear the Ctrl-C (at 4 s, one such run heard it after the
    # last block, which tests/test_late_ctrl_c.py now counts as a whole run).
    time.sleep(2)
    run.send_signal(signal.SIGINT)
    run.communicate(timeout=120)
    stderr = log.read_text()
    assert run.returncode == 130, stderr
    assert out.exists(), stderr
    rows, metadata = read_row_file(out)
    assert metadata["interrupted"] is True and 0 < metadata["deals_done"] == len(rows) < 2_000_000
    assert f"Interrupted: {len(rows):,} of 2,000,000 deals finished." in stderr
    ranges = metadata.get("deal_ranges", [[0, len(rows)]])
    expected = [deal for begin, end in ranges for deal in range(begin, end)]
    assert rows["deal"].tolist() == expected
    simulate("--deals", str(ranges[0][1]), "--seed", "2", "--out", str(tmp_path / "here.parquet"))
    here, _ = read_row_file(tmp_path / "here.parquet")
    assert rows.iloc[:len(here)].reset_index(drop=True).equals(here)


def test_a_slow_block_holds_back_at_most_a_window_of_later_ones(cluster):
    """The client hands the cluster a window of blocks at a time, so that the results of blocks that finish
    ahead of a slow one cannot pile up in the client (a whole run's rows, with --out)."""
    from spadille.analyses.distributed.runner import IN_FLIGHT_A_THREAD, IN_FLIGHT_MIN, dask_runner

    def timed_block(index: int, seconds: float) -> tuple[int, float, float]:
        """A local function: Dask ships it by value, since the workers cannot import this file."""
        started = time.time()
        time.sleep(seconds)
        return index, started, time.time()

    items = [(0, 3.0)] + [(index, 0.05) for index in range(1, 40)]
    got = []
    with dask_runner(cluster.address, log=lambda line: None) as runner:
        runner.map(timed_block, items, lambda index, result: got.append((index, result)))
    assert [index for index, _ in got] == list(range(40))
    assert [result[0] for _, result in got] == list(range(40))
    window = max(IN_FLIGHT_MIN, IN_FLIGHT_A_THREAD * len(cluster.workers))
    slow_ended = got[0][1][2]
    started_meanwhile = [index for index, (_, started, _) in got if started < slow_ended]
    assert max(started_meanwhile) < window, started_meanwhile


def test_a_worker_killed_mid_run_changes_nothing(cluster, tmp_path):
    """Last of the file: it leaves the cluster one worker short."""
    sizes = ["--deals", "60000", "--seed", "13"]
    simulate(*sizes, "--out", str(tmp_path / "here.parquet"))
    log = tmp_path / "stderr.txt"
    run = spadille(log, "simulate", "quadrille", *sizes, "--out", str(tmp_path / "there.parquet"),
                   "--scheduler", cluster.address, "--block-deals", "2000")
    victim = cluster.workers[1]
    with cluster.client() as client:
        deadline = time.monotonic() + 2 * START_SECONDS
        working = False
        while not working and time.monotonic() < deadline:   # until w2 runs a block of the run
            names = {address: info.get("name") for address, info in client.scheduler_info(n_workers=-1)["workers"].items()}
            working = any(names.get(address) == "w2" and any("run_block" in str(key) for key in keys)
                          for address, keys in client.processing().items())
            time.sleep(0.05)
        assert working, log.read_text()
        victim.kill()
        victim.wait(timeout=10)
        assert run.poll() is None   # killed mid-run
    run.communicate(timeout=300)
    assert run.returncode == 0, log.read_text()
    assert (tmp_path / "here.parquet").read_bytes() == (tmp_path / "there.parquet").read_bytes()
