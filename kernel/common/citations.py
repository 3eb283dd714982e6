"""Is a cited passage really in its source? The checks every game's ruleset and claims share.

A rule or a claim quotes the words it rests on. The quote must stand verbatim in its seed text
or in its section of the rules digest (RULES.md); line breaks and runs of spaces never count, so
a passage that wraps differently in the seed still matches.

Both kinds of text ship with spadille, in ``spadille.seeds`` (the repository's seeds/): the period
texts as ``seeds/FILE.txt`` and the project's rules digest as ``seeds/RULES.md``, so a citation is
checked against what the repository holds, never against a file beside it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

DIGEST_FILE = "RULES.md"    # the rules digest, as seeds/RULES.md; a source names it "RULES.md §N"
DIGEST_SOURCE = re.compile(r"RULES\.md §(?P<number>\d+(?:\.\d+)*)")


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


@lru_cache(maxsize=None)
def seed_file(name: str) -> str:
    """The text of ``seeds/NAME`` as shipped with spadille; KeyError if there is no such file."""
    resource = resources.files("spadille.seeds").joinpath(name)
    if "/" in name or not resource.is_file():
        raise KeyError(f"no text seeds/{name} ships with spadille")
    return resource.read_text(encoding="utf-8")


def cited_text(source: str) -> str:
    """The text a rule's ``source`` names: ``seeds/FILE.txt`` (a seed text) or ``RULES.md §N`` (that
    section of the shipped rules digest). KeyError, in one sentence, for any other source."""
    found = DIGEST_SOURCE.fullmatch(source)
    if found:
        return digest_section(seed_file(DIGEST_FILE), found["number"])
    if source.startswith("seeds/"):
        return seed_file(source.removeprefix("seeds/"))
    raise KeyError(f"source {source!r} names neither a seed (seeds/FILE.txt) nor a digest section (RULES.md §N)")
