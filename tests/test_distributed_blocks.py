"""Distributed runs without a cluster: the block plan, the row groups, the in-process runner, the
address and the optional extra (no dask imported unless --scheduler asks for it)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from spadille.analyses.distributed.blocks import plan_blocks, rounded_block
from spadille.analyses.distributed.regroup import Regroup
from spadille.analyses.quadrille.simulate_blocks import default_block_deals, simulate_on
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
    groups = Regroup(4, lambda first, rows: written.append(rows[:, 0].tolist()))
    for begin, end in ((0, 3), (3, 4), (4, 11), (11, 13)):
        groups.add(begin, np.arange(begin, end, dtype=np.int64)[:, None])
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


@pytest.mark.parametrize("rotate", [False, True])
def test_a_decision_map_in_blocks_has_the_sums_of_the_plain_map(ruleset, heuristic4, rotate):
    import pandas as pd

    from spadille.analyses.distributed.runner import using
    from spadille.analyses.quadrille.decision_maps import decision_map

    plain = decision_map(ruleset, heuristic4, 600, 5, first_deal=20, rotate=rotate)
    with using(InProcessRunner(block_deals=37)):   # 17 blocks, the last one shorter
        blocked = decision_map(ruleset, heuristic4, 600, 5, first_deal=20, rotate=rotate)
    np.testing.assert_array_equal(blocked.stats, plain.stats)
    assert blocked.deals_done == 600 and not blocked.interrupted
    for name, table in plain.tables().items():
        pd.testing.assert_frame_equal(blocked.tables()[name], table)


def test_a_map_interrupted_between_blocks_keeps_the_blocks_that_finished(ruleset, heuristic4):
    from spadille.analyses.distributed.runner import using
    from spadille.analyses.quadrille.decision_maps import decision_map

    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with using(InProcessRunner(block_deals=50)):
        stopped = decision_map(ruleset, heuristic4, 400, 9, progress=progress)
    first_150 = decision_map(ruleset, heuristic4, 150, 9)
    assert stopped.interrupted and stopped.deals_done == 150 == stopped.metadata["deals_done"]
    np.testing.assert_array_equal(stopped.stats, first_150.stats)


def test_a_worker_copies_the_inherited_code_into_its_slot_once(tmp_path):
    from spadille.analyses.distributed.worker import _seed

    inherited = tmp_path / "base" / "spadille-0123456789abcdef"
    (inherited / "somegame_1a2b").mkdir(parents=True)
    (inherited / "somegame_1a2b" / "_deal.play-12.py311.nbi").write_bytes(b"index")
    (inherited / "somegame_1a2b" / "_deal.play-12.py311.1.nbc").write_bytes(b"code")
    (inherited / "somegame_1a2b" / "notes.txt").write_bytes(b"not numba's")
    cache = tmp_path / "slot" / "numba" / inherited.name
    assert _seed(cache, str(inherited)) == 2 and _seed(cache, str(inherited)) == 0   # copied once
    assert sorted(p.name for p in (cache / "somegame_1a2b").iterdir()) == ["_deal.play-12.py311.1.nbc",
                                                                            "_deal.play-12.py311.nbi"]
    assert _seed(inherited, str(inherited)) == 0   # never onto itself


def test_a_worker_slot_keeps_its_code_in_the_folder_of_the_kernel_source(tmp_path):
    """A slot outlives a run, and the next run may come from another source: its code sits in the
    source's own folder, so a slot never serves code compiled from another kernel."""
    from spadille.kernel.common import numba_cache

    script = ("from spadille.analyses.distributed import worker; "
              "print(worker.prepare('x')['cache_dir']); print(worker.state()['inherited'])")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "client"), SPADILLE_WORKER_CACHE=str(tmp_path / "slots"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    cache_dir, inherited = done.stdout.split()
    name = numba_cache.folder_name()
    assert Path(cache_dir) == tmp_path / "slots" / "slot-0" / "numba" / name
    assert Path(inherited) == tmp_path / "client" / name


def test_regroup_hands_on_the_in_process_batches_and_restarts_after_a_gap():
    from spadille.analyses.distributed.regroup import Regroup

    written = []
    groups = Regroup(4, lambda first, rows: written.append((first, rows[:, 0].tolist())))
    for begin, end in ((10, 13), (13, 14), (14, 21), (25, 27)):   # 21..25 never finished
        groups.add(begin, np.arange(begin, end, dtype=np.int64)[:, None])
    groups.flush()
    assert written == [(10, [10, 11, 12, 13]), (14, [14, 15, 16, 17]), (18, [18, 19, 20]), (25, [25, 26])]


def _batches(run, config, **options):
    """(result, [(first, rows)]) of a run whose rows are handed to on_batch."""
    seen = []
    result = run(config, on_batch=lambda first, rows: seen.append((first, rows.copy())), **options)
    return result, seen


def _same_batches(blocked, plain):
    assert [first for first, _ in blocked] == [first for first, _ in plain]
    for (_, a), (_, b) in zip(blocked, plain):
        np.testing.assert_array_equal(a, b)


def test_revertier_in_blocks_plays_the_same_games():
    from functools import partial

    from spadille.analyses.revertier.simulate_blocks import revertier_on
    from spadille.kernel.revertier.ruleset import load_revertier_ruleset
    from spadille.kernel.revertier.simulate import GameConfig, run_games

    config = GameConfig(load_revertier_ruleset(), 4, 90, ("heuristic", "random"), first_game=7)
    plain, plain_batches = _batches(partial(run_games, batch=40), config)
    blocked, blocked_batches = _batches(partial(revertier_on, InProcessRunner(block_deals=13)), config)
    np.testing.assert_array_equal(blocked.out, plain.out)
    assert blocked.games_done == 90 and not blocked.interrupted
    assert [first for first, _ in plain_batches] == [7, 47, 87]


def test_reversis_in_blocks_plays_the_same_sessions():
    from spadille.analyses.reversis.simulate_blocks import reversis_on
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    config = ReversisConfig(load_reversis_ruleset(), seat_policies(["heuristic"]), 2, 300, session_length=3)
    plain, plain_batches = _batches(run_sessions, config, want_rows=True, batch_deals=120)
    blocked, blocked_batches = _batches(lambda c, **o: reversis_on(InProcessRunner(block_deals=21), c, **o), config,
                                        want_rows=True, batch_deals=120)
    _same_batches(blocked_batches, plain_batches)
    np.testing.assert_array_equal(blocked.aggregates, plain.aggregates)
    assert blocked.deals_done == plain.deals_done == 300
    summary = reversis_on(InProcessRunner(block_deals=21), config)
    np.testing.assert_array_equal(summary.aggregates, plain.aggregates)


@pytest.mark.parametrize("dice", [False, True])
def test_cabriolet_in_blocks_plays_the_same_sessions(dice):
    from functools import partial

    from spadille.analyses.cabriolet.simulate_blocks import cabriolet_on
    from spadille.kernel.cabriolet.ruleset import DEFAULT_CABRIOLET_RULESET, load_cabriolet_ruleset
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, SessionConfig, run_dice_sessions, run_sessions

    rules = load_cabriolet_ruleset(DEFAULT_CABRIOLET_RULESET)
    config = (DiceSessionConfig if dice else SessionConfig)(rules, 4, 3, 70, 5)
    run = run_dice_sessions if dice else run_sessions
    plain, plain_batches = _batches(partial(run, batch=32), config)
    blocked, blocked_batches = _batches(partial(cabriolet_on, InProcessRunner(block_deals=9), batch=32), config)
    _same_batches(blocked_batches, plain_batches)
    np.testing.assert_array_equal(blocked.out, plain.out)
