"""``python_reversis``: Reversis as an OpenSpiel game, on the reference engine's rules.

The 48 cards are dealt at chance nodes in the engine's places (the k-th card dealt is the
shuffled pack's k-th: eleven each to positions 0-2, twelve to the dealer, three to the talon);
then each position's discard (or, where the preset lets him, keeping his hand) and every card of
the eleven tricks. The game steps the reference engine itself (kernel/reversis/reference/
engine.py): its ``exchange`` for each discard, its ``TrickPlay`` for each card (whose turn, the
legal cards, the trick's payments, the settlement after the last), so it states no rule of its own
and costs the engine's own work a decision; the finished deal's payments are the engine's ledger.

``returns()`` are each position's net (the payments "tout de suite" and at the end, the dealer's
stake included) plus an equal share of what the deal put into or took from the pool, so they sum
to zero; ``payments()`` gives the engine's nets. Parameters: ``preset`` (enc1765, hague1785, dj,
hoyle) and ``rules`` (overrides as the CLI's ``--rule``, separated by ``;``).
"""

from __future__ import annotations

import copy
from functools import lru_cache

import numpy as np
import pyspiel

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis import cards
from spadille.kernel.reversis.reference import engine
from spadille.kernel.reversis.reference.deal import HAND_PLACES, TALON_PLACES
from spadille.kernel.reversis.ruleset import DEFAULT_PRESET, load_reversis_ruleset

from ..common import game_type, override_texts

SHORT_NAME = "python_reversis"
KEEP = cards.N_CARDS            # the action of keeping one's hand instead of discarding
N_ACTIONS = cards.N_CARDS + 1
DEFAULT_PARAMS = {"preset": DEFAULT_PRESET, "rules": ""}
DISCARD, CARD = "discard", "card"

GAME_TYPE = game_type(SHORT_NAME, "Python Reversis (spadille; the Dictionnaire des jeux and its presets)", L.N_POS, L.N_POS, DEFAULT_PARAMS)


class Context:
    """What every state of one game shares, never copied with a state."""

    def __init__(self, preset: str, overrides: str) -> None:
        self.ruleset = load_reversis_ruleset(preset=preset, override_texts=override_texts(overrides))
        self.seats = L.N_POS

    def __deepcopy__(self, memo) -> "Context":
        return self


class Table:
    """The engine's objects of the deal in progress: its PlayedDeal, the hands, and once the exchange
    is over its TrickPlay. A copy (OpenSpiel copies states) shares the ruleset and nothing else."""

    def __init__(self, ruleset, dealt: list[int]) -> None:
        self.ruleset = ruleset
        self.hands = [set(dealt[a:b]) for a, b in HAND_PLACES]
        self.deal = engine.open_deal(ruleset, self.hands, [dealt[i] for i in TALON_PLACES])
        self.play: engine.TrickPlay | None = None

    def __deepcopy__(self, memo) -> "Table":
        memo[id(self.ruleset)] = self.ruleset
        new = copy.copy(self)
        new.hands, new.deal, new.play = copy.deepcopy((self.hands, self.deal, self.play), memo)
        return new


@lru_cache(maxsize=16)
def context(preset: str, overrides: str) -> Context:
    return Context(preset, overrides)


class ReversisGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.context = context(str(params["preset"]), str(params["rules"]))
        bound = 1000.0   # far above any deal's payments under the presets (a reversis, the pool, aces)
        info = pyspiel.GameInfo(num_distinct_actions=N_ACTIONS, max_chance_outcomes=cards.N_CARDS,
                                num_players=L.N_POS, min_utility=-bound, max_utility=bound, utility_sum=0.0,
                                max_game_length=L.N_POS + L.N_POS * L.N_TRICKS)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self):
        return ReversisState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        from .observer import ReversisObserver

        return ReversisObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class ReversisState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.ctx: Context = game.context
        self.dealt: list[int] = []
        self.decisions: list[tuple[int, str, int]] = []    # (position, kind, answer)
        self.table: Table | None = None
        self.player = pyspiel.PlayerId.CHANCE    # who acts now, kept up to date: OpenSpiel asks often

    def current_player(self):
        return self.player

    def position(self) -> int:
        """The position to decide now (the dealing done, the deal not over)."""
        play = self.table.play
        return len(self.decisions) if play is None else play.position

    def decision(self) -> tuple[str, tuple[int, ...]]:
        """(kind, options) of the decision to make now: DISCARD (cards, and L.NO_CARD for keeping the
        hand where the preset allows it) or CARD (the legal cards), in the engine's terms."""
        play = self.table.play
        if play is None:
            position = self.position()
            keep = (L.NO_CARD,) if engine.may_keep(self.ctx.ruleset, position) else ()
            return DISCARD, tuple(sorted(self.table.hands[position])) + keep
        return CARD, tuple(sorted(play.options()[0]))

    def _legal_actions(self, player):
        return sorted(KEEP if option == L.NO_CARD else option for option in self.decision()[1])

    def chance_outcomes(self):
        left = sorted(set(range(cards.N_CARDS)) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action):
        if self.player == pyspiel.PlayerId.CHANCE:
            self.dealt.append(action)
            if len(self.dealt) == cards.N_CARDS:
                self.table = Table(self.ctx.ruleset, self.dealt)
                self.player = 0
            return
        table, position = self.table, self.player
        if table.play is None:
            answer = L.NO_CARD if action == KEEP else action
            engine.exchange(self.ctx.ruleset, table.deal, table.hands, position, answer)
            self.decisions.append((position, DISCARD, answer))
            if position == L.N_POS - 1:
                table.play = engine.TrickPlay(self.ctx.ruleset, table.deal, table.hands)
        else:
            table.play.play(action)
            self.decisions.append((position, CARD, action))
        self.player = pyspiel.PlayerId.TERMINAL if self.is_terminal() else self.position()

    def hand(self, position: int) -> set[int]:
        """The cards ``position`` holds now (his talon card taken, his discard and plays gone)."""
        return set() if self.table is None else set(self.table.hands[position])

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {cards.format_card(action)}"
        if action == KEEP:
            return "keep the hand"
        exchanging = self.table is not None and self.table.play is None
        return f"{'discard' if exchanging else 'play'} {cards.format_card(action)}"

    def is_terminal(self):
        return self.table is not None and self.table.play is not None and self.table.play.finished

    def record(self) -> np.ndarray:
        return self.table.deal.record()

    def payments(self) -> list[int]:
        """The engine's net of each position for the deal (kernel layout D_NET)."""
        record = self.record()
        return [int(record[L.D_NET + p]) for p in range(L.N_POS)]

    def returns(self):
        if not self.is_terminal():
            return [0.0] * L.N_POS
        pool = float(self.record()[L.D_NET + L.POOL])
        return [pay + pool / L.N_POS for pay in self.payments()]

    def resample_from_infostate(self, player_id, probability_sampler):
        from .worlds import resample

        return resample(self, player_id, probability_sampler)

    def __str__(self):
        from .observer import describe_state

        return describe_state(self)


def stream_after_deal(seed: int, deal: int) -> tuple[list[int], PythonStream]:
    """The chance outcomes of deal ``deal`` of ``seed`` as the engine shuffles it, and its stream
    where the shuffle left it (for bots that play it as ``reference.play_deal`` does)."""
    from spadille.kernel.reversis.reference.deal import shuffled_pack

    stream = PythonStream(seed, deal)
    return shuffled_pack(stream), stream
