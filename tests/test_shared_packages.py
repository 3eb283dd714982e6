"""The shared packages import no game: kernel/common/, the analyses' top-level modules,
analyses/claims/ and analyses/distributed/ know the games only by name, through registries
(analyses/claims/games.py), so that adding a game touches none of them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from spadille.cli.games import GAMES

REPO = Path(__file__).resolve().parent.parent
TOP = {"kernel", "analyses", "reports", "cli", "openspiel"}   # the folders installed under spadille
SHARED = ("kernel/common", "analyses/claims", "analyses/distributed")


def _imported_modules(path: Path, package: list[str] | None = None) -> set[str]:
    """Every module ``path`` (of ``package``: by default its folder's) imports, relative imports
    resolved to their full names."""
    package = package or ["spadille", *path.relative_to(REPO).parent.parts]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)   # `from . import quadrille`
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] == "spadille" and parts[1] in TOP and parts[2] in GAMES:
        return parts[2]
    return None


def _shared_files() -> list[Path]:
    files = [path for folder in SHARED for path in (REPO / folder).rglob("*.py")]
    return files + sorted((REPO / "analyses").glob("*.py"))


@pytest.mark.parametrize("path", _shared_files(), ids=lambda path: str(path.relative_to(REPO)))
def test_a_shared_module_imports_no_game(path):
    games = {module: _game_of(module) for module in _imported_modules(path)}
    assert not {module for module, game in games.items() if game}, path


def test_the_check_sees_a_game_imported_either_way(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("import spadille.kernel.cabriolet\nfrom spadille.analyses.quadrille.claims import kinds\n"
                      "from ..reversis import claims\nfrom .. import revertier\nfrom .reader import Table\n",
                      encoding="utf-8")
    imported = _imported_modules(module, ["spadille", "analyses", "claims"])
    assert {_game_of(name) for name in imported} == {"cabriolet", "quadrille", "reversis", "revertier", None}
    assert len(_shared_files()) > 30
