"""The ``spadille`` script's entry point: as light as a module can be, so that a Ctrl-C while the
command's own modules load ends in one line, not in a traceback of the import."""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130   # the shell's convention for a run ended by SIGINT
INTERRUPTED = "Interrupted: nothing was kept."


def main() -> None:
    try:
        from .app import main as run_app
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED + "\n")
        sys.exit(EXIT_INTERRUPTED)
    run_app()
