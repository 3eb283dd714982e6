"""Distributed runs without a cluster: the block plan, the row groups, the in-process runner, the
address and the optional extra (no dask imported unless --scheduler asks for it)."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest

from spadille.analyses.distributed.blocks import plan_blocks, rounded_block
from spadille.analyses.distributed.quadrille import RowGroups, default_block_deals, simulate_on
from spadille.analyses.distributed.runner import DistributedError, InProcessRunner, open_runner, parse_address
from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille.simulate import RunConfig, simulate


def test_blocks_cover_the_deals_in_order_and_keep_sessions_whole():
    blocks = plan_blocks(10, 25, 6, session_length=2)
    assert [(b.start, b.stop) for b in blocks] == [(10, 16), (16, 22), (22, 28), (28, 34), (34, 35)]
    assert [b.index for b in blocks] == [0, 1, 2, 3, 4]
    with pytest.raises(SimulationError, match="multiple of the session length 4"):
        plan_blocks(0, 100, 6, session_length=4)
    assert rounded_block(5000, 2048) == 6144 and rounded_block(1, 4) == 4


def test_row_groups_are_fixed_whatever_the_blocks():
    written = []
    groups = RowGroups(4, lambda rows: written.append(rows[:, 0].tolist()))
    for begin, end in ((0, 3), (3, 4), (4, 11), (11, 13)):
        groups.add(np.arange(begin, end, dtype=np.int64)[:, None])
    groups.flush()
    assert written == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12]]


def test_the_block_size_is_the_commands_not_the_clusters(ruleset, heuristic4):
    summary = RunConfig(ruleset, heuristic4, 1, 10**7)
    assert default_block_deals(summary) == 262_144
    assert default_block_deals(RunConfig(ruleset, heuristic4, 1, 10**7, record=True)) == 65_536
    assert default_block_deals(RunConfig(ruleset, heuristic4, 1, 10**7, session_length=3)) % 3 == 0


@pytest.mark.parametrize("session_length", [1, 3])
def test_blocks_in_process_equal_the_plain_run(ruleset, heuristic4, session_length):
    config = RunConfig(ruleset, heuristic4, 11, 1_500, first_deal=30, session_length=session_length, record=True)
    plain = simulate(config)
    blocked = simulate_on(InProcessRunner(), config, block_deals=session_length * 97)
    assert blocked.deals_done == plain.deals_done == 1_500
    np.testing.assert_array_equal(blocked.rows, plain.rows)
    np.testing.assert_array_equal(blocked.by_contract, plain.by_contract)
    np.testing.assert_array_equal(blocked.by_seat, plain.by_seat)
    assert blocked.ranges == [[30, 1_530]]


def test_a_ruleset_travels_to_a_worker(ruleset, heuristic4):
    from spadille.analyses.distributed import pickling

    pickling.register()
    config = RunConfig(ruleset, heuristic4, 3, 10)
    assert pickle.loads(pickle.dumps(config)) == config


@pytest.mark.parametrize("address, parsed", [("local", ("local", None)), ("local:3", ("local", 3)),
                                             ("tcp://127.0.0.1:8786", ("tcp://127.0.0.1:8786", None)),
                                             ("tls://scheduler.lab:9000", ("tls://scheduler.lab:9000", None))])
def test_addresses(address, parsed):
    assert parse_address(address) == parsed


@pytest.mark.parametrize("address", ["", "localhost", "tcp://host", "local:0", "local:x", "http//h:1"])
def test_bad_addresses_are_one_sentence(address):
    with pytest.raises(DistributedError, match="--scheduler"):
        parse_address(address)


def test_block_deals_needs_a_scheduler():
    with pytest.raises(DistributedError, match="--block-deals needs --scheduler"):
        with open_runner(None, print, block_deals=100):
            pass


def test_no_dask_without_scheduler(tmp_path):
    """Importing spadille and running a command without --scheduler never imports dask."""
    code = ("import sys\n"
            "from typer.testing import CliRunner\n"
            "from spadille.cli.app import app\n"
            f"result = CliRunner().invoke(app, ['simulate', 'quadrille', '--deals', '200', '--out', r'{tmp_path / 'a.csv'}'])\n"
            "assert result.exit_code == 0, result.output\n"
            "print(' '.join(m for m in ('dask', 'distributed') if m in sys.modules))\n")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == ""


def test_missing_dask_is_one_line(monkeypatch, tmp_path):
    """With --scheduler and dask missing: one Error line that says what to install."""
    from typer.testing import CliRunner

    from spadille.cli.app import app

    for name in ("distributed", "dask"):
        monkeypatch.setitem(sys.modules, name, None)   # `import distributed` then raises ImportError
    result = CliRunner().invoke(app, ["simulate", "quadrille", "--deals", "100", "--scheduler", "local:1",
                                      "--out", str(tmp_path / "a.parquet")])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines == ["Error: --scheduler needs Dask, which is not installed: pip install 'spadille[distributed]'"]
    assert list(tmp_path.iterdir()) == []   # no half-written file
