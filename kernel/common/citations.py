"""Is a cited passage really in its source? The checks every game's ruleset and claims share.

A rule or a claim quotes the words it rests on. The quote must stand verbatim in its seed text
or in its section of the rules digest (RULES.md); line breaks and runs of spaces never count, so
a passage that wraps differently in the seed still matches.
"""

from __future__ import annotations

import re


def normalise(text: str) -> str:
    """Whitespace-insensitive form: line breaks in a seed text never hide a passage."""
    return " ".join(text.split())


def passage_in(passage: str, text: str) -> bool:
    """Whether ``passage`` stands verbatim in ``text``, whitespace and the digest's bold marks aside."""
    return normalise(passage.replace("**", "")) in normalise(text.replace("**", ""))


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
    raise KeyError(f"RULES.md has no section {number}")
