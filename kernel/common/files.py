"""Reading the text files a user hands over (claims, policies, rulesets), with a size limit.

Every such file is TOML of a few kilobytes (the largest shipped one is 34 KB). A limit of 1 MiB
turns a wrong path (a log, a data file) or a hostile file into one line, read no further than the
limit, instead of minutes of parsing.
"""

from __future__ import annotations

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
