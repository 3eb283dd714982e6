"""Our Reversis policies as OpenSpiel bots, from the registry (kernel/reversis/layout.POLICY_NAMES).

A bot answers as the reference engine's position would: the same jitted functions (reference/
decisions.py's SharedPolicies) with the engine's own arguments and a stream of its own, or one
shared stream (``stream=``) to play a deal exactly as ``reference.play_deal`` does. ``search``
rolls deals out with the kernel's own play and has no reference counterpart, so it is no bot.
"""

from __future__ import annotations

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import parse_policy
from spadille.kernel.reversis.reference.decisions import SharedPolicies

from ..common import PolicyBotFrame
from .game import DISCARD, KEEP

KERNEL_ONLY = ("search",)


def bot_names() -> tuple[str, ...]:
    return tuple(name for name in L.POLICY_NAMES if name not in KERNEL_ONLY)


class PolicyBot(PolicyBotFrame):
    def __init__(self, game, player_id: int, policy: str = "heuristic", seed: int = 0,
                 stream: PythonStream | None = None) -> None:
        PolicyBotFrame.__init__(self)
        self.name, self.player_id = policy, player_id
        stream = stream if stream is not None else PythonStream(seed, player_id)
        self.policies = SharedPolicies([parse_policy(policy)] * L.N_POS, stream)

    def step(self, state) -> int:
        position, hand = state.position(), state.hand(state.position())
        kind, options = state.decision()
        if kind == DISCARD:
            card = self.policies.discard(position, hand, L.NO_CARD in options)
            return KEEP if card == L.NO_CARD else card
        play = state.table.play
        legal, follow = play.options()
        return self.policies.card(position, hand, legal, follow, play.observation())


def make_bot(game, player_id: int, name: str, **options) -> PolicyBot:
    if name not in bot_names():
        raise ValueError(f"unknown Reversis bot {name!r}; bots: {', '.join(bot_names())}")
    return PolicyBot(game, player_id, name, **options)
