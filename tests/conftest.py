"""Shared fixtures. Tests run with a throwaway NUMBA_CACHE_DIR (see the Makefile), so a
stale numba cache can never hide an edit to the kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.tables import build_tables

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "seeds"


@pytest.fixture(scope="session")
def ruleset():
    return load_ruleset("encyclopedie-1765")


@pytest.fixture(scope="session")
def tables(ruleset):
    return build_tables(ruleset)


@pytest.fixture(scope="session")
def heuristic4():
    return tuple(make_seat_policy("heuristic") for _ in range(4))


@pytest.fixture(scope="session")
def random4():
    return tuple(make_seat_policy("random") for _ in range(4))
