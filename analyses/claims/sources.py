"""A claim's ``[source]``: the work it quotes, where, and the text its passages are checked in.

The passages (and the quote's original words) must stand verbatim in one text, whitespace aside:

* ``seed = "seeds/FILE.txt"``: a seed text shipped with spadille;
* ``text = "path/to/file.txt"``: a user's own transcription, relative to the claim file's
  folder (a claim of one's own quoting a work spadille does not ship);
* ``digest = "RULES.md §N"``, for a work with no text at hand (the Hague rules, the digest's own
  figures): the section of the rules digest (seeds/RULES.md; digest.py says which may be cited).

``work`` names the work (an id of works.py, else its title, or ``work_title``), ``section`` and
``page`` the place in it, ``url`` where to read it; they are shown with the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .reader import Table

SOURCE_KEYS = {
    "work": "the work quoted: its id (works.py: ENC, IT, DJ, HAG, LAC, RULES ...), or its title with `text`",
    "work_title": "the work's full title, for a work works.py does not list",
    "section": "where in the work: article, section, page or article number, as precisely as the text allows",
    "page": "the page (or folio) of the work, free text, e.g. \"p. 262\"",
    "url": "where the work can be read, free text",
    "seed": "the seed text quoted, as seeds/FILE.txt (each passage is checked in it, verbatim)",
    "text": "a text file of your own holding the passages, relative to the claim file (checked like a seed)",
    "digest": "a pointer into the rules digest, RULES.md §N (for a work with no text, where the passages stand)",
    "passages": "the words the quote rests on, each verbatim in the seed, text or digest section (a list, or one "
                "text)",
}
TEXTS = ("seed", "text")   # where the passages are checked, first found; else the digest
ABRIDGED = "…"             # a quote may leave words out with an ellipsis; each piece must stand in the text


@dataclass(frozen=True)
class Source:
    work: str
    seed: str | None
    digest: str | None
    passages: tuple[str, ...]
    section: str = ""
    work_title: str = ""
    text: str | None = None     # the user's text file, as the claim names it
    page: str = ""
    url: str = ""

    def cite(self) -> str:
        """The work and the place in it, e.g. "Diderot & d'Alembert, Encyclopédie, 1st edition
        (1765), art. QUADRILLE (Jeu), quadrille à trois"; never the digest."""
        return ", ".join(part for part in (self.work_title, self.section, self.page) if part)


def normalise(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=None)
def seed_text(name: str) -> str | None:
    """The whitespace-normalised text of seeds/NAME, or None if there is no such seed."""
    resource = resources.files("spadille.seeds").joinpath(name)
    if not resource.is_file():
        return None
    return normalise(resource.read_text(encoding="utf-8"))


def _shown(passage: str) -> str:
    return f"{passage[:60]!r}{'…' if len(passage) > 60 else ''}"


def _user_text(table: Table, folder: Any) -> tuple[str, str]:
    """(as named, normalised text) of the ``text`` file, relative to the claim file's folder."""
    name = table.text("text", "a text file, relative to the claim file")
    if folder is None:
        table.fail("text", "a claim read from text alone has no folder to find its text file in")
    path = Path(folder) / name
    try:
        return name, normalise(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        table.fail("text", f"no such text file {name!r} (looked for {path})")
    except (OSError, UnicodeDecodeError) as exc:
        table.fail("text", f"cannot read the text file {name!r}: {getattr(exc, 'strerror', None) or 'not UTF-8 text'}")


def _digest(table: Table) -> tuple[str, str | None]:
    from .digest import DIGEST_NAME, digest_section_text

    digest = table.text("digest", "RULES.md §N")
    if not DIGEST_NAME.fullmatch(digest):
        table.fail("digest", f"must look like 'RULES.md §5', not {digest!r}")
    return digest, digest_section_text(digest)


def _check_passages(table: Table, passages: tuple[str, ...], text: str, where: str, digest: bool = False) -> None:
    from spadille.kernel.common.citations import passage_in

    for index, passage in enumerate(passages):
        found = passage_in(passage, text) if digest else normalise(passage) in text
        if not found:
            table.fail(f"passages[{index}]" if len(passages) > 1 else "passages",
                       f"not found verbatim in {where}: {_shown(passage)}")


def read_source(table: Table, folder: Any = None) -> tuple[Source, str | None, str]:
    """(the source, the normalised text the quote must stand in or None, its name). ``folder``:
    the claim file's folder, where ``text`` is found."""
    from .works import WORKS

    table.only(SOURCE_KEYS)
    work = table.text("work", "the work's id, e.g. ENC or IT")
    if table.has("work_title"):
        title = table.text("work_title", "the work's full title")
    elif work in WORKS:
        title = WORKS[work].title
    elif table.has("text"):
        title = work                  # a user's own work: its title, free text
    else:
        table.fail("work", f"unknown work {work!r}: use one of {', '.join(WORKS)} or give its title as "
                           f"work_title = \"...\"")
    page = table.text("page", "the page", required=False) or ""
    url = table.text("url", "where to read the work", required=False) or ""
    section = table.text("section", "where in the work the quote stands, e.g. art. QUADRILLE (Jeu)",
                         required=not page) or ""
    passages = table.strings("passages", "the quoted words, verbatim")
    named = [key for key in TEXTS if table.has(key)]
    if len(named) > 1:
        table.fail("text", "give seed or text, not both: the passages are checked in one text")
    if not named and not table.has("digest"):
        table.fail_here("give seed = \"seeds/FILE.txt\" or text = \"FILE.txt\" (a file beside the claim) where the "
                        "passages are checked, or, for a work with no text, digest = \"RULES.md §N\"")
    digest = None
    if table.has("digest"):
        digest, section_text = _digest(table)
        if not named:   # the digest is where the passages stand: they are checked there
            from .digest import SECTIONS

            if section_text is None:
                table.fail("digest", f"{digest} is not among the digest's sections claims may cite (§"
                                     f"{', §'.join(SECTIONS)}): quote the work itself with seed or text")
            _check_passages(table, passages, section_text, digest, digest=True)
    seed = text_name = None
    if "seed" in named:
        seed = table.text("seed", "seeds/FILE.txt")
        name = seed.removeprefix("seeds/")
        text = seed_text(name) if seed.startswith("seeds/") and "/" not in name else None
        if text is None:
            table.fail("seed", f"no seed text {seed!r} (the seeds are seeds/*.txt)")
        where = seed
    elif "text" in named:
        text_name, text = _user_text(table, folder)
        where = text_name
    else:
        return Source(work, None, digest, passages, section, title, None, page, url), None, ""
    _check_passages(table, passages, text, where)
    return Source(work, seed, digest, passages, section, title, text_name, page, url), text, where


def check_quote(table: Table, quote_text: str, text: str, where: str) -> None:
    """The quote, in its original language, stands verbatim in its text (the pieces between
    ellipses, each on its own), as every rule's passage does."""
    from spadille.kernel.common.citations import passage_in

    for piece in (p.strip(" .,;") for p in quote_text.split(ABRIDGED)):
        if piece and not passage_in(piece, text):
            table.fail("text", f"the quote is not verbatim in {where} (pieces between '…' are checked one by one): "
                               f"{_shown(piece)}")
