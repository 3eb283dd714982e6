"""Double-dummy solving from Python: check a position, allocate the tables, call the kernel.

A position is given in the ordered encoding of its trump (tables.py): one uint64 mask per
seat of the cards still held, the seats of the ombre's side, the seat to play, the cards
already on the table in this trick (in play order, with their seats) and the tricks the
side has won so far. The answer counts the side's tricks in total, those already won
included, with every player playing perfectly and all cards visible.

    solver = DoubleDummySolver(build_tables(ruleset))
    solver.solve(hands, trump=2, side=(0, 2), to_move=0)        -> int
    solver.card_values(hands, trump=2, side=(0, 2), to_move=0)  -> {position: side total}

The solver keeps its transposition table between calls: its entries are facts about
positions of this ruleset, so they stay true from one deal to the next. ``clear()`` forgets
them (the bench does, to time every solve from an empty table).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from spadille.kernel.common.errors import UserError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.tables import KernelTables


class SolverError(UserError):
    """A position the solver cannot take; the message says what is wrong with it."""


@lru_cache(maxsize=1)
def compress8_table() -> np.ndarray:
    """The solver's read-only byte-compression table (_dd_tt.compress_table), built once per
    process and shared by every solver, run and reference engine."""
    from ._dd_tt import compress_table

    table = compress_table()
    table.setflags(write=False)
    return table


@lru_cache(maxsize=1)
def load_search_code() -> None:
    """Load the zero-window search (``_dd._reaches``) by itself, from numba's cache or compiled,
    before any kernel that calls it is loaded: once a process, by every entry point that is
    about to search (the solver, and runs with a dd or pimc seat), and by no other, since a cold
    compile of the search takes about 13 s.

    Why: the code of each kernel that calls the search (``solve_counted``, ``card_values``, the
    deal loop with its dd and pimc seats) holds its own copy of it, compiled again with the
    caller, and a kernel loaded from the cache runs its own copy unless the search's standalone
    code was loaded first. The copies are the same program compiled twice, and they do not run
    at the same speed: with the leader's quick tricks called rather than inlined (_dd_bounds),
    the standalone copy solved the bench's full deals about 10-20% faster, with the same
    values and nodes, when a command had compiled it on its first search; from a cache the
    test suite had filled, no faster and no slower than before. The figures and how they were
    measured are in docs/speed.md ("The leader's quick tricks with masks").

    The call must have exactly the argument types the kernels pass (int64 scalars, uint64
    masks, the tables as C-contiguous writable arrays and ``compress8`` read-only), or it
    would load another specialisation and change nothing. It asks whether the side can take
    0 tricks with no cards left, which the search answers at its first node.
    ``tests/test_solver_loading.py`` checks that every kernel that searches calls this one."""
    from spadille.kernel.quadrille.layout import N_RULE_PARAMS
    from . import _dd
    from ._dd_tt import BUCKET_WORDS, SHAPE_WORDS

    i64, u64 = np.int64, np.uint64
    fixed = _dd.SolverTables(np.zeros(N_RULE_PARAMS, dtype=np.int64), np.zeros((4, 40), dtype=np.int64),
                             np.zeros((4, 4), dtype=np.uint64), np.zeros(4, dtype=np.int64), compress8_table())
    context = _dd.SearchContext(np.full(3, -1, dtype=np.int64), i64(0), u64(0), u64(0),
                                np.zeros(4, dtype=np.uint64))
    table = np.zeros((1, BUCKET_WORDS), dtype=np.uint64)
    shapes = np.zeros((1, SHAPE_WORDS), dtype=np.uint64)
    hands = np.zeros(4, dtype=np.uint64)
    _dd._reaches(i64(0), hands, i64(4), i64(1), i64(0), i64(0), i64(0), i64(-1), i64(-1), i64(-1), i64(0), u64(0),
                 fixed, context, table, shapes, i64(1), _dd._work_arrays())


class DoubleDummySolver:
    """Open-hands solver for one ruleset's tables, with its own transposition table.

    table_bits: log2 of the number of buckets (160 bytes each, four entries); 15 is 5 MiB,
    with a quarter as many shape rows (40 bytes each).
    """

    def __init__(self, tables: KernelTables, table_bits: int = 15) -> None:
        from ._dd_tt import BUCKET_WORDS, SHAPE_WORDS

        if not 4 <= table_bits <= 24:
            raise SolverError(f"table_bits must be between 4 and 24, not {table_bits}")
        self.tables = tables
        self.n_seats = int(tables.rules[L.R_SEATS])
        self.hand_size = int(tables.rules[L.R_HAND])
        self.table = np.zeros((1 << table_bits, BUCKET_WORDS), dtype=np.uint64)
        self.shapes = np.zeros((1 << (table_bits - 2), SHAPE_WORDS), dtype=np.uint64)
        self.compress8 = compress8_table()
        load_search_code()
        self.stamp = 1
        self._out = np.zeros(40, dtype=np.int64)

    def clear(self) -> None:
        """Forget every stored position (by moving to a new stamp; no memory is touched)."""
        from ._dd_tt import MAX_STAMP

        self.stamp += 1
        if self.stamp >= MAX_STAMP:
            self.table[:] = 0
            self.shapes[:] = 0
            self.stamp = 1

    def solve(self, hands: Sequence[int], trump: int, side: Sequence[int], to_move: int,
              trick: Sequence[tuple[int, int]] = (), side_tricks: int = 0) -> int:
        """The most tricks the side takes in total (``side_tricks`` included) with best play.

        hands: ordered masks per seat; side: the seats of the ombre's side; trick: the
        (seat, ordered position) pairs already played to this trick, in play order."""
        args = self._arguments(hands, trump, side, to_move, trick, side_tricks)
        from ._dd import solve

        return int(solve(*args, self.compress8, self.table, self.shapes, np.int64(self.stamp)))

    def card_values(self, hands: Sequence[int], trump: int, side: Sequence[int], to_move: int,
                    trick: Sequence[tuple[int, int]] = (), side_tricks: int = 0) -> dict[int, int]:
        """{ordered position: the side's total after that card} for each legal card of ``to_move``."""
        args = self._arguments(hands, trump, side, to_move, trick, side_tricks)
        from ._dd import card_values

        card_values(*args, self.compress8, self.table, self.shapes, np.int64(self.stamp), self._out)
        return {int(p): int(v) for p, v in enumerate(self._out) if v >= 0}

    # ------------------------------------------------------------------ checks
    def _arguments(self, hands, trump, side, to_move, trick, side_tricks):
        t = self.tables
        n = self.n_seats
        if len(hands) != n:
            raise SolverError(f"the ruleset has {n} seats, but {len(hands)} hands were given")
        if not 0 <= trump < 4 or int(t.block_mask[trump, trump]) == 0:
            raise SolverError(f"suit {trump} is not in the pack, so it cannot be trumps")
        pack = 0
        for block in range(4):
            pack |= int(t.block_mask[trump, block])
        masks = [int(h) for h in hands]
        seen = 0
        for seat, mask in enumerate(masks):
            if mask < 0 or mask & ~pack:
                raise SolverError(f"seat {seat}'s hand holds positions outside the {pack.bit_count()}-card pack")
            if mask & seen:
                raise SolverError(f"position {(mask & seen).bit_length() - 1} is in two hands")
            seen |= mask
        sides = set(int(s) for s in side)
        if not sides or not sides <= set(range(n)) or len(sides) == n:
            raise SolverError(f"the side must be some but not all of the seats 0..{n - 1}, not {sorted(sides)}")
        if not 0 <= to_move < n:
            raise SolverError(f"the seat to move must be 0..{n - 1}, not {to_move}")
        if len(trick) >= n:
            raise SolverError(f"a trick in progress has at most {n - 1} cards, not {len(trick)}")
        leader = (to_move - len(trick)) % n
        trick_cards = np.full(4, -1, dtype=np.int64)
        for k, (seat, position) in enumerate(trick):
            if seat != (leader + k) % n:
                raise SolverError(f"card {k + 1} of the trick was played by seat {seat}, "
                                  f"but seat {(leader + k) % n} plays it when seat {to_move} is to move")
            if not (pack >> position) & 1 or (seen >> position) & 1:
                raise SolverError(f"trick card {position} is outside the pack or already placed")
            seen |= 1 << position
            trick_cards[k] = position
        left = masks[to_move].bit_count()
        if left == 0:
            raise SolverError(f"seat {to_move} is to move but holds no card")
        played = {(leader + k) % n for k in range(len(trick))}
        for seat, mask in enumerate(masks):
            expected = left - 1 if seat in played else left
            if mask.bit_count() != expected:
                raise SolverError(f"seat {seat} holds {mask.bit_count()} cards, but {expected} are expected "
                                  f"when seat {to_move} is to move with {left}")
        if not 0 <= side_tricks <= self.hand_size - left:
            raise SolverError(f"the side cannot have won {side_tricks} tricks with {left} still to play")
        self._check_trick_legal(masks, trump, trick, leader)
        side_mask = sum(1 << s for s in sides)
        return (np.array(masks, dtype=np.uint64), np.int64(side_mask), np.int64(to_move), trick_cards,
                np.int64(len(trick)), np.int64(side_tricks), np.int64(trump), t.rules, t.block_of_pos, t.block_mask,
                t.top_pos)

    def _check_trick_legal(self, masks, trump, trick, leader):
        """Each card of the trick must have been a legal play from its seat's hand as it was then."""
        if not trick:
            return
        from spadille.kernel.quadrille._rules import beats, legal_plays

        t = self.tables
        led = trick[0][1]
        best = led
        for k, (seat, position) in enumerate(trick):
            if k > 0:
                held = np.uint64(masks[seat] | (1 << position))
                legal = int(legal_plays(held, np.int64(led), np.int64(best), np.int64(trump), t.rules,
                                        t.block_of_pos, t.block_mask, t.top_pos))
                if not (legal >> position) & 1:
                    raise SolverError(f"seat {seat} could not play position {position} to this trick")
                if beats(np.int64(position), np.int64(best), np.int64(trump), t.block_of_pos):
                    best = position
