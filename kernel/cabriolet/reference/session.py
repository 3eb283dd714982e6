"""Sessions of the card game (docs/cabriolet.md): rounds at one table, the board carried from deal
to deal, and the figures the kernel sums for each session (``layout.OUT_*``).

Deal ``session * rounds + r`` of the seed is round r of the session. The stakes go on at the
session's start and, under ``board.restake = after-cabriolet``, again only after three jacks
ended a round (``every-deal``: before every round). What is left on the board at the end counts
as spent.
"""

from __future__ import annotations

from .. import layout as L
from ..cases import CASES
from ..ruleset import CabrioletRuleset
from ..policies import cover_mask
from .round import ACES, COLLECT, PENALTY, STAKE, Round, RoundPlayer

FOCAL = 0   # the seat whose covering the variants change


def play_session(rules: CabrioletRuleset, covers: list[int], thresholds: list[int], seed: int, session: int,
                 rounds: int) -> tuple[list[Round], list[int]]:
    """(the rounds, the board left) of session ``session`` of ``seed``; ``covers`` (bits over the
    nine cases) and ``thresholds`` (trumps to play for the jeu) by seat."""
    table = RoundPlayer(rules, covers, thresholds)
    board = [0] * len(CASES)
    played, restake = [], True
    for number in range(rounds):
        this = table.play(board, seed, session * rounds + number, number, restake)
        played.append(this)
        restake = rules["board.restake"] == "every-deal" or this.cabriolet
    return played, board


def session_row(played: list[Round], board: list[int]) -> list[int]:
    """The session's figures as the kernel writes them (``layout.OUT_*``), from the rounds' ledgers."""
    row = [0] * L.N_OUT
    for this in played:
        for entry in this.ledger:
            row[L.OUT_NET + entry.seat] += entry.amount
            if entry.seat != FOCAL:
                continue
            if entry.why in (STAKE, COLLECT):
                row[L.OUT_CASE + entry.case] += entry.amount
            if entry.why == COLLECT:
                row[L.OUT_COLLECTS + entry.case] += 1
            elif entry.why == ACES:
                row[L.OUT_ACES] += entry.amount
            elif entry.why == PENALTY:
                row[L.OUT_PENALTY] += entry.amount
        row[L.OUT_CABRIOLETS] += this.cabriolet
        row[L.OUT_EXCHANGES] += this.exchanges
        if this.player is not None:
            row[L.OUT_PLAYS] += 1
            row[L.OUT_PLAYED] += this.player == FOCAL
            row[L.OUT_WON] += this.player == FOCAL and this.won
    row[L.OUT_LEFTOVER] = sum(board)
    return row


def session_rows(rules: CabrioletRuleset, n_players: int, seed: int, first_session: int, sessions: int, rounds: int,
                 variants: tuple[str, ...], others: str = "all", play_threshold: int = 3) -> list[list[list[int]]]:
    """rows[s][v]: what ``simulate.run_sessions`` computes for the same configuration, session by
    session and variant by variant (the focal seat 0 covers ``variants[v]``, the others ``others``)."""
    rules.check_players(n_players)
    thresholds = [play_threshold] * n_players
    out = []
    for session in range(first_session, first_session + sessions):
        per_variant = []
        for variant in variants:
            covers = [cover_mask(variant)] + [cover_mask(others)] * (n_players - 1)
            per_variant.append(session_row(*play_session(rules, covers, thresholds, seed, session, rounds)))
        out.append(per_variant)
    return out


def replay_session(rules: CabrioletRuleset, n: int, seed: int, session: int, rounds: int, covers: list[str],
                   play_threshold: int = 3) -> list[Round]:
    """Rounds 0..rounds-1 of ``session`` (deal session * rounds + r of the seed), ``covers`` (policy
    names) by seat: what ``spadille show cabriolet`` prints."""
    rules.check_players(n)
    played, _ = play_session(rules, [cover_mask(text) for text in covers], [play_threshold] * n, seed, session, rounds)
    return played
