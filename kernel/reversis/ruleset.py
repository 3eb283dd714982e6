"""The Reversis ruleset: one TOML file, every rule citing its passage, and its four presets.

``load_reversis_ruleset(name_or_path, preset, overrides)`` reads and checks the file, then sets
the preset's switch values (``dj``, the seed, by default) and the KEY=VALUE overrides on top.
An unknown key, a missing rule, a wrong type, a value outside a switch's choices, a preset that
misses a switch or sets an unknown one, or an unknown preset raises ``ReversisRulesetError`` (a
``RulesetError``: the command line prints it as one ``Error:`` line).
"""

from __future__ import annotations

import hashlib
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

DEFAULT_REVERSIS_RULESET = "reversis-dj"
DEFAULT_PRESET = "dj"
PRESETS = ("enc1765", "hague1785", "dj", "hoyle")
STATUSES = ("stated", "inference", "reconstruction", "switch", "out-of-scope")
META_FIELDS = {"name", "title", "summary"}
PRESET_VALUE_FIELDS = {"value", "source", "passage", "note"}


class ReversisRulesetError(RulesetError):
    """A Reversis ruleset or preset that cannot be used; one sentence for the user."""


def _one_of(*allowed: Any) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in allowed and not isinstance(v, bool) else f"must be one of {', '.join(map(str, allowed))}"
    return check


def _fixed(expected: Any) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v == expected and type(v) is type(expected) else f"must be {expected!r}"
    return check


SCHEMA: dict[str, Callable[[Any], str | None]] = {
    "pack.cards": _fixed(48),
    "deal.hand_size": _fixed(11),
    "deal.talon_order": _fixed("in-turn"),
    "exchange.mode": _one_of("compulsory", "optional"),
    "exchange.partners": boolean,
    "play.must_follow": boolean,
    "play.eldest_leads_heart": boolean,
    "cards.points": _fixed("A4-K3-Q2-J1"),
    "partie.winner": _fixed("fewest-points"),
    "partie.tie_break": _one_of("dealer-last", "dealer-left"),
    "partie.value": _one_of("ecart", "talon-1765"),
    "partie.payer": _one_of("each-player", "pool"),
    "partie.vis_a_vis_double": boolean,
    "quinola.placed_from_taker": int_range(0, 100),
    "quinola.placed_from_others": int_range(0, 100),
    "quinola.forced_from_holder": int_range(0, 100),
    "quinola.forced_from_others": int_range(0, 100),
    "quinola.forced_by": _one_of("higher-heart", "any-heart-lead"),
    "quinola.placed_takes_remise": boolean,
    "quinola.forced_makes_remise": boolean,
    "quinola.played_makes_remise": boolean,
    "quinola.little": boolean,
    "aces.payment": int_range(0, 100),
    "aces.diamond_payment": int_range(0, 100),
    "aces.played_to_partie_winner": boolean,
    "aces.forced_payer": _one_of("holder", "each-player"),
    "payments.played_paid_by": _one_of("holder", "as-forced"),
    "payments.vis_a_vis_double": boolean,
    "payments.bonne_tricks": int_range(0, 2),
    "reversis.undertaken": _fixed(9),
    "reversis.made_from_each": int_range(0, 1000),
    "reversis.broken_payment": int_range(0, 1000),
    "reversis.refund": boolean,
    "reversis.quinola_before_bonne": boolean,
    "espagnolette.definition": _one_of("none", "aces-and-quinola", "hoyle"),
    "espagnolette.renounce_tricks": _one_of(9, 11),
    "espagnolette.wins_partie": boolean,
    "espagnolette.waive": _fixed("until-first-renounce"),
    "espagnolette.all_costs": boolean,
    "espagnolette.trick_kept": _one_of("ordinary-game", "all-costs"),
    "espagnolette.all_costs_return": _one_of("double-every-gift", "own-consolations"),
    "espagnolette.reversis_pays_alone": boolean,
    "pool.opening_per_player": int_range(0, 1000),
    "pool.dealer_adds": int_range(0, 1000),
    "pool.remise_payment": _one_of("match-pool", "opening"),
    "penalties.looked_at_talon": _fixed("never-committed"),
    "penalties.ten_cards": _fixed("never-committed"),
    "penalties.revoke": _fixed("never-committed"),
    "laws.misdeal": _fixed("out-of-scope"),
}
# Rules whose only implemented value is the file's: the engine plays no other reading.
FIXED_VALUES = {key: True for key in (
    "exchange.partners", "play.must_follow", "partie.vis_a_vis_double", "quinola.placed_takes_remise",
    "quinola.forced_makes_remise", "quinola.played_makes_remise", "aces.played_to_partie_winner",
    "payments.vis_a_vis_double", "reversis.refund", "reversis.quinola_before_bonne", "espagnolette.wins_partie",
    "espagnolette.all_costs", "espagnolette.reversis_pays_alone")}
FIXED_VALUES["exchange.partners"] = False
FIXED_VALUES["quinola.little"] = False


@dataclass(frozen=True)
class PresetValue:
    key: str
    value: Any
    source: str
    passage: str
    note: str = ""


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    values: Mapping[str, PresetValue]


@dataclass(frozen=True)
class ReversisRuleset(RulesetBase):
    name: str
    title: str
    summary: str
    path: str
    text: str
    preset: str
    rules: Mapping[str, Rule]
    presets: Mapping[str, Preset]
    overrides: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def sha256(self) -> str:
        """The file's text with the preset and overrides appended: two runs share it only if their rules agree."""
        extra = f"\n# preset: {self.preset}\n" + "".join(
            f"# override: {k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in self.overrides)
        return hashlib.sha256((self.text + extra).encode("utf-8")).hexdigest()

    @property
    def label(self) -> str:
        """'reversis-dj, preset hoyle' with any overrides: what every output names."""
        return f"{self.name}, preset {self.preset}" + "".join(f", {k}={v}" for k, v in self.overrides)


def available_reversis_rulesets() -> list[str]:
    """The shipped Reversis rulesets: one file; its layers are presets (``available_presets``)."""
    return [DEFAULT_REVERSIS_RULESET]


def available_presets() -> list[str]:
    return list(PRESETS)


def _locate(name_or_path: str | Path) -> tuple[str, str]:
    return locate_ruleset(name_or_path, DEFAULT_REVERSIS_RULESET, __package__, "Reversis", ReversisRulesetError)


def _parse_rule(label: str, key: str, entry: Any) -> Rule:
    return read_rule(label, key, entry, schema=SCHEMA, statuses=STATUSES, error=ReversisRulesetError,
                     fixed_values=FIXED_VALUES)


def _read_presets(label: str, data: dict, rules: Mapping[str, Rule]) -> dict[str, Preset]:
    """The [presets.NAME] tables: each names every switch once, with a value among its choices and a citation."""
    tables = data.pop("presets", None)
    if not isinstance(tables, dict):
        raise ReversisRulesetError(f"ruleset {label!r} needs [presets.NAME] tables ({', '.join(PRESETS)})")
    switches = {r.key for r in rules.values() if r.status == "switch"}
    presets: dict[str, Preset] = {}
    for name in PRESETS:
        if name not in tables:
            raise ReversisRulesetError(f"ruleset {label!r} is missing preset {name!r}")
    for name, table in tables.items():
        if name not in PRESETS:
            raise ReversisRulesetError(f"ruleset {label!r}: unknown preset {name!r} (presets: {', '.join(PRESETS)})")
        where = f"ruleset {label!r}: preset {name!r}"
        if not isinstance(table, dict):
            raise ReversisRulesetError(f"{where} must be a table")
        values: dict[str, PresetValue] = {}
        for key, entry in table.items():
            if key == "title":
                continue
            if key not in switches:
                raise ReversisRulesetError(f"{where} sets {key!r}, which is not a switch of the ruleset")
            if not isinstance(entry, dict) or set(entry) - PRESET_VALUE_FIELDS or not {"value", "source",
                                                                                        "passage"} <= set(entry):
                raise ReversisRulesetError(f"{where}: {key!r} must be a table of value, source, passage (and note)")
            if entry["value"] not in rules[key].choices or isinstance(entry["value"], bool) != isinstance(
                    rules[key].value, bool):
                raise ReversisRulesetError(f"{where}: {key!r} = {entry['value']!r} is not among its choices "
                                           f"{list(rules[key].choices)}")
            values[key] = PresetValue(key, entry["value"], entry["source"], entry["passage"], entry.get("note", ""))
        missing = sorted(switches - set(values))
        if missing:
            raise ReversisRulesetError(f"{where} does not set switch {missing[0]!r}")
        presets[name] = Preset(name, str(table.get("title", name)), MappingProxyType(values))
    differs = [k for k, v in presets[DEFAULT_PRESET].values.items() if v.value != rules[k].value]
    if differs:
        raise ReversisRulesetError(f"ruleset {label!r}: preset {DEFAULT_PRESET!r} sets {differs[0]!r} to another "
                                   f"value than the rule's own")
    return presets


def load_reversis_ruleset(name_or_path: str | Path = DEFAULT_REVERSIS_RULESET, preset: str | None = None,
                          override_texts: Sequence[str] = ()) -> ReversisRuleset:
    """A ruleset by name or path, under ``preset`` (default dj), with KEY=VALUE overrides (--rule)."""
    preset = preset or DEFAULT_PRESET
    if preset not in PRESETS:
        raise ReversisRulesetError(f"unknown Reversis preset {preset!r}; presets: {', '.join(PRESETS)}")
    label, text = _locate(name_or_path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReversisRulesetError(f"ruleset {label!r} is not valid TOML: {exc}") from None
    meta = read_meta(label, data, META_FIELDS, ReversisRulesetError)
    preset_tables = data.pop("presets", None)
    rules = read_rule_tables(label, data, SCHEMA, ReversisRulesetError, _parse_rule)
    presets = _read_presets(label, {"presets": preset_tables}, rules)
    overrides = dict(parse_override(t) for t in override_texts)
    chosen = dict(rules)
    for key, value in [(k, v.value) for k, v in presets[preset].values.items()] + list(overrides.items()):
        if key not in SCHEMA:
            raise ReversisRulesetError(f"ruleset {label!r}: unknown rule {key!r}")
        entry = {"value": value, "source": rules[key].source, "passage": rules[key].passage,
                 "status": rules[key].status, "note": rules[key].note}
        if rules[key].choices:
            entry["choices"] = list(rules[key].choices)
        if rules[key].readings:
            entry["readings"] = [{"value": r.value, "source": r.source, "passage": r.passage, "note": r.note}
                                 for r in rules[key].readings]
        chosen[key] = _parse_rule(label, key, entry)
    return ReversisRuleset(str(meta["name"]), str(meta.get("title", meta["name"])), str(meta.get("summary", "")),
                           label, text, preset, MappingProxyType(chosen), MappingProxyType(presets),
                           tuple(overrides.items()))
