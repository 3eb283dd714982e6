"""The terminal's streams: output in any encoding, and a closed pipe that ends the command quietly.

* An output encoding that cannot spell the card symbols (``PYTHONIOENCODING=ascii``, a Latin-1
  locale) gets ASCII stand-ins instead of a UnicodeEncodeError: the suits as the letters the
  card parser reads back (♠ s, ♣ c, ♥ h, ♦ d), accented letters without their accents, the bar
  and the separators as dashes. Rich draws its tables and bars in ASCII there by itself.
* ``spadille rules quadrille | head -1``: once the reader has gone, rich and Click each turn the
  BrokenPipeError into ``exit 1`` with stdout sent to /dev/null. The command then ends with status
  141 (128 + SIGPIPE), as a program killed by the closed pipe would, and says nothing: nothing went
  wrong. (SIGPIPE itself stays ignored, as Python sets it: a Dask connection that breaks must be
  an exception, never the end of the process.)
"""

from __future__ import annotations

import codecs
import os
import sys
import unicodedata

EXIT_CLOSED_PIPE = 141
ERRORS = "spadille-ascii"
SUBSTITUTES = {"♠": "s", "♣": "c", "♥": "h", "♦": "d", "·": "-", "━": "-", "─": "-", "╸": "-", "╺": "-",
               "…": "...", "–": "-", "—": "-", "×": "x", "≥": ">=", "≤": "<=", "±": "+/-", "→": "->",
               "«": '"', "»": '"', "’": "'", "‘": "'", "“": '"', "”": '"', "≈": "~", "−": "-"}
PROBE = "♠♣♥♦é·━"

_stdout_at_start: tuple[int, int] | None = None


def _stand_in(error: UnicodeEncodeError) -> tuple[str, int]:
    text = error.object[error.start:error.end]
    return "".join(_ascii(character) for character in text), error.end


def _ascii(character: str) -> str:
    if character in SUBSTITUTES:
        return SUBSTITUTES[character]
    plain = unicodedata.normalize("NFKD", character).encode("ascii", "ignore").decode("ascii")
    return plain or "?"


def _identity(fd: int) -> tuple[int, int] | None:
    try:
        status = os.fstat(fd)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def prepare_streams() -> None:
    """Called once, first thing: stand-ins where the encoding lacks the symbols, and a note of what
    stdout is, to recognise a closed pipe later."""
    global _stdout_at_start
    try:
        codecs.lookup_error(ERRORS)
    except LookupError:
        codecs.register_error(ERRORS, _stand_in)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if encoding and hasattr(stream, "reconfigure"):
            try:
                PROBE.encode(encoding)
            except UnicodeEncodeError:
                stream.reconfigure(errors=ERRORS)
            except LookupError:
                pass
    _stdout_at_start = _identity(1)


def stdout_was_closed() -> bool:
    """Did the command end because its reader went away? Rich then points stdout at /dev/null, and
    Click wraps it in its PacifyFlushWrapper, each before exiting with 1."""
    if type(sys.stdout).__name__ == "PacifyFlushWrapper" or type(sys.stderr).__name__ == "PacifyFlushWrapper":
        return True
    now = _identity(1)
    return _stdout_at_start is not None and now != _stdout_at_start and now == _identity_of(os.devnull)


def _identity_of(path: str) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def closed_pipe_exit() -> None:
    """End quietly after the reader went away: what is still buffered goes to /dev/null."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        try:
            os.dup2(devnull, fd)
        except OSError:
            pass
    sys.exit(EXIT_CLOSED_PIPE)
