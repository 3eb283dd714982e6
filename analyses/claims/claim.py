"""A claim file, read and checked: the quote, its source, the experiment and the verdict rule.

One TOML file per claim; the file name (without .toml) is the claim's id. Layout (docs/claims.md
lists every key):

    title = "..."            short statement, in English
    game = "quadrille"       GAMES (games.py): a game without an engine takes kind = "planned"
    note = "..."             optional: how the experiment reads the claim, caveats

    [quote]   text (original language), language, translation
    [source]  work (the RULES.md source id: ENC, IT, DJ ...), section or page, url,
              seed = "seeds/FILE.txt", text = "FILE.txt" (beside the claim) or digest =
              "RULES.md §N", passages = ["...", ...] (each verbatim there): sources.py
    [experiment]  kind (KINDS: the game's own, kinds.py) and the kind's keys
    [verdict]     expect, than / value, tolerance

Loading checks everything that can be checked without playing: every key and type, the
condition, the policies, the rule overrides, and that each passage occurs verbatim in its seed,
text file or digest section (whitespace aside). A fault is a ClaimError naming the file and the key.
"""

from __future__ import annotations

import tomllib
from contextlib import contextmanager
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from .games import GAMES
from .kinds import KINDS, Kind
from .reader import ClaimError, Table
from .sources import Source, check_quote, read_source
from .verdict import VerdictRule, parse_verdict

TOP_KEYS = {
    "title": "a short statement of the claim, in English",
    "game": "the game: " + ", ".join(GAMES),
    "note": "optional: how the experiment reads the claim, and its caveats",
    "quote": "[quote] table: text, language, translation",
    "source": "[source] table: work, section or page, seed, text or digest, passages, url",
    "experiment": "[experiment] table: kind and its keys",
    "verdict": "[verdict] table: expect, than or value, tolerance",
    "map": "optional [map] table: the decision-map classes the claim's hands fall in (a kind that has them)",
}
QUOTE_KEYS = {
    "text": "the quote in its original language (may abridge with …)",
    "language": "its language code: fr, it, en ...",
    "translation": "an English translation: the full statement",
}


@dataclass(frozen=True)
class Quote:
    text: str
    language: str
    translation: str


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
    experiment: Any         # the kind's spec (what its ``read`` returns)
    verdict: VerdictRule
    inapplicable: str = ""  # why the claim cannot run under the ruleset asked for (load_claims(ruleset=...))
    map_classes: Any = None  # the kind's map classes: where the decision maps speak of the same hands

    @property
    def runnable(self) -> bool:
        return self.kind.runnable and GAMES[self.game].engine

    @property
    def deals(self) -> int | None:
        """The default sample size of a claim that deals (None for counts, planned claims and exact
        probabilities)."""
        return self.kind.deals_of(self.experiment) if self.kind.runnable else None


def _read_under_work(kind: Kind, experiment: Table, work: str) -> Any:
    """Read the experiment, its default ruleset being the work's own where it has one (works.py):
    an Italian tip is tested under the Italian ladder unless the claim names a ruleset."""
    from .reading import WORK_RULESET
    from .works import work_ruleset

    token = WORK_RULESET.set(work_ruleset(work))
    try:
        return kind.read(experiment)
    finally:
        WORK_RULESET.reset(token)


def parse_claim(label: str, text: str, claim_id: str, folder: Any = None) -> Claim:
    """Read and check one claim file's ``text``; ``folder``: the claim file's folder, where a
    ``[source] text`` file is found."""
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
    source, source_text, where = read_source(top.table("source", "work, seed or text, passages"), folder)
    if source_text is not None:
        check_quote(quote_table, quote.text, source_text, where)
    experiment = top.table("experiment", "kind and its keys")
    kind = KINDS[experiment.choice("kind", KINDS, "kind")]
    if kind.game is not None and kind.game != game and GAMES[game].engine:
        experiment.fail("kind", f"kind {kind.name!r} plays {kind.game}, not {game}: a {game} claim takes "
                                + ", ".join(k.name for k in KINDS.values() if k.game in (None, game)))
    if not GAMES[game].engine and kind.runnable:
        experiment.fail("kind", f"game {game!r} has no engine yet, so its experiment can only be described: "
                                f"use kind = \"planned\"")
    spec = _read_under_work(kind, experiment, source.work)
    verdict_table = top.table("verdict", "expect and than or value")
    verdict = parse_verdict(verdict_table, exact_only=kind.exact)
    if kind.check_verdict is not None:
        kind.check_verdict(spec, verdict, verdict_table)
    map_classes = _map_classes(top, kind)
    return Claim(claim_id, label, title, game, note, quote, source, kind, spec, verdict, map_classes=map_classes)


def _map_classes(top: Table, kind: Kind):
    table = top.table("map", "the map classes", required=False)
    if not table.data:
        return None
    if kind.map_classes is None:
        able = ", ".join(f"kind = \"{other.name}\"" for other in KINDS.values() if other.map_classes is not None)
        top.fail("map", f"only a claim that compares two bids ({able}) can name map classes, not kind {kind.name!r}")
    return kind.map_classes(table)


def _read_text(path: Path, label: str) -> str:
    from spadille.kernel.common.files import FileTooLarge, read_limited_text

    try:
        return read_limited_text(path)
    except FileTooLarge as exc:
        raise ClaimError(f"{label} {exc}") from None
    except OSError as exc:
        raise ClaimError(f"{label}: cannot read the claim file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ClaimError(f"{label}: not UTF-8 text") from None


def shipped_claim_files() -> list[tuple[str, str, str, Any]]:
    """(label, text, id, folder) of each claim shipped with spadille (every game's, games.py), by file name."""
    files = []
    for game in GAMES.values():
        if game.files is None:
            continue
        package, name = game.files.split(":")
        folder = resources.files(package) / name
        files += [(p, folder) for p in folder.iterdir() if p.name.endswith(".toml")]
    files.sort(key=lambda file: file[0].name)
    return [(f"claims/{p.name}", p.read_text(encoding="utf-8"), p.name[: -len(".toml")], folder) for p, folder in files]


def load_claims(path: Path | str | None = None, ruleset: Any = None, card_play: str | None = None) -> list[Claim]:
    """The claims of a file, or of every *.toml in a folder (by file name); the shipped ones
    when ``path`` is None. The first faulty file raises ClaimError.

    ``ruleset`` (a name or a Ruleset) replaces encyclopedie-1765 for the claims that do not
    name their own. A claim that cannot be read under it (a seat or a suit the variant lacks)
    is read under its usual ruleset and marked ``inapplicable``, with the reason.

    ``card_play`` (a policy name: heuristic, strong) plays every seat of the claims that name no
    policy; the game's default when None."""
    with _card_play(card_play):
        return _load_claims(path, ruleset)


@contextmanager
def _card_play(card_play: str | None) -> Iterator[None]:
    from .reading import CLAIMS_CARD_PLAY

    token = CLAIMS_CARD_PLAY.set(card_play or None)
    try:
        yield
    finally:
        CLAIMS_CARD_PLAY.reset(token)


def _load_claims(path: Path | str | None, ruleset: Any) -> list[Claim]:
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
        sources = [(str(file), _read_text(file, str(file)), file.stem, file.parent) for file in files]
    if ruleset is None:
        return [parse_claim(*source) for source in sources]
    return [_parse_under(*source, ruleset) for source in sources]


def _parse_under(label: str, text: str, claim_id: str, folder: Any, ruleset: Any) -> Claim:
    from .reading import CLAIMS_RULESET

    token = CLAIMS_RULESET.set(ruleset)
    try:
        return parse_claim(label, text, claim_id, folder)
    except ClaimError as exc:
        problem = str(exc)
    finally:
        CLAIMS_RULESET.reset(token)
    name = getattr(ruleset, "name", ruleset)
    claim = parse_claim(label, text, claim_id, folder)  # under its usual ruleset: a faulty file fails here as always
    return replace(claim, inapplicable=f"does not apply under ruleset {name!r} ({problem})")


def reread_under(claim: Claim, ruleset: Any, card_play: str | None = None) -> Claim | None:
    """A shipped claim read again with its experiment under ``ruleset``, whatever it names or its
    work's game is, to set it beside a decision map of that ruleset; None when it cannot be read
    so (a bid or a suit the ruleset lacks) or is not a shipped claim. ``card_play`` as in load_claims."""
    from .reading import COMPARISON_RULESET

    sources = {claim_id: (label, text, claim_id, folder) for label, text, claim_id, folder in shipped_claim_files()}
    if claim.id not in sources:
        return None
    token = COMPARISON_RULESET.set(ruleset)
    try:
        with _card_play(card_play):
            return parse_claim(*sources[claim.id])
    except ClaimError:
        return None
    finally:
        COMPARISON_RULESET.reset(token)
