"""The strong policy's weights: ``strong.toml`` beside this module, written by `spadille train
reversis` (analyses/reversis/strong_fit.py), read once.

The file holds one table per decision kind (``[weights.lead]``, ``[weights.follow]``,
``[weights.renounce]``), each naming every feature of ``_features.FEATURE_NAMES`` once, and a
``[fit]`` table saying how they were fitted (seed, deals, worlds, the search they imitate, the
regret figures). A file that misses a feature, names an unknown one or holds a non-number is a
``ReversisPolicyError`` in one sentence.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from . import layout as L
from .policies import ReversisPolicyError

SHIPPED = "strong.toml"


def feature_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(kinds, features): the names the file's tables and keys use, from the kernel's module."""
    from ._features import FEATURE_NAMES, KIND_NAMES

    return KIND_NAMES, FEATURE_NAMES


def read_weights(text: str, label: str) -> tuple[np.ndarray, dict]:
    """(float64[N_KINDS, N_FEATURES], the [fit] table) from a weights file's text."""
    kinds, features = feature_names()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReversisPolicyError(f"strong weights {label!r} are not valid TOML: {exc}") from None
    tables = data.get("weights")
    if not isinstance(tables, dict) or set(tables) != set(kinds):
        raise ReversisPolicyError(f"strong weights {label!r} need the tables [weights.{'], [weights.'.join(kinds)}]")
    weights = np.zeros((L.N_KINDS, L.N_FEATURES))
    for k, kind in enumerate(kinds):
        table = tables[kind]
        if set(table) != set(features):
            odd = sorted(set(table) ^ set(features))[0]
            raise ReversisPolicyError(f"strong weights {label!r}: [weights.{kind}] must name every feature once "
                                      f"({odd!r} is {'unknown' if odd in table else 'missing'})")
        for f, name in enumerate(features):
            value = table[name]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not abs(value) < 1e6:
                raise ReversisPolicyError(f"strong weights {label!r}: {kind}.{name} must be a number, not {value!r}")
            weights[k, f] = float(value)
    return weights, dict(data.get("fit", {}))


@lru_cache(maxsize=1)
def shipped() -> tuple[np.ndarray, dict]:
    text = resources.files(__package__).joinpath(SHIPPED).read_text(encoding="utf-8")
    return read_weights(text, SHIPPED)


def weight_columns(weights: np.ndarray) -> tuple[int, ...]:
    """The weights as the seat's policy row holds them: int64, kind by kind, in 1 / WEIGHT_SCALE."""
    return tuple(int(round(w * L.WEIGHT_SCALE)) for w in np.asarray(weights, dtype=np.float64).ravel())


def write_weights(path: Path, weights: np.ndarray, fit: dict) -> None:
    """The weights file for ``weights`` (float64[N_KINDS, N_FEATURES]) and its [fit] table."""
    kinds, features = feature_names()
    lines = ["# The strong Reversis policy's weights (kernel/reversis/_features.py, _policies.strong_card),",
             "# written by `spadille train reversis`; docs/reversis.md, \"The strong policy\".", "", "[fit]"]
    for key, value in fit.items():
        lines.append(f"{key} = {_toml_value(value)}")
    for k, kind in enumerate(kinds):
        lines += ["", f"[weights.{kind}]"]
        lines += [f"{name} = {weights[k, f]:.4f}" for f, name in enumerate(features)]
    text = "\n".join(lines) + "\n"
    read_weights(text, str(path))                # what is written reads back
    path.write_text(text, encoding="utf-8")


def _toml_value(value) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)
