"""The focal seat's fixed decisions in a claim (``force``): read, checked, and counted where not honoured.

A claim may fix the focal seat's bid, trump, call and vole choice (kernel/quadrille/variants.Force).
A fixed decision the rules never allow is refused when the claim is read, in one line: a bid the
ruleset does not offer, a call of a card that is no king (or queen) of the pack, the king or queen of
a fixed trump suit where the ruleset forbids it, a card of the focal seat's own fixed cards where it may
not call itself, a call with a bid that calls nothing. What depends on the deal (an ask over an ask, a
call that is the trump suit's king when the trump is the hand's best suit, casco without both black
aces) is counted when the claim runs: the verdict's reason says on how many deals it was not honoured,
so a figure never reads as if it had been.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from spadille.analyses.claims.reader import Table
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

BIDS = {"pass": L.PASS, "ask": L.ASK, "alone": L.ALONE, "demand": L.DEMAND, "casco": L.CASCO}
VOLES = {"stop": 0, "go": 1}
BEST = "best"
FORCE_KEYS = {
    "bid": "pass, ask, alone (sans prendre), demand (a king: the médiateur, the Dimidiator) or casco",
    "trump": "the suit to name (hearts, ♥, h ...) or best: the focal hand's best_suit",
    "call": "the card to call, e.g. Kc: a king (with all four kings, a queen) the rules let him call",
    "vole": "stop (at the game) or go (for the vole) when the side reaches the vole point",
}
_CALLING = (L.ASK, L.DEMAND, L.CASCO)   # the bids whose contract calls (or demands) a card


@dataclass(frozen=True)
class ForceSpec:
    bid: int | None = None
    trump: int | str | None = None   # a suit, BEST, or None (the policy names it)
    call: int | None = None
    vole: int | None = None

    def over(self, base: "ForceSpec") -> "ForceSpec":
        """This force's fixed decisions on top of ``base``'s."""
        return ForceSpec(*(mine if mine is not None else theirs
                           for mine, theirs in zip((self.bid, self.trump, self.call, self.vole),
                                                   (base.bid, base.trump, base.call, base.vole))))

    def describe(self) -> str:
        parts = []
        if self.bid is not None:
            parts.append(L.BID_NAMES[self.bid])
        if self.trump is not None:
            parts.append("best suit" if self.trump == BEST else cards.SUIT_SYMBOLS[self.trump])
        if self.call is not None:
            parts.append(f"call {cards.format_card(self.call)}")
        if self.vole is not None:
            parts.append("go for the vole" if self.vole else "stop at the game")
        return " ".join(parts) or "as the policy decides"


def read_force(table: Table, ruleset: Ruleset) -> ForceSpec:
    bid = table.choice("bid", BIDS, "bid", required=False)
    if bid is not None and bid != "pass" and not _offered(ruleset, BIDS[bid]):
        table.fail("bid", f"ruleset {ruleset.name!r} offers no {bid} bid")
    trump = None
    if table.has("trump"):
        text = table.text("trump", "a suit or best")
        if text == BEST:
            trump = BEST
        else:
            try:
                trump = cards.parse_suit(text)
            except cards.CardError:
                table.fail("trump", f"unknown suit {text!r} "
                                    "(use spades, clubs, hearts, diamonds, ♠♣♥♦, s c h d, or best)")
            if cards.SUITS[trump] not in ruleset["contract.allowed_trumps"]:
                table.fail("trump", f"{cards.SUITS[trump]} may not be named trumps under ruleset {ruleset.name!r}")
    call = None
    if table.has("call"):
        text = table.text("call", "a card")
        try:
            call = cards.parse_card(text)
        except cards.CardError as exc:
            table.fail("call", str(exc))
    vole = table.choice("vole", VOLES, "vole choice", required=False)
    return ForceSpec(None if bid is None else BIDS[bid], trump, call, None if vole is None else VOLES[vole])


def _offered(ruleset: Ruleset, bid: int) -> bool:
    from spadille.kernel.quadrille.tables import rule_vector

    return int(rule_vector(ruleset)[L.R_BID_RANK + bid]) > 0


def check_force(table: Table, force: ForceSpec, ruleset: Ruleset, fixed: int = 0, key: str = "force") -> None:
    """Refuse, naming ``key``, a fixed call the rules never allow with the fixed bid and trump."""
    from spadille.kernel.quadrille.tables import rule_vector

    if force.call is None:
        return
    rules = rule_vector(ruleset)
    card, name = force.call, cards.format_card(force.call)
    if force.bid is not None and force.bid not in _CALLING:
        table.fail(key, f"call {name} is fixed, but the bid {L.BID_NAMES[force.bid]!r} calls no card")
    if not int(rules[L.R_PACK_MASK]) >> card & 1:
        table.fail(key, f"call {name} is not in the pack of ruleset {ruleset.name!r}")
    rank, suit = cards.rank_of(card), cards.suit_of(card)
    queen = rank == cards.QUEEN and int(rules[L.R_QUEEN_CALL]) != 0
    if rank != cards.KING and not queen:
        table.fail(key, f"{name} may never be called: only a king (a queen by one holding all four kings, where the "
                        f"ruleset allows it)")
    demanding = force.bid == L.DEMAND or (force.bid == L.ASK and int(rules[L.R_ASK_DEMANDS]) != 0)
    trump_king = int(rules[L.R_DEMAND_TRUMP_KING] if demanding else rules[L.R_CALL_TRUMP_KING]) != 0
    if isinstance(force.trump, int) and suit == force.trump and (queen or rank != cards.KING or not trump_king):
        what = "demanded" if demanding else "called"
        table.fail(key, f"{name} may not be {what} with {cards.SUITS[suit]} trumps under ruleset {ruleset.name!r} "
                        f"(the king or queen of trumps)")
    if fixed >> card & 1 and int(rules[L.R_SELF_CALL]) == 0:
        table.fail(key, f"{name} is among the focal seat's fixed cards, and ruleset {ruleset.name!r} does not let "
                        f"him call his own king")


def unhonoured(out: np.ndarray, focal: int, forces: list[ForceSpec]) -> dict[str, int]:
    """{fixed decision: deals} where, in some arm (out int64[n, V, N_OUT], variant v played with forces[v]),
    the focal seat's bid was consulted but another was recorded (a bid no longer open becomes a pass), or
    where it was the ombre by its own bid and named another trump or called another card."""
    missed: dict[str, np.ndarray] = {}

    def note(what: str, where: np.ndarray) -> None:
        missed[what] = missed.get(what, np.zeros(out.shape[0], dtype=bool)) | where

    for index, force in enumerate(forces):
        view = out[:, index]
        own = (view[:, L.OUT_OMBRE] == focal) & (view[:, L.OUT_CONTRACT] != L.FORCED) & \
              (view[:, L.OUT_CONTRACT] != L.NO_CONTRACT)
        if force.bid is not None:
            bid = view[:, L.OUT_BIDS + focal]
            note(f"the fixed bid {L.BID_NAMES[force.bid]}", (bid >= 0) & (bid != force.bid))
        if isinstance(force.trump, int):
            note(f"the fixed trump {cards.SUIT_SYMBOLS[force.trump]}", own & (view[:, L.OUT_TRUMP] != force.trump))
        if force.call is not None:
            calling = own & (view[:, L.OUT_CONTRACT] != L.SANS_PRENDRE)
            note(f"the fixed call {cards.format_card(force.call)}", calling & (view[:, L.OUT_CALLED] != force.call))
    return {what: int(where.sum()) for what, where in missed.items()}


def caveat(counts: list[dict[str, int]], deals: int) -> str:
    """The reason's clause for the blocks' counts of unhonoured decisions; '' when every one held."""
    totals: dict[str, int] = {}
    for block in counts:
        for what, count in block.items():
            totals[what] = totals.get(what, 0) + count
    return "; ".join(f"{what} was not open to the focal seat on {count:,} of the {deals:,} deals (its policy "
                     f"decided there)" for what, count in totals.items() if count)
