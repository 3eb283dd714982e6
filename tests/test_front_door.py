"""The README is a front door and docs/ holds the figures: the README stays short, its tour names
every command the real CLI has and every game of the registry, every link of the README and of
docs/ leads to a file that exists, and each row of docs/speed.md's table gives its command."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
EXAMPLES = {("docs/report.md", "name.csv")}    # a link quoted from the report's own text, not a page's


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def test_the_readme_is_short():
    assert len(README.splitlines()) <= 150


def test_the_tour_names_every_command_and_game():
    from spadille.cli.app import app
    from spadille.cli.games import GAMES

    commands = typer.main.get_command(app).commands
    assert len(commands) >= 10
    missing = [name for name in commands if f"spadille {name}" not in README]
    assert not missing, f"README's tour lacks {missing}"
    assert not [game for game in GAMES if game not in _plain(README)]


def test_every_link_leads_to_a_file():
    dangling = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):     # http:, mailto:
                continue
            where = str(page.relative_to(ROOT))
            if (where, target) not in EXAMPLES and not (page.parent / target).exists():
                dangling.append(f"{where} -> {target}")
    assert not dangling


def test_each_speed_figure_has_its_command():
    text = (ROOT / "docs" / "speed.md").read_text(encoding="utf-8")
    table = text.split("## The figures", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| what")]
    assert len(rows) >= 20
    header = next(line for line in table.splitlines() if line.startswith("| what"))
    column = [cell.strip() for cell in header.strip("|").split("|")].index("command")
    for row in rows:
        command = row.strip("|").split(" | ")[column]
        assert re.search(r"`[^`]*(spadille|python|make)[^`]*`", command), row


def test_console_tables_write_tiny_numbers_without_an_exponent():
    from spadille.reports.formatting import console

    assert console(2.478e-06, places=4, tiny="significant") == "0.000002478"
    assert console(-0.00012345, places=3, places_below_one=6, tiny="significant") == "-0.0001234"
    assert console(0.25, places=4, tiny="significant") == "0.2500"
    assert "e" not in console(1e-300, tiny="significant")
