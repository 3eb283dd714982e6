"""Per-deal rows of the kernel (int64[n, N_ROW_COLS]) as a tidy DataFrame, one deal a row.

Codes become names (``ask``, ``called``, ``hearts``, ``eldest``...), with ``none`` where the
row says "not applicable" (-1): a bid never asked for, no force, no called card, no friend.
Hands appear twice: as text for people (``♠K 7 A  ♥3``, as ``cards.Hand.format`` writes
it) and as the natural mask for programs. The trick-by-trick play is not included; ``spadille
show`` replays a single deal.

Everything is vectorised: this runs on every batch of a recorded simulation.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from spadille.kernel.quadrille import _layout as L
from spadille.kernel.quadrille import cards

NONE = "none"
FORCE_NAMES = ("cede", "take")  # indexed by the CEDE / TAKE codes
SUIT_BITS = (1 << cards.N_RANKS) - 1


def _lookup(names) -> np.ndarray:
    """Names as an array where index -1 (the layout's "not applicable") reads ``none``."""
    return np.array(tuple(names) + (NONE,), dtype=object)


@lru_cache(maxsize=1)
def _suit_groups() -> np.ndarray:
    """object[N_SUITS, 1024]: the text of every holding within one suit ('' when void),
    written by Hand.format so both spellings of a hand always agree."""
    table = np.empty((cards.N_SUITS, 1 << cards.N_RANKS), dtype=object)
    for suit in range(cards.N_SUITS):
        table[suit, 0] = ""
        for holding in range(1, 1 << cards.N_RANKS):
            table[suit, holding] = cards.Hand(holding << (suit * cards.N_RANKS)).format()
    return table


def hand_texts(masks: np.ndarray) -> list[str]:
    """Hand.format() of each natural mask, by table lookup per suit."""
    masks = np.asarray(masks, dtype=np.int64)
    table = _suit_groups()
    groups = [table[suit, (masks >> (suit * cards.N_RANKS)) & SUIT_BITS] for suit in range(cards.N_SUITS)]
    return ["  ".join(g for g in parts if g) or "-" for parts in zip(*groups)]


def _text(values) -> pd.api.extensions.ExtensionArray:
    # An explicit string dtype, so an empty frame has the same schema as a full one.
    return pd.array(list(values), dtype="str")


def row_columns(n_seats: int) -> list[str]:
    """The column names, in order, of ``rows_frame`` for a table of ``n_seats``."""
    return list(rows_frame(np.zeros((0, L.N_ROW_COLS), np.int64), n_seats).columns)


def rows_frame(rows: np.ndarray, n_seats: int) -> pd.DataFrame:
    """The tidy per-deal table of kernel rows int64[n, N_ROW_COLS] for ``n_seats`` seats."""
    seats = cards.SEAT_NAMES[n_seats]
    seat_lookup = _lookup(seats)
    card_lookup = _lookup(cards.format_card(c) for c in range(cards.N_CARDS))
    columns: dict[str, object] = {"deal": rows[:, L.COL_DEAL].astype(np.int64)}
    for index, seat in enumerate(seats):
        columns[f"hand_{seat}"] = _text(hand_texts(rows[:, L.COL_HANDS + index]))
    for index, seat in enumerate(seats):
        columns[f"mask_{seat}"] = rows[:, L.COL_HANDS + index].astype(np.int64)
    for index, seat in enumerate(seats):
        columns[f"bid_{seat}"] = _text(_lookup(L.BID_NAMES)[rows[:, L.COL_BIDS + index]])
    columns["force"] = _text(_lookup(FORCE_NAMES)[rows[:, L.COL_FORCE]])
    columns["contract"] = _text(np.array(L.CONTRACT_NAMES, dtype=object)[rows[:, L.COL_CONTRACT]])
    columns["ombre"] = _text(seat_lookup[rows[:, L.COL_OMBRE]])
    columns["trump"] = _text(_lookup(cards.SUITS)[rows[:, L.COL_TRUMP]])
    columns["called"] = _text(card_lookup[rows[:, L.COL_CALLED]])
    columns["friend"] = _text(seat_lookup[rows[:, L.COL_FRIEND]])
    columns["given"] = _text(card_lookup[rows[:, L.COL_GIVEN]])  # the card given for a demanded king
    for index, seat in enumerate(seats):
        columns[f"tricks_{seat}"] = rows[:, L.COL_TRICKS + index].astype(np.int64)
    columns["side_tricks"] = rows[:, L.COL_SIDE_TRICKS].astype(np.int64)
    columns["outcome"] = _text(np.array(L.OUTCOME_NAMES, dtype=object)[rows[:, L.COL_OUTCOME]])
    columns["vole"] = _text(np.array(L.VOLE_NAMES, dtype=object)[rows[:, L.COL_VOLE]])
    columns["matadors"] = rows[:, L.COL_MATADORS].astype(np.int64)
    columns["bete"] = rows[:, L.COL_BETE].astype(np.int64)
    for index, seat in enumerate(seats):
        columns[f"pay_{seat}"] = rows[:, L.COL_PAY + index].astype(np.int64)
    columns["table_change"] = rows[:, L.COL_POOL].astype(np.int64)
    return pd.DataFrame(columns)
