"""``python_reversis``: Reversis as an OpenSpiel game, on the reference engine's rules.

The 48 cards are dealt at chance nodes in the engine's places (the k-th card dealt is the
shuffled pack's k-th: eleven each to positions 0-2, twelve to the dealer, three to the talon);
then each position's discard (or, where the preset lets him, keeping his hand) and every card of
the eleven tricks. Each decision and its options are found by replaying the reference engine
(kernel/reversis/reference/engine.py) on the dealt cards with the decisions taken so far, so the
game states no rule of its own; the finished deal's payments are the engine's ledger.

``returns()`` are each position's net (the payments "tout de suite" and at the end, the dealer's
stake included) plus an equal share of what the deal put into or took from the pool, so they sum
to zero; ``payments()`` gives the engine's nets. Parameters: ``preset`` (enc1765, hague1785, dj,
hoyle) and ``rules`` (overrides as the CLI's ``--rule``, separated by ``;``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pyspiel

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.reversis import _layout as L
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


@dataclass(frozen=True)
class Ask:
    position: int
    kind: str
    options: tuple[int, ...]          # cards, and NO_CARD for keeping one's hand
    args: tuple = ()                  # the engine's arguments to the policy, besides the position


class NeedDecision(Exception):
    def __init__(self, ask: Ask) -> None:
        super().__init__(ask)
        self.ask = ask


class Script:
    """Answers the engine's discards and cards from a list (quacks like reference SharedPolicies)."""

    def __init__(self, answers: list[int]) -> None:
        self.answers, self.asked = answers, 0

    def _next(self, ask: Ask) -> int:
        if self.asked < len(self.answers):
            self.asked += 1
            return self.answers[self.asked - 1]
        raise NeedDecision(ask)

    def discard(self, position, hand, may_keep):
        options = tuple(sorted(hand)) + ((L.NO_CARD,) if may_keep else ())
        return self._next(Ask(position, DISCARD, options, (frozenset(hand), may_keep)))

    def card(self, position, hand, legal, follow, obs):
        return self._next(Ask(position, CARD, tuple(sorted(legal)), (frozenset(hand), frozenset(legal),
                                                                      frozenset(follow), obs.copy())))


class Context:
    def __init__(self, preset: str, overrides: str) -> None:
        self.ruleset = load_reversis_ruleset(preset=preset, override_texts=override_texts(overrides))
        self.seats = L.N_POS

    def __deepcopy__(self, memo) -> "Context":
        return self

    def replay(self, dealt: list[int], answers: list[int]) -> Ask | engine.PlayedDeal:
        """The next decision, or the finished deal, as the engine plays ``answers`` on ``dealt``."""
        hands = [set(dealt[a:b]) for a, b in HAND_PLACES]
        talon = [dealt[i] for i in TALON_PLACES]
        ruleset = self.ruleset
        pool_start = 4 * ruleset["pool.opening_per_player"]
        deal = engine.PlayedDeal(dealt=[set(h) for h in hands], talon=talon, discards=[L.NO_CARD] * 4, ecart=set(),
                                 hands_at_play=[], pool_start=pool_start)
        deal.ledger.pay(L.C_DEALER, L.N_POS - 1, L.POOL, ruleset["pool.dealer_adds"], 0, "the dealer adds to the pool")
        deal.p0 = pool_start + ruleset["pool.dealer_adds"]
        script = Script(answers)
        try:
            engine._exchange(ruleset, deal, hands, script)
            engine._play(ruleset, deal, hands, script)
        except NeedDecision as need:
            return need.ask
        return deal


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
        self.answers: list[int] = []
        self.decisions: list[tuple[int, str, int]] = []    # (position, kind, answer)
        self.ask: Ask | None = None
        self.deal: engine.PlayedDeal | None = None

    def current_player(self):
        if self.deal is not None:
            return pyspiel.PlayerId.TERMINAL
        if len(self.dealt) < cards.N_CARDS:
            return pyspiel.PlayerId.CHANCE
        return self.ask.position

    def _legal_actions(self, player):
        return sorted(KEEP if option == L.NO_CARD else option for option in self.ask.options)

    def chance_outcomes(self):
        left = sorted(set(range(cards.N_CARDS)) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action):
        if self.is_chance_node():
            self.dealt.append(action)
        else:
            answer = L.NO_CARD if action == KEEP else action
            self.decisions.append((self.ask.position, self.ask.kind, answer))
            self.answers.append(answer)
        if len(self.dealt) == cards.N_CARDS:
            found = self.ctx.replay(self.dealt, self.answers)
            self.ask, self.deal = (found, None) if isinstance(found, Ask) else (None, found)

    def hand(self, position: int) -> set[int]:
        """The cards ``position`` holds now (his talon card taken, his discard and plays gone)."""
        if len(self.dealt) < cards.N_CARDS:
            return set()
        a, b = HAND_PLACES[position]
        held = set(self.dealt[a:b])
        for who, kind, answer in self.decisions:
            if who != position or answer == L.NO_CARD:
                continue
            held.discard(answer)
            if kind == DISCARD and position < L.N_POS - 1:
                held.add(self.dealt[TALON_PLACES[position]])
        return held

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {cards.format_card(action)}"
        if action == KEEP:
            return "keep the hand"
        verb = "discard" if self.ask is not None and self.ask.kind == DISCARD else "play"
        return f"{verb} {cards.format_card(action)}"

    def is_terminal(self):
        return self.deal is not None

    def record(self) -> np.ndarray:
        return self.deal.record()

    def payments(self) -> list[int]:
        """The engine's net of each position for the deal (kernel layout D_NET)."""
        record = self.record()
        return [int(record[L.D_NET + p]) for p in range(L.N_POS)]

    def returns(self):
        if self.deal is None:
            return [0.0] * L.N_POS
        pool = float(self.record()[L.D_NET + L.POOL])
        return [pay + pool / L.N_POS for pay in self.payments()]

    def __str__(self):
        from .observer import describe_state

        return describe_state(self)


def stream_after_deal(seed: int, deal: int) -> tuple[list[int], PythonStream]:
    """The chance outcomes of deal ``deal`` of ``seed`` as the engine shuffles it, and its stream
    where the shuffle left it (for bots that play it as ``reference.play_deal`` does)."""
    from spadille.kernel.reversis.reference.deal import shuffled_pack

    stream = PythonStream(seed, deal)
    return shuffled_pack(stream), stream
