"""Measure the table behind ``win_chance`` (kernel/quadrille/win_chances.py) and write it.

    python -m spadille.analyses.quadrille.claims.win_chance_table --deals 400000 --seed 2026

For each card play (every report card play, policies.CARD_PLAYS, by default; ``--card-play`` names
one, whose table is measured and written beside the others the file already holds), deals 0 .. deals-1 of ``seed`` are played
twice from the same random stream, the eldest hand's bid fixed to an ask and to sans prendre, every
other decision the card play's; each deal he played by his own bid adds a play, and a win if his side
won, to his hand's class. The file is written whole or not at all, with each table's stamp (command,
seed, deals, ruleset, version).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.win_chances import CONTRACTS, SHIPPED, TRUMPS_TOP, hand_classes

BATCH = 65_536


def measure(card_play: str, deals: int, seed: int, threads: int | None = None,
            progress: Callable[[int], None] | None = None) -> dict:
    """{"stamp": ..., "ask": {"m,t,k": [plays, wins]}, "alone": {...}} for ``card_play``."""
    from spadille.kernel.common.version import package_version
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET, load_ruleset
    from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

    ruleset = load_ruleset(DEFAULT_RULESET)
    policies = (make_seat_policy(card_play),) * ruleset["pack.seats"]
    variants = [Variant(name, Force(seat=0, bid=bid)) for name, bid in CONTRACTS.items()]
    plays = np.zeros((len(variants), 4, TRUMPS_TOP + 1, 4), dtype=np.int64)
    wins = np.zeros_like(plays)
    for begin in range(0, deals, BATCH):
        hands, ids = deals_of_seed(ruleset, seed, begin, min(BATCH, deals - begin))
        out = play_variants(ruleset, policies, variants, hands, ids, seed, threads=threads)
        classes = hand_classes(hands[:, 0], ruleset)
        for index in range(len(variants)):
            contract = out[:, index, L.OUT_CONTRACT]
            own = (out[:, index, L.OUT_OMBRE] == 0) & (contract != L.FORCED) & (contract != L.NO_CONTRACT)
            won = own & (out[:, index, L.OUT_OUTCOME] == L.WIN)
            np.add.at(plays[index], classes, own.astype(np.int64))
            np.add.at(wins[index], classes, won.astype(np.int64))
        if progress is not None:
            progress(len(ids))
    stamp = {"command": "python -m spadille.analyses.quadrille.claims.win_chance_table " + " ".join(sys.argv[1:]),
             "card_play": card_play, "ruleset": ruleset.name, "seat": "eldest", "seed": seed, "deals": deals,
             "version": package_version()}
    table: dict = {"stamp": stamp}
    for index, name in enumerate(CONTRACTS):
        table[name] = {f"{m},{t},{k}": [int(plays[index, m, t, k]), int(wins[index, m, t, k])]
                       for m, t, k in zip(*np.nonzero(plays[index]))}
    return table


def _toml_value(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return str(value)


def toml_text(tables: dict) -> str:
    lines = ["# The tables behind win_chance (kernel/quadrille/win_chances.py), written by",
             "# analyses/quadrille/claims/win_chance_table.py: per card play, \"matadors,trumps,side kings\" = [plays, wins]."]
    for card_play, table in tables.items():
        for section, entries in table.items():
            lines += ["", f"[{card_play}.{section}]"]
            lines += [f'"{key}" = {_toml_value(value)}' if section != "stamp" else f"{key} = {_toml_value(value)}"
                      for key, value in entries.items()]
    return "\n".join(lines) + "\n"


def write(path: Path, tables: dict) -> None:
    """Atomically: a temporary file beside the target, renamed over it."""
    handle, temporary = tempfile.mkstemp(prefix=".win-chances-", suffix=".toml", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(toml_text(tables))
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    from spadille.kernel.quadrille.policies import CARD_PLAYS

    parser.add_argument("--card-play", action="append", choices=CARD_PLAYS,
                        help=f"{', '.join(CARD_PLAYS)} (default: all); the file's other tables are kept")
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--out", type=Path, default=SHIPPED)
    options = parser.parse_args(argv)
    kept = _read(options.out) if options.card_play else {}
    measured = {play: measure(play, options.deals, options.seed, options.threads)
                for play in options.card_play or CARD_PLAYS}
    # a table measured now replaces its old one in place; the others keep their own stamps
    write(options.out, {**kept, **measured})


def _read(path: Path) -> dict:
    import tomllib

    if not path.exists():
        return {}
    with open(path, "rb") as handle:
        return tomllib.load(handle)


if __name__ == "__main__":
    main()
