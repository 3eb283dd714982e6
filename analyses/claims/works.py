"""The works the claims quote: their full titles, and the ruleset a claim from each runs under.

A claim's ``[source] work`` names one of these ids (the rules digest's own, RULES.md §0) and
``section`` the place in it ("art. QUADRILLE (Jeu), quadrille à trois"), so every verdict is
shown against the period work and its article or page, never against the digest. A claim may
quote a work not listed here by giving its title as ``work_title``.

``ruleset``: where a work describes its own game, a claim from it is tested under that game by
default: a tip from the modern Italian page runs under its ladder (italian-modern), not under
the Encyclopédie's payments it never knew. The ruleset the claim names in ``[experiment]``
wins over this, and this over the report's (or ``--ruleset``'s).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Work:
    id: str
    title: str
    ruleset: str | None = None   # the ruleset its claims run under unless they name one
    period: bool = True          # False: not a period text (the Italian page, the digest's own figures)


WORKS: dict[str, Work] = {
    work.id: work
    for work in (
        Work("ENC", "Diderot & d'Alembert, Encyclopédie, 1st edition (1765), art. QUADRILLE (Jeu)"),
        Work("IT", "Quadrille: “Come si gioca”, a modern Italian rules page (undated; not a period text)",
             ruleset="italian-modern", period=False),
        Work("DJ", "Dictionnaire des jeux (French, edition unidentified), art. REVERSIS, pp. 259–262"),
        Work("HAG", "Règles du jeu de Reversis telles qu'elles ont été adoptées par les Amateurs de ce Jeu "
                    "à la Haye en 1785"),
        Work("HOY", "Hoyle's Games, Improved and Enlarged (early 19th-century London edition), QUADRILLE, "
                    "pp. 262–283"),
        Work("LAC", "Lacombe, Encyclopédie méthodique, Dictionnaire des jeux mathématiques (1798), CABRIOLET"),
        Work("RULES", "spadille's rules digest: figures computed for the project, stated in no period text",
             period=False),
    )
}


def work_ruleset(work: str) -> str | None:
    """The ruleset a claim quoting ``work`` runs under unless it names one (None: the caller's)."""
    entry = WORKS.get(work)
    return entry.ruleset if entry is not None else None
