"""A batch of kernel rows as the lines of a CSV body, without an Arrow table or a Python object per deal.

A CSV spells the hands (``♠K 7 A  ♥3``) and the names (``ask``, ``demanded-king``, ``none``), about
300 bytes a deal. Building the Arrow table (``rows.rows_table``) and formatting it with Arrow's CSV
writer took about 2.5 µs a deal on the main thread, half of what the deal loop spends playing it,
so ``simulate --out run.csv`` ran at 0.8× the speed of the same run without ``--out`` on an idle
machine and slower on a loaded one (issue 39). ``rows_csv`` writes the same bytes in one jitted
pass over the rows (kernel/common/_csv.py), from lookup tables made once: each name's UTF-8
bytes, and each suit's 1,024 holdings spelled by ``cards.Hand.format`` (``rows._suit_pieces``).
The columns come from ``rows.column_plan``, the plan the Arrow table follows too.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from spadille.analyses.rowfile import CsvLines
from spadille.kernel.quadrille import cards

from .rows import EMPTY_HAND, HAND_SEPARATOR, NONE, _suit_pieces, column_plan

_KINDS = {"integer": 0, "name": 1, "hand": 2}   # kernel/common/_csv.py's INTEGER, NAME, HAND
_INTEGER_BYTES = 20                             # the longest int64 in decimal, its sign included


@lru_cache(maxsize=None)
def _plan_arrays(n_seats: int):
    """The kernel's view of ``column_plan(n_seats)`` with the hands spelled: (columns, kinds, sources,
    tables, names, name_lengths, none_at, bound), bound the most bytes a line can take."""
    plan = column_plan(n_seats, hand_text=True)
    tables: list[tuple[str, ...]] = []
    for _, _, _, names in plan:
        if names and names not in tables:
            tables.append(names)
    encoded = [[name.encode() for name in names + (NONE,)] for names in tables]
    entries = max(len(table) for table in encoded)
    width = max(len(name) for table in encoded for name in table)
    names = np.zeros((len(tables), entries, width), dtype=np.uint8)
    name_lengths = np.zeros((len(tables), entries), dtype=np.int64)
    for t, table in enumerate(encoded):
        for e, name in enumerate(table):
            names[t, e, :len(name)] = np.frombuffer(name, dtype=np.uint8)
            name_lengths[t, e] = len(name)
    none_at = np.array([len(table) - 1 for table in encoded], dtype=np.int64)
    kinds = np.array([_KINDS[kind] for _, kind, _, _ in plan], dtype=np.int64)
    sources = np.array([source for _, _, source, _ in plan], dtype=np.int64)
    which = np.array([tables.index(names) if names else 0 for _, _, _, names in plan], dtype=np.int64)
    _, piece_lengths = _suit_pieces()
    hand_bytes = int(piece_lengths.max(axis=1).sum()) + (cards.N_SUITS - 1) * len(HAND_SEPARATOR.encode())
    hand_bytes = max(hand_bytes, len(EMPTY_HAND.encode()))
    longest = {"integer": _INTEGER_BYTES, "hand": hand_bytes}
    bound = sum(longest.get(kind) or int(name_lengths[which[j]].max()) for j, (_, kind, _, _) in enumerate(plan))
    bound += len(plan)   # a comma between fields and the line's end
    columns = tuple(name for name, _, _, _ in plan)
    return columns, kinds, sources, which, names, name_lengths, none_at, bound


def rows_csv(rows: np.ndarray, n_seats: int) -> CsvLines:
    """The CSV lines (no header) of kernel rows int64[n, N_ROW_COLS] for ``n_seats`` seats: the same
    bytes as ``rows_table(rows, n_seats)`` written by Arrow's CSV writer, unquoted."""
    from spadille.kernel.common._csv import csv_lines

    columns, kinds, sources, tables, names, name_lengths, none_at, bound = _plan_arrays(n_seats)
    pieces, piece_lengths = _suit_pieces()
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    data = csv_lines(rows, kinds, sources, tables, names, name_lengths, none_at, pieces, piece_lengths,
                     cards.N_RANKS, np.frombuffer(HAND_SEPARATOR.encode(), dtype=np.uint8),
                     np.frombuffer(EMPTY_HAND.encode(), dtype=np.uint8), bound)
    return CsvLines(columns, data, len(rows))
