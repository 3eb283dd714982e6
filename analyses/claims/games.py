"""The games claims may be about: where each one's kinds and shipped claim files live, by name.

Like ``cli/games.py``, this module holds names, never imports of a game: a game's kinds are the
``KINDS`` mapping its analyses package exports (``"module:attribute"``, imported when a claim is
read), and its shipped claims the ``*.toml`` files of a folder of its package (``"package:folder"``,
installed as package data). Adding a game's claims means adding its folders and one entry below.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ClaimGame:
    name: str
    kinds: str | None    # "module:attribute" of its kinds; None: no engine yet, its claims are planned
    files: str | None    # "package:folder" of its shipped claim files (and the texts they quote)

    @property
    def engine(self) -> bool:
        """Whether its claims can be run (simulated or counted), or only described."""
        return self.kinds is not None


GAMES: dict[str, ClaimGame] = {game.name: game for game in (
    ClaimGame("quadrille", "spadille.analyses.quadrille.claims.kinds:KINDS", "spadille.analyses.quadrille.claims:files"),
    ClaimGame("reversis", "spadille.analyses.reversis.claims.kinds:KINDS", "spadille.analyses.reversis.claims:files"),
)}
