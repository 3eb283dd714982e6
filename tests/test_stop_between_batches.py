"""A second Ctrl-C inside ``protected()`` (the report's write and swap) waits for the block's end;
outside it, it stops at once. The handler is called as the signal would call it. Once a stopped
run leaves the block, a further Ctrl-C is ignored (its last lines and the exit are left)."""

from __future__ import annotations

import os
import signal

import pytest
from rich.console import Console

from spadille.cli.progress import StopBetweenBatches


@pytest.fixture(autouse=True)
def _sigint_handler_restored():
    """The tests here change this process's SIGINT handler as a command would; the next test gets it back."""
    previous = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, previous)


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


def test_after_a_stopped_run_a_further_ctrl_c_is_ignored_and_after_a_whole_run_the_handler_is_back():
    before = signal.getsignal(signal.SIGINT)
    with StopBetweenBatches(_quiet()):
        pass
    assert signal.getsignal(signal.SIGINT) is before
    with StopBetweenBatches(_quiet()) as stop:
        stop._handle(signal.SIGINT, None)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    os.kill(os.getpid(), signal.SIGINT)   # the real signal: no KeyboardInterrupt reaches this test
