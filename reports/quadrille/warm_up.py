"""Compiling the report's kernels ahead of the report, in a second process.

From a cold numba cache most of the report's time is compiling, and numba compiles on one core:
while the report compiles a part's kernels, the second core waits; while it plays a part's deals on
every core, nothing compiles the next part's. So the report starts, beside itself, a run of the
same report at the smallest size (``WARM_UP_DEALS``) that keeps nothing: it plays the parts in the
order the report reaches them last (the other games' parts, the claims, the worked hands) and then
the rest, so that each kernel is compiled on one core while the other core works, and the report
loads it from the cache when it gets there. Compiled code does not depend on who compiled it, so
the report's numbers are the same with or without the warm-up; it only saves time.

The warm-up is best-effort: it runs at the lowest priority, prints nothing, and is stopped when the
report ends; if it fails, the report compiles what it needs itself, as it always could.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys

WARM_UP_DEALS = 1_000            # the smallest report plan_for allows: every part, seconds of play
FIRST_PARTS = ("baseline", "ladder", "maps", "rules", "sensitivity")   # the order the report needs them in


def warm_up_order(parts: tuple[str, ...]) -> tuple[str, ...]:
    """The parts the report reaches last first (the other games', then the claims and the worked
    hands, latest first), then Quadrille's chain (each needs the one before: the map needs the
    ladder's fixpoint, the rule check the map) in the report's own order."""
    later = [part for part in parts if part not in FIRST_PARTS]
    return (*reversed(later), *(part for part in parts if part in FIRST_PARTS))


def tiny_plan(arguments: dict):
    """The report at WARM_UP_DEALS for the command's ``arguments`` (ruleset and --rule overrides, seed,
    threads, card play, stronger play), with its parts in warm-up order."""
    from spadille.cli.games import report_companions
    from spadille.kernel.quadrille.ruleset import load_ruleset_with

    from .standard import plan_for

    ruleset = load_ruleset_with(arguments["ruleset"], arguments["rules"])
    tiny = plan_for(ruleset, arguments["seed"], WARM_UP_DEALS, False, arguments["threads"],
                    companions=report_companions("quadrille"), stronger_play=arguments["stronger_play"],
                    card_play=arguments["card_play"])
    return dataclasses.replace(tiny, parts=warm_up_order(tiny.parts))


class WarmUp:
    """Context manager: the warm-up process for the report of ``arguments`` (see ``tiny_plan``) while
    the block runs; none with fewer than two cores, where it would only take the report's own core."""

    def __init__(self, arguments: dict):
        self.arguments = arguments
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "WarmUp":
        if (os.cpu_count() or 1) < 2:
            return self
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", __name__, json.dumps(self.arguments)], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True,   # a Ctrl-C at the terminal is for the report alone
                preexec_fn=lambda: os.nice(19))
        except (OSError, TypeError, ValueError):
            self.process = None      # best-effort: the report compiles for itself
        return self

    def __exit__(self, *exc_info) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def _quietly(description: str, total: int, unit: str = "deals"):
    """A part's progress callback that says nothing (a part asks for set_total only where it exists)."""
    return lambda n: None


def main(arguments: str) -> int:
    from .standard import build_report

    build_report(tiny_plan(json.loads(arguments)), _quietly)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
