"""The heuristic's card play as named rules, by role: the registry.

Each rule is one entry: its name, what it does in one line, its range and its default for every
role it applies to. A policy parameter ``ROLE.RULE`` sets it (``--param friend.lead_master_trump=0``,
a policy file, a claim's arm); ``side.RULE``, ``defenders.RULE`` and ``all.RULE`` set it for a group
of roles. The kernel reads the values as plain numbers from the seat's parameter row
(``layout.CARD_RULES``), so changing a rule costs nothing per decision.

The defaults are the heuristic's play as it was written before the rules became data, but for one
rule: ``cash_winners_first`` is on for the ombre's side (issue 13's fix of the play that reaches
the vole point). With ``side.cash_winners_first = 0`` every deal plays exactly as before (the
closing note of issue 14 gives the check).
Importing this module does not import numba.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from . import layout as L

ROLES = ("ombre", "friend", "defender_called", "defender_alone", "forced_ombre")
ROLE_DOCS = {
    "ombre": "the player who bid and won the auction (asked, went sans prendre, demanded a king, casco)",
    "friend": "the holder of the called king (he knows it from the start; the others once it appears)",
    "defender_called": "a defender against a called game (a partner was called, and it is not him)",
    "defender_alone": "a defender against a lone hand (sans prendre, a demanded king, nothing callable)",
    "forced_ombre": "the holder of spadille made to play when everyone passed (forced spadille)",
}
ROLE_GROUPS = {
    "side": ("ombre", "friend", "forced_ombre"),
    "defenders": ("defender_called", "defender_alone"),
    "all": ROLES,
}
SIDE = ROLE_GROUPS["side"]
DEFENDERS = ROLE_GROUPS["defenders"]
NEVER = 11.0  # a draw share no hand reaches: 11 trumps for each one out


@dataclass(frozen=True)
class CardRule:
    name: str
    index: int            # layout.CR_*
    kind: str             # "lead", "follow", "discard", "trumps", "vole"
    doc: str
    low: float
    high: float
    defaults: Mapping[str, float]   # the roles it applies to, and its default for each
    choices: str = ""     # what the values mean, where they are codes

    @property
    def decision(self) -> str:
        """The decision that reads the rule: "lead", "follow" (a card to a trick another led) or "vole"
        (whether to undertake it). cash_winners_first is of kind vole but read at a lead."""
        if self.kind in ("follow", "discard"):
            return "follow"
        return "vole" if self.name == "vole_losers" else "lead"

    def slot(self, role: str) -> int:
        """The entry of the seat's parameter row that holds this rule for ``role``."""
        return L.CARD_RULES + ROLES.index(role) * L.N_CARD_RULES + self.index


def _each(roles, value: float) -> dict[str, float]:
    return {role: value for role in roles}


_FLAG = (0.0, 1.0)
RULES: tuple[CardRule, ...] = (
    # ------------------------------------------------------------ leads
    CardRule("lead_called_king", L.CR_LEAD_CALLED_KING, "lead",
             "the friend leads the called king at his first lead, which shows him to the ombre", *_FLAG,
             {"friend": 1.0}),
    # On by default since issue 13: without it a lone hand led a plain loser before its last trumps, so
    # the six-trick point came less often the more trumps it held (4 trumps 17.9%, 7 trumps 0.8% of
    # lone hands); with it 30.4% and 26.3%, and the side gains +0.099 jetons a deal [+0.071, +0.128]
    # (200,000 deals, seed 2026, paired: docs/evidence/vole_cash.py). 0 plays as before.
    CardRule("cash_winners_first", L.CR_CASH_WINNERS_FIRST, "vole",
             "while the side has taken every trick, lead sure winners (the highest sure trump, then plain "
             "ones) before any other card, so the vole point is reached with the trumps held", *_FLAG,
             _each(SIDE, 1.0)),
    CardRule("draw_trumps", L.CR_DRAW_TRUMPS, "trumps",
             f"lead trumps while holding at least this many for each trump still out ({NEVER:g}: never)",
             0.0, NEVER, {"ombre": 0.4, "forced_ombre": 0.4, "friend": NEVER,
                          "defender_called": NEVER, "defender_alone": NEVER}),
    CardRule("draw_card", L.CR_DRAW_CARD, "trumps",
             "the trump to draw with", 0.0, 2.0, _each(ROLES, 0.0),
             "0 the highest if it is a sure winner, else the lowest; 1 the lowest; 2 the highest"),
    CardRule("draw_min_out", L.CR_DRAW_MIN_OUT, "trumps",
             "stop drawing trumps when fewer than this many are still out", 1.0, 12.0, _each(ROLES, 1.0)),
    CardRule("keep_last_trump", L.CR_KEEP_LAST_TRUMP, "trumps",
             "never lead one's last trump while trumps are still out", *_FLAG, _each(ROLES, 0.0)),
    CardRule("lead_master_trump", L.CR_LEAD_MASTER_TRUMP, "lead",
             "lead one's highest trump when no trump still out can beat it", *_FLAG,
             {"ombre": 0.0, "forced_ombre": 0.0, "friend": 1.0, "defender_called": 0.0, "defender_alone": 0.0}),
    CardRule("lead_top_trump", L.CR_LEAD_TOP_TRUMP, "lead",
             "lead one's highest trump when it is among the N best of the suit (3: a matador; 4 or 5: down to "
             "ponto or the king of trumps; 0: never), sure winner or not", 0.0, 12.0, _each(ROLES, 0.0)),
    # Hoyle's maxim 8 against a lone hand, "nor change the suit", and its first clause, "never lead a king,
    # unless you have the queen" (HOY p. 263): off by default, so the play is as before they were rules.
    CardRule("keep_suit", L.CR_KEEP_SUIT, "lead",
             "with no trump to lead by the rules above, lead again the plain suit his side (he or a partner he knows) "
             "led last, while he holds a card of it, before plain masters and the long suit", *_FLAG,
             _each(ROLES, 0.0)),
    CardRule("king_with_queen", L.CR_KING_WITH_QUEEN, "lead",
             "lead a plain king only while he also holds its queen (or the queen has been played): a plain master or "
             "the card picked from a suit that would be such a king gives way to the next card of that suit, and a "
             "bare king to another suit", *_FLAG, _each(ROLES, 0.0)),
    CardRule("lead_plain_masters", L.CR_LEAD_PLAIN_MASTERS, "lead",
             "lead the highest sure winner of a plain suit before other plain cards", *_FLAG, _each(ROLES, 1.0)),
    CardRule("cash_trumps_none_out", L.CR_CASH_TRUMPS_NONE_OUT, "trumps",
             "once no trump is out, lead one's trumps (all sure winners) before a plain card that may lose",
             *_FLAG, _each(ROLES, 0.0)),
    CardRule("lead_called_suit", L.CR_LEAD_CALLED_SUIT, "lead",
             "with no sure winner or trump to lead, lead a card of the called king's suit (to the friend, "
             "or, for a defender, through him)", *_FLAG,
             {"ombre": 0.0, "forced_ombre": 0.0, "defender_called": 0.0}),
    CardRule("plain_suit_long", L.CR_PLAIN_SUIT_LONG, "lead",
             "otherwise lead from one's longest plain suit (0: from the shortest)", *_FLAG, _each(ROLES, 1.0)),
    CardRule("plain_card_high", L.CR_PLAIN_CARD_HIGH, "lead",
             "lead the highest card of that suit (0: the lowest)", *_FLAG, _each(ROLES, 0.0)),
    CardRule("avoid_ombre_voids", L.CR_AVOID_OMBRE_VOIDS, "lead",
             "a defender does not lead a suit the ombre has shown he lacks (he would trump it) while he "
             "has another", *_FLAG, _each(DEFENDERS, 1.0)),
    # ------------------------------------------------------------ following
    CardRule("win_with_master", L.CR_WIN_WITH_MASTER, "follow",
             "when the trick can be won, win it with one's lowest sure winner if one holds one", *_FLAG,
             _each(ROLES, 1.0)),
    CardRule("second_hand_low", L.CR_SECOND_HAND_LOW, "follow",
             "not last to play and with no sure winner, follow low in a plain suit rather than win with a "
             "card that a later player can beat (0: win with the lowest card that wins)", *_FLAG,
             _each(ROLES, 1.0)),
    CardRule("last_hand_win", L.CR_LAST_HAND_WIN, "follow",
             "last to play, win the trick as cheaply as possible when one can (0: play low)", *_FLAG,
             _each(ROLES, 1.0)),
    CardRule("overtake_partner", L.CR_OVERTAKE_PARTNER, "follow",
             "play the lowest winning card over a partner's winning card, to take the lead (0: play low on it)",
             *_FLAG, _each(ROLES, 0.0)),
    CardRule("top_trump_on_partner", L.CR_TOP_TRUMP_ON_PARTNER, "follow",
             "when a partner has led a trump, play one's highest trump on it if it wins the trick (a matador "
             "on a partner's lead, to draw the others' high trumps)", *_FLAG, _each(ROLES, 0.0)),
    CardRule("equal_cards_high", L.CR_EQUAL_CARDS_HIGH, "follow",
             "of cards that are equal now (no card still out lies between them), play the highest: the king "
             "from K Q J (0: the lowest, the knave)", *_FLAG, _each(ROLES, 0.0)),
    # ------------------------------------------------------------ discards
    CardRule("discard_short", L.CR_DISCARD_SHORT, "discard",
             "unable to follow and not trumping, discard the lowest card of one's shortest plain suit "
             "(0: of the longest)", *_FLAG, _each(ROLES, 1.0)),
    CardRule("keep_called_suit", L.CR_KEEP_CALLED_SUIT, "discard",
             "do not discard from the called king's suit while another plain suit is left", *_FLAG,
             _each(("ombre", "friend", "forced_ombre", "defender_called"), 0.0)),
    CardRule("keep_guarded_kings", L.CR_KEEP_GUARDED_KINGS, "discard",
             "do not discard from a plain suit holding its king and at most one other card while another "
             "plain suit is left", *_FLAG, _each(ROLES, 0.0)),
    # ------------------------------------------------------------ the vole
    CardRule("vole_losers", L.CR_VOLE_LOSERS, "vole",
             "undertake the vole when at most this many of one's cards are not sure winners", 0.0, 10.0,
             _each(SIDE, 0.0)),
)
BY_NAME = {rule.name: rule for rule in RULES}
# Read only while a trump can be spared at a lead (_card_play._lead): he holds two or more, or
# keep_last_trump is off. With keep_last_trump on and a single trump, they change nothing.
SPARE_TRUMP_RULES = ("draw_trumps", "draw_card", "draw_min_out", "lead_master_trump", "lead_top_trump")
assert len({rule.index for rule in RULES}) == len(RULES) == L.N_CARD_RULES
assert len(ROLES) == L.N_ROLES

# What the heuristic's two card-play parameters of before set: kept, so old claims and policy
# files keep their meaning (``draw_trumps`` was the ombre's alone; ``vole_losers`` the deciding
# side member's).
SHORTHANDS = {
    "draw_trumps": ("ombre.draw_trumps", "forced_ombre.draw_trumps"),
    "vole_losers": ("ombre.vole_losers", "forced_ombre.vole_losers", "friend.vole_losers"),
}


def parameter_names() -> list[str]:
    """Every ``ROLE.RULE`` a policy accepts, in registry order."""
    return [f"{role}.{rule.name}" for rule in RULES for role in ROLES if role in rule.defaults]


def split(name: str) -> tuple[str, CardRule] | None:
    """(role, rule) of a ``ROLE.RULE`` parameter, None when ``name`` is not one."""
    role, dot, rule = name.partition(".")
    if not dot or role not in ROLES or rule not in BY_NAME or role not in BY_NAME[rule].defaults:
        return None
    return role, BY_NAME[rule]


def expand(name: str) -> tuple[str, ...]:
    """The ``ROLE.RULE`` names a parameter name stands for: itself, a shorthand's roles, or a
    group's (``side.``, ``defenders.``, ``all.``: the roles of the group the rule applies to)."""
    if name in SHORTHANDS:
        return SHORTHANDS[name]
    group, dot, rule = name.partition(".")
    if dot and group in ROLE_GROUPS and rule in BY_NAME:
        return tuple(f"{role}.{rule}" for role in ROLE_GROUPS[group] if role in BY_NAME[rule].defaults)
    return (name,) if split(name) else ()


def default_row() -> list[float]:
    """Every role's value of every rule at its default, laid out as in the parameter row
    (0 for a role a rule does not apply to: its flags off, and a defender never decides the vole)."""
    row = [0.0] * (L.N_ROLES * L.N_CARD_RULES)
    for rule in RULES:
        for index, role in enumerate(ROLES):
            row[index * L.N_CARD_RULES + rule.index] = rule.defaults.get(role, 0.0)
    return row
