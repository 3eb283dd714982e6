"""Reading the text files a user hands over (claims, policies, rulesets), with a size limit.

Every such file is TOML of a few kilobytes (the largest shipped one is 34 KB). A limit of 1 MiB
turns a wrong path (a log, a data file) or a hostile file into one line, read no further than the
limit, instead of minutes of parsing.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

MAX_INPUT_BYTES = 1 << 20


class FileTooLarge(ValueError):
    """A file over the limit; its message completes a sentence that starts with the file's name."""


def read_limited_text(path: Path, limit: int = MAX_INPUT_BYTES) -> str:
    """The file's UTF-8 text; FileTooLarge past ``limit`` bytes (OSError and UnicodeDecodeError as
    ``Path.read_text`` raises them)."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"is larger than the {limit:,} bytes a file read here may hold")
    return data.decode("utf-8")


def write_text_atomic(path: str | os.PathLike, text: str, prefix: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file (named ``prefix``...) in the same
    folder, renamed over the target, so a reader (or an interrupted run) never sees half a file."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=path.suffix, dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)  # mkstemp's 0600 would hide a shipped file from other users
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def toml_value(value: object) -> str:
    """A stamp's value as TOML: a boolean, integer, float or (anything else) a quoted string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{text}"'
