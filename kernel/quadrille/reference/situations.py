"""The reference engine's reading of a seat's situation and of the roles other policies play.

The kernel evaluates a situation on bit masks of the ordered encoding (kernel/quadrille/
_situations.py); this computes every feature again from the play state in natural cards, as the
text defines it (kernel/quadrille/situations.py), so the parity tests check both readings.
"""

from __future__ import annotations

import operator
from typing import Sequence

from spadille.kernel.quadrille import _layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES, SeatPolicy
from spadille.kernel.quadrille.situations import FEATURES, parse_situation

from .contract import NO_CARD
from .state import PlayState

_COMPARE = {L.OP_EQ: operator.eq, L.OP_NE: operator.ne, L.OP_LT: operator.lt, L.OP_LE: operator.le,
            L.OP_GT: operator.gt, L.OP_GE: operator.ge}
_NAMES = {feature.fid: feature.name for feature in FEATURES}


def _contract_seen(state: PlayState, seat: int) -> int:
    """Only the ombre knows he called his own card; to the others it is a called game."""
    return L.CALLED if state.contract == L.SELF_CALLED and seat != state.ombre else state.contract


def role(state: PlayState, seat: int) -> str:
    if seat == state.ombre:
        return "forced_ombre" if state.contract == L.FORCED else "ombre"
    if state.friend_known_to(seat) == seat:
        return "friend"
    if _contract_seen(state, seat) in (L.SANS_PRENDRE, L.SELF_CALLED) or state.called == NO_CARD:
        return "defender_alone"
    return "defender_called"


def is_partner(state: PlayState, seat: int, other: int) -> bool:
    """Is ``other`` known to ``seat`` to be on his side?"""
    if other == seat:
        return True
    friend = state.friend_known_to(seat)
    alone = _contract_seen(state, seat) in (L.SANS_PRENDRE, L.SELF_CALLED) or state.called == NO_CARD
    if seat == state.ombre:
        return not alone and other == friend
    if alone:
        return other != state.ombre
    if friend == seat:
        return other == state.ombre
    if friend >= 0:
        return other not in (state.ombre, friend)
    return False


def _sure(state: PlayState, hand: set[int], outstanding: set[int]) -> set[int]:
    """The cards of ``hand`` no outstanding card of their (effective) suit beats."""
    ranking = state.ranking
    return {card for card in hand
            if not any(ranking.effective_suit[other] == ranking.effective_suit[card]
                       and ranking.strength[other] > ranking.strength[card] for other in outstanding)}


def feature(name: str, state: PlayState, seat: int, vole: bool) -> int:
    ranking = state.ranking
    hand = state.hands[seat]
    pack = set(ranking.effective_suit)
    outstanding = pack - state.gone - hand
    trumps = set(ranking.trumps)
    matadors = set(ranking.trumps[:3])
    led = state.trick[0] if state.trick else None
    if name == "role":
        return card_rules.ROLES.index(role(state, seat))
    if name == "trick":
        return state.trick_index + 1
    if name == "position":
        return len(state.trick) + 1
    if name == "on_lead":
        return int(not state.trick)
    if name == "plays_last":
        return int(len(state.trick) == state.seats - 1)
    if name == "matadors":
        return len(hand & matadors)
    if name == "trumps":
        return len(hand & trumps)
    if name == "trumps_out":
        return len(outstanding & trumps)
    if name == "matadors_out":
        return len(outstanding & matadors)
    if name == "sure_winners":
        return len(_sure(state, hand, outstanding))
    if name == "sure_trumps":
        return len(_sure(state, hand, outstanding) & trumps)
    if name == "led_trump":
        return int(led is not None and ranking.is_trump(led))
    if name == "called_suit_led":
        return int(led is not None and state.called != NO_CARD
                   and ranking.effective_suit[led] == ranking.effective_suit[state.called])
    if name == "king_shown":
        return int(state.called != NO_CARD and state.called in state.gone)
    if name == "partner_winning":
        if led is None:
            return 0
        from .play import trick_winner

        best = state.trick_seats[trick_winner(state.trick, ranking)]
        return int(best != seat and is_partner(state, seat, best))
    if name in ("side_tricks", "opponent_tricks"):
        mine = name == "side_tricks"
        return sum(state.tricks_won[other] for other in range(state.seats) if is_partner(state, seat, other) == mine)
    if name == "cards_left":
        return len(hand)
    if name == "holds_called_king":
        return int(state.called != NO_CARD and state.called in hand)
    if name == "seat":
        return seat
    if name == "contract":
        return _contract_seen(state, seat)
    if name == "vole_decision":
        return int(vole)
    if name == "top_trump":
        return next((rank + 1 for rank, card in enumerate(ranking.trumps) if card in hand), 0)
    if name == "red_trumps":
        return int(cards.SUITS[ranking.trump] in ("hearts", "diamonds"))
    raise ValueError(f"no feature {name!r}")


class SeatPlay:
    """Who plays each seat's cards, and by which rules, decision by decision."""

    def __init__(self, seat_policies: Sequence[SeatPolicy]) -> None:
        self.policies = tuple(seat_policies)
        self.terms = [parse_situation(p.situation).terms if p.situation else () for p in self.policies]

    def holds(self, state: PlayState, seat: int, vole: bool) -> bool:
        terms = self.terms[seat]
        return bool(terms) and all(_COMPARE[op](feature(_NAMES[fid], state, seat, vole), value)
                                   for fid, op, value in terms)

    def decide(self, state: PlayState, seat: int, vole: bool) -> tuple[int, int, bool]:
        """(policy id, start of the card-play rules in the row, whether the situation held)."""
        policy = self.policies[seat]
        held = self.holds(state, seat, vole)
        roles = {**policy.roles, **policy.roles_in_situation} if held else policy.roles
        name = roles.get(role(state, seat), policy.name)
        return POLICIES[name].kernel_id, (L.ALT_RULES if held else L.CARD_RULES), held
