"""The reference engine driven by a script of decisions: where the OpenSpiel game's rules come from.

The game never restates a rule. Before the play, every decision (a bid, the asker's answer, the
trump, the call, a demanded king, the card given for it) is found by replaying the reference
engine (kernel/quadrille/reference/deal.py) on the dealt hands with the decisions taken so far: the
first decision the script cannot answer is the one to ask, with the options the engine offers.
The play is stepped card by card from the engine's own PlayState (game.py), and the finished deal
is settled by one more replay with every decision scripted, so the payments are the engine's row.

Only real choices are asked, as in the engine: a seat with nothing open but a pass is not
consulted, a lone legal call is made for the ombre.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import ReferenceEngine, Table
from spadille.kernel.quadrille.reference.state import PlayState
from spadille.kernel.quadrille.ruleset import Ruleset

# The kinds of decision, each with its own range of OpenSpiel actions (actions.py).
BID, FORCE, TRUMP, CALL, DEMAND, GIFT, CARD, VOLE = "bid", "force", "trump", "call", "demand", "gift", "card", "vole"


@dataclass(frozen=True)
class Ask:
    """The decision the script could not answer: who decides, what, among which options."""

    seat: int
    kind: str
    options: tuple[int, ...]
    args: tuple = ()     # what the engine hands the seat's policy besides the seat and the stream


class NeedDecision(Exception):
    def __init__(self, ask: Ask) -> None:
        super().__init__(ask)
        self.ask = ask


class ReachedPlay(Exception):
    """The setup is over: ``state`` is the engine's PlayState as the first trick is led."""

    def __init__(self, state: PlayState) -> None:
        super().__init__("play")
        self.state = state


@dataclass
class Script:
    """Answers the engine's questions in order (setup) or by trick and seat (play); a question it
    cannot answer raises NeedDecision. Quacks like reference.decisions.SharedPolicies."""

    setup: list[int]
    cards: dict[tuple[int, int], int] = field(default_factory=dict)   # (trick, seat) -> card
    voles: dict[int, bool] = field(default_factory=dict)              # trick -> undertaken
    asked: int = 0

    def _next(self, seat: int, kind: str, options, *args) -> int:
        if self.asked < len(self.setup):
            answer = self.setup[self.asked]
            self.asked += 1
            return answer
        raise NeedDecision(Ask(seat, kind, tuple(options), args))

    def start_deal(self) -> None:
        pass

    def bid(self, seat, hand, open_bids, stream) -> int:
        return self._next(seat, BID, open_bids, frozenset(hand), tuple(open_bids))

    def force_answer(self, asker, hand, overbid, stream) -> int:
        return self._next(asker, FORCE, (L.CEDE, L.TAKE), frozenset(hand), overbid)

    def trump(self, namer, hand, allowed, alone, stream) -> int:
        return self._next(namer, TRUMP, allowed, frozenset(hand), tuple(allowed), alone)

    def call(self, ombre, hand, trump, calls, stream) -> int:
        return self._next(ombre, CALL, calls, frozenset(hand), trump, tuple(calls))

    def demand(self, ombre, hand, trump, demands, stream) -> int:
        return self._next(ombre, DEMAND, demands, frozenset(hand), trump, tuple(demands))

    def gift(self, ombre, hand, king, trump, stream) -> int:
        return self._next(ombre, GIFT, sorted(set(hand) - {king}), frozenset(hand), king, trump)

    def card(self, state, seat, legal, stream, pid=None, rules_at=L.CARD_RULES) -> int:
        return self.cards[(state.trick_index, seat)]

    def vole(self, state, seat, stream, pid=None, rules_at=L.CARD_RULES) -> bool:
        return self.voles[state.trick_index]


class _StopAtPlay(ReferenceEngine):
    """The engine, stopping where the tricks begin."""

    def _play_tricks(self, state, stream, row, fixed_vole=L.FREE):
        raise ReachedPlay(state)


class Replayer:
    """Replays one ruleset's reference engine under scripts (one engine reused: a replay is short)."""

    def __init__(self, ruleset: Ruleset, seats: int) -> None:
        policies = [make_seat_policy("random")] * seats    # never consulted: the script answers
        self.to_play = _StopAtPlay(ruleset, policies)
        self.whole = ReferenceEngine(ruleset, policies)

    def setup(self, hands: list[set[int]], answers: list[int]) -> Ask | PlayState | np.ndarray:
        """The next setup decision, the PlayState once the play begins, or the finished row
        (int64[N_ROW_COLS]) of a deal that ends without play (all passed, redeal)."""
        self.to_play.policies = Script(list(answers))
        try:
            return self.to_play.play_hands(0, hands, PythonStream(0, 0), Table()).row
        except NeedDecision as need:
            return need.ask
        except ReachedPlay as reached:
            return reached.state

    def settle(self, hands: list[set[int]], answers: list[int], cards: dict[tuple[int, int], int],
               voles: dict[int, bool]) -> np.ndarray:
        """The finished deal's row, every decision taken from the script, at a fresh table."""
        self.whole.policies = Script(list(answers), cards, voles)
        return self.whole.play_hands(0, hands, PythonStream(0, 0), Table()).row
