"""The report's measured cold-cache time is stated alike in the README, docs/speed.md (where the
figures live, each with its command), the Makefile and --help (issue 13: "the README, Makefile
and --help give the same measured figure")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _figures(text: str) -> tuple[set[str], set[str]]:
    text = " ".join(text.split())
    return set(re.findall(r"[Aa]bout (\d+) minutes on (?:2|two) cores", text)), set(re.findall(r"\d+ min \d+ s", text))


def test_readme_makefile_and_help_give_the_same_measured_time():
    from spadille.cli.quadrille.report import report_command

    sources = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8"),
               "docs/speed.md": (ROOT / "docs" / "speed.md").read_text(encoding="utf-8"),
               "Makefile": (ROOT / "Makefile").read_text(encoding="utf-8"),
               "--help": report_command.__doc__ or ""}
    found = {name: _figures(text) for name, text in sources.items()}
    rounded = {name: minutes for name, (minutes, _) in found.items()}
    measured = {name: exact for name, (_, exact) in found.items()}
    assert all(len(v) == 1 for v in rounded.values()) and len(set.union(*rounded.values())) == 1, rounded
    assert all(measured.values()) and len(set.intersection(*measured.values())) >= 1, measured
