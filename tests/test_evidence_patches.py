"""The evidence scripts that measure the solver patch a copy of its source at fixed places, or
call its search directly; docs/speed.md quotes their figures, so a change to the search must leave
those places findable and that call valid (or update the scripts with it). Checked without
running them: they take minutes."""
import importlib.util
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOLVER = ROOT / "kernel" / "quadrille" / "search" / "_dd.py"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"evidence_{name}", ROOT / "docs" / "evidence" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("part", ["sure", "quick", "probe", "moves"])
def test_part_costs_finds_each_part(part):
    script = _script("dd_part_costs")
    source = SOLVER.read_text(encoding="utf-8")
    assert script.patched(source, part) != source


def test_order_ceiling_builds_its_oracle(tmp_path):
    script = _script("dd_order_ceiling")
    module = script.oracle_module(tmp_path)
    # every patch applied (a missing place exits with an error), and the solve takes the oracle
    assert "oracle" in module.SearchWork._fields
    assert list(inspect.signature(module.solve_counted.py_func).parameters)[-2:] == ["oracle", "mode"]


def test_tail_searches_calls_the_search_as_it_is():
    from spadille.kernel.quadrille.search import _dd

    script = _script("dd_tail_searches")
    assert list(inspect.signature(_dd._reaches.py_func).parameters) == script.REACHES_PARAMETERS
