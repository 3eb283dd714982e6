"""docs/claims.md follows the registries: every term of the condition language with an example that
compiles, every metric and every kind with an example, every source key and output format."""

from __future__ import annotations

import re

import pytest

from spadille.analyses.claims import KINDS
from spadille.analyses.claims.formats import FORMATS
from spadille.analyses.claims.sources import SOURCE_KEYS
from spadille.analyses.quadrille.claims.simulated import METRICS
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
    rows = _rows(r"`\w+\(seat(, (suit|card|contract))?\)`")
    names = {re.match(r"`(\w+)\(", key).group(1): example for key, example in rows.items()}
    assert set(names) == {*F.FEATURES, "has", "win_chance"}
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


CARD_PLAY = (REPO / "docs" / "claims-card-play.md").read_text(encoding="utf-8")


def test_every_situation_feature_has_a_worked_example_that_parses():
    """docs/claims-card-play.md lists every feature with an example from a period maxim, as the
    registry holds it; each example is a situation the reader accepts."""
    from spadille.kernel.quadrille.situations import FEATURES, parse_situation

    rows = _rows(r"`\w+(\(.*\))?`", CARD_PLAY)
    for feature in FEATURES:
        example = rows[f"`{feature.usage}`"]
        source, text = example.rsplit(": ", 1)
        assert source and feature.name in text
        parse_situation(text.strip("`"))


def test_the_card_play_table_gives_the_heuristic_and_strong_values():
    from spadille.kernel.quadrille import card_rules
    from spadille.kernel.quadrille.policies import POLICIES

    for line in CARD_PLAY.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(\w+)` \(\w+\)", cells[0])
        if not match or match.group(1) not in card_rules.BY_NAME:
            continue
        rule = card_rules.BY_NAME[match.group(1)]
        for role, cell in zip(card_rules.ROLES, cells[-len(card_rules.ROLES):]):
            if role not in rule.defaults:
                assert cell == "–"
                continue
            heuristic, strong = (POLICIES[p].params[f"{role}.{rule.name}"].default for p in ("heuristic", "strong"))
            assert cell == (f"{heuristic:g}" if heuristic == strong else f"{heuristic:g} / **{strong:g}**"), cell
        assert f"`{rule.name}`" in CARD_PLAY[CARD_PLAY.index("**Which rule decides.**"):], rule.name


@pytest.mark.parametrize("name", [*SOURCE_KEYS, *FORMATS])
def test_every_source_key_and_format_is_documented(name):
    assert f"`{name}`" in DOCS
