"""The ``strong`` policy's file: the heuristic's parameters as tuned, with the stamp that made them.

``strong`` is the heuristic with other values: the bidding thresholds and every ``ROLE.RULE`` of
the card play (card_rules.py). Its kernel id is the heuristic's, so it plays as fast, and the
reference engine plays it as it plays any heuristic row. The values live in ``strong.toml`` beside
this module (package data), written by ``spadille train quadrille`` (analyses/quadrille/tuning.py),
which stamps the file with the command, seed, version and the tuned policy's result on held-out
deals. The file has two tables:

* ``[stamp]``: strings and numbers saying how the values were made; read, never interpreted.
* ``[params]``: ``name = value`` for heuristic parameters; a name left out keeps its default.

Importing this module does not import numba (policies.py reads the file at import).
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from spadille.kernel.common.files import toml_value, write_text_atomic

SHIPPED = Path(__file__).with_name("strong.toml")


class StrongFileError(ValueError):
    """A strong.toml that cannot be read; one sentence for the user."""


@dataclass(frozen=True)
class StrongFile:
    params: Mapping[str, float]
    stamp: Mapping[str, object] = field(default_factory=dict)


def read_strong(path: str | os.PathLike | None = None) -> StrongFile:
    """The file's parameters and stamp (the shipped file's by default). Checks the shape only;
    policies.py checks each name and range against the heuristic's."""
    path = Path(SHIPPED if path is None else path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise StrongFileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise StrongFileError(f"{str(path)!r} is not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"stamp", "params"})
    if unknown:
        raise StrongFileError(f"{str(path)!r}: unknown table {unknown[0]!r} (tables: stamp, params)")
    params, stamp = data.get("params", {}), data.get("stamp", {})
    if not isinstance(params, dict) or not isinstance(stamp, dict):
        raise StrongFileError(f"{str(path)!r}: [params] and [stamp] must be tables")
    values = {}
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise StrongFileError(f"{str(path)!r}: parameter {key!r} must be a number, not {value!r}")
        values[key] = float(value)
    return StrongFile(values, stamp)



def strong_text(strong: StrongFile, header: str = "") -> str:
    """The file's text: an optional comment, then [stamp] and [params] (keys quoted: they hold dots)."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines += ["[stamp]"] + [f"{key} = {toml_value(value)}" for key, value in strong.stamp.items()]
    lines += ["", "[params]"] + [f'"{key}" = {toml_value(float(value))}' for key, value in strong.params.items()]
    return "\n".join(lines) + "\n"


def write_strong(path: str | os.PathLike, strong: StrongFile, header: str = "") -> None:
    """Write the file atomically: a temporary file in the same folder, renamed over the target, so a
    reader (or an interrupted run) never sees half a file."""
    write_text_atomic(path, strong_text(strong, header), ".strong-")
