"""Every kernel that searches runs the one zero-window search that ``load_search_code`` loads.

numba compiles a jitted function once for each combination of argument types it is called
with, and the code of each caller, compiled afresh or loaded from the cache, holds its own copy
of what it calls. Two things follow, both checked here:

* The zero-window search (``_dd._reaches``) is the largest piece of the solver, about 13 s of a
  cold compile: a caller that passes one argument with another type (a literal ``0`` where the
  others pass an int64, as ``dd_vole`` and ``pimc_vole`` once did) makes numba compile a second
  search, and every cold run that plays dd or pimc pays for it (a searching ``simulate`` from an
  empty cache: 107 s with two searches, 94 s with one).
* ``compress8_table`` loads the search by itself before any caller, so that the callers run that
  copy rather than their own, which ran 10-20% slower (solver.py gives the figures). That only
  works if the preload's argument types are exactly the callers'.

numba names each specialisation after its argument types, and each caller's code names the
specialisations it calls. So the check reads the names of the search in the code of every caller
the run has loaded, whatever the state of the cache, and asks for exactly one: the preload's.
"""

from __future__ import annotations

import sys

import numpy as np
from numba.core.dispatcher import Dispatcher

from spadille.kernel.quadrille.bench_dd import card_value_cost, full_deal_times, random_deals
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.search import _dd
from spadille.kernel.quadrille.search.solver import DoubleDummySolver
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

SEARCH = "_dd8_reaches"     # how the search's module and name read in numba's mangled names


def _searches_called(dispatcher: Dispatcher) -> set[str]:
    """The mangled names of the search that the code of the dispatcher's specialisations
    defines or calls. numba's linking module of a library is kept for fresh and cached code
    alike (a private attribute: numba has no public view of a cached function's callees)."""
    names: set[str] = set()
    for compiled in dispatcher.overloads.values():
        module = compiled.library._get_module_for_linking()
        names |= {function.name for function in module.functions if SEARCH in function.name}
    return names


def _loaded_callers() -> dict[str, set[str]]:
    """{qualified name: search names} for every loaded spadille kernel whose code calls the search."""
    callers = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("spadille.kernel."):
            continue
        for attribute, value in vars(module).items():
            if isinstance(value, Dispatcher) and value is not _dd._reaches and value.__module__ == module_name:
                names = _searches_called(value)
                if names:
                    callers[f"{module_name}.{attribute}"] = names
    return callers


def test_every_searching_kernel_calls_the_preloaded_search(ruleset, tables):
    # Everything that searches: the solver and its bench from Python, the deal loop and the
    # decision maps' loop with dd and pimc seats (their code holds every search call of the
    # policies, vole decisions included, whether fresh or cached), and the reference engine's calls.
    solver = DoubleDummySolver(tables)   # fetches compress8_table, which loads the search
    assert len(_dd._reaches.overloads) == 1
    preloaded = next(iter(_dd._reaches.overloads.values())).fndesc.mangled_name
    deal = random_deals(tables, 1, seed=5)[0]
    assert 0 <= solver.solve(deal.hands, deal.trump, deal.side, deal.to_move) <= 10
    assert solver.card_values(deal.hands, deal.trump, deal.side, deal.to_move)
    assert full_deal_times(2, ruleset).positions == card_value_cost(2, ruleset).positions == 2
    searching = (make_seat_policy("pimc", {"samples": 2}), make_seat_policy("dd"),
                 make_seat_policy("heuristic"), make_seat_policy("pimc", {"samples": 2}))
    rows = simulate(RunConfig(ruleset, searching, seed=7, deals=2, threads=1, record=True)).rows
    hands, deal_ids = deals_of_seed(ruleset, 7, 0, 2)
    mapped = play_variants(ruleset, searching, [Variant("as dealt")], hands, deal_ids, 7, threads=1)
    assert np.array_equal(play_deals(ruleset, searching, 7, 0, 2), rows)
    assert mapped.shape[0] == 2

    callers = _loaded_callers()
    assert {name.rsplit(".", 1)[1] for name in callers} >= {
        "solve", "card_values", "solve_counted", "card_values_counted", "play_chunk", "play_variants"}
    others = {name: sorted(names - {preloaded}) for name, names in callers.items() if names != {preloaded}}
    assert not others, f"kernels calling a search the preload does not load: {others}"
    assert len(_dd._reaches.overloads) == 1   # and no caller made numba compile another in this process
