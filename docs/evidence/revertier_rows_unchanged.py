"""Evidence that a speed-up of the Révertier kernel (issue 18) leaves every decision as it was: the
per-game rows of GAMES games per (policy pair, switch set), hashed. Run it on the tree before the
change and after, with a fresh numba cache each time, then compare the two files:
  NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python docs/evidence/revertier_rows_unchanged.py 8000 before.json
  NUMBA_CACHE_DIR=$(mktemp -d) .venv/bin/python docs/evidence/revertier_rows_unchanged.py 8000 after.json before.json
With a third argument it compares and exits 1 on any difference; further arguments keep only the
policy pairs named (e.g. heuristic:heuristic), a quick check between the full ones. The slow policies play fewer games
(heuristic-full, hitter, runner: GAMES // 20; expectimax: 10 games of three men a side)."""
import hashlib
import json
import sys

import numpy as np

from spadille.kernel.revertier.ruleset import DEFAULT_REVERTIER_RULESET, load_revertier_ruleset
from spadille.kernel.revertier.simulate import GameConfig, run_games

SWITCH_SETS = (
    (None, []),
    ("verquere-1674", []),
    ("svensk-bradspel-1905", []),
    (None, ["making.prime_limit=five-unless-last"]),
    (None, ["making.no_doubling_zone=first-12-with-start", "entry.may_hit=true"]),
    (None, ["making.no_doubling_zone=first-11-until-12th", "wins.jan=fiske", "wins.special_positions=fiske"]),
    (None, ["dice.doublets=2", "dice.one_die=either", "entry.blocked=whole-turn"]),
    (None, ["bearoff.overthrow=from-highest", "wins.blocked_opponent=berm", "start.first_player=lower"]),
    (None, ["making.prime_limit=five-unless-last", "entry.may_hit=true", "entry.blocked=whole-turn",
            "dice.one_die=either"]),
    (None, ["wins.jan=none", "making.no_doubling_zone=first-11-until-12th", "bearoff.overthrow=from-highest"]),
)
PAIRS = (("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic"), ("random", "random"),
         ("heuristic-full", "heuristic"), ("hitter", "runner"))


def rows_hash(preset, rules, policies, games, seed=5):
    ruleset = load_revertier_ruleset(DEFAULT_REVERTIER_RULESET, preset, rules)
    out = run_games(GameConfig(ruleset, seed, games, policies, threads=1)).out
    return hashlib.sha256(np.ascontiguousarray(out).tobytes()).hexdigest()


def main():
    games, path = int(sys.argv[1]), sys.argv[2]
    keep = sys.argv[4:]
    out = {}
    for preset, rules in SWITCH_SETS:
        for policies in PAIRS:
            if keep and f"{policies[0]}:{policies[1]}" not in keep:
                continue
            n = games if policies[0] in ("heuristic", "random") else max(1, games // 20)
            name = f"{preset or 'default'} {' '.join(rules)} {policies[0]}:{policies[1]} {n}"
            out[name] = rows_hash(preset, rules, policies, n)
            print(name, out[name][:16], flush=True)
        if keep and "expectimax:heuristic" not in keep:
            continue
        name = f"{preset or 'default'} {' '.join(rules)} board.men=3 expectimax:heuristic 10"
        out[name] = rows_hash(preset, rules + ["board.men=3"], ("expectimax", "heuristic"), 10)
        print(name, out[name][:16], flush=True)
    json.dump(out, open(path, "w"), indent=1)
    if len(sys.argv) > 3:
        before = json.load(open(sys.argv[3]))
        differ = [k for k in out if before[k] != out[k]]
        print(f"{len(out) - len(differ)} of {len(out)} row hashes equal ({len(before)} in {sys.argv[3]})" + "".join(f"\nDIFFER: {k}" for k in differ))
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
