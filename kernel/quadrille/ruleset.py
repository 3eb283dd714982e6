"""Rulesets are data: one TOML file per variant, every rule citing its source passage.

``load_ruleset(name_or_path)`` reads and validates a file against ``SCHEMA``. An unknown
section or key, a missing rule, a wrong type or a value outside a switch's choices raises
``RulesetError`` with one sentence naming the file, the key and the problem.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from spadille.kernel.common.errors import RulesetError
from spadille.kernel.common.ruleset import Ruleset as RulesetBase
from spadille.kernel.common.rule_entries import (Rule, boolean, int_range, parse_override, read_meta, read_rule,
                                                 read_rule_tables, read_ruleset_file)

from . import cards

RULESET_DIR = "rulesets"
DEFAULT_RULESET = "encyclopedie-1765"
STATUSES = ("stated", "consensus", "inference", "switch", "erratum")
META_FIELDS = {"name", "title", "summary", "departures"}

TRUMP_NAMES = ("spadille", "manille", "basto", "ponto")
PLAIN_RANKS = ("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any) -> str | None:
    return None if isinstance(v, str) and v else "must be a non-empty string"


def _suit_list(v: Any) -> str | None:
    if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
        return "must be a list of suit names"
    bad = [s for s in v if s not in cards.SUITS]
    return f"has unknown suit {bad[0]!r} (use {', '.join(cards.SUITS)})" if bad else None


# contract.allowed_trumps may name its suits, or leave them to the pack: every suit not removed.
EVERY_SUIT_IN_THE_PACK = "every-suit-in-the-pack"


def _trump_suits(v: Any) -> str | None:
    if v == EVERY_SUIT_IN_THE_PACK:
        return None
    problem = _suit_list(v)
    return None if problem is None else f"{problem}, or be {EVERY_SUIT_IN_THE_PACK!r}"


def _int_list(v: Any) -> str | None:
    if not isinstance(v, list) or not v or not all(_is_int(x) and x > 0 for x in v):
        return "must be a non-empty list of positive integers"
    return None


def _rank_list(allowed: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            return "must be a list of rank names"
        bad = [x for x in v if x not in allowed]
        if bad:
            return f"has unknown rank {bad[0]!r}"
        return "lists a rank twice" if len(set(v)) != len(v) else None
    return check


def _rank(v: Any) -> str | None:
    return None if v in PLAIN_RANKS else f"must be one of {', '.join(PLAIN_RANKS)}"


# The bids a ruleset may offer besides passing, by their names in auction.contracts.
BID_KEYWORDS = ("ask", "demand", "casco", "sans-prendre")


def _bid_ladder(v: Any) -> str | None:
    if not isinstance(v, list) or not v or not all(isinstance(x, str) for x in v):
        return "must be a non-empty list of bid names, lowest first"
    bad = [x for x in v if x not in BID_KEYWORDS]
    if bad:
        return f"has unknown bid {bad[0]!r} (use {', '.join(BID_KEYWORDS)})"
    return "lists a bid twice" if len(set(v)) != len(v) else None


def _multiplier(v: Any) -> str | None:
    """A payment multiplier: a number of halves (1.5 is allowed, 1.25 is not)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return "must be a number"
    if v < 0 or v > 100 or float(v) * 2 != int(float(v) * 2):
        return "must be a multiple of 0.5 between 0 and 100"
    return None


# key -> validator. Switch choices are checked from the file's own `choices` list, which must
# be a subset of what the engine implements (IMPLEMENTED_CHOICES).
SCHEMA: dict[str, Callable[[Any], str | None]] = {
    "pack.seats": int_range(3, 4),
    "pack.hand_size": int_range(1, 10),
    "pack.removed_suits": _suit_list,
    "ranks.black_plain": _rank_list(PLAIN_RANKS),
    "ranks.red_plain": _rank_list(PLAIN_RANKS),
    "ranks.black_aces_always_trump": boolean,
    "ranks.black_trump": _rank_list(TRUMP_NAMES + PLAIN_RANKS),
    "ranks.red_trump": _rank_list(TRUMP_NAMES + PLAIN_RANKS),
    "ranks.manille_black": _rank,
    "ranks.manille_red": _rank,
    "ranks.black_trump_count": int_range(1, 12),
    "ranks.red_trump_count": int_range(1, 12),
    "play.follow_suit": boolean,
    "play.must_trump": boolean,
    "play.must_overtrump": boolean,
    "play.matador_privilege": _text,
    "play.first_leader": _text,
    "play.all_tricks_played": boolean,
    "auction.order": _text,
    "auction.sans_prendre_over_ask": boolean,
    "auction.asker_preference": boolean,
    "auction.all_pass": _text,
    "auction.forced_spadille_lone_payment_exempt": boolean,
    "auction.forced_spadille_vole": boolean,
    "auction.contracts": _bid_ladder,
    "contract.allowed_trumps": _trump_suits,
    "contract.call_king_of_trumps": boolean,
    "contract.queen_call_with_four_kings": boolean,
    "contract.self_call": boolean,
    "contract.self_call_sans_prendre_premium": boolean,
    "contract.ask_demands_king": boolean,
    "exchange.demand_king_of_trumps": boolean,
    "exchange.fee": int_range(0, 1000),
    "exchange.fee_favourite": int_range(0, 1000),
    "exchange.favourite_suit": _text,
    "exchange.card_shown": boolean,
    "play.called_king_duty": boolean,
    "result.win_tricks": int_range(1, 10),
    "result.remise_tricks": int_range(0, 10),
    "vole.after_straight_tricks": int_range(0, 10),
    "vole.needs_called_card_seen": boolean,
    "vole.friend_shown_by_lead_may_not_undertake": boolean,
    "vole.value": int_range(0, 1000),
    "vole.failed": _text,
    "vole.devole_enabled": boolean,
    "vole.devole_value": int_range(0, 1000),
    "vole.multiplier": int_range(1, 10),
    "payments.devant": int_range(0, 1000),
    "payments.au_jeu": int_range(0, 1000),
    "payments.jeu": int_range(0, 1000),
    "payments.consolation": int_range(0, 1000),
    "payments.sans_prendre": int_range(0, 1000),
    "payments.matador": int_range(0, 1000),
    "payments.matadors_require_top3": boolean,
    "payments.matadors_counted_for": _text,
    "payments.lone_payment_threshold": int_range(0, 10),
    "payments.odd_counters": _text,
    "payments.scheme": _text,
    "payments.pot_game": _text,
    "payments.demand_premium": int_range(0, 1000),
    "payments.multiplier_called": _multiplier,
    "payments.multiplier_demanded": _multiplier,
    "payments.multiplier_casco": _multiplier,
    "payments.multiplier_sans_prendre": _multiplier,
    "payments.matador_count": _text,
    "payments.matadors_on_loss": boolean,
    "payments.codille_multiplier": int_range(1, 10),
    "bete.first": int_range(0, 10_000),
    "bete.growth": _text,
    "bete.after_remise": _int_list,
    "bete.after_codille": _int_list,
    "bete.increment": int_range(0, 10_000),
    "bete.riding": _text,
}

# Values the engine implements for rules that name a behaviour rather than a number.
IMPLEMENTED_CHOICES: dict[str, tuple[Any, ...]] = {
    "play.matador_privilege": ("led-card", "none"),
    "play.first_leader": ("eldest",),
    "auction.order": ("eldest-first",),
    "auction.all_pass": ("forced-spadille", "redeal"),
    "vole.failed": ("collect-game", "encyclopedie-literal"),
    "payments.matadors_counted_for": ("side", "ombre"),
    "payments.odd_counters": ("next-deal-spadille", "highest-trump-defender"),
    "bete.growth": ("encyclopedie-chain", "doubling"),
    "bete.riding": ("one-at-a-time", "all-at-once"),
    "exchange.favourite_suit": ("none",) + cards.SUITS,
    "payments.scheme": ("encyclopedie", "italian-pot"),
    "payments.pot_game": ("to-the-winners", "into-the-pot"),
    "payments.matador_count": ("sequence", "top-three-or-four-in-one-hand"),
}
# Rules whose only meaningful value is fixed by the engine's model of the game.
FIXED_VALUES: dict[str, Any] = {
    "play.follow_suit": True,
    "play.all_tricks_played": True,
    "ranks.black_aces_always_trump": True,
    "auction.sans_prendre_over_ask": True,
}


@dataclass(frozen=True)
class Ruleset(RulesetBase):
    name: str
    title: str
    summary: str
    path: str
    text: str
    rules: Mapping[str, Rule]
    departures: tuple[str, ...] = field(default=())
    overrides: tuple[tuple[str, Any], ...] = field(default=())  # values changed from the file (with_overrides)

    def __getitem__(self, key: str) -> Any:
        value = self.rules[key].value
        if key == "contract.allowed_trumps" and value == EVERY_SUIT_IN_THE_PACK:
            # Derived here, not at load, so that an override of pack.removed_suits moves it too.
            removed = self.rules["pack.removed_suits"].value
            return [suit for suit in cards.SUITS if suit not in removed]
        return value


def available_rulesets() -> list[str]:
    folder = resources.files(__package__).joinpath(RULESET_DIR)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def _locate(name_or_path: str | Path) -> tuple[str, str]:
    """Return (label, text) for a ruleset name or a path to a TOML file."""
    found = read_ruleset_file(name_or_path, RulesetError)
    if found is not None:
        return found
    name = str(name_or_path)
    if name not in available_rulesets():
        raise RulesetError(f"unknown ruleset {name!r}; available: {', '.join(available_rulesets())}")
    resource = resources.files(__package__).joinpath(RULESET_DIR, f"{name}.toml")
    return f"{name}.toml", resource.read_text(encoding="utf-8")


def _parse_rule(label: str, key: str, entry: Any) -> Rule:
    return read_rule(label, key, entry, schema=SCHEMA, statuses=STATUSES, error=RulesetError,
                     fixed_values=FIXED_VALUES, implemented=IMPLEMENTED_CHOICES)


def parse_ruleset(label: str, text: str) -> Ruleset:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"ruleset {label!r} is not valid TOML: {exc}") from None
    return _build(label, data, text)


def _build(label: str, data: dict[str, Any], text: str) -> Ruleset:
    meta = read_meta(label, data, META_FIELDS, RulesetError)
    rules = read_rule_tables(label, data, SCHEMA, RulesetError, _parse_rule)
    ruleset = Ruleset(
        name=str(meta["name"]),
        title=str(meta.get("title", meta["name"])),
        summary=str(meta.get("summary", "")),
        path=label,
        text=text,
        rules=MappingProxyType(rules),
        departures=tuple(meta.get("departures", ())),
    )
    _check_consistency(label, ruleset)
    return ruleset


def _check_consistency(label: str, rs: Ruleset) -> None:
    def fail(message: str) -> None:
        raise RulesetError(f"ruleset {label!r}: {message}")

    removed = {cards.SUITS.index(s) for s in rs["pack.removed_suits"]}
    suits_left = 4 - len(removed)
    if rs["pack.seats"] * rs["pack.hand_size"] != 10 * suits_left:
        fail(f"{rs['pack.seats']} seats of {rs['pack.hand_size']} cards do not use the {10 * suits_left}-card pack exactly")
    allowed = {cards.SUITS.index(s) for s in rs["contract.allowed_trumps"]}
    if not allowed:
        fail("contract.allowed_trumps names no suit")
    if allowed == removed and removed:
        fail("contract.allowed_trumps names only removed suits")
    # A removed suit may be allowed (its trumps are then the two black aces alone): the claim on
    # quadrille à trois measures what the Encyclopédie's ban on it prevents.
    ladder = rs["auction.contracts"]
    if rs["contract.ask_demands_king"] and "demand" in ladder:
        fail("contract.ask_demands_king makes the ask a demand, so auction.contracts cannot also offer 'demand'")
    if not rs["result.remise_tricks"] < rs["result.win_tricks"] <= rs["pack.hand_size"]:
        fail("result.remise_tricks must be below result.win_tricks, which must not exceed the hand size")
    for colour, plain_count in (("black", 9), ("red", 10)):
        plain = rs[f"ranks.{colour}_plain"]
        if len(plain) != plain_count:
            fail(f"ranks.{colour}_plain must list {plain_count} ranks")
        trump = rs[f"ranks.{colour}_trump"]
        if trump[:3] != ["spadille", "manille", "basto"]:
            fail(f"ranks.{colour}_trump must start with spadille, manille, basto")
        if len(trump) != rs[f"ranks.{colour}_trump_count"]:
            fail(f"ranks.{colour}_trump lists {len(trump)} trumps but ranks.{colour}_trump_count says {rs[f'ranks.{colour}_trump_count']}")
        if "ponto" in trump and colour == "black":
            fail("there is no ponto in black trumps")
        manille = rs[f"ranks.manille_{colour}"]
        natural = [r for r in trump[3:] if r not in TRUMP_NAMES]
        expected = set(plain) - {manille} - ({"A"} if colour == "red" else set())
        if set(natural) != expected:
            fail(f"ranks.{colour}_trump must hold every {colour} card once (spadille, manille, basto{', ponto' if colour == 'red' else ''} and the rest)")
    for key in ("bete.after_remise", "bete.after_codille"):
        if len(rs[key]) > 8:
            fail(f"{key} may list at most 8 bêtes")


def load_ruleset(name_or_path: str | Path = DEFAULT_RULESET) -> Ruleset:
    label, text = _locate(name_or_path)
    return parse_ruleset(label, text)


def with_overrides(ruleset: Ruleset, overrides: Mapping[str, Any]) -> Ruleset:
    """The ruleset with some values replaced (a switch flipped, a payment changed), checked
    exactly like a file. The overrides are appended to the text as comments, so the text's
    hash, which every output records, tells the two rulesets apart."""
    if not overrides:
        return ruleset
    data = tomllib.loads(ruleset.text)
    for key, value in overrides.items():
        if key not in SCHEMA:
            raise RulesetError(f"ruleset {ruleset.path!r}: unknown rule {key!r}")
        section, name = key.split(".", 1)
        data[section][name]["value"] = value
    notes = "".join(f"# override: {key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in overrides.items())
    label = f"{ruleset.path} with " + ", ".join(f"{key}={value}" for key, value in overrides.items())
    built = _build(label, data, ruleset.text.rstrip("\n") + "\n" + notes)
    return replace(built, overrides=ruleset.overrides + tuple(overrides.items()))


def load_ruleset_with(name_or_path: str | Path, override_texts: Sequence[str] = ()) -> Ruleset:
    """A ruleset by name or path, with KEY=VALUE overrides (the CLI's --rule)."""
    return with_overrides(load_ruleset(name_or_path), dict(parse_override(t) for t in override_texts))
