"""Our Quadrille policies as OpenSpiel bots: every policy of the registry, by its name.

A bot answers each decision the way the reference engine's seat would: the same jitted policy
functions (kernel/quadrille/reference/decisions.py's SharedPolicies), with the engine's arguments
(replay.py hands them over) and a counter-based random stream of the bot's own. A decision with a
single option is made without consulting the policy, as in the engine, so bots that share one
stream (``stream=``) play a deal exactly as ``reference.play_deal`` does.

The searching policies (dd, pimc) read the PlayState as the engine gives it; pimc samples the
hidden hands from what its seat saw, dd sees every hand (it is the open-handed bound, as in our
ladders).
"""

from __future__ import annotations

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille.policies import POLICIES, make_seat_policy
from spadille.kernel.quadrille.reference.decisions import SharedPolicies
from spadille.kernel.quadrille.reference.situations import SeatPlay

from ..common import PolicyBotFrame
from . import actions as A
from .replay import CARD, VOLE


def bot_names() -> tuple[str, ...]:
    """Every policy of the registry (kernel/quadrille/policies.py): a new policy is a new bot."""
    return tuple(POLICIES)


class PolicyBot(PolicyBotFrame):
    """One of our policies playing one seat of ``python_quadrille``."""

    def __init__(self, game, player_id: int, policy: str = "strong", params=None, seed: int = 0,
                 stream: PythonStream | None = None) -> None:
        PolicyBotFrame.__init__(self)
        ctx = game.context
        seat_policy = make_seat_policy(policy, params or {})
        seat_policies = [seat_policy] * ctx.seats
        self.name = policy
        self.player_id = player_id
        self.policies = SharedPolicies(ctx.ruleset, seat_policies)
        self.seat_play = SeatPlay(seat_policies)
        self.stream = stream if stream is not None else PythonStream(seed, player_id)
        self.deal: tuple[int, ...] = ()

    def step(self, state) -> int:
        kind, options = state.decision()
        seat = state.current_player()
        if len(options) == 1:
            return A.encode(kind, options[0])
        if tuple(state.dealt) != self.deal:   # the engine empties the solver's table once a deal
            self.deal = tuple(state.dealt)
            self.policies.start_deal()
        if kind in (CARD, VOLE):
            pid, rules_at, _ = self.seat_play.decide(state.play, seat, kind == VOLE)
            if kind == VOLE:
                return A.encode(VOLE, int(self.policies.vole(state.play, seat, self.stream, pid, rules_at)))
            return A.encode(CARD, self.policies.card(state.play, seat, list(options), self.stream, pid, rules_at))
        choose = getattr(self.policies, {"bid": "bid", "force": "force_answer"}.get(kind, kind))
        return A.encode(kind, choose(seat, *state.ask.args, self.stream))


def make_bot(game, player_id: int, name: str, **options) -> PolicyBot:
    """The bot of the registry's policy ``name`` (bot_names()), for seat ``player_id``."""
    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r}; bots: {', '.join(bot_names())}")
    return PolicyBot(game, player_id, name, **options)
