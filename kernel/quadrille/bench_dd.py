"""Measurements behind `spadille bench dd`: how fast the double-dummy solver is, on one core.

Three measures, each over random positions drawn with a fixed seed:

* full deals: 10 tricks to play, random trump and sides (ombre + friend, or ombre alone),
  eldest to lead; milliseconds per solve: median, mean, p99, max;
* endings: positions with 7 tricks left (three tricks of a full deal played at random),
  solves per second;
* card values: scoring every legal card of the first player, against one solve of the same
  positions (the ratio of total times).

Every solve starts from an empty transposition table (``clear()``), so no solve profits
from an earlier one. The kernel is compiled (or loaded from the cache) before timing.
Functions return plain records (dataclasses with ``as_dict``) for the CLI to print or save.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from . import layout as L
from .ruleset import Ruleset, load_ruleset
from .search.solver import DoubleDummySolver
from .tables import KernelTables, build_tables

SEED = 20240601
# Issue 15's targets for a full-deal solve, in milliseconds: Bo Haglund's DDS (through endplay)
# on 10-trick bridge positions on the project's machine took a median of 0.77-0.83 ms, a mean
# of 1.1-1.3 ms and a p99 of 4.4-7.8 ms; the median is to match it, the mean and p99 to come near.
SOLVE_TARGETS_MS = {"median_ms": 0.8, "mean_ms": 1.5, "p99_ms": 10.0}


@dataclass(frozen=True)
class Position:
    """A position in the solver's terms (ordered masks, ``side`` seats, seat to move)."""

    hands: tuple[int, ...]
    trump: int
    side: tuple[int, ...]
    to_move: int


@dataclass(frozen=True)
class SolveTimes:
    measure: str
    positions: int
    median_ms: float
    mean_ms: float
    p99_ms: float
    max_ms: float
    solves_per_second: float
    mean_nodes: float          # search nodes expanded per solve: the work, whatever the machine
    mean_side_tricks: float    # the side's mean total (for endings, of the tricks left)

    def as_dict(self) -> dict[str, object]:
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class CardValueCost:
    measure: str
    positions: int
    solve_seconds: float
    card_values_seconds: float
    ratio: float               # of the times
    node_ratio: float          # of the search nodes: the same, whatever the machine

    def as_dict(self) -> dict[str, object]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def random_deals(tables: KernelTables, count: int, seed: int = SEED) -> list[Position]:
    """``count`` full deals: random cards, a random allowed trump, random sides, eldest to move."""
    rng = np.random.default_rng(seed)
    rules = tables.rules
    n_seats, hand = int(rules[L.R_SEATS]), int(rules[L.R_HAND])
    allowed = [s for s in range(4) if rules[L.R_ALLOWED_TRUMPS] >> s & 1 and tables.block_mask[s, s] != 0]
    out = []
    for _ in range(count):
        trump = int(rng.choice(allowed))
        pack = [p for p in range(40) if tables.block_of_pos[trump, p] >= 0]
        order = rng.permutation(pack)
        hands = tuple(sum(1 << int(p) for p in order[s * hand:(s + 1) * hand]) for s in range(n_seats))
        ombre = int(rng.integers(n_seats))
        side = (ombre,)
        if rng.random() < 0.5:
            friend = int((ombre + 1 + rng.integers(n_seats - 1)) % n_seats)
            side = tuple(sorted((ombre, friend)))
        out.append(Position(hands, trump, side, 0))
    return out


def random_endings(tables: KernelTables, count: int, tricks_left: int = 7, seed: int = SEED + 1) -> list[Position]:
    """Full deals played at random (legal cards) until ``tricks_left`` tricks remain."""
    from ._rules import beats, legal_plays

    rng = np.random.default_rng(seed)
    n_seats, hand = int(tables.rules[L.R_SEATS]), int(tables.rules[L.R_HAND])
    out = []
    for deal in random_deals(tables, count, seed):
        hands = list(deal.hands)
        leader = deal.to_move
        trump = np.int64(deal.trump)
        for _ in range(hand - tricks_left):
            led = best = best_seat = -1
            for k in range(n_seats):
                seat = (leader + k) % n_seats
                legal = int(legal_plays(np.uint64(hands[seat]), np.int64(led), np.int64(best), trump, tables.rules,
                                        tables.block_of_pos, tables.block_mask, tables.top_pos))
                choices = [p for p in range(40) if legal >> p & 1]
                card = int(choices[rng.integers(len(choices))])
                hands[seat] &= ~(1 << card)
                if k == 0:
                    led, best, best_seat = card, card, seat
                elif beats(np.int64(card), np.int64(best), trump, tables.block_of_pos):
                    best, best_seat = card, seat
            leader = best_seat
        out.append(Position(tuple(hands), deal.trump, deal.side, leader))
    return out


def _kernel_arguments(solver: DoubleDummySolver, positions: list[Position]) -> list[tuple]:
    return [solver._arguments(p.hands, p.trump, p.side, p.to_move, (), 0) for p in positions]


def _time_solves(solver: DoubleDummySolver, arguments: list[tuple]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(seconds, values, nodes) of each solve, every one from an empty table."""
    from .search._dd import solve_counted

    seconds = np.zeros(len(arguments))
    values = np.zeros(len(arguments), dtype=np.int64)
    nodes = np.zeros(len(arguments), dtype=np.int64)
    for i, args in enumerate(arguments):
        solver.clear()
        started = time.perf_counter()
        values[i], counters = solve_counted(*args, solver.compress8, solver.table, solver.shapes,
                                            np.int64(solver.stamp))
        seconds[i] = time.perf_counter() - started
        nodes[i] = counters[0]
    return seconds, values, nodes


def _time_card_values(solver: DoubleDummySolver, arguments: list[tuple]) -> tuple[np.ndarray, np.ndarray]:
    """(seconds, nodes) of scoring every legal card of each position, each from an empty table."""
    from .search._dd import card_values_counted

    out = np.zeros(40, dtype=np.int64)
    seconds = np.zeros(len(arguments))
    nodes = np.zeros(len(arguments), dtype=np.int64)
    for i, args in enumerate(arguments):
        solver.clear()
        started = time.perf_counter()
        _, counters = card_values_counted(*args, solver.compress8, solver.table, solver.shapes, np.int64(solver.stamp),
                                          np.int64(0), np.int64(40), np.int64(-1), np.int64(0), out)
        seconds[i] = time.perf_counter() - started
        nodes[i] = counters[0]
    return seconds, nodes


def _summary(measure: str, seconds: np.ndarray, values: np.ndarray, nodes: np.ndarray) -> SolveTimes:
    ms = seconds * 1000.0
    return SolveTimes(measure, len(ms), float(np.median(ms)), float(ms.mean()), float(np.percentile(ms, 99)),
                      float(ms.max()), float(len(ms) / seconds.sum()), float(nodes.mean()), float(values.mean()))


def _warm_up(solver: DoubleDummySolver, tables: KernelTables) -> None:
    """Compile (or load) both kernels on a small position, then solve a few full deals of
    another seed, before any timing: the first solves of a process touch the table's memory
    for the first time, which made the first timed solve several times slower than a repeat."""
    arguments = _kernel_arguments(solver, random_endings(tables, 1, tricks_left=2, seed=1))
    _time_solves(solver, arguments)
    _time_card_values(solver, arguments)
    _time_solves(solver, _kernel_arguments(solver, random_deals(tables, 5, seed=2)))


def full_deal_times(deals: int = 200, ruleset: Ruleset | None = None, seed: int = SEED) -> SolveTimes:
    """Milliseconds per solve of ``deals`` random full deals (10 tricks), eldest to lead."""
    tables = build_tables(ruleset or load_ruleset())
    solver = DoubleDummySolver(tables)
    _warm_up(solver, tables)
    seconds, values, nodes = _time_solves(solver, _kernel_arguments(solver, random_deals(tables, deals, seed)))
    return _summary("full deals, 10 tricks", seconds, values, nodes)


def ending_rate(positions: int = 2000, tricks_left: int = 7, ruleset: Ruleset | None = None,
                seed: int = SEED + 1) -> SolveTimes:
    """Solves per second of positions with ``tricks_left`` tricks left."""
    tables = build_tables(ruleset or load_ruleset())
    solver = DoubleDummySolver(tables)
    _warm_up(solver, tables)
    arguments = _kernel_arguments(solver, random_endings(tables, positions, tricks_left, seed))
    seconds, values, nodes = _time_solves(solver, arguments)
    return _summary(f"endings, {tricks_left} tricks left", seconds, values, nodes)


def card_value_cost(deals: int = 200, ruleset: Ruleset | None = None, seed: int = SEED) -> CardValueCost:
    """Time to score every legal card of the player to move against one solve, same full deals."""
    tables = build_tables(ruleset or load_ruleset())
    solver = DoubleDummySolver(tables)
    _warm_up(solver, tables)
    arguments = _kernel_arguments(solver, random_deals(tables, deals, seed))
    solve_seconds, _, solve_nodes = _time_solves(solver, arguments)
    card_seconds, card_nodes = _time_card_values(solver, arguments)
    return CardValueCost("card values vs one solve, full deals", deals, float(solve_seconds.sum()),
                         float(card_seconds.sum()), float(card_seconds.sum() / solve_seconds.sum()),
                         float(card_nodes.sum() / solve_nodes.sum()))


def against_targets(full_deals: dict[str, object]) -> list[dict[str, object]]:
    """The full-deal solve's median, mean and p99 beside SOLVE_TARGETS_MS, and whether each is met."""
    return [{"figure": name.removesuffix("_ms"), "measured_ms": full_deals[name], "target_ms": limit,
             "met": float(full_deals[name]) <= limit} for name, limit in SOLVE_TARGETS_MS.items()]


def run_all(deals: int = 200, endings: int = 2000, ruleset: str | None = None) -> list[dict[str, object]]:
    """Every measure above as plain dicts, for `spadille bench dd`."""
    rs = load_ruleset(ruleset) if ruleset else load_ruleset()
    return [full_deal_times(deals, rs).as_dict(), ending_rate(endings, 7, rs).as_dict(),
            card_value_cost(deals, rs).as_dict()]
