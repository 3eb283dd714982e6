"""What a position knows of a Reversis state: OpenSpiel's tensor and string.

Pieces of the fixed-size tensor: player, phase (deal, exchange, play, over); private: hand (now),
dealt and the talon card taken (perfect recall), his own discard; public: each position's
exchange done or hand kept, the trick by position, every card played by position, tricks taken
(one-hot 0..11), and, with perfect recall, every trick's cards in play order with its leader.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from spadille.kernel.reversis import _layout as L
from spadille.kernel.reversis import cards
from spadille.kernel.reversis.reference.deal import HAND_PLACES, TALON_PLACES

from ..common import tensor_views
from .game import CARD, DISCARD

N, P, T = cards.N_CARDS, L.N_POS, L.N_TRICKS
PHASES = ("deal", "exchange", "play", "over")


def plays_of(state) -> list[tuple[int, int]]:
    return [(who, answer) for who, kind, answer in state.decisions if kind == CARD]


def _phase(state) -> int:
    if state.is_terminal():
        return 3
    if len(state.dealt) < N:
        return 0
    return 1 if state.ask.kind == DISCARD else 2


def _tricks(state) -> list[list[tuple[int, int]]]:
    plays = plays_of(state)
    return [plays[i:i + P] for i in range(0, len(plays), P)]


def _takers(state) -> list[int]:
    """Who took each finished trick: the highest card of the led suit (the engine's own rule)."""
    from spadille.kernel.reversis.reference.play import trick_taker

    return [trick_taker([card for _, card in trick], trick[0][0]) for trick in _tricks(state) if len(trick) == P]


class ReversisObserver:
    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.iig_obs_type = iig_obs_type
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        recall = iig_obs_type.perfect_recall
        pieces = [("player", P, (P,)), ("phase", 4, (4,))]
        if private:
            pieces += [("hand", N, (N,)), ("discard", N + 1, (N + 1,))]
            if recall:
                pieces += [("dealt", N, (N,)), ("talon", N, (N,))]
        if iig_obs_type.public_info:
            pieces += [("exchanged", P * 3, (P, 3)), ("trick", P * N, (P, N)), ("played_by", P * N, (P, N)),
                       ("tricks_taken", P * (T + 1), (P, T + 1))]
            if recall:
                pieces += [("history", T * P * N, (T, P, N)), ("leaders", T * P, (T, P))]
        self.tensor, self.dict = tensor_views(pieces)

    def set_from(self, state, player):
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        d["phase"][_phase(state)] = 1
        if "hand" in d:
            for card in state.hand(player):
                d["hand"][card] = 1
            own = [answer for who, kind, answer in state.decisions if who == player and kind == DISCARD]
            if own:
                d["discard"][N if own[0] == L.NO_CARD else own[0]] = 1
        if "dealt" in d and len(state.dealt) == N:
            a, b = HAND_PLACES[player]
            for card in state.dealt[a:b]:
                d["dealt"][card] = 1
            if player < P - 1:
                d["talon"][state.dealt[TALON_PLACES[player]]] = 1
        if "exchanged" not in d:
            return
        done = {who: answer for who, kind, answer in state.decisions if kind == DISCARD}
        for position in range(P):
            d["exchanged"][position, 0 if position not in done else (2 if done[position] == L.NO_CARD else 1)] = 1
        tricks, takers = _tricks(state), _takers(state)
        for position in range(P):
            d["tricks_taken"][position, takers.count(position)] = 1
        for index, trick in enumerate(tricks):
            for turn, (who, card) in enumerate(trick):
                d["played_by"][who, card] = 1
                if "history" in d:
                    d["history"][index, turn, card] = 1
            if "history" in d:
                d["leaders"][index, trick[0][0]] = 1
        if tricks and len(tricks[-1]) < P:
            for who, card in tricks[-1]:
                d["trick"][who, card] = 1

    def string_from(self, state, player):
        parts = [f"p{player}"]
        private = self.iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private:
            parts.append("hand " + _cards(state.hand(player)))
            own = [answer for who, kind, answer in state.decisions if who == player and kind == DISCARD]
            if own:
                parts.append("kept the hand" if own[0] == L.NO_CARD else f"discarded {cards.format_card(own[0])}")
        if not self.iig_obs_type.public_info:
            return " | ".join(parts)
        done = [f"{who}:{'kept' if answer == L.NO_CARD else 'exchanged'}"
                for who, kind, answer in state.decisions if kind == DISCARD]
        if done:
            parts.append("exchange " + " ".join(done))
        tricks = _tricks(state)
        shown = tricks if self.iig_obs_type.perfect_recall else tricks[-1:]
        if shown:
            parts.append("play " + " / ".join(" ".join(f"{who}:{cards.format_card(card)}" for who, card in trick)
                                              for trick in shown))
        parts.append("taken " + " ".join(str(_takers(state).count(p)) for p in range(P)))
        if state.is_terminal():
            parts.append("payments " + " ".join(str(p) for p in state.payments()))
        return " | ".join(parts)


def _cards(held) -> str:
    return " ".join(cards.format_card(card) for card in sorted(held)) or "-"


def describe_state(state) -> str:
    lines = [f"position {p}: {_cards(state.hand(p))}" for p in range(P)]
    observer = ReversisObserver(pyspiel.IIGObservationType(perfect_recall=True,
                                                           private_info=pyspiel.PrivateInfoType.NONE), None)
    lines.append(observer.string_from(state, 0).split(" | ", 1)[-1])
    return "\n".join(lines)
