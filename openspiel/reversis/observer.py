"""What a position knows of a Reversis state: OpenSpiel's tensor and string.

One fixed-size tensor whatever the state, its pieces:

    player        the observing position (one-hot)
    phase         dealing, the exchange, the play, over
    hand          the cards he holds now                                     (private)
    discard       his discard, or (last entry) that he kept his hand         (private)
    talon         his talon card, once he has taken it or, keeping his hand, seen it  (private)
    dealt         the cards he was dealt                                     (private, perfect recall)
    exchanged     each position: not yet, exchanged, kept his hand           (public)
    trick         the cards of the trick in play, by position
    played_by     every card played, by position
    tricks_taken  each position's tricks (one-hot of 0..11)
    paid          the aces' and the quinola's payments by trick, payer to receiver, in fiches: those
                  made "tout de suite" show the table whether an ace or the quinola that followed
                  suit was forced (the holder's last card of the suit), those of the end come with it
    history       each trick's cards in play order, and its leader           (perfect recall)

The information state is the perfect-recall observation; the public observation leaves out the
private pieces. The strings say the same in words.
"""

from __future__ import annotations

import pyspiel

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis import cards
from spadille.kernel.reversis.reference.deal import HAND_PLACES, TALON_PLACES

from ..common import tensor_views
from .game import CARD, DISCARD

N, P, T = cards.N_CARDS, L.N_POS, L.N_TRICKS
PHASES = ("deal", "exchange", "play", "over")
SIDE_PAYMENTS = (L.C_ACES, L.C_QUINOLA)


def plays_of(state) -> list[tuple[int, int]]:
    return [(who, answer) for who, kind, answer in state.decisions if kind == CARD]


def _phase(state) -> int:
    if state.is_terminal():
        return 3
    if state.table is None:
        return 0
    return 1 if state.table.play is None else 2


def _tricks(state) -> list[list[tuple[int, int]]]:
    plays = plays_of(state)
    return [plays[i:i + P] for i in range(0, len(plays), P)]


def _takers(state) -> list[int]:
    return [] if state.table is None else [trick.taker for trick in state.table.deal.tricks]


def own_discard(state, player: int) -> int | None:
    """His discard (L.NO_CARD: he kept his hand), None before his turn to exchange."""
    return next((answer for who, kind, answer in state.decisions if who == player and kind == DISCARD), None)


def own_talon(state, player: int) -> int | None:
    """The talon card he has taken or, keeping his hand, seen; None before his exchange (the dealer has none)."""
    if player == P - 1 or own_discard(state, player) is None:
        return None
    return state.dealt[TALON_PLACES[player]]


def side_payments(state):
    """The aces' and the quinola's payments made so far (trick > 0), in the order they were made."""
    if state.table is None:
        return []
    return [p for p in state.table.deal.ledger.payments if p.category in SIDE_PAYMENTS and p.trick > 0]


class ReversisObserver:
    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.iig_obs_type = iig_obs_type
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        recall = iig_obs_type.perfect_recall
        pieces = [("player", P, (P,)), ("phase", 4, (4,))]
        if private:
            pieces += [("hand", N, (N,)), ("discard", N + 1, (N + 1,)), ("talon", N, (N,))]
            if recall:
                pieces += [("dealt", N, (N,))]
        if iig_obs_type.public_info:
            pieces += [("exchanged", P * 3, (P, 3)), ("trick", P * N, (P, N)), ("played_by", P * N, (P, N)),
                       ("tricks_taken", P * (T + 1), (P, T + 1)), ("paid", T * P * P, (T, P, P))]
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
            discard, talon = own_discard(state, player), own_talon(state, player)
            if discard is not None:
                d["discard"][N if discard == L.NO_CARD else discard] = 1
            if talon is not None:
                d["talon"][talon] = 1
        if "dealt" in d and state.table is not None:
            a, b = HAND_PLACES[player]
            for card in state.dealt[a:b]:
                d["dealt"][card] = 1
        if "exchanged" not in d:
            return
        done = {who: answer for who, kind, answer in state.decisions if kind == DISCARD}
        for position in range(P):
            d["exchanged"][position, 0 if position not in done else (2 if done[position] == L.NO_CARD else 1)] = 1
        tricks, takers = _tricks(state), _takers(state)
        for position in range(P):
            d["tricks_taken"][position, takers.count(position)] = 1
        for payment in side_payments(state):
            d["paid"][payment.trick - 1, payment.payer, payment.receiver] += payment.amount
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
        if self.iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            parts.append("hand " + _cards(state.hand(player)))
            discard, talon = own_discard(state, player), own_talon(state, player)
            if discard == L.NO_CARD:
                parts.append(f"kept the hand, saw {cards.format_card(talon)}")
            elif discard is not None:
                parts.append(f"discarded {cards.format_card(discard)}"
                             + (f", took {cards.format_card(talon)}" if talon is not None else ""))
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
        paid = side_payments(state)
        if paid:
            parts.append("paid " + " ".join(f"t{p.trick} {p.payer}>{p.receiver}:{p.amount}" for p in paid))
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
