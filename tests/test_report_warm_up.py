"""The report's warm-up (reports/quadrille/warm_up.py): a second process runs the same report at
the smallest size, the parts the report reaches last first, so that their kernels are compiled on
the idle core; it is stopped when the report ends. (The report at that size, in the report's own
order, is run by tests/test_report_e2e.py; the lock that lets two processes fill one cache is
tested in tests/test_numba_cache.py.)"""

from __future__ import annotations

import dataclasses
import os

from spadille.cli.games import report_companions
from spadille.kernel.quadrille.ruleset import load_ruleset_with
from spadille.reports.quadrille.standard import DEFAULT_PARTS, plan_for
from spadille.reports.quadrille.warm_up import WARM_UP_DEALS, WarmUp, tiny_plan, warm_up_order

ARGUMENTS = {"ruleset": "encyclopedie-1765", "rules": ["payments.lone_payment_threshold=4"], "seed": 11,
             "threads": 1, "card_play": "heuristic", "stronger_play": True}


def test_the_parts_the_report_reaches_last_are_warmed_first_and_quadrilles_chain_in_order():
    parts = (*DEFAULT_PARTS, "cabriolet", "reversis", "revertier")
    order = warm_up_order(parts)
    assert order == ("revertier", "reversis", "cabriolet", "hands", "claims", "baseline", "ladder", "maps", "rules")
    assert sorted(order) == sorted(parts)


def test_the_warm_up_plays_the_commands_report_at_the_smallest_size():
    tiny = tiny_plan(ARGUMENTS)
    ruleset = load_ruleset_with(ARGUMENTS["ruleset"], ARGUMENTS["rules"])
    same = plan_for(ruleset, 11, WARM_UP_DEALS, False, 1, companions=report_companions("quadrille"),
                    stronger_play=True, card_play="heuristic")
    assert dataclasses.replace(tiny, parts=same.parts) == same
    assert set(tiny.parts) == set(same.parts) and "sensitivity" in tiny.parts
    assert tiny.ruleset.overrides == ruleset.overrides


def test_the_warm_up_process_runs_at_the_lowest_priority_and_ends_with_the_block():
    with WarmUp(ARGUMENTS) as warm_up:
        process = warm_up.process
        assert process is not None and process.poll() is None
        assert os.getpriority(os.PRIO_PROCESS, process.pid) == 19
    assert process.poll() is not None
