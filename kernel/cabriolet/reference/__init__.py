"""Cabriolet's pure-Python reference engine: slow, readable, checked against the kernel session by session.

It plays the same deals as the numba kernels (kernel/cabriolet/_session.py, _deal.py,
_exchange.py, _play.py) from the same contract, docs/cabriolet.md, with its rules written afresh
and read from the ruleset by name, one concern per module:

    deal.py      the shuffle and the five cards each, in speaking order, and the turned card
    exchange.py  the one call each player may make, and the documented calling policy
    play.py      legal cards, who takes a trick, the greedy card, the five tricks, who wins the jeu
    round.py     one round: stakes, three jacks, four aces, declarations and oppositions, the jeu;
                 its events for a reader and its ledger of jetons
    session.py   sessions of rounds, the board carried over, and the kernel's figures per session

Which cases a hand holds is ``cases.holdings``, the plain-Python definition that
tests/test_cabriolet_rules.py checks against the kernel's ``case_bits`` under each reading. Unlike Quadrille's reference, the
players' choices are written here afresh too (the exchange's call, the greedy card, the
threshold to play): they are each a few documented lines, so re-writing them tests the kernel's
choices as well as its rules. tests/test_cabriolet_parity.py checks that every figure of every
session agrees exactly with the kernel's, over seeded sessions under every switch.

``spadille show cabriolet`` prints a round from here (``replay_session``), so what a reader
follows is what the parity test checked.
"""

from .deal import deal_hands
from .exchange import Call, card_to_give, choose_call, exchange
from .play import beats, greedy_card, legal_cards, play_tricks, player_wins, strength
from .round import Entry, Round, RoundPlayer
from .session import play_session, replay_session, session_row, session_rows

__all__ = [
    "Call", "Entry", "Round", "RoundPlayer", "beats", "card_to_give", "choose_call", "deal_hands", "exchange",
    "greedy_card", "legal_cards", "play_session", "play_tricks", "player_wins", "replay_session", "session_row",
    "session_rows", "strength",
]
