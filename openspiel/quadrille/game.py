"""``python_quadrille``: Quadrille as an OpenSpiel game, on the reference engine's rules.

The deal is dealt card by card at chance nodes (seat s receives the s-th run of ``hand_size``
cards, as the engine's shuffle deals them); the setup (the auction, the asker's answer, trumps,
the call, a demanded king and the card given for it) asks exactly the decisions the reference
engine asks, found by replaying it (replay.py); the tricks are stepped card by card on the
engine's PlayState with its legality (``legal_cards``, the called king's duty) and its vole
point; the finished deal is settled by the engine. Every card is a decision, even a lone legal
one; a setup decision with a single option is made for the player, as in the engine.

``returns()`` are the deal's payments (antes included, a fresh table) plus an equal share of what
the deal leaves on the table or takes from it, so they sum to zero; ``payments()`` gives the
engine's own figures. Parameters: ``ruleset`` (a shipped Quadrille ruleset, the variants
included) and ``rules`` (rule overrides as the CLI's ``--rule`` takes them, separated by ``;``; in a
game string, ``KEY:VALUE``).
"""

from __future__ import annotations

import copy
from functools import lru_cache

import numpy as np
import pyspiel

from spadille.kernel.common.rule_entries import parse_override
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.reference.play import called_king_duty, legal_cards, trick_winner
from spadille.kernel.quadrille.reference.rules import read_rules
from spadille.kernel.quadrille.reference.scoring import vole_may_be_undertaken
from spadille.kernel.quadrille.reference.state import PlayState
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET, load_ruleset, with_overrides

from ..common import game_type, override_texts
from . import actions as A
from .replay import BID, CARD, GIFT, VOLE, Ask, Replayer

SHORT_NAME = "python_quadrille"
MAX_SEATS = 4
DEFAULT_PARAMS = {"ruleset": DEFAULT_RULESET, "rules": ""}

GAME_TYPE = game_type(SHORT_NAME, "Python Quadrille (spadille; the Encyclopédie's rules and their variants)", 3, MAX_SEATS, DEFAULT_PARAMS)


class Context:
    """What every state of one game shares, never copied with a state (OpenSpiel deep-copies states)."""

    def __init__(self, ruleset_name: str, overrides: str) -> None:
        pairs = dict(parse_override(text) for text in override_texts(overrides))
        self.ruleset = with_overrides(load_ruleset(ruleset_name), pairs)
        self.rules = read_rules(self.ruleset)
        self.seats = self.rules.seats
        self.hand_size = self.rules.hand_size
        self.pack = tuple(sorted(self.rules.pack))
        self.replayer = Replayer(self.ruleset, self.seats)

    def __deepcopy__(self, memo) -> "Context":
        return self

    @property
    def n_dealt(self) -> int:
        return self.seats * self.hand_size


@lru_cache(maxsize=16)
def context(ruleset_name: str, overrides: str) -> Context:
    return Context(ruleset_name, overrides)


def _max_utility(ctx: Context) -> float:
    """A bound on one deal's payment: every figure of the payment rules, times the seats, twice."""
    values = [rule.value for rule in ctx.ruleset.rules.values()]
    entries = [abs(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return float(2 * ctx.seats * sum(entries))


class QuadrilleGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.context = context(str(params["ruleset"]), str(params["rules"]))
        ctx = self.context
        bound = _max_utility(ctx)
        info = pyspiel.GameInfo(
            num_distinct_actions=A.N_ACTIONS,
            max_chance_outcomes=cards.N_CARDS,
            num_players=ctx.seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            # the cards dealt are chance; at most a bid and an answer a seat, trumps, a call or a
            # demand and a gift, the vole, and every card played
            max_game_length=2 * ctx.seats + 4 + ctx.n_dealt,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self):
        return QuadrilleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        from .observer import QuadrilleObserver

        return QuadrilleObserver(self.context, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                                 params)


def copy_play(state: PlayState) -> PlayState:
    """A PlayState whose changing parts are its own (the ranking and rules stay shared)."""
    new = copy.copy(state)
    new.hands = [set(hand) for hand in state.hands]
    new.trick, new.trick_seats, new.gone = list(state.trick), list(state.trick_seats), set(state.gone)
    new.showed_out = [set(s) for s in state.showed_out]
    new.cannot_hold = [set(s) for s in state.cannot_hold]
    new.played = [set(s) for s in state.played]
    new.tricks_won = list(state.tricks_won)
    return new


class QuadrilleState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.ctx: Context = game.context
        self.dealt: list[int] = []                 # chance outcomes, in order
        self.answers: list[int] = []               # setup answers, as the engine takes them
        self.log: list[tuple[int, str, int, tuple]] = []   # (seat, kind, answer, the engine's arguments)
        self.ask: Ask | None = None
        self.play: PlayState | None = None
        self.plays: list[tuple[int, int]] = []     # (seat, card) in play order
        self.voles: dict[int, bool] = {}
        self.vole_decider = -1                     # a seat facing the vole now, else -1
        self.friend_shown = False                  # the friend showed himself by a lead (vole bar)
        self.row: np.ndarray | None = None

    # ------------------------------------------------------------ what is where
    def dealt_hands(self) -> list[set[int]]:
        size = self.ctx.hand_size
        return [set(self.dealt[s * size:(s + 1) * size]) for s in range(self.ctx.seats)]

    def hand(self, seat: int) -> set[int]:
        """The cards ``seat`` holds now (after a demanded king's exchange, less those played)."""
        if self.play is not None:
            return set(self.play.hands[seat])
        if len(self.dealt) < self.ctx.n_dealt:
            return set(self.dealt[seat * self.ctx.hand_size:(seat + 1) * self.ctx.hand_size])
        hand = self.dealt_hands()[seat]
        if self.ask is not None and self.ask.kind == GIFT and seat == self.ask.seat:
            return set(self.ask.args[0])   # the demanded king already in hand
        return hand

    # ------------------------------------------------------------ the OpenSpiel API
    def current_player(self):
        if self.row is not None:
            return pyspiel.PlayerId.TERMINAL
        if len(self.dealt) < self.ctx.n_dealt:
            return pyspiel.PlayerId.CHANCE
        if self.ask is not None:
            return self.ask.seat
        if self.vole_decider >= 0:
            return self.vole_decider
        return (self.play.leader + len(self.play.trick)) % self.ctx.seats

    def decision(self) -> tuple[str, tuple[int, ...]]:
        """(kind, options) of the decision to make now (options in the engine's terms)."""
        if self.ask is not None:
            return self.ask.kind, self.ask.options
        if self.vole_decider >= 0:
            return VOLE, (0, 1)
        return CARD, tuple(self.legal_cards())

    def legal_cards(self) -> list[int]:
        state, seat = self.play, self.current_player()
        legal = legal_cards(state.hands[seat], state.trick, state.ranking, self.ctx.rules)
        if self.ctx.rules.called_king_duty:
            legal = called_king_duty(legal, state.hands[seat], state.trick, state.called, state.ranking)
        return legal

    def _legal_actions(self, player):
        kind, options = self.decision()
        return sorted(A.encode(kind, option) for option in options)

    def chance_outcomes(self):
        left = sorted(set(self.ctx.pack) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action):
        if self.is_chance_node():
            self.dealt.append(action)
            if len(self.dealt) == self.ctx.n_dealt:
                self._advance_setup()
            return
        kind, _ = self.decision()
        option = A.decode(kind, action)
        if self.ask is not None:
            self.log.append((self.ask.seat, kind, option, self.ask.args))
            self.answers.append(option)
            self._advance_setup()
        elif kind == VOLE:
            self.voles[self.play.trick_index] = bool(option)
            self.vole_decider = -1
        else:
            self._play_card(option)

    def _advance_setup(self) -> None:
        found = self.ctx.replayer.setup(self.dealt_hands(), self.answers)
        self.ask = found if isinstance(found, Ask) else None
        if isinstance(found, np.ndarray):
            self.row = found   # all passed and the deal is void: the antes stay on the table
        elif isinstance(found, PlayState):
            self.play = copy_play(found)
            self._at_trick_start()

    def _play_card(self, card: int) -> None:
        state, seat = self.play, self.current_player()
        rules = self.ctx.rules
        # the engine's watch for a friend who shows himself by his lead (deal.py, _play_tricks)
        watched = (rules.friend_lead_bars_vole and state.friend > 0 and state.called >= 0
                   and state.contract != L.CASCO_GAME)
        if watched and not state.trick and seat == state.friend and (card in state.ranking.matadors
                                                                     or card == state.called):
            self.friend_shown = True
        self.plays.append((seat, card))
        state.play(seat, card)
        if len(state.trick) < self.ctx.seats:
            return
        state.finish_trick(state.trick_seats[trick_winner(state.trick, state.ranking)])
        if state.trick_index == self.ctx.hand_size:
            cards_by_turn = {}
            for index, (who, played) in enumerate(self.plays):
                cards_by_turn[(index // self.ctx.seats, who)] = played
            self.row = self.ctx.replayer.settle(self.dealt_hands(), self.answers, cards_by_turn, self.voles)
        else:
            self._at_trick_start()

    def _at_trick_start(self) -> None:
        """The vole point, where the engine asks it: before the trick is led."""
        state = self.play
        if vole_may_be_undertaken(state.trick_index, state.side_tricks(), state.contract, state.called,
                                  state.called_seen, self.ctx.rules,
                                  decider_is_shown_friend=self.friend_shown and state.leader == state.friend):
            self.vole_decider = state.leader if state.trick_index > 0 else state.ombre

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {cards.format_card(action)}"
        if self.row is None and not self.is_chance_node() and player == self.current_player():
            kind, _ = self.decision()
            return A.describe(kind, A.decode(kind, action))
        return A.action_string(action)

    def is_terminal(self):
        return self.row is not None

    def payments(self) -> list[int]:
        """The engine's payments of the finished deal, antes included (its row's COL_PAY)."""
        return [int(v) for v in self.row[L.COL_PAY:L.COL_PAY + self.ctx.seats]]

    def returns(self):
        if self.row is None:
            return [0.0] * self.ctx.seats
        share = float(self.row[L.COL_POOL]) / self.ctx.seats
        return [pay + share for pay in self.payments()]

    def resample_from_infostate(self, player_id, probability_sampler):
        from .worlds import resample

        return resample(self, player_id, probability_sampler)

    def __str__(self):
        from .observer import describe_state

        return describe_state(self)
