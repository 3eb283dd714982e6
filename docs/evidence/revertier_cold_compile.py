"""The Révertier kernel's compile time from a cold numba cache (docs/revertier.md, "Speed"): the
first run_games call compiles play_games, which dispatches every policy, so the later calls only
play. Always with a fresh cache (numba does not recompile a cached caller when a callee changes):
  NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python docs/evidence/revertier_cold_compile.py
Each line: the policy pair, wall seconds, the run's CPU seconds."""
import time

t = time.time()
from spadille.kernel.revertier.ruleset import load_revertier_ruleset  # noqa: E402
from spadille.kernel.revertier.simulate import GameConfig, run_games  # noqa: E402

rules = load_revertier_ruleset()
for pol in [("heuristic", "heuristic"), ("random", "heuristic"), ("expectimax", "heuristic")]:
    t0 = time.time()
    r = run_games(GameConfig(rules, 1, 20 if pol[0] == "expectimax" else 2000, pol, None))
    print(pol, time.time() - t0, r.cpu_seconds, flush=True)
print("total", time.time() - t)
