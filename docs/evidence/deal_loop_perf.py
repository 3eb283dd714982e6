"""Where the deal loop's time goes by jitted function, with perf: plays DEALS whole deals under one policy
on one core (the stage script's jitted loop), then writes /tmp/perf-PID.map naming the numba code it ran,
so that perf can attribute its samples (numba's JIT code has no symbols of its own).

  perf record -F 4000 -o /tmp/deal.perf -- .venv/bin/python docs/evidence/deal_loop_perf.py heuristic 2000000
  perf report -i /tmp/deal.perf --no-children --sort sym

The map is made from the object code numba loads from its cache (the first run after a change compiles
and maps nothing: run it twice). LLVM inlines most helpers into play_hands, so that one function holds
the trick loop and the card choice; `best_trumps` (the bidding estimate) and `deal_hands` stay apart.
Prints the CPU time a deal to stderr."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

import numba
from numba.core import codegen

_LOADED = []
_set_compiled_object = codegen.CPUCodeLibrary._set_compiled_object


def _keep_object(library, value):
    """The cache hands each library its object code once, then drops it: keep a reference for the map."""
    library._kept_object = value
    _LOADED.append(library)
    return _set_compiled_object(library, value)


codegen.CPUCodeLibrary._set_compiled_object = _keep_object


def write_perf_map() -> int:
    """/tmp/perf-PID.map: start, size and name of every function in the loaded libraries' object code."""
    lines = []
    for library in _LOADED:
        with tempfile.NamedTemporaryFile(suffix=".o") as obj:
            obj.write(library._kept_object)
            obj.flush()
            symbols = subprocess.run(["nm", "-S", "--defined-only", obj.name], capture_output=True,
                                     text=True).stdout
        for line in symbols.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2].lower() in ("t", "w"):
                address = library._codegen._engine.get_function_address(parts[3])
                if address:
                    lines.append(f"{address:x} {int(parts[1], 16):x} {parts[3]}")
    with open(f"/tmp/perf-{os.getpid()}.map", "a") as out:
        out.write("\n".join(lines) + "\n")
    return len(lines)


def main(policy: str, deals: int) -> None:
    sys.path.insert(0, os.path.dirname(__file__))
    from deal_loop_stages import _whole

    from spadille.kernel.quadrille._decide import kinds_of
    from spadille.kernel.quadrille.policies import kernel_arrays, make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.search.solver import compress8_table
    from spadille.kernel.quadrille.tables import build_tables

    numba.set_num_threads(1)
    t = build_tables(load_ruleset())
    ids, params = kernel_arrays(tuple(make_seat_policy(policy) for _ in range(4)))
    compress8, kinds = compress8_table(), kinds_of(make_seat_policy(policy) for _ in range(4))

    def run(n):   # the stage script's whole-deal loop, with the deal loop's bundled tables (t.cards)
        return _whole(12345, n, t.rules, t.bete_chain, t.cards, ids, params, compress8, kinds)

    run(1000)  # compile or load
    started = time.process_time()
    run(deals)
    print(f"{policy}: {(time.process_time() - started) / deals * 1e9:.0f} ns a deal (CPU); "
          f"{write_perf_map()} functions mapped", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "heuristic", int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000)
