"""The Révertier ruleset: one TOML file, every rule citing its passage, its switches, its presets;
its own schema and loader.

``load_revertier_ruleset(name_or_path, preset, overrides)`` reads and checks a file, applies a
preset (a named set of switch values from the file's ``[presets]`` tables) and then the
``--rule KEY=VALUE`` overrides. An unknown key, a missing rule, a wrong type, a value outside a
switch's choices or an unknown preset raises ``RevertierRulesetError`` (a ``RulesetError``, so the
command line prints it as one ``Error:`` line) naming the file, the key and the problem.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from spadille.kernel.common.errors import RulesetError
from spadille.kernel.common.ruleset import Ruleset as RulesetBase
from spadille.kernel.common.rule_entries import (Rule, boolean, int_range, locate_ruleset, parse_override, read_meta,
                                                 read_rule, read_rule_tables)

from . import layout as C

DEFAULT_REVERTIER_RULESET = "revertier-reconstructed"
STATUSES = ("stated", "inference", "reconstruction", "switch", "out-of-scope")
META_FIELDS = {"name", "title", "summary"}
PRESET_FIELDS = {"title", "source", "passage", "rules", "note"}


class RevertierRulesetError(RulesetError):
    """A Révertier ruleset that cannot be used; one sentence for the user."""


def _one_of(*allowed: Any) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        ok = v in allowed and (isinstance(v, bool) == isinstance(allowed[0], bool))
        return None if ok else f"must be one of {', '.join(map(str, allowed))}"
    return check


SCHEMA: dict[str, Callable[[Any], str | None]] = {
    "board.men": int_range(1, 15),
    "board.dice": int_range(2, 2),
    "board.start": _one_of("pile-on-point-1"),
    "board.direction": _one_of("same-sense"),
    "start.first_player": _one_of("higher", "lower"),
    "start.first_roll": _one_of("fresh-throw", "opening-dice"),
    "dice.doublets": _one_of(4, 2),
    "dice.use_both": _one_of("as-many-as-possible"),
    "dice.one_die": _one_of("larger", "either"),
    "making.no_doubling_zone": _one_of(*C.ZONE_NAMES),
    "making.prime_limit": _one_of("none", "five-unless-last"),
    "hit.lone_man": _one_of("to-the-bar"),
    "entry.point": _one_of("die-value"),
    "entry.bar_first": boolean,
    "entry.may_hit": boolean,
    "entry.blocked": _one_of("rest-of-roll", "whole-turn"),
    "bearoff.zone": _one_of("last-6"),
    "bearoff.overthrow": _one_of("exact", "from-highest"),
    "wins.special_positions": _one_of("none", "fiske"),
    "wins.jan": _one_of(*C.JAN_NAMES),
    "wins.blocked_opponent": _one_of("none", "berm"),
    "laws.naming_dice": _one_of("out-of-scope"),
    "laws.doublet_names": _one_of("out-of-scope"),
    "laws.throwing_dice": _one_of("out-of-scope"),
    "laws.cocked_dice": _one_of("out-of-scope"),
    "laws.counsel": _one_of("out-of-scope"),
}
# Rules whose only implemented value is the file's.
FIXED_VALUES = {"entry.bar_first": True}


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    source: str
    passage: str
    rules: Mapping[str, Any]
    note: str = ""


@dataclass(frozen=True)
class RevertierRuleset(RulesetBase):
    name: str
    title: str
    summary: str
    path: str
    text: str
    rules: Mapping[str, Rule]
    presets: Mapping[str, Preset]
    preset: str | None = None
    overrides: tuple[tuple[str, Any], ...] = field(default=())

    def switch_values(self) -> str:
        """'start.first_player=higher, dice.doublets=4, ...': what every output names."""
        return ", ".join(f"{r.key}={_shown(r.value)}" for r in self.switches())

    def label(self) -> str:
        """The ruleset as outputs name it: always 'reconstructed', with its preset."""
        preset = f", preset {self.preset}" if self.preset else ""
        return f"révertier (reconstructed): ruleset {self.name}{preset}"

    def codes(self):
        """int64[codes.N_CODES]: the switch values as the kernels read them."""
        import numpy as np

        out = np.zeros(C.N_CODES, dtype=np.int64)
        out[C.MEN] = self["board.men"]
        out[C.FIRST_LOWER] = self["start.first_player"] == "lower"
        out[C.DOUBLET_MOVES] = self["dice.doublets"]
        out[C.ONE_DIE_EITHER] = self["dice.one_die"] == "either"
        out[C.ZONE] = C.ZONE_NAMES[self["making.no_doubling_zone"]]
        out[C.PRIME_LIMIT] = self["making.prime_limit"] == "five-unless-last"
        out[C.ENTRY_MAY_HIT] = self["entry.may_hit"]
        out[C.ENTRY_WHOLE_TURN] = self["entry.blocked"] == "whole-turn"
        out[C.OVERTHROW] = self["bearoff.overthrow"] == "from-highest"
        out[C.SPECIAL] = self["wins.special_positions"] == "fiske"
        out[C.JAN] = C.JAN_NAMES[self["wins.jan"]]
        out[C.BLOCKED_WIN] = self["wins.blocked_opponent"] == "berm"
        out[C.OPENING_DICE] = self["start.first_roll"] == "opening-dice"
        return out


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def available_revertier_rulesets() -> list[str]:
    """The shipped Révertier rulesets (one; its presets are `--preset` values)."""
    return [DEFAULT_REVERTIER_RULESET]


def _locate(name_or_path: str | Path) -> tuple[str, str]:
    return locate_ruleset(name_or_path, DEFAULT_REVERTIER_RULESET, __package__, "Révertier", RevertierRulesetError)


def _read_presets(label: str, data: dict[str, Any]) -> dict[str, Preset]:
    tables = data.pop("presets", {})
    if not isinstance(tables, dict):
        raise RevertierRulesetError(f"ruleset {label!r}: [presets] must hold one table per preset")
    presets = {}
    for name, entry in tables.items():
        where = f"ruleset {label!r}: preset {name!r}"
        if not isinstance(entry, dict):
            raise RevertierRulesetError(f"{where} must be a table with title, source, passage and rules")
        unknown = sorted(set(entry) - PRESET_FIELDS)
        if unknown:
            raise RevertierRulesetError(f"{where} has unknown field {unknown[0]!r}")
        for needed in ("title", "source", "passage", "rules"):
            if needed not in entry:
                raise RevertierRulesetError(f"{where} is missing {needed!r}")
        if not isinstance(entry["rules"], dict) or not entry["rules"]:
            raise RevertierRulesetError(f"{where}: rules must be a table of switch = value")
        for key in entry["rules"]:
            if key not in SCHEMA:
                raise RevertierRulesetError(f"{where} sets unknown rule {key!r}")
        presets[name] = Preset(name, str(entry["title"]), str(entry["source"]), str(entry["passage"]),
                               MappingProxyType(dict(entry["rules"])), str(entry.get("note", "")))
    return presets


def _parse_rule(label: str, key: str, entry: Any) -> Rule:
    return read_rule(label, key, entry, schema=SCHEMA, statuses=STATUSES, error=RevertierRulesetError,
                     fixed_values=FIXED_VALUES)


def _set(data: dict[str, Any], key: str, value: Any) -> None:
    section, name = key.split(".", 1)
    data.setdefault(section, {}).setdefault(name, {})["value"] = value


def load_revertier_ruleset(name_or_path: str | Path = DEFAULT_REVERTIER_RULESET, preset: str | None = None,
                           override_texts: Sequence[str] = ()) -> RevertierRuleset:
    """A ruleset by name or path, then a preset's switch values, then KEY=VALUE overrides (--rule)."""
    label, text = _locate(name_or_path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RevertierRulesetError(f"ruleset {label!r} is not valid TOML: {exc}") from None
    presets = _read_presets(label, data)
    changes: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            raise RevertierRulesetError(f"unknown Révertier preset {preset!r}; available: {', '.join(presets)}")
        changes.update(presets[preset].rules)
    overrides = dict(parse_override(t) for t in override_texts)
    for key in overrides:
        if key not in SCHEMA:
            raise RevertierRulesetError(f"ruleset {label!r}: unknown rule {key!r}")
    changes.update(overrides)
    for key, value in changes.items():
        _set(data, key, value)
    if changes:
        text = text.rstrip("\n") + "\n" + "".join(
            f"# {'override' if k in overrides else 'preset ' + str(preset)}: {k} = {json.dumps(v, ensure_ascii=False)}\n"
            for k, v in changes.items())
    if overrides:
        label = f"{label} with " + ", ".join(f"{k}={v}" for k, v in overrides.items())
    meta = read_meta(label, data, META_FIELDS, RevertierRulesetError)
    rules = read_rule_tables(label, data, SCHEMA, RevertierRulesetError, _parse_rule)
    return RevertierRuleset(str(meta["name"]), str(meta.get("title", meta["name"])), str(meta.get("summary", "")),
                            label, text, MappingProxyType(rules), MappingProxyType(presets), preset,
                            tuple(overrides.items()))
