"""docs/claims.md follows the registries: every term of the condition language with an example that
compiles, every metric and every kind with an example, every source key and output format."""

from __future__ import annotations

import re

import pytest

from spadille.analyses.claims import KINDS, METRICS
from spadille.analyses.claims.formats import FORMATS
from spadille.analyses.claims.sources import SOURCE_KEYS
from spadille.kernel.quadrille import features as F
from spadille.kernel.quadrille.conditions import compile_condition

from citations import REPO

DOCS = (REPO / "docs" / "claims.md").read_text(encoding="utf-8")


def _rows(first_cell: str, text: str = DOCS) -> dict[str, str]:
    """The rows of the tables of ``text`` whose first cell matches ``first_cell``: {first cell: last cell}."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(first_cell, cells[0]):
            rows[cells[0]] = cells[-1]
    return rows


def test_every_condition_term_has_an_example_that_compiles():
    rows = _rows(r"`\w+\(seat(, (suit|card))?\)`")
    names = {re.match(r"`(\w+)\(", key).group(1): example for key, example in rows.items()}
    assert set(names) == {*F.FEATURES, "has"}
    for name, example in names.items():
        condition = example.strip("`")
        assert f"{name}(" in condition
        compile_condition(condition, 4, 0)   # raises ConditionError if the docs' example is wrong


def test_every_metric_and_every_kind_has_an_example():
    section = DOCS[DOCS.index("#### Metrics"):DOCS.index("#### The condition language")]
    metrics = _rows(r"`\w+`", section)
    assert set(metrics) == {f"`{name}`" for name in METRICS}
    assert all(example and example != "---" for example in metrics.values())
    kinds = DOCS[DOCS.index("#### Every kind, one example"):]
    for name in KINDS:
        assert f"| `{name}` |" in kinds, name


@pytest.mark.parametrize("name", [*SOURCE_KEYS, *FORMATS])
def test_every_source_key_and_format_is_documented(name):
    assert f"`{name}`" in DOCS
