"""Every passage a ruleset or a claim cites stands in a text the repository holds, and nothing in
the package or its tests reads a file outside the repository.

The walk is general on purpose: it reads every TOML file of the code folders, so a new game's
ruleset, a new switch or a new claim is checked the day it lands, whatever its shape. A rule (or a
reading, or a preset's value) is any table with a ``source`` and a ``passage``; a claim's source is
a ``[source]`` table with ``passages``. The texts are the seeds (seeds/*.txt), the project's rules
digest (seeds/RULES.md, by section) and a claim's own transcription beside it (``text``).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from citations import REPO
from spadille.kernel.common.citations import cited_text, passage_in

CODE_FOLDERS = ("kernel", "analyses", "cli", "reports")
ELLIPSIS = "…"   # a claim's quote may leave words out; each piece must stand in the text


def _toml_files() -> list[Path]:
    return sorted(path for folder in CODE_FOLDERS for path in (REPO / folder).rglob("*.toml"))


def _tables(node, where: str):
    """(where, table) for every table in a parsed TOML document, nested ones included."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _tables(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _tables(value, f"{where}[{index}]")


def _rule_citations():
    for path in _toml_files():
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, table in _tables(document, path.relative_to(REPO).as_posix()):
            if isinstance(table.get("source"), str) and isinstance(table.get("passage"), str):
                yield where, table["source"], table["passage"]


def _claim_citations():
    """(where, the text's name, its text, passages) of every claim's [source]."""
    for path in _toml_files():
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        source = document.get("source")
        if not isinstance(source, dict) or "passages" not in source:
            continue
        passages = source["passages"] if isinstance(source["passages"], list) else [source["passages"]]
        quote = document.get("quote", {}).get("text", "")
        pieces = [piece.strip(" .,;") for piece in quote.split(ELLIPSIS) if piece.strip(" .,;")]
        if "seed" in source:
            name, text = source["seed"], cited_text(source["seed"])
        elif "text" in source:
            transcription = path.parent / source["text"]
            assert transcription.resolve().is_relative_to(REPO), f"{path}: its text lies outside the repository"
            name, text = source["text"], transcription.read_text(encoding="utf-8")
        else:
            name, text = source["digest"], cited_text(source["digest"])
        yield path.relative_to(REPO).as_posix(), name, text, passages + pieces


RULE_CITATIONS = list(_rule_citations())
CLAIM_CITATIONS = list(_claim_citations())


def test_the_walk_finds_every_games_rules_and_the_claims():
    cited_files = {where.split(".toml")[0] for where, _, _ in RULE_CITATIONS}
    for ruleset in ("quadrille/rulesets/encyclopedie-1765", "quadrille/rulesets/italian-modern",
                    "reversis/rulesets/reversis-dj", "revertier/rulesets/revertier-reconstructed",
                    "cabriolet/rulesets/cabriolet-lacombe-1798"):
        assert f"kernel/{ruleset}" in cited_files
    assert len(RULE_CITATIONS) > 400 and len(CLAIM_CITATIONS) > 30
    assert any(source.startswith("RULES.md §") for _, source, _ in RULE_CITATIONS)


@pytest.mark.parametrize(("where", "source", "passage"), RULE_CITATIONS, ids=[c[0] for c in RULE_CITATIONS])
def test_every_rule_passage_stands_in_a_text_the_repository_holds(where, source, passage):
    assert passage_in(passage, cited_text(source)), f"{where}: not verbatim in {source}: {passage[:70]!r}"


@pytest.mark.parametrize(("where", "name", "text", "passages"), CLAIM_CITATIONS, ids=[c[0] for c in CLAIM_CITATIONS])
def test_every_claim_passage_and_quote_stands_in_a_text_the_repository_holds(where, name, text, passages):
    missing = [passage for passage in passages if not passage_in(passage, text)]
    assert missing == [], f"{where}: not verbatim in {name}"


def test_a_source_outside_the_repository_is_refused_in_one_sentence():
    with pytest.raises(KeyError, match="names neither a seed"):
        cited_text("/work/shared/RULES.md")
    with pytest.raises(KeyError, match="no text seeds/absent.txt"):
        cited_text("seeds/absent.txt")
    with pytest.raises(KeyError, match="no section 99"):
        cited_text("RULES.md §99")


# Paths that would reach beyond the clone: another machine's folders, a folder beside the repository.
OUTSIDE = re.compile(r"/work/|\.\./shared|parent\s*/\s*[\"']shared[\"']|/home/|/Users/")


def test_nothing_in_the_package_or_its_tests_names_a_file_outside_the_repository():
    files = [path for folder in (*CODE_FOLDERS, "seeds", "tests") for path in (REPO / folder).rglob("*.py")]
    files += [REPO / "Makefile", REPO / ".ci" / "run", REPO / "pyproject.toml"]
    this = Path(__file__).resolve()
    offenders = [f"{path.relative_to(REPO)}:{number}" for path in files if path.resolve() != this
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if OUTSIDE.search(line)]
    assert offenders == []
