"""The Cabriolet ruleset: one TOML file, every rule citing its passage; its own schema and loader.

``load_cabriolet_ruleset(name_or_path, overrides)`` reads and checks a file. An unknown key, a
missing rule, a wrong type, a value outside a switch's choices, a player range the pack cannot
deal or a bad dice face map raises ``CabrioletRulesetError`` (a ``RulesetError``, so the command
line prints it as one ``Error:`` line) naming the file, the key and the problem.
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

from .cases import CASES

DEFAULT_CABRIOLET_RULESET = "cabriolet-lacombe-1798"
STATUSES = ("stated", "inference", "reconstruction", "switch")
META_FIELDS = {"name", "title", "summary"}
PACK_CARDS = 32


class CabrioletRulesetError(RulesetError):
    """A Cabriolet ruleset that cannot be used; one sentence for the user."""


def _one_of(*allowed: Any) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in allowed and not isinstance(v, bool) else f"must be one of {', '.join(map(str, allowed))}"
    return check


def _face_map(v: Any) -> str | None:
    try:
        parse_face_map(v)
    except ValueError as exc:
        return str(exc)
    return None


SCHEMA: dict[str, Callable[[Any], str | None]] = {
    "players.min": int_range(2, 6),
    "players.max": int_range(2, 6),
    "pack.cards": int_range(32, 32),
    "pack.hand_size": int_range(5, 5),
    "deal.turned_card": _one_of("dealer-last"),
    "board.stake": int_range(1, 1000),
    "board.restake": _one_of("every-deal", "after-cabriolet"),
    "board.collect_only_covered": boolean,
    "cases.confiance_same_suit": boolean,
    "cases.parts_of_mariage": boolean,
    "cases.pairs_at_least": boolean,
    "cases.cabriolet_sweep": _one_of("covered", "all"),
    "cases.aces_requires": _one_of("jeu", "none"),
    "cases.aces_payment": int_range(0, 1000),
    "declare.order": _one_of("eldest-first"),
    "declare.opposition": boolean,
    "declare.opposer_must_cover": boolean,
    "declare.exchange": _one_of("off", "one-call"),
    "play.who": _one_of("in-turn", "eldest-only"),
    "play.requires_jeu_cover": boolean,
    "play.win_condition": _one_of("three-tricks", "most-tricks"),
    "play.must_trump": boolean,
    "play.loss": _one_of("match-the-jeu"),
    "dice.count": int_range(3, 3),
    "dice.other_payment": int_range(0, 1000),
    "dice.confidens_keep": _one_of("even-half"),
    "dice.collect": _one_of("covered", "any"),
    "dice.cabriolet_sweep": _one_of("covered", "all"),
    "dice.infidelite_rest": _one_of("two-turns"),
    "dice.turns": _one_of("in-turn"),
    "dice.jeu_restake": _one_of("every-player"),
    "dice.face_map": _face_map,
}
# Rules whose only implemented value is the file's (true is the only reading the engine plays).
FIXED_VALUES = {"board.collect_only_covered": True, "cases.pairs_at_least": True, "play.requires_jeu_cover": True}


def parse_face_map(mapping: Any) -> dict[tuple[int, int, int], str]:
    """{case: ["a-b-c", ...]} -> {(sorted faces): case}. Raises ValueError with one phrase for a
    case name the board does not have, a throw that is not three faces 1-6, or a throw listed twice."""
    if not isinstance(mapping, dict) or not mapping:
        raise ValueError("must be a table of case = [\"a-b-c\", ...]")
    throws: dict[tuple[int, int, int], str] = {}
    for case, listed in mapping.items():
        if case not in CASES:
            raise ValueError(f"names unknown case {case!r} (cases: {', '.join(CASES)})")
        if not isinstance(listed, list) or not all(isinstance(t, str) for t in listed):
            raise ValueError(f"case {case!r} must list throws as strings like \"5-5-5\"")
        for text in listed:
            parts = text.split("-")
            if len(parts) != 3 or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
                raise ValueError(f"throw {text!r} of case {case!r} is not three dice faces 1-6 like \"5-5-5\"")
            faces = tuple(sorted(int(p) for p in parts))
            if faces in throws:
                raise ValueError(f"throw {text!r} is mapped twice ({throws[faces]!r} and {case!r})")
            throws[faces] = case
    return throws


@dataclass(frozen=True)
class CabrioletRuleset(RulesetBase):
    name: str
    title: str
    summary: str
    path: str
    text: str
    rules: Mapping[str, Rule]
    overrides: tuple[tuple[str, Any], ...] = field(default=())

    def check_players(self, n_players: int) -> None:
        low, high = self["players.min"], self["players.max"]
        if not low <= n_players <= high:
            raise CabrioletRulesetError(f"Cabriolet is played by {low} to {high} players under ruleset {self.name!r}, "
                                        f"not {n_players}")


def available_cabriolet_rulesets() -> list[str]:
    """The shipped Cabriolet rulesets (one, Lacombe's)."""
    return [DEFAULT_CABRIOLET_RULESET]


def _locate(name_or_path: str | Path) -> tuple[str, str]:
    return locate_ruleset(name_or_path, DEFAULT_CABRIOLET_RULESET, __package__, "Cabriolet", CabrioletRulesetError)


def _parse_rule(label: str, key: str, entry: Any) -> Rule:
    return read_rule(label, key, entry, schema=SCHEMA, statuses=STATUSES, error=CabrioletRulesetError,
                     fixed_values=FIXED_VALUES,
                     shown=lambda key, value: "the face map" if key == "dice.face_map" else f"value {value!r}")


def _build(label: str, data: dict[str, Any], text: str, overrides: tuple = ()) -> CabrioletRuleset:
    meta = read_meta(label, data, META_FIELDS, CabrioletRulesetError)
    rules = read_rule_tables(label, data, SCHEMA, CabrioletRulesetError, _parse_rule)
    low, high = rules["players.min"].value, rules["players.max"].value
    hand = rules["pack.hand_size"].value
    if low > high:
        raise CabrioletRulesetError(f"ruleset {label!r}: players.min {low} is above players.max {high}")
    if high * hand > PACK_CARDS:
        raise CabrioletRulesetError(f"ruleset {label!r}: {high} players of {hand} cards need {high * hand} cards, "
                                    f"more than the {PACK_CARDS}-card pack")
    return CabrioletRuleset(str(meta["name"]), str(meta.get("title", meta["name"])), str(meta.get("summary", "")),
                            label, text, MappingProxyType(rules), overrides)


def load_cabriolet_ruleset(name_or_path: str | Path = DEFAULT_CABRIOLET_RULESET,
                           override_texts: Sequence[str] = ()) -> CabrioletRuleset:
    """A ruleset by name or path, with KEY=VALUE overrides (the command line's --rule)."""
    label, text = _locate(name_or_path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CabrioletRulesetError(f"ruleset {label!r} is not valid TOML: {exc}") from None
    overrides = dict(parse_override(t) for t in override_texts)
    for key, value in overrides.items():
        if key not in SCHEMA:
            raise CabrioletRulesetError(f"ruleset {label!r}: unknown rule {key!r}")
        section, name = key.split(".", 1)
        data.setdefault(section, {}).setdefault(name, {})["value"] = value
    if overrides:
        label = f"{label} with " + ", ".join(f"{k}={v}" for k, v in overrides.items())
        text = text.rstrip("\n") + "\n" + "".join(
            f"# override: {k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in overrides.items())
    return _build(label, data, text, tuple(overrides.items()))
