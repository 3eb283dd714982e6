"""Where a first run's compile time goes, by numba's own events: each jitted function's compile split
into LLVM's part (code generation and optimisation, the time numba holds its LLVM lock) and the rest
(type inference, numba's lowering to LLVM IR, the cache's pickling), each exclusive of the compiles
nested in it, and the totals by compiler pass. Run it from an empty cache:

  NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python docs/evidence/compile_breakdown.py \
      simulate quadrille --deals 1000 --threads 1

It prints the command's own output, then the totals and the 30 costliest functions. The events are
``numba:compile`` (a dispatcher compiling a signature), ``numba:run_pass`` (one compiler pass on one
function) and ``numba:llvm_lock`` (numba.core.event); nested events are subtracted from the one that
holds them, so the columns add up to the whole compile. (docs/evidence/deal_loop_compile.py times
the dispatchers alone, by wrapping ``Dispatcher.compile``.)"""
from __future__ import annotations

import collections
import sys
import time

from numba.core import event
from spadille_in_process import run_spadille

_stack: list[list] = []          # [kind, label, started, nested seconds]
function_total: dict[str, float] = collections.defaultdict(float)
function_llvm: dict[str, float] = collections.defaultdict(float)
by_pass: dict[str, float] = collections.defaultdict(float)
signatures: dict[str, set] = collections.defaultdict(set)
outside = {"llvm": 0.0, "other": 0.0}   # compile work not inside any dispatcher's compile


def _function() -> str | None:
    """The innermost function being compiled."""
    for kind, label, _, _ in reversed(_stack):
        if kind == "compile":
            return label
    return None


class _Listener(event.Listener):
    def __init__(self, kind: str):
        self.kind = kind

    def on_start(self, ev) -> None:
        label = None
        if self.kind == "compile":
            dispatcher = ev.data["dispatcher"]
            label = f"{dispatcher.py_func.__module__.split('.')[-1]}.{dispatcher.py_func.__name__}"
            signatures[label].add(str(ev.data["args"]))
        elif self.kind == "pass":
            label = ev.data["name"].split(" [")[0]
        _stack.append([self.kind, label, time.perf_counter(), 0.0])

    def on_end(self, ev) -> None:
        kind, label, started, nested = _stack.pop()
        took = time.perf_counter() - started
        own = took - nested
        if _stack:
            _stack[-1][3] += took
        function = label if kind == "compile" else _function()
        if kind == "pass":
            by_pass[label] += own
        elif kind == "llvm":
            by_pass["(LLVM: codegen and optimisation)"] += own
        if function is None:
            outside["llvm" if kind == "llvm" else "other"] += own
            return
        function_total[function] += own
        if kind == "llvm":
            function_llvm[function] += own


def main() -> None:
    for kind, name in (("compile", "numba:compile"), ("pass", "numba:run_pass"), ("llvm", "numba:llvm_lock")):
        event.register(name, _Listener(kind))
    whole = run_spadille(sys.argv[1:])
    compiled = sum(function_total.values())
    llvm = sum(function_llvm.values())
    print(f"whole command {whole:.1f} s; inside compiles {compiled:.1f} s, of which LLVM {llvm:.1f} s "
          f"({len(function_total)} functions, {sum(len(s) for s in signatures.values())} signatures); "
          f"outside any compile: LLVM {outside['llvm']:.1f} s, passes {outside['other']:.1f} s")
    print("by pass (exclusive):")
    for name, seconds in sorted(by_pass.items(), key=lambda item: -item[1])[:10]:
        print(f"  {seconds:7.2f} s  {name}")
    print("by function (exclusive): total, LLVM, the rest, signatures")
    for name, seconds in sorted(function_total.items(), key=lambda item: -item[1])[:30]:
        print(f"  {seconds:7.2f} {function_llvm[name]:7.2f} {seconds - function_llvm[name]:7.2f}  "
              f"{len(signatures[name])}  {name}")


if __name__ == "__main__":
    main()
