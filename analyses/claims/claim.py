"""A claim file, read and checked: the quote, its source, the experiment and the verdict rule.

One TOML file per claim; the file name (without .toml) is the claim's id. Layout (docs/claims.md
lists every key):

    title = "..."            short statement, in English
    game = "quadrille"       GAMES: a game without an engine takes kind = "planned"
    note = "..."             optional: how the experiment reads the claim, caveats

    [quote]   text (original language), language, translation
    [source]  work (the RULES.md source id: ENC, IT, DJ ...), seed = "seeds/FILE.txt" or
              digest = "RULES.md §N", passages = ["...", ...] (each verbatim in the seed)
    [experiment]  kind (KINDS) and the kind's keys
    [verdict]     expect, than / value, tolerance

Loading checks everything that can be checked without playing: every key and type, the
condition, the policies, the rule overrides, and that each passage occurs verbatim in its seed
(whitespace aside). A fault is a ClaimError naming the file and the key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .kinds import KINDS, Kind
from .reader import ClaimError, Table
from .verdict import VerdictRule, parse_verdict

GAMES = {
    "quadrille": True,    # has an engine: claims about it are simulated or counted
    "reversis": True,     # simulated by the Reversis kernel (kind = "reversis"), or planned
}
TOP_KEYS = {
    "title": "a short statement of the claim, in English",
    "game": "the game: " + ", ".join(GAMES),
    "note": "optional: how the experiment reads the claim, and its caveats",
    "quote": "[quote] table: text, language, translation",
    "source": "[source] table: work, seed or digest, passages",
    "experiment": "[experiment] table: kind and its keys",
    "verdict": "[verdict] table: expect, than or value, tolerance",
}
QUOTE_KEYS = {
    "text": "the quote in its original language (may abridge with …)",
    "language": "its language code: fr, it, en ...",
    "translation": "an English translation: the full statement",
}
SOURCE_KEYS = {
    "work": "the work quoted: its id (works.py: ENC, IT, DJ, HAG, LAC, RULES ...)",
    "work_title": "the work's full title, for a work works.py does not list",
    "section": "where in the work: article, section, page or article number, as precisely as the text allows",
    "seed": "the seed text quoted, as seeds/FILE.txt (each passage is checked in it, verbatim)",
    "digest": "an extra pointer into the rules digest, RULES.md §N (for a work with no seed, where the "
              "passages stand)",
    "passages": "the words the quote rests on, each verbatim in the seed (a list, or one text)",
}
SHIPPED_PACKAGE = __package__
_DIGEST = re.compile(r"RULES\.md §\d+(\.\d+)*")


@dataclass(frozen=True)
class Quote:
    text: str
    language: str
    translation: str


@dataclass(frozen=True)
class Source:
    work: str
    seed: str | None
    digest: str | None
    passages: tuple[str, ...]
    section: str = ""
    work_title: str = ""

    def cite(self) -> str:
        """The work and the place in it, e.g. "Diderot & d'Alembert, Encyclopédie, 1st edition
        (1765), art. QUADRILLE (Jeu), quadrille à trois"; never the digest."""
        return f"{self.work_title}, {self.section}" if self.section else self.work_title


@dataclass(frozen=True)
class Claim:
    id: str
    label: str              # how messages name the file: claims/q15.toml or the user's path
    title: str
    game: str
    note: str
    quote: Quote
    source: Source
    kind: Kind
    experiment: Any         # the kind's spec (simulated.SimSpec, kinds.CountExperiment, kinds.PlannedExperiment)
    verdict: VerdictRule
    inapplicable: str = ""  # why the claim cannot run under the ruleset asked for (load_claims(ruleset=...))

    @property
    def runnable(self) -> bool:
        return self.kind.runnable and GAMES[self.game]

    @property
    def deals(self) -> int | None:
        """The default sample size of a simulated claim (None for counts and planned ones)."""
        return self.experiment.deals if self.kind.simulated else None


def normalise(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=None)
def seed_text(name: str) -> str | None:
    """The whitespace-normalised text of seeds/NAME, or None if there is no such seed."""
    resource = resources.files("spadille.seeds").joinpath(name)
    if not resource.is_file():
        return None
    return normalise(resource.read_text(encoding="utf-8"))


def _source(table: Table) -> Source:
    from .works import WORKS

    table.only(SOURCE_KEYS)
    work = table.text("work", "the work's id, e.g. ENC or IT")
    if table.has("work_title"):
        title = table.text("work_title", "the work's full title")
    elif work in WORKS:
        title = WORKS[work].title
    else:
        table.fail("work", f"unknown work {work!r}: use one of {', '.join(WORKS)} or give its title as "
                           f"work_title = \"...\"")
    section = table.text("section", "where in the work the quote stands, e.g. art. QUADRILLE (Jeu)")
    passages = table.strings("passages", "the quoted words, verbatim")
    if not table.has("seed") and not table.has("digest"):
        table.fail_here("give seed = \"seeds/FILE.txt\" (the passages are checked in it) or, for a work with no "
                        "seed, digest = \"RULES.md §N\" where the passages stand")
    digest = None
    if table.has("digest"):
        digest = table.text("digest", "RULES.md §N")
        if not _DIGEST.fullmatch(digest):
            table.fail("digest", f"must look like 'RULES.md §5', not {digest!r}")
    if not table.has("seed"):
        return Source(work, None, digest, passages, section, title)
    seed = table.text("seed", "seeds/FILE.txt")
    name = seed.removeprefix("seeds/")
    text = seed_text(name) if seed.startswith("seeds/") and "/" not in name else None
    if text is None:
        table.fail("seed", f"no seed text {seed!r} (the seeds are seeds/*.txt)")
    for index, passage in enumerate(passages):
        if normalise(passage) not in text:
            table.fail(f"passages[{index}]" if len(passages) > 1 else "passages",
                       f"not found verbatim in {seed}: {passage[:60]!r}{'…' if len(passage) > 60 else ''}")
    return Source(work, seed, digest, passages, section, title)


ABRIDGED = "…"   # a quote may leave words out with an ellipsis; each piece must stand in the seed


def _check_quote(table: Table, quote: Quote, seed: str) -> None:
    """The quote, in its original language, stands verbatim in its seed (the pieces between
    ellipses, each on its own), as every rule's passage does."""
    from spadille.kernel.common.citations import passage_in

    text = seed_text(seed.removeprefix("seeds/"))
    for piece in (p.strip(" .,;") for p in quote.text.split(ABRIDGED)):
        if piece and not passage_in(piece, text):
            table.fail("text", f"the quote is not verbatim in {seed} (pieces between '…' are checked one by one): "
                               f"{piece[:60]!r}{'…' if len(piece) > 60 else ''}")


def _read_under_work(kind: Kind, experiment: Table, work: str) -> Any:
    """Read the experiment, its default ruleset being the work's own where it has one (works.py):
    an Italian tip is tested under the Italian ladder unless the claim names a ruleset."""
    from .simulated import WORK_RULESET
    from .works import work_ruleset

    token = WORK_RULESET.set(work_ruleset(work))
    try:
        return kind.read(experiment)
    finally:
        WORK_RULESET.reset(token)


def parse_claim(label: str, text: str, claim_id: str) -> Claim:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ClaimError(f"{label}: not valid TOML: {exc}") from None
    top = Table(label, "", data)
    top.only(TOP_KEYS)
    title = top.text("title", "a short statement of the claim")
    game = top.choice("game", GAMES, "game")
    note = top.text("note", "notes", required=False) or ""
    quote_table = top.table("quote", "text, language and translation")
    quote_table.only(QUOTE_KEYS)
    quote = Quote(quote_table.text("text", "the quote"), quote_table.text("language", "a language code"),
                  quote_table.text("translation", "an English translation"))
    source = _source(top.table("source", "work, seed, passages"))
    if source.seed is not None:
        _check_quote(quote_table, quote, source.seed)
    experiment = top.table("experiment", "kind and its keys")
    kind = KINDS[experiment.choice("kind", KINDS, "kind")]
    if kind.game is not None and kind.game != game and GAMES[game]:
        experiment.fail("kind", f"kind {kind.name!r} plays {kind.game}, not {game}: a {game} claim takes "
                                + ", ".join(k.name for k in KINDS.values() if k.game in (None, game)))
    if not GAMES[game] and kind.runnable:
        experiment.fail("kind", f"game {game!r} has no engine yet, so its experiment can only be described: "
                                f"use kind = \"planned\"")
    spec = _read_under_work(kind, experiment, source.work)
    verdict_table = top.table("verdict", "expect and than or value")
    verdict = parse_verdict(verdict_table, exact_only=kind.exact)
    if kind.exact:
        from .counts import check_size

        check_size(spec.spec, len(verdict.value), verdict_table)
    return Claim(claim_id, label, title, game, note, quote, source, kind, spec, verdict)


def _read_text(path: Path, label: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ClaimError(f"{label}: cannot read the claim file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ClaimError(f"{label}: not UTF-8 text") from None


def load_claim_file(path: Path, label: str | None = None) -> Claim:
    label = label or str(path)
    return parse_claim(label, _read_text(path, label), path.stem)


def shipped_claim_files() -> list[tuple[str, str, str]]:
    """(label, text, id) of each claim shipped with spadille, by file name."""
    folder = resources.files(SHIPPED_PACKAGE)
    files = sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)
    return [(f"claims/{p.name}", p.read_text(encoding="utf-8"), p.name[: -len(".toml")]) for p in files]


def load_claims(path: Path | str | None = None, ruleset: Any = None) -> list[Claim]:
    """The claims of a file, or of every *.toml in a folder (by file name); the shipped ones
    when ``path`` is None. The first faulty file raises ClaimError.

    ``ruleset`` (a name or a Ruleset) replaces encyclopedie-1765 for the claims that do not
    name their own. A claim that cannot be read under it (a seat or a suit the variant lacks)
    is read under its usual ruleset and marked ``inapplicable``, with the reason."""
    if path is None:
        sources = shipped_claim_files()
    else:
        path = Path(path)
        if path.is_dir():
            files = sorted(path.glob("*.toml"))
            if not files:
                raise ClaimError(f"{path}: no claim files (*.toml) in this folder")
        elif not path.exists():
            raise ClaimError(f"{path}: no such claim file or folder")
        else:
            files = [path]
        sources = [(str(file), _read_text(file, str(file)), file.stem) for file in files]
    if ruleset is None:
        return [parse_claim(label, text, claim_id) for label, text, claim_id in sources]
    return [_parse_under(label, text, claim_id, ruleset) for label, text, claim_id in sources]


def _parse_under(label: str, text: str, claim_id: str, ruleset: Any) -> Claim:
    from .simulated import CLAIMS_RULESET

    token = CLAIMS_RULESET.set(ruleset)
    try:
        return parse_claim(label, text, claim_id)
    except ClaimError as exc:
        problem = str(exc)
    finally:
        CLAIMS_RULESET.reset(token)
    name = getattr(ruleset, "name", ruleset)
    claim = parse_claim(label, text, claim_id)  # under its usual ruleset: a faulty file fails here as always
    return replace(claim, inapplicable=f"does not apply under ruleset {name!r} ({problem})")
