"""What a seat knows of a Quadrille state, as OpenSpiel's observer gives it: a tensor and a string.

One fixed-size tensor whatever the state (its size depends only on the seats), its pieces:

    player        the observing seat (one-hot)
    phase         dealing, the setup, the play, over
    hand          the cards he holds now                       (private)
    dealt         the cards he was dealt                       (private, perfect recall)
    bids          each seat's bid: not asked, or a bid code    (public)
    force         the overbid asker's answer: none, cede, take
    contract      the contract as he sees it (a self-called king looks a called game to the others)
    ombre, trump, called, demanded      seat, suit and cards, once known
    given         the card given for a demanded king, when he may see it
    friend        the friend's seat, once known to him
    vole          the vole was asked, undertaken
    tricks_won    each seat's tricks (one-hot of 0..hand_size)
    trick         the cards of the trick in play, by seat
    played_by     every card played, by seat
    cannot_hold   the cards each seat is known to lack (it failed to follow, the called king's duty,
                  an exchange or a casco shown): the table's inferences, the engine's own
    history       each trick's cards in play order, and its leader (perfect recall)

The information state is the perfect-recall observation; the public observation leaves out the
private pieces. The strings say the same in words.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

from ..common import tensor_views
from . import actions as A
from .replay import BID, DEMAND, FORCE, GIFT

N_CARDS = cards.N_CARDS
N_CONTRACTS = 7
PHASES = ("deal", "setup", "play", "over")


def pieces_for(ctx, iig_obs_type) -> list[tuple[str, int, tuple[int, ...]]]:
    seats, size = ctx.seats, ctx.hand_size
    private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    recall = iig_obs_type.perfect_recall
    pieces = [("player", seats, (seats,)), ("phase", len(PHASES), (len(PHASES),))]
    if private:
        pieces.append(("hand", N_CARDS, (N_CARDS,)))
        if recall:
            pieces.append(("dealt", N_CARDS, (N_CARDS,)))
    if iig_obs_type.public_info:
        pieces += [("bids", seats * (len(A.BIDS) + 1), (seats, len(A.BIDS) + 1)), ("force", 3, (3,)),
                   ("contract", N_CONTRACTS, (N_CONTRACTS,)), ("ombre", seats, (seats,)),
                   ("trump", cards.N_SUITS, (cards.N_SUITS,)), ("called", N_CARDS, (N_CARDS,)),
                   ("demanded", N_CARDS, (N_CARDS,)), ("given", N_CARDS, (N_CARDS,)), ("friend", seats, (seats,)),
                   ("vole", 2, (2,)), ("tricks_won", seats * (size + 1), (seats, size + 1)),
                   ("trick", seats * N_CARDS, (seats, N_CARDS)), ("played_by", seats * N_CARDS, (seats, N_CARDS)),
                   ("cannot_hold", seats * N_CARDS, (seats, N_CARDS))]
        if recall:
            pieces += [("history", size * seats * N_CARDS, (size, seats, N_CARDS)), ("leaders", size * seats, (size, seats))]
    return pieces


def seen_log(state, player: int):
    """The setup decisions ``player`` saw: every one, but a card given for a demanded king only by
    the two players of the exchange, or by all where the rules show it (exchange.card_shown)."""
    holder = _demanded_holder(state)
    for seat, kind, answer, args in state.log:
        visible = kind != GIFT or state.ctx.rules.gift_shown or player in (seat, holder)
        yield seat, kind, (answer if visible else None)


def _demanded_holder(state) -> int:
    for seat, kind, answer, _ in state.log:
        if kind == DEMAND:
            return next(s for s, hand in enumerate(state.dealt_hands()) if answer in hand)
    return -1


def contract_seen(state, player: int) -> int:
    """The contract as ``player`` knows it; -1 before the play."""
    play = state.play
    if play is None:
        return -1
    hidden_self_call = play.contract == L.SELF_CALLED and player != play.ombre
    return L.CALLED if hidden_self_call else play.contract


class QuadrilleObserver:
    """Conforms to OpenSpiel's PyObserver interface (open_spiel/python/observation.py)."""

    def __init__(self, ctx, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.iig_obs_type = iig_obs_type
        pieces = pieces_for(ctx, iig_obs_type)
        self.tensor, self.dict = tensor_views(pieces)

    def set_from(self, state, player):
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        d["phase"][_phase(state)] = 1
        if "hand" in d:
            for card in state.hand(player):
                d["hand"][card] = 1
        if "dealt" in d and len(state.dealt) == state.ctx.n_dealt:
            for card in state.dealt_hands()[player]:
                d["dealt"][card] = 1
        if "bids" not in d:
            return
        consulted = set()
        for seat, kind, answer in seen_log(state, player):
            if kind == BID:
                d["bids"][seat, 1 + answer] = 1
                consulted.add(seat)
            elif kind == FORCE:
                d["force"][1 + answer] = 1
            elif kind == DEMAND:
                d["demanded"][answer] = 1
            elif kind == GIFT and answer is not None:
                d["given"][answer] = 1
        for seat in set(range(state.ctx.seats)) - consulted:
            d["bids"][seat, 0] = 1
        if not consulted:
            d["force"][0] = 1
        play = state.play
        if play is None:
            return
        d["contract"][contract_seen(state, player)] = 1
        d["ombre"][play.ombre] = 1
        d["trump"][play.ranking.trump] = 1
        if play.called >= 0:
            d["called"][play.called] = 1
        if play.friend_known_to(player) >= 0:
            d["friend"][play.friend] = 1
        if state.voles:
            d["vole"][0] = 1
            d["vole"][1] = float(any(state.voles.values()))
        for seat in range(state.ctx.seats):
            d["tricks_won"][seat, play.tricks_won[seat]] = 1
            for card in play.played[seat]:
                d["played_by"][seat, card] = 1
            for card in play.cannot_hold[seat]:
                d["cannot_hold"][seat, card] = 1
        for seat, card in zip(play.trick_seats, play.trick):
            d["trick"][seat, card] = 1
        if "history" in d:
            for index, (seat, card) in enumerate(state.plays):
                trick, turn = divmod(index, state.ctx.seats)
                d["history"][trick, turn, card] = 1
                if turn == 0:
                    d["leaders"][trick, seat] = 1

    def string_from(self, state, player):
        private = self.iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        recall = self.iig_obs_type.perfect_recall
        parts = [f"p{player}"]
        if private:
            parts.append("hand " + _cards(state.hand(player)))
            if recall and len(state.dealt) == state.ctx.n_dealt:
                parts.append("dealt " + _cards(state.dealt_hands()[player]))
        if not self.iig_obs_type.public_info:
            return " | ".join(parts)
        said = [f"{seat}:{'?' if answer is None else A.describe(kind, answer)}"
                for seat, kind, answer in seen_log(state, player)]
        if said:
            parts.append("setup " + ", ".join(said))
        play = state.play
        if play is not None:
            contract = contract_seen(state, player)
            parts.append(f"contract {CONTRACT_NAMES[contract]} ombre {play.ombre} trump {cards.SUIT_SYMBOLS[play.ranking.trump]}")
            if play.called >= 0:
                parts.append(f"called {cards.format_card(play.called)}")
            if play.friend_known_to(player) >= 0:
                parts.append(f"friend {play.friend}")
            if state.voles:
                parts.append("vole " + ("undertaken" if any(state.voles.values()) else "declined"))
            parts.append("tricks " + " ".join(str(n) for n in play.tricks_won))
            if recall:
                parts.append("play " + " ".join(f"{seat}:{cards.format_card(card)}" for seat, card in state.plays))
            else:
                parts.append("trick " + " ".join(f"{seat}:{cards.format_card(card)}"
                                                 for seat, card in zip(play.trick_seats, play.trick)))
                parts.append("gone " + _cards(play.gone))
        if state.is_terminal():
            parts.append("payments " + " ".join(str(p) for p in state.payments()))
        return " | ".join(parts)


CONTRACT_NAMES = {L.CALLED: "called king", L.SELF_CALLED: "self-called king", L.SANS_PRENDRE: "sans prendre",
                  L.FORCED: "forced spadille", L.NO_CONTRACT: "none", L.DEMANDED: "demanded king",
                  L.CASCO_GAME: "casco"}


def _phase(state) -> int:
    if state.is_terminal():
        return 3
    if len(state.dealt) < state.ctx.n_dealt:
        return 0
    return 1 if state.play is None else 2


def _cards(held) -> str:
    return " ".join(cards.format_card(card) for card in sorted(held)) or "-"


def describe_state(state) -> str:
    """Every hand and what the table saw: for debugging and the playthrough file."""
    lines = [f"seat {seat}: {_cards(state.hand(seat))}" for seat in range(state.ctx.seats)]
    observer = QuadrilleObserver(state.ctx, pyspiel.IIGObservationType(perfect_recall=True,
                                                                         private_info=pyspiel.PrivateInfoType.NONE),
                                 None)
    lines.append(observer.string_from(state, 0).split(" | ", 1)[-1])
    return "\n".join(lines)
