"""What stops a claim's run short without stopping the others: a sample it cannot get.

Two limits, each stated in the reason of the claim it stops:

* the dealing limit, ``[experiment] max_attempts`` (a game's kinds give its default): a
  condition so rare that its deals would take more attempts is given up (the game's dealer
  says how many deals matched how many attempts);
* the time limit of the run, ``--max-seconds-per-claim`` (``time_limit``): checked whenever the
  claim reports progress, in dealing and in playing.

Either raises ``Inconclusive``: the claim is reported *inconclusive* with the reason, and the
run goes on with the next claim. A fault of the claim itself is not this: it is an *error*.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

MAX_ATTEMPTS_LIMIT = 2**40           # the most a claim may name (the dealer numbers attempts below 2**62)
_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("claim_deadline", default=None)


class Inconclusive(Exception):
    """A claim that could not get its sample: reported inconclusive with this reason."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within this block, ``check_time`` stops a claim after ``seconds`` (None: no limit)."""
    token = _DEADLINE.set(None if seconds is None else (time.perf_counter() + seconds, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check_time(doing: str) -> None:
    """Raise Inconclusive once the claim has run past its time limit; ``doing`` says how far it got."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.perf_counter() > deadline[0]:
        raise Inconclusive(f"stopped at the time limit of {deadline[1]:g} s a claim (--max-seconds-per-claim) "
                           f"after {doing}")


def guarded(progress: Callable[[int], None] | None, total: int, what: str) -> Callable[[int], None]:
    """``progress`` that also checks the time limit, counting the ``what`` done of ``total``."""
    done = 0

    def advance(k: int) -> None:
        nonlocal done
        done += k
        if progress is not None:
            progress(k)
        check_time(f"{done:,} of {total:,} {what}")
    return advance


__all__ = ["MAX_ATTEMPTS_LIMIT", "Inconclusive", "check_time", "guarded", "time_limit"]
