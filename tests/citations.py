"""Where the tests that check cited passages find the seed texts and the rules digest (both in seeds/).

The checks themselves are the kernel's (spadille.kernel.common.citations), shared by every game.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The rules digest the repository holds (the project's own notes, shipped as spadille.seeds): the
# tests read it here and nowhere else, so they run the same on any clone.
RULES_DIGEST = REPO / "seeds" / "RULES.md"


def rewritten_ruleset(shipped: Path, tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped ruleset file ``shipped`` with its first ``old`` replaced by ``new``,
    for the tests that check a loader refuses a broken file in one sentence."""
    text = shipped.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "r.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path
