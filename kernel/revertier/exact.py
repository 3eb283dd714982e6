"""Exact oracles for the tests: the dice, and a small relative solved by dynamic programming.

* ``throws()``: the 21 distinct throws with their exact probabilities (n/36), and
  ``mean_pips_per_throw(doublet_moves)``: 49/6 when a doublet is four moves.
* ``race_of_one_man(ruleset)``: révertier with one man a side, both seats playing the random
  policy, solved exactly. With one man no point can be doubled, no prime made and nobody jan'd,
  so the game is a Markov chain over (mover's man, opponent's man), each a point and, under
  Fiske's zone, the *reached 12* flag, with cycles through the hits; the win probabilities and expected lengths solve two linear systems. The moves are
  generated here from the rules directly, not through either engine, so the Monte Carlo of the
  kernel is checked against an independent computation.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .ruleset import RevertierRuleset

BAR = 0          # the man waits to enter
OFF = 25         # the man is borne off


def throws() -> list[tuple[int, int, Fraction]]:
    """(higher die, lower die, probability) of the 21 distinct throws."""
    return [(high, low, Fraction(1 if high == low else 2, 36)) for high in range(1, 7) for low in range(1, high + 1)]


def mean_pips_per_throw(doublet_moves: int = 4) -> Fraction:
    return sum((p * (high * doublet_moves if high == low else high + low) for high, low, p in throws()), Fraction(0))


def _opposite(point: int) -> int:
    return (point + 11) % 24 + 1


Man = tuple[int, int]   # (point, reached-12 flag); the flag is kept only under Fiske's zone


def _step(mine: Man, theirs: Man, die: int, rules) -> tuple[Man, Man] | None:
    """One die for the mover's single man: (mine, theirs) after it, or None if it cannot move."""
    point, flag = mine
    entering = point == BAR
    target = die if entering else point + die
    if target > 24:
        if point < 19 or (target > OFF and rules["bearoff.overthrow"] != "from-highest"):
            return None
        return (OFF, flag), theirs
    if target == 12 and rules["making.no_doubling_zone"] == "first-11-until-12th":
        flag = 1
    if theirs[0] not in (BAR, OFF) and _opposite(target) == theirs[0]:
        if entering and not rules["entry.may_hit"]:
            return None
        return (target, flag), (BAR, theirs[1])
    return (target, flag), theirs


def _plays(mine: Man, theirs: Man, high: int, low: int, rules) -> set[tuple[Man, Man]]:
    """The distinct (mine, theirs) the mover may leave with the throw (high, low)."""
    orders = [[high] * rules["dice.doublets"]] if high == low else [[high, low], [low, high]]
    reached: list[set[tuple[Man, Man]]] = []          # per order, its deepest level and depth
    depths = []
    for dice in orders:
        level, depth = {(mine, theirs)}, 0
        for die in dice:
            nxt = set()
            for a, b in level:
                if a[0] == OFF:
                    continue
                found = _step(a, b, die, rules)
                if found is not None:
                    nxt.add(found)
            if not nxt:
                break
            level, depth = nxt, depth + 1
        reached.append(level)
        depths.append(depth)
    best = max(depths)
    if best == 0:
        return {(mine, theirs)}
    if high != low and best == 1 and rules["dice.one_die"] == "larger":
        return reached[0] if depths[0] == 1 else reached[1]
    return set().union(*(level for level, depth in zip(reached, depths) if depth == best))


@dataclass(frozen=True)
class RaceSolution:
    starter_wins: float      # P(the seat that throws first wins), from the start
    expected_throws: float   # E(throws in the game), from the start


def race_of_one_man(ruleset: RevertierRuleset) -> RaceSolution:
    """The exact solution of the one-man game under ``ruleset``'s switches (random policy)."""
    flags = (0, 1) if ruleset["making.no_doubling_zone"] == "first-11-until-12th" else (0,)
    states = [((a, fa), (b, fb)) for a in range(0, 25) for fa in flags for b in range(0, 25) for fb in flags]
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    # V = r + P (1 - V)  i.e. (I + P) V = r + P 1 ; E = 1 + P E  i.e. (I - P) E = 1
    transition = np.zeros((n, n))
    immediate = np.zeros(n)
    for (a, b), i in index.items():
        for high, low, p in throws():
            plays = _plays(a, b, high, low, ruleset)
            share = float(p) / len(plays)
            for mine, theirs in plays:
                if mine[0] == OFF:
                    immediate[i] += share
                else:
                    transition[i, index[(theirs, mine)]] += share
    from scipy.sparse import csr_matrix, identity
    from scipy.sparse.linalg import spsolve

    sparse, unit = csr_matrix(transition), identity(n, format="csr")
    wins = spsolve((unit + sparse).tocsc(), immediate + transition.sum(axis=1))
    length = spsolve((unit - sparse).tocsc(), np.ones(n))
    start = index[((1, 0), (1, 0))]
    return RaceSolution(float(wins[start]), float(length[start]))
