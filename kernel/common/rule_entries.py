"""One rule of a ruleset file, as every game's ruleset writes it, and the checks all games share.

A rule is a TOML table: ``value``, ``source`` (a seed file or a digest section), ``passage``
(the words it rests on), ``status`` and, for a switch, ``choices`` and a ``note``. A switch
between two readings of one text also lists its ``readings``: for each value, the passage that
supports it, with its own source and a note on what that reading does. Each game has
its own schema of keys and value checks and its own statuses; the reading is the same, so it
lives here once (Quadrille: kernel/quadrille/ruleset.py; Cabriolet: kernel/cabriolet/ruleset.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import RulesetError

RULE_FIELDS = {"value", "source", "passage", "status", "choices", "note", "readings"}
READING_FIELDS = {"value", "source", "passage", "note"}

ValueCheck = Callable[[Any], "str | None"]


@dataclass(frozen=True)
class Reading:
    """One value of a switch and the words that support it."""

    value: Any
    source: str
    passage: str
    note: str = ""


@dataclass(frozen=True)
class Rule:
    key: str
    value: Any
    source: str
    passage: str
    status: str
    choices: tuple[Any, ...] = ()
    note: str = ""
    readings: tuple[Reading, ...] = ()

    def reading(self, value: Any) -> Reading | None:
        """The reading behind ``value``, if the rule lists its readings."""
        return next((r for r in self.readings if r.value == value and type(r.value) is type(value)), None)


def int_range(lo: int, hi: int) -> ValueCheck:
    def check(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool):
            return "must be an integer"
        return None if lo <= v <= hi else f"must be between {lo} and {hi}"
    return check


def boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def read_rule(label: str, key: str, entry: Any, *, schema: Mapping[str, ValueCheck], statuses: tuple[str, ...],
              error: type[Exception], fixed_values: Mapping[str, Any] | None = None,
              implemented: Mapping[str, tuple] | None = None,
              shown: Callable[[str, Any], str] = lambda key, value: f"value {value!r}") -> Rule:
    """Check one rule table of file ``label`` and return it; ``error`` carries one sentence naming
    the file, the key and the problem. ``implemented`` lists, per key, the values the engine
    knows; ``fixed_values`` the keys whose only meaningful value is fixed by the engine's model."""
    where = f"ruleset {label!r}: rule {key!r}"
    if not isinstance(entry, dict):
        raise error(f"{where} must be a table with value, source, passage and status")
    unknown = sorted(set(entry) - RULE_FIELDS)
    if unknown:
        raise error(f"{where} has unknown field {unknown[0]!r}")
    for needed in ("value", "source", "passage", "status"):
        if needed not in entry:
            raise error(f"{where} is missing {needed!r}")
    for text_field in ("source", "passage", "status"):
        if not isinstance(entry[text_field], str) or not entry[text_field].strip():
            raise error(f"{where}: {text_field!r} must be a non-empty string")
    if entry["status"] not in statuses:
        raise error(f"{where}: status {entry['status']!r} is not one of {', '.join(statuses)}")
    value = entry["value"]
    problem = schema[key](value)
    if problem:
        raise error(f"{where}: {shown(key, value)} {problem}")
    readings = _read_readings(where, entry.get("readings", []), schema[key], error, shown, key)
    # Readings of an amount (a payment two texts price differently) mark cited points on an
    # open scale: any agreed amount stays allowed (an override may pick another). Readings of a
    # behaviour are its choices.
    amounts = bool(readings) and all(_is_amount(r.value) for r in readings)
    choices = tuple(entry.get("choices", ())) or (() if amounts else tuple(r.value for r in readings))
    if choices and value not in choices:
        raise error(f"{where}: value {value!r} is not among its choices {list(choices)}")
    if readings and not amounts and sorted(map(repr, choices)) != sorted(repr(r.value) for r in readings):
        raise error(f"{where}: its readings must cite each of its choices {list(choices)} once")
    known = (implemented or {}).get(key)
    if known is not None:
        for option in choices or (value,):
            if option not in known:
                raise error(f"{where}: {option!r} is not implemented (the engine knows {list(known)})")
    fixed = fixed_values or {}
    if key in fixed and value != fixed[key]:
        raise error(f"{where}: only {fixed[key]!r} is implemented")
    return Rule(key, value, entry["source"], entry["passage"], entry["status"], choices, entry.get("note", ""),
                readings)


def _is_amount(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _read_readings(where: str, entries: Any, check: ValueCheck, error: type[Exception],
                   shown: Callable[[str, Any], str], key: str) -> tuple[Reading, ...]:
    """A switch's readings: a list of tables, each a value with the source and passage behind it."""
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise error(f"{where}: 'readings' must be a list of tables (value, source, passage, note)")
    readings = []
    for entry in entries:
        unknown = sorted(set(entry) - READING_FIELDS)
        if unknown:
            raise error(f"{where}: a reading has unknown field {unknown[0]!r}")
        for needed in ("value", "source", "passage"):
            if needed not in entry:
                raise error(f"{where}: a reading is missing {needed!r}")
        for text_field in ("source", "passage"):
            if not isinstance(entry[text_field], str) or not entry[text_field].strip():
                raise error(f"{where}: a reading's {text_field!r} must be a non-empty string")
        problem = check(entry["value"])
        if problem:
            raise error(f"{where}: reading {shown(key, entry['value'])} {problem}")
        readings.append(Reading(entry["value"], entry["source"], entry["passage"], entry.get("note", "")))
    return tuple(readings)


def read_meta(label: str, data: dict, fields: set[str], error: type[Exception]) -> dict:
    """Take the file's ``[ruleset]`` table out of ``data``: it must name the ruleset and hold
    only ``fields``."""
    meta = data.pop("ruleset", None)
    if not isinstance(meta, dict) or "name" not in meta:
        raise error(f"ruleset {label!r} needs a [ruleset] table with a name")
    unknown = sorted(set(meta) - fields)
    if unknown:
        raise error(f"ruleset {label!r}: unknown field {unknown[0]!r} in [ruleset]")
    return meta


def read_rule_tables(label: str, data: Mapping[str, Any], schema: Mapping[str, ValueCheck], error: type[Exception],
                     parse_rule: Callable[[str, str, Any], Rule]) -> dict[str, Rule]:
    """Every ``[section.name]`` table of a file (its ``[ruleset]`` table already taken out), each
    read by ``parse_rule``; an unknown or a missing rule is an ``error``."""
    rules: dict[str, Rule] = {}
    for section, entries in data.items():
        if not isinstance(entries, dict):
            raise error(f"ruleset {label!r}: {section!r} must be a section of rules")
        for name, entry in entries.items():
            key = f"{section}.{name}"
            if key not in schema:
                raise error(f"ruleset {label!r}: unknown rule {key!r}")
            rules[key] = parse_rule(label, key, entry)
    missing = [k for k in schema if k not in rules]
    if missing:
        raise error(f"ruleset {label!r} is missing rule {missing[0]!r}")
    return rules


def read_ruleset_file(name_or_path, error: type[Exception]) -> tuple[str, str] | None:
    """(label, text) when ``name_or_path`` is a TOML file (a path, or a name that exists on disk),
    None when it is a ruleset name for the caller to look up among its shipped files."""
    from pathlib import Path

    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        from .files import FileTooLarge, read_limited_text

        try:
            return str(candidate), read_limited_text(candidate)
        except FileTooLarge as exc:
            raise error(f"ruleset file {str(candidate)!r} {exc}") from None
        except OSError as exc:
            raise error(f"cannot read ruleset file {str(candidate)!r}: {exc.strerror}") from None
    return None


def parse_override(text: str) -> tuple[str, Any]:
    """'payments.lone_payment_threshold=4' -> (key, 4). The value is read as TOML (numbers,
    true/false, ["lists"]) and otherwise taken as a plain word, so quotes are optional."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise RulesetError(f"a rule override must look like KEY=VALUE, not {text!r}")
    try:
        value = tomllib.loads(f"value = {raw}")["value"]
    except tomllib.TOMLDecodeError:
        value = raw
    return key, value


def locate_ruleset(name_or_path, default: str, package: str, game: str, error: type[Exception]) -> tuple[str, str]:
    """(label, text) for a game that ships one ruleset file: a TOML path, or the default's name,
    read from ``package``'s ``rulesets/`` folder (every game keeps its rulesets there); any other
    name is an ``error`` naming the game."""
    from importlib import resources

    found = read_ruleset_file(name_or_path, error)
    if found is not None:
        return found
    if str(name_or_path) != default:
        raise error(f"unknown {game} ruleset {str(name_or_path)!r}; available: {default} (or a path to a TOML file)")
    resource = resources.files(package).joinpath("rulesets", f"{default}.toml")
    return f"{default}.toml", resource.read_text(encoding="utf-8")
