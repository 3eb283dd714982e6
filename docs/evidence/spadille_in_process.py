"""Run the spadille command line inside this process (for the evidence scripts that watch numba
compile it), with the arguments this script was given."""
from __future__ import annotations

import sys
import time


def run_spadille(arguments: list[str]) -> float:
    """Run ``spadille ARGUMENTS`` here, as the console script would; return its seconds (an exit
    with SystemExit, the command line's normal end, is not an error here)."""
    started = time.perf_counter()
    from spadille.cli.entry import main as spadille

    sys.argv = ["spadille", *arguments]
    try:
        spadille()
    except SystemExit:
        pass
    return time.perf_counter() - started
