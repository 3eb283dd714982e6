"""The reference engine's reading of a seat's situation and of the roles other policies play.

The kernel evaluates a situation's jump code on bit masks of the ordered encoding (kernel/quadrille/
_situations.py); this evaluates its expression tree and computes every feature again from the play
state in natural cards, as the text defines it (kernel/quadrille/situations.py), so the parity tests
check both readings.
"""

from __future__ import annotations

import operator
from typing import Sequence

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES, SeatPolicy
from spadille.kernel.quadrille.situations import (FEATURES, SUIT_OF_LAST_LEAD, SUIT_REFS, SUIT_SHIFT, WHO_CODES,
                                                  parse_situation)

from .contract import NO_CARD
from .state import PlayState

_COMPARE = {L.OP_EQ: operator.eq, L.OP_NE: operator.ne, L.OP_LT: operator.lt, L.OP_LE: operator.le,
            L.OP_GT: operator.gt, L.OP_GE: operator.ge}
_NAMES = {feature.fid: feature.name for feature in FEATURES}
_SUIT_VALUED = {feature.name for feature in FEATURES if feature.kind == "suit"}
_WHO = {code: name for name, code in WHO_CODES.items()}
_REF = {code: name for name, code in SUIT_REFS.items()}


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


def lead_history(state: PlayState, seat: int) -> tuple[int, int, int, int]:
    """(the suit of his last lead or -1, its trick or -1, how often he led another suit than at his
    lead before, how many tricks he led with a trump), from the deal's leads."""
    mine = [(trick, state.ranking.effective_suit[card]) for trick, (leader, card) in enumerate(state.leads)
            if leader == seat]
    if not mine:
        return -1, -1, 0, 0
    suits = [suit for _, suit in mine]
    changes = sum(1 for before, after in zip(suits, suits[1:]) if before != after)
    return suits[-1], mine[-1][0], changes, sum(1 for suit in suits if suit == state.ranking.trump)


def _players(state: PlayState, seat: int, who: int) -> list[int]:
    """The seats a player code names, as ``seat`` knows them."""
    name = _WHO[who]
    names = cards.SEAT_NAMES[state.seats]
    if name in names:
        return [names.index(name)]
    if name in ("eldest", "second", "third", "dealer"):
        return []
    if name == "me":
        return [seat]
    if name == "ombre":
        return [state.ombre]
    if name == "friend":
        return [state.friend_known_to(seat)] if state.friend_known_to(seat) >= 0 else []
    partners = [other for other in range(state.seats) if other != seat and is_partner(state, seat, other)]
    return partners + [seat] if name == "side" else partners


def _place(state: PlayState, other: int) -> int:
    return (other - state.leader) % state.seats + 1


def _suit(state: PlayState, seat: int, ref: int) -> int:
    """The suit a suit reference names now, -1 for none."""
    if ref < 4:
        return ref
    if ref >= SUIT_OF_LAST_LEAD:
        return _last_led(state, _players(state, seat, ref - SUIT_OF_LAST_LEAD))
    name = _REF[ref]
    if name == "trump_suit":
        return state.ranking.trump
    if name == "called_suit":
        return -1 if state.called == NO_CARD else state.ranking.effective_suit[state.called]
    return state.ranking.effective_suit[state.trick[0]] if state.trick else -1


def _last_led(state: PlayState, players: list[int]) -> int:
    led = [(trick, state.ranking.effective_suit[card]) for trick, (leader, card) in enumerate(state.leads)
           if leader in players]
    return led[-1][1] if led else -1


def _sure(state: PlayState, hand: set[int], outstanding: set[int]) -> set[int]:
    """The cards of ``hand`` no outstanding card of their (effective) suit beats."""
    ranking = state.ranking
    return {card for card in hand
            if not any(ranking.effective_suit[other] == ranking.effective_suit[card]
                       and ranking.strength[other] > ranking.strength[card] for other in outstanding)}


def feature(name: str, state: PlayState, seat: int, vole: bool, arg: int = 0) -> int:
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
    if name in ("partner_winning", "winning"):
        if led is None:
            return 0
        from .play import trick_winner

        best = state.trick_seats[trick_winner(state.trick, ranking)]
        if name == "winning":
            return int(best in _players(state, seat, arg))
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
    return _feature_v3(name, state, seat, arg, hand, led)


def _feature_v3(name: str, state: PlayState, seat: int, arg: int, hand: set[int], led: int | None) -> int:
    """The features of where the players sit, the card led, the cards held and the deal's leads."""
    ranking = state.ranking
    if name in ("plays_last", "leads", "has_played"):
        places = [_place(state, other) for other in _players(state, seat, arg)]
        if name == "plays_last":
            return int(state.seats in places)
        return int(1 in places) if name == "leads" else int(any(place <= len(state.trick) for place in places))
    if name in ("position_of", "last_to_my_lead"):
        players = _players(state, seat, arg)
        if len(players) != 1:
            return 0
        if name == "position_of":
            return _place(state, players[0])
        return int((seat - players[0]) % state.seats == 1)
    if name == "led_matador":
        return int(led is not None and led in ranking.trumps[:3])
    if name == "led_king":
        return int(led is not None and cards.rank_of(led) == cards.KING)
    if name == "led":
        return int(led == arg)
    if name in ("led_suit", "called_suit", "trump_suit"):
        return _suit(state, seat, SUIT_REFS[name])
    if name in ("holds", "holds_sequence"):
        suit = _suit(state, seat, arg // SUIT_SHIFT)
        ranks = [rank for rank in range(cards.N_RANKS) if arg % SUIT_SHIFT >> rank & 1]
        return int(suit >= 0 and all(cards.card_of(suit, rank) in hand for rank in ranks))
    if name == "suit_length":
        suit = _suit(state, seat, arg)
        return sum(1 for card in hand if ranking.effective_suit[card] == suit) if suit >= 0 else 0
    if name == "last_led_suit":
        return _last_led(state, _players(state, seat, arg))
    if name in ("suit_changes", "trump_leads"):
        index = 2 if name == "suit_changes" else 3
        return sum(lead_history(state, other)[index] for other in _players(state, seat, arg))
    if name == "trumps_played":
        return len(state.gone & set(ranking.trumps))
    if name == "tricks_of":
        return sum(state.tricks_won[other] for other in _players(state, seat, arg))
    if name == "friend_known":
        return int(state.friend_known_to(seat) >= 0)
    raise ValueError(f"no feature {name!r}")


def _holds(tree: tuple, state: PlayState, seat: int, vole: bool) -> bool:
    """The situation's expression tree, evaluated as written."""
    if tree[0] == "and":
        return all(_holds(part, state, seat, vole) for part in tree[1])
    if tree[0] == "or":
        return any(_holds(part, state, seat, vole) for part in tree[1])
    if tree[0] == "not":
        return not _holds(tree[1], state, seat, vole)
    leaf = tree[1]
    values = [(feature(_NAMES[fid], state, seat, vole, arg), sign, _NAMES[fid]) for fid, arg, sign in leaf.terms]
    if any(value < 0 and name in _SUIT_VALUED for value, _, name in values):
        return False   # a suit that is none compares with nothing
    return _COMPARE[leaf.op](leaf.const + sum(value * sign for value, sign, _ in values), 0)


class SeatPlay:
    """Who plays each seat's cards, and by which rules, decision by decision."""

    def __init__(self, seat_policies: Sequence[SeatPolicy]) -> None:
        self.policies = tuple(seat_policies)
        self.trees = [parse_situation(p.situation).tree if p.situation else None for p in self.policies]

    def holds(self, state: PlayState, seat: int, vole: bool) -> bool:
        tree = self.trees[seat]
        return tree is not None and _holds(tree, state, seat, vole)

    def decide(self, state: PlayState, seat: int, vole: bool) -> tuple[int, int, bool]:
        """(policy id, start of the card-play rules in the row, whether the situation held)."""
        policy = self.policies[seat]
        held = self.holds(state, seat, vole)
        roles = {**policy.roles, **policy.roles_in_situation} if held else policy.roles
        name = roles.get(role(state, seat), policy.name)
        return POLICIES[name].kernel_id, (L.ALT_RULES if held else L.CARD_RULES), held
