"""Helpers for the tests that check cited passages: against the seed texts and the rules digest."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RULES_DIGEST = Path("/work/shared/RULES.md")


def normalise(text: str) -> str:
    """Whitespace-insensitive form: line breaks in a seed text never hide a passage."""
    return " ".join(text.split())


def digest_section(markdown: str, number: str) -> str:
    """The text of section ``number`` ('1.10', '7') up to the next heading of the same or a higher level."""
    lines = markdown.splitlines()
    heading = re.compile(r"^(#+)\s+" + re.escape(number) + r"\.?\s")
    for start, line in enumerate(lines):
        found = heading.match(line)
        if found:
            level, end = len(found.group(1)), start + 1
            while end < len(lines):
                other = re.match(r"^(#+)\s", lines[end])
                if other and len(other.group(1)) <= level:
                    break
                end += 1
            return "\n".join(lines[start:end])
    raise AssertionError(f"RULES.md has no section {number}")
