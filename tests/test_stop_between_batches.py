"""A second Ctrl-C inside ``protected()`` (the report's write and swap) waits for the block's end;
outside it, it stops at once. The handler is called as the signal would call it."""

from __future__ import annotations

import signal

import pytest
from rich.console import Console

from spadille.cli.progress import StopBetweenBatches


def _quiet() -> Console:
    return Console(stderr=True, quiet=True)


def test_a_second_ctrl_c_inside_a_protected_block_waits_for_its_end():
    steps = []
    with StopBetweenBatches(_quiet()) as stop:
        with pytest.raises(KeyboardInterrupt):
            with stop.protected():
                stop._handle(signal.SIGINT, None)
                stop._handle(signal.SIGINT, None)
                steps.append("the write finished")
        assert stop.hurried
    assert steps == ["the write finished"]


def test_a_second_ctrl_c_outside_a_protected_block_stops_at_once():
    with StopBetweenBatches(_quiet()) as stop:
        stop._handle(signal.SIGINT, None)
        assert stop.requested and not stop.hurried
        with pytest.raises(KeyboardInterrupt):
            stop._handle(signal.SIGINT, None)


def test_once_the_output_is_settled_a_ctrl_c_changes_nothing():
    with StopBetweenBatches(_quiet()) as stop:
        stop.settled = True
        stop._handle(signal.SIGINT, None)
        stop._handle(signal.SIGINT, None)
        assert not stop.requested and not stop.hurried
