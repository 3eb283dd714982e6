"""Run a fixed set of commands and compare their outputs with an earlier run of the same set.

Usage:
    .venv/bin/python docs/evidence/compare_outputs.py run DIR      # run every command, outputs into DIR
    .venv/bin/python docs/evidence/compare_outputs.py diff OLD NEW # compare two such folders

The evidence behind issue 11 (the per-game layout): every command's stdout, exit code and error
line, and every Parquet, CSV, Markdown, HTML and PNG file they write, must be identical before and
after a move of the code. Wall-clock figures (seconds, deals per second) and the run's own folder
are masked in stdout, since they differ from run to run; nothing else is. Parquet files are
compared byte for byte, and where the bytes differ, column by column and key by key of their
metadata, so the note can say what differed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

SPADILLE = str(Path(sys.executable).with_name("spadille"))
SOLVE_DEAL = ("spadille ♠K Q J 7 ♣K Q ♥K Q J / ♠6 5 4 3 2 ♣J 7 6 5 4 / ♣3 2 ♥7 6 5 4 3 2 ♦A K / "
              "♥A ♦Q J 7 6 5 4 3 2 basto")

# (name, arguments); an argument "{out}" is replaced by the run's folder.
COMMANDS = [
    ("simulate-enc", ["simulate", "quadrille", "--deals", "20000", "--seed", "3", "--out", "{out}/enc.parquet"]),
    ("simulate-enc-csv", ["simulate", "quadrille", "--deals", "3000", "--seed", "5", "--seat-policy", "dealer=random",
                          "--param", "alone_threshold=5.5", "--out", "{out}/enc.csv"]),
    ("simulate-sessions", ["simulate", "quadrille", "--deals", "8000", "--seed", "9", "--session-length", "8",
                           "--rule", "payments.lone_payment_threshold=4"]),
    ("simulate-trois", ["simulate", "quadrille", "--ruleset", "quadrille-a-trois", "--deals", "5000", "--seed", "2",
                        "--out", "{out}/trois.parquet"]),
    ("simulate-mediateur", ["simulate", "quadrille", "--ruleset", "mediateur", "--deals", "5000", "--seed", "2",
                            "--out", "{out}/mediateur.parquet"]),
    ("simulate-italian", ["simulate", "quadrille", "--ruleset", "italian-modern", "--deals", "5000", "--seed", "2",
                          "--out", "{out}/italian.parquet"]),
    ("simulate-dd", ["simulate", "quadrille", "--deals", "60", "--seed", "4", "--seat-policy", "eldest=dd",
                     "--out", "{out}/dd.parquet"]),
    ("simulate-pimc", ["simulate", "quadrille", "--deals", "6", "--seed", "4", "--seat-policy", "second=pimc",
                       "--out", "{out}/pimc.parquet"]),
    ("simulate-cabriolet", ["simulate", "cabriolet", "--players", "4", "--cover", "jeu", "--deals", "20000",
                            "--seed", "1", "--out", "{out}/cabriolet.parquet"]),
    ("simulate-cabriolet-dice", ["simulate", "cabriolet", "--dice", "--deals", "20000", "--seed", "1",
                                 "--out", "{out}/dice.csv"]),
    ("show", ["show", "quadrille", "--seed", "1", "--deal", "42"]),
    ("show-italian", ["show", "quadrille", "--seed", "3", "--deal", "7", "--ruleset", "italian-modern"]),
    ("show-trois", ["show", "quadrille", "--seed", "3", "--deal", "11", "--ruleset", "quadrille-a-trois"]),
    ("rules", ["rules", "quadrille"]),
    ("rules-list", ["rules", "quadrille", "--list"]),
    ("rules-italian-hearts", ["rules", "quadrille", "--ruleset", "italian-modern", "--trump", "hearts"]),
    ("odds", ["odds", "cabriolet", "--players", "5"]),
    ("odds-dice", ["odds", "cabriolet", "--dice"]),
    ("evaluate", ["evaluate", "quadrille", "spadille basto ♥7 A K Q 3 ♣K ♦K ♠7", "--seat", "eldest",
                  "--deals", "1500", "--out", "{out}/evaluate.csv"]),
    ("evaluate-dd", ["evaluate", "quadrille", "Rh Dh 7h As Ac 4h Rc 5d 6d 2s", "--play", "dd", "--deals", "20"]),
    ("solve", ["solve", "quadrille", SOLVE_DEAL, "--trump", "hearts", "--ombre", "eldest", "--friend", "third"]),
    ("claims-quick", ["claims", "--quick"]),
    ("report-quick", ["report", "--quick", "--deals", "20000", "--out", "{out}/report"]),
    # Refusals: one line on stderr and the exit code are part of the behaviour too.
    ("error-odds-quadrille", ["odds", "quadrille"]),
    ("error-show-cabriolet", ["show", "cabriolet"]),
    ("error-bad-ruleset", ["simulate", "quadrille", "--ruleset", "no-such-ruleset", "--deals", "10"]),
    ("error-bad-rule", ["rules", "quadrille", "--rule", "vole.failed=nonsense"]),
    ("error-bad-hand", ["evaluate", "quadrille", "♠K ♠K", "--seat", "eldest"]),
]

TIMING = [
    (re.compile(r"in [\d.,]+ (?:s|min)(?: \([\d,.]+ [a-z]+/s\))?"), "in <time>"),
    (re.compile(r"[\d,.]+ (?:deals|sessions|rounds)/s"), "<rate>"),
    (re.compile(r"\b\d+(?:\.\d+)? s\b"), "<seconds>"),
]


def mask(text: str) -> str:
    for pattern, replacement in TIMING:
        text = pattern.sub(replacement, text)
    return text


def run(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "COLUMNS": "160", "TERM": "dumb"}
    for name, arguments in COMMANDS:
        args = [a.replace("{out}", str(folder)) for a in arguments]
        done = subprocess.run([SPADILLE, *args], capture_output=True, text=True, env=env)
        error_lines = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
        # the run's own folder is named in some lines ("Wrote ... to FOLDER/x.parquet"): name it alike
        (folder / f"{name}.stdout").write_text(mask(done.stdout).replace(str(folder), "{out}"), encoding="utf-8")
        (folder / f"{name}.status").write_text(json.dumps({"rc": done.returncode, "errors": error_lines}) + "\n")
        print(f"{name}: exit {done.returncode}", flush=True)


def _parquet_difference(old: Path, new: Path) -> str:
    import pyarrow.parquet as pq

    a, b = pq.read_table(old), pq.read_table(new)
    if a.schema.remove_metadata() != b.schema.remove_metadata():
        return "schemas differ"
    if not a.equals(b):
        return "data differs"
    meta_a, meta_b = a.schema.metadata or {}, b.schema.metadata or {}
    keys = sorted(k for k in set(meta_a) | set(meta_b) if meta_a.get(k) != meta_b.get(k))
    return f"same data; metadata keys differ: {[k.decode() for k in keys]}"


def diff(old: Path, new: Path) -> int:
    names = sorted({p.relative_to(old) for p in old.rglob("*") if p.is_file()}
                   | {p.relative_to(new) for p in new.rglob("*") if p.is_file()})
    different = 0
    for name in names:
        a, b = old / name, new / name
        if not a.exists() or not b.exists():
            print(f"only in {'new' if not a.exists() else 'old'}: {name}")
            different += 1
        elif a.read_bytes() != b.read_bytes():
            why = _parquet_difference(a, b) if name.suffix == ".parquet" else "bytes differ"
            print(f"differs: {name} ({why})")
            different += 1
    print(f"{len(names)} files compared, {different} differ")
    return 1 if different else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "run":
        run(Path(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        sys.exit(diff(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        sys.exit(__doc__)
