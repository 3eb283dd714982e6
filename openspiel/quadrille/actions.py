"""OpenSpiel's action ids for Quadrille: one range for each kind of decision.

Cards are the natural ids of kernel/quadrille/cards.py (0-39); a card names the card played,
called, demanded or given, the phase telling which. Then the bids by their layout code, the
overbid asker's answer, the trump suits, and the vole's no and yes. Chance outcomes are cards.
"""

from __future__ import annotations

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

from .replay import BID, CALL, CARD, DEMAND, FORCE, GIFT, TRUMP, VOLE

N_CARDS = cards.N_CARDS
BIDS = (L.PASS, L.ASK, L.ALONE, L.DEMAND, L.CASCO)
BID_NAMES = {L.PASS: "pass", L.ASK: "ask", L.ALONE: "sans prendre", L.DEMAND: "demand a king", L.CASCO: "casco"}
BID_BASE = N_CARDS
FORCE_BASE = BID_BASE + len(BIDS)          # CEDE, TAKE
TRUMP_BASE = FORCE_BASE + 2
VOLE_BASE = TRUMP_BASE + cards.N_SUITS     # no, yes
N_ACTIONS = VOLE_BASE + 2

_BASE = {BID: BID_BASE, FORCE: FORCE_BASE, TRUMP: TRUMP_BASE, VOLE: VOLE_BASE}
CARD_KINDS = (CALL, DEMAND, GIFT, CARD)


def encode(kind: str, option: int) -> int:
    """The action id of ``option`` (a bid code, CEDE/TAKE, a suit, a card, 0/1 for the vole)."""
    return option if kind in CARD_KINDS else _BASE[kind] + int(option)


def decode(kind: str, action: int) -> int:
    return action if kind in CARD_KINDS else action - _BASE[kind]


def kind_of(action: int) -> str:
    """The kind an action id belongs to (cards: CARD, whichever card decision it answers)."""
    if action < BID_BASE:
        return CARD
    if action < FORCE_BASE:
        return BID
    if action < TRUMP_BASE:
        return FORCE
    return TRUMP if action < VOLE_BASE else VOLE


def describe(kind: str, option: int) -> str:
    """Words for a player: 'bid ask', 'play K♥', 'call K♣', 'trump ♦', 'vole yes'."""
    if kind == BID:
        return f"bid {BID_NAMES[option]}"
    if kind == FORCE:
        return "take it himself" if option == L.TAKE else "cede"
    if kind == TRUMP:
        return f"trump {cards.SUIT_SYMBOLS[option]}"
    if kind == VOLE:
        return "vole yes" if option else "vole no"
    verb = {CALL: "call", DEMAND: "demand", GIFT: "give", CARD: "play"}[kind]
    return f"{verb} {cards.format_card(option)}"


def action_string(action: int) -> str:
    """An action's words without the phase (a card is named, not what is done with it)."""
    kind = kind_of(action)
    return cards.format_card(action) if kind == CARD else describe(kind, decode(kind, action))
