"""Situations in the course of play: the registry of what a term may read, and the parser.

A situation is a conjunction of terms, ``feature OP value`` (OP one of == != < <= > >=), a bare
``feature`` (it is not 0) or ``not feature`` (it is 0), joined by ``and``::

    role == friend and on_lead and matadors == 1
    role == ombre and trumps >= 1 and trumps_out == 0      # he holds every trump still out
    role == ombre and plays_last
    called_suit_led and role == defender_called

Everything a term reads is what the deciding player sees at that decision. A claim's arms change a
role's card play only at decisions where the situation holds (kernel/quadrille/_situations.py
evaluates it in the deal loop; the reference engine computes the same features on its own). The
kernel records the first trick where it held, so a comparison is scored on the deals where the
situation arose. Importing this module does not import numba.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import _layout as L
from .card_rules import ROLES


class SituationError(ValueError):
    """A situation that does not parse; one sentence for the user."""


@dataclass(frozen=True)
class Feature:
    name: str
    fid: int
    doc: str
    values: tuple[str, ...] = ()   # names of the values 0, 1, ... where they have names


CONTRACT_VALUES = ("called", "self-called", "sans-prendre", "forced-spadille", "none", "demanded-king", "casco")
assert CONTRACT_VALUES == L.CONTRACT_NAMES

FEATURES: tuple[Feature, ...] = (
    Feature("role", 1, "the deciding player's role as he sees it: " + ", ".join(ROLES), ROLES),
    Feature("trick", 2, "the trick being played, 1 to 10"),
    Feature("position", 3, "his place in the trick: 1 on lead, 2 second, and so on"),
    Feature("on_lead", 4, "1 when he leads to the trick"),
    Feature("plays_last", 5, "1 when he plays last to the trick"),
    Feature("matadors", 6, "the true matadors (spadille, manille, basto) in his hand"),
    Feature("trumps", 7, "the trumps in his hand"),
    Feature("trumps_out", 8, "the trumps neither played nor in his hand (held by the others)"),
    Feature("matadors_out", 9, "the true matadors neither played nor in his hand"),
    Feature("sure_winners", 10, "his cards that no card still out can beat in their suit"),
    Feature("sure_trumps", 11, "his trumps that no trump still out can beat"),
    Feature("led_trump", 12, "1 when a trump was led to this trick (0 on lead)"),
    Feature("called_suit_led", 13, "1 when the called king's suit was led to this trick"),
    Feature("king_shown", 14, "1 once the called king has been played"),
    Feature("partner_winning", 15, "1 when a player he knows to be his partner is winning the trick"),
    Feature("side_tricks", 16, "tricks won so far by his side as he knows it (himself included)"),
    Feature("opponent_tricks", 17, "tricks won so far by the others"),
    Feature("cards_left", 18, "cards in his hand"),
    Feature("holds_called_king", 19, "1 when he holds the called king"),
    Feature("seat", 20, "his seat: 0 eldest, 1 second, 2 third, 3 dealer"),
    Feature("contract", 21, "the contract as he sees it: " + ", ".join(CONTRACT_VALUES), CONTRACT_VALUES),
    Feature("vole_decision", 22, "1 at the decision whether to undertake the vole (0 at a card)"),
    Feature("top_trump", 23, "the rank of his best trump in the pack: 1 spadille, 2 manille, 3 basto, 4 ponto in "
                             "red or the king in black, ...; 0 with no trump"),
    Feature("red_trumps", 24, "1 when hearts or diamonds are trumps (twelve trumps, ponto the fourth)"),
)
BY_NAME = {feature.name: feature for feature in FEATURES}
OPERATORS = {"==": L.OP_EQ, "!=": L.OP_NE, "<": L.OP_LT, "<=": L.OP_LE, ">": L.OP_GT, ">=": L.OP_GE}
_TERM = re.compile(r"^\s*(?:(not)\s+)?([a-z_]+)\s*(?:(==|!=|<=|>=|<|>)\s*([a-z0-9_-]+))?\s*$")


@dataclass(frozen=True)
class Situation:
    text: str
    terms: tuple[tuple[int, int, int], ...]   # (feature id, operator, value)

    def row(self) -> list[float]:
        """The situation's entries of a parameter row, from _layout.SITUATION on."""
        entries = [float(len(self.terms))]
        for term in self.terms:
            entries += [float(x) for x in term]
        return entries + [0.0] * (3 * L.SITUATION_TERMS - 3 * len(self.terms))


def _value(feature: Feature, text: str, situation: str) -> int:
    if feature.values and text in feature.values:
        return feature.values.index(text)
    if text in ("true", "false"):
        return int(text == "true")
    try:
        return int(text)
    except ValueError:
        named = f" (one of: {', '.join(feature.values)})" if feature.values else ""
        raise SituationError(f"situation {situation!r}: {feature.name} cannot be {text!r}{named}") from None


def parse_situation(text: str) -> Situation:
    """The situation ``text`` names; SituationError says what is wrong in one sentence."""
    parts = [part for part in re.split(r"\s+and\s+", text.strip())]
    if not text.strip():
        raise SituationError("a situation needs at least one term, e.g. 'role == friend and on_lead'")
    if len(parts) > L.SITUATION_TERMS:
        raise SituationError(f"situation {text!r} has {len(parts)} terms; at most {L.SITUATION_TERMS}")
    terms = []
    for part in parts:
        match = _TERM.match(part)
        if match is None:
            raise SituationError(f"situation {text!r}: cannot read {part.strip()!r} (write FEATURE OP VALUE, "
                                 "FEATURE or not FEATURE, joined by 'and')")
        negated, name, op, value = match.groups()
        if name not in BY_NAME:
            raise SituationError(f"situation {text!r}: unknown feature {name!r} "
                                 f"(features: {', '.join(BY_NAME)})")
        feature = BY_NAME[name]
        if op is None:
            terms.append((feature.fid, L.OP_EQ if negated else L.OP_NE, 0))
        elif negated:
            raise SituationError(f"situation {text!r}: 'not' goes with a bare feature, not {part.strip()!r}")
        else:
            terms.append((feature.fid, OPERATORS[op], _value(feature, value, text)))
    return Situation(" and ".join(part.strip() for part in parts), tuple(terms))
