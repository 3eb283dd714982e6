"""Where a first run's compile time goes: every numba dispatcher's compile timed, exclusive of the
compiles nested in it, while a spadille command runs in this process. Run it from an empty cache:

  NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python docs/evidence/deal_loop_compile.py simulate quadrille --deals 1000

It prints the command's own output, then the total and the 30 costliest dispatchers: seconds
exclusive, seconds inclusive, how many times a call site asked for the function, and the
signatures numba compiled for it (two or more: a specialisation, e.g. for an int literal)."""
from __future__ import annotations

import collections
import sys
import time

from numba.core import dispatcher
from spadille_in_process import run_spadille

_compile = dispatcher.Dispatcher.compile
_nested: list[float] = []
inclusive: dict[str, float] = collections.defaultdict(float)
exclusive: dict[str, float] = collections.defaultdict(float)
asked: collections.Counter = collections.Counter()
signatures: dict[str, set] = collections.defaultdict(set)


def _timed(self, sig):
    name = f"{self.py_func.__module__.split('.')[-1]}.{self.py_func.__name__}"
    started = time.perf_counter()
    _nested.append(0.0)
    try:
        return _compile(self, sig)
    finally:
        took = time.perf_counter() - started
        nested = _nested.pop()
        if _nested:
            _nested[-1] += took
        inclusive[name] += took
        exclusive[name] += took - nested
        asked[name] += 1
        signatures[name].update(str(s) for s in self.overloads)


def main() -> None:
    dispatcher.Dispatcher.compile = _timed
    print(f"total {run_spadille(sys.argv[1:]):.1f} s")
    for name, seconds in sorted(exclusive.items(), key=lambda item: -item[1])[:30]:
        print(f"{seconds:7.2f} s exclusive {inclusive[name]:7.2f} s inclusive  asked {asked[name]:3d}  "
              f"signatures {len(signatures[name])}  {name}")


if __name__ == "__main__":
    main()
