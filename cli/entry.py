"""The ``spadille`` script's entry point: as light as a module can be, so that a Ctrl-C while the
command's own modules load ends in one line, not in a traceback of the import.

Its SIGINT handler raises KeyboardInterrupt as Python's does, and also notes that it did: Typer
turns a KeyboardInterrupt that reaches it (while it converts the options, say) into a silent
exit code 130, and the note lets ``app.main`` say the one line that the run kept nothing. A
command that keeps what it finished installs its own handler for its duration and says so itself.
"""

from __future__ import annotations

import signal
import sys

EXIT_INTERRUPTED = 130   # the shell's convention for a run ended by SIGINT
INTERRUPTED = "Interrupted: nothing was kept."

_interrupted = False


def _interrupt(signum, frame) -> None:
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def interrupted_outside_a_command() -> bool:
    """Did a Ctrl-C reach this module's handler (no command's own) during this run?"""
    return _interrupted


def main() -> None:
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:   # not when started ignoring it
        signal.signal(signal.SIGINT, _interrupt)
    try:
        from .app import main as run_app
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED + "\n")
        sys.exit(EXIT_INTERRUPTED)
    run_app()
