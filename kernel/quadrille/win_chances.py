"""Hands classed by their measured chance of winning: the table behind the condition term
``win_chance(seat, ask)`` / ``win_chance(seat, alone)``.

"At five to four for a sans prendre, call a king" classes hands by how often they win alone, which no
count of cards says. The chance is measured, not guessed: the eldest hand's bid fixed to an ask (a
called king) or to sans prendre, every other decision and seat left to the card play, each deal played
both ways from the same random stream, and the deals the eldest hand played by his own bid counted by
class, as the decision maps class a hand (analyses/quadrille/decision_maps.hand_classes: the true
matadors and the trumps, top-coded at 8, of the hand's best suit, and its side kings). The chance of a
class is its wins over its plays; a class seen fewer than ``MIN_PLAYS`` times takes that of its coarser
class (matadors and trumps, then trumps alone), so that no chance rests on a handful of deals.

The tables, one per card play, live in ``win_chances.toml`` beside this module, each with the stamp that
made it (analyses/quadrille/claims/win_chance_table.py writes them: ``python -m
spadille.analyses.quadrille.claims.win_chance_table``). They hold for the ruleset they were measured under; a
condition asking for another card play or ruleset is refused. Importing this module does not import
numba.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import numpy as np

from . import layout as L
from . import cards

SHIPPED = Path(__file__).with_name("win_chances.toml")
CONTRACTS = {"ask": L.ASK, "alone": L.ALONE}    # as a claim's force names them
CONTRACT_WORDS = {"ask": "an ask (a called king)", "alone": "sans prendre"}
TRUMPS_TOP = 8
MIN_PLAYS = 30


class WinChanceError(ValueError):
    """No table for the card play or ruleset asked; one sentence."""


def hand_classes(hands: np.ndarray, ruleset) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(true matadors, trumps top-coded at 8, side kings) of each hand's best suit, int64[n] each:
    the decision maps' classes (a test checks they agree)."""
    from . import features as F

    hands = np.ascontiguousarray(hands, dtype=np.uint64)
    rows = np.arange(hands.shape[0])
    best = F.best_suit(hands, ruleset)
    trump_king = ((hands >> (best * cards.N_RANKS + cards.KING).astype(np.uint64)) & np.uint64(1)).astype(np.int64)
    matadors = F.true_matadors(hands, None, ruleset)[rows, best]
    trumps = np.minimum(F.trumps(hands, None, ruleset)[rows, best], TRUMPS_TOP)
    return matadors, trumps, F.kings(hands, ruleset) - trump_king


@lru_cache(maxsize=4)
def load_tables(path: str | None = None) -> dict:
    """{card play: {"stamp": {...}, "ask": {"m,t,k": [plays, wins]}, "alone": {...}}} of the shipped file."""
    with open(SHIPPED if path is None else path, "rb") as handle:
        return tomllib.load(handle)


def _table(card_play: str, contract: str, ruleset) -> tuple[dict, dict]:
    tables = load_tables()
    if card_play not in tables:
        raise WinChanceError(f"win_chance has tables for the card play of {', '.join(tables)}, not {card_play!r}")
    entry = tables[card_play]
    if ruleset is not None and ruleset.name != entry["stamp"]["ruleset"] or (ruleset is not None and ruleset.overrides):
        raise WinChanceError(f"win_chance was measured under {entry['stamp']['ruleset']}, not under "
                             f"{getattr(ruleset, 'name', ruleset)!r} (with its overrides)")
    return entry["stamp"], entry[contract]


def _chances(counts: dict) -> dict[tuple, float]:
    """Every class key, at three levels ((m, t, k), (m, t), (t,)), -> wins / plays where plays >= MIN_PLAYS."""
    sums: dict[tuple, list[int]] = {}
    for key, (plays, wins) in counts.items():
        m, t, k = (int(part) for part in key.split(","))
        for level in ((m, t, k), (m, t), (t,), ()):
            total = sums.setdefault(level, [0, 0])
            total[0] += plays
            total[1] += wins
    return {level: wins / plays for level, (plays, wins) in sums.items() if plays >= MIN_PLAYS}


def check(card_play: str, contract: str, ruleset) -> None:
    """Raise WinChanceError unless a table holds ``contract`` under ``card_play`` and ``ruleset``."""
    if contract not in CONTRACTS:
        raise WinChanceError(f"win_chance measures {', '.join(CONTRACTS)}, not {contract!r}")
    _table(card_play, contract, ruleset)


def win_chance(hands: np.ndarray, contract: str, card_play: str, ruleset) -> np.ndarray:
    """float64[n]: each hand's measured chance of winning ``contract`` (ask, alone) as eldest under
    ``card_play``, from its class or, where that was seen too seldom, a coarser one. ``ruleset`` (or its
    feature tables) reads the hands' classes; ``check`` has said the table holds for it."""
    matadors, trumps, kings = hand_classes(hands, ruleset)
    return _lookup(card_play, contract)[matadors, trumps, kings]


@lru_cache(maxsize=8)
def _lookup(card_play: str, contract: str) -> np.ndarray:
    """float64[4, 9, 4]: the chance of every class, (matadors, trumps, side kings), fallbacks filled in."""
    _, counts = _table(card_play, contract, None)
    chances = _chances(counts)
    lookup = np.full((4, TRUMPS_TOP + 1, 4), np.nan)
    for m in range(4):
        for t in range(TRUMPS_TOP + 1):
            for k in range(4):
                level = next(level for level in ((m, t, k), (m, t), (t,), ()) if level in chances)
                lookup[m, t, k] = chances[level]
    return lookup


def source(card_play: str, contract: str) -> str:
    """Where a win_chance figure comes from, in one sentence for a claim's output."""
    stamp, counts = _table(card_play, contract, None)
    plays = sum(plays for plays, _ in counts.values())
    return (f"win_chance({contract}) is the measured share of wins of {CONTRACT_WORDS[contract]} by the eldest hand "
            f"of its class (true matadors, trumps of its best suit, side kings; a class seen under {MIN_PLAYS} times "
            f"takes a coarser one), {plays:,} plays of {stamp['deals']:,} deals (seed {stamp['seed']}) under "
            f"{card_play} play and {stamp['ruleset']}, spadille {stamp['version']} (kernel/quadrille/win_chances.toml)")
