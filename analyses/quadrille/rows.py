"""Per-deal rows of the kernel (int64[n, N_ROW_COLS]) as a tidy table, one deal a row.

Codes become names (``ask``, ``called``, ``hearts``, ``eldest``...), with ``none`` where the
row says "not applicable" (-1): a bid never asked for, no force, no called card, no friend.
Hands appear as the natural mask for programs (``mask_eldest``...) and, where people read the
file (a CSV), also as text (``hand_eldest``: ``♠K 7 A  ♥3``, as ``cards.Hand.format`` writes it).
A Parquet file is read by programs and keeps the masks alone: the text cost 40% of a file's
writing (building and encoding it), which the deal loop waited for (issue 39); ``with_hand_text``
adds it to a frame read back, as ``read_rows`` does. The trick-by-trick play is not included;
``spadille show`` replays a single deal.

``rows_table`` builds an Arrow table without a Python object per deal: every name column is a
take from a short array of names, and the hands' text is joined from per-suit pieces by a jitted
loop (kernel/common/_text.py). A recorded simulation writes every batch of a Parquet file through
it, so it must keep up with the deal loop (issue 39: the text built in Python took longer than the
deals); a CSV's lines are spelled straight from the rows (rows_csv.py), after ``column_plan``.
``rows_frame`` is the same table as a pandas DataFrame, for analyses.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd
import pyarrow as pa

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

NONE = "none"
FORCE_NAMES = ("cede", "take")  # indexed by the CEDE / TAKE codes
SUIT_BITS = (1 << cards.N_RANKS) - 1
HAND_SEPARATOR = "  "          # between the suits of a hand, as Hand.format writes it
EMPTY_HAND = "-"


@lru_cache(maxsize=1)
def _suit_pieces() -> tuple[np.ndarray, np.ndarray]:
    """(pieces uint8[N_SUITS, 1024, width], lengths int64[N_SUITS, 1024]): the UTF-8 text of every
    holding within one suit (empty when void), written by Hand.format so both spellings agree."""
    texts = [[cards.Hand(holding << (suit * cards.N_RANKS)).format().encode() if holding else b""
              for holding in range(1 << cards.N_RANKS)] for suit in range(cards.N_SUITS)]
    width = max(len(text) for suit in texts for text in suit)
    pieces = np.zeros((cards.N_SUITS, 1 << cards.N_RANKS, width), dtype=np.uint8)
    lengths = np.zeros((cards.N_SUITS, 1 << cards.N_RANKS), dtype=np.int64)
    for suit, holdings in enumerate(texts):
        for holding, text in enumerate(holdings):
            pieces[suit, holding, :len(text)] = np.frombuffer(text, dtype=np.uint8)
            lengths[suit, holding] = len(text)
    return pieces, lengths


def hand_column(masks: np.ndarray) -> pa.StringArray:
    """Hand.format() of each natural mask, as an Arrow string column."""
    from spadille.kernel.common._text import join_pieces

    masks = np.asarray(masks, dtype=np.int64)
    shifts = np.arange(cards.N_SUITS, dtype=np.int64) * cards.N_RANKS
    keys = np.ascontiguousarray((masks[:, None] >> shifts) & SUIT_BITS)
    pieces, lengths = _suit_pieces()
    offsets, data = join_pieces(keys, pieces, lengths, np.frombuffer(HAND_SEPARATOR.encode(), dtype=np.uint8),
                                np.frombuffer(EMPTY_HAND.encode(), dtype=np.uint8))
    if offsets[-1] >= 2**31:
        raise ValueError("too many hands for one Arrow string column; write them in smaller batches")
    return pa.StringArray.from_buffers(len(masks), pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(data))


def hand_texts(masks: np.ndarray) -> list[str]:
    """Hand.format() of each natural mask."""
    return hand_column(masks).to_pylist()


@lru_cache(maxsize=None)
def _names(names: tuple[str, ...]) -> pa.StringArray:
    """The names, then ``none`` for the layout's "not applicable" (-1, read as the last entry)."""
    return pa.array(names + (NONE,), type=pa.string())


def _named(codes: np.ndarray, names: tuple[str, ...]) -> pa.Array:
    indices = np.where(codes < 0, len(names), codes)
    return _names(names).take(pa.array(indices, type=pa.int64()))


def _integers(values: np.ndarray) -> pa.Array:
    return pa.array(np.ascontiguousarray(values, dtype=np.int64), type=pa.int64())


@lru_cache(maxsize=1)
def _card_names() -> tuple[str, ...]:
    return tuple(cards.format_card(card) for card in range(cards.N_CARDS))


@lru_cache(maxsize=None)
def column_plan(n_seats: int, hand_text: bool = True) -> tuple[tuple[str, str, int, tuple[str, ...]], ...]:
    """The file's columns in order, each (name, kind, kernel row column, names): kind ``integer`` (the
    value), ``name`` (``names[code]``, ``none`` for -1) or ``hand`` (a natural mask's text). One plan
    for the Arrow table and the CSV lines (analyses/quadrille/rows_csv.py), so the two cannot drift."""
    seats = cards.SEAT_NAMES[n_seats]
    plan = [("deal", "integer", L.COL_DEAL, ())]
    if hand_text:
        plan += [(f"hand_{seat}", "hand", L.COL_HANDS + index, ()) for index, seat in enumerate(seats)]
    plan += [(f"mask_{seat}", "integer", L.COL_HANDS + index, ()) for index, seat in enumerate(seats)]
    plan += [(f"bid_{seat}", "name", L.COL_BIDS + index, L.BID_NAMES) for index, seat in enumerate(seats)]
    plan += [("force", "name", L.COL_FORCE, FORCE_NAMES),
             ("contract", "name", L.COL_CONTRACT, L.CONTRACT_NAMES),
             ("ombre", "name", L.COL_OMBRE, seats),
             ("trump", "name", L.COL_TRUMP, cards.SUITS),
             ("called", "name", L.COL_CALLED, _card_names()),
             ("friend", "name", L.COL_FRIEND, seats),
             ("given", "name", L.COL_GIVEN, _card_names())]  # the card given for a demanded king
    plan += [(f"tricks_{seat}", "integer", L.COL_TRICKS + index, ()) for index, seat in enumerate(seats)]
    plan += [("side_tricks", "integer", L.COL_SIDE_TRICKS, ()),
             ("outcome", "name", L.COL_OUTCOME, L.OUTCOME_NAMES),
             ("vole", "name", L.COL_VOLE, L.VOLE_NAMES),
             ("matadors", "integer", L.COL_MATADORS, ()),
             ("bete", "integer", L.COL_BETE, ())]
    plan += [(f"pay_{seat}", "integer", L.COL_PAY + index, ()) for index, seat in enumerate(seats)]
    plan += [("table_change", "integer", L.COL_POOL, ())]
    return tuple(plan)


def rows_table(rows: np.ndarray, n_seats: int, hand_text: bool = True) -> pa.Table:
    """The tidy per-deal table of kernel rows int64[n, N_ROW_COLS] for ``n_seats`` seats; the hands'
    text columns only with ``hand_text``."""
    columns: dict[str, pa.Array] = {}
    for name, kind, source, names in column_plan(n_seats, hand_text):
        if kind == "integer":
            columns[name] = _integers(rows[:, source])
        elif kind == "name":
            columns[name] = _named(rows[:, source], names)
        else:
            columns[name] = hand_column(rows[:, source])
    return pa.table(columns)


def row_columns(n_seats: int, hand_text: bool = True) -> list[str]:
    """The column names, in order, of ``rows_table`` for a table of ``n_seats``."""
    return rows_table(np.zeros((0, L.N_ROW_COLS), np.int64), n_seats, hand_text).column_names


def with_hand_text(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (rows read from a file) with each ``mask_<seat>`` column's text as ``hand_<seat>``,
    placed after ``deal`` as in a CSV; a frame that has them already is returned as it is."""
    seats = [name[len("mask_"):] for name in frame.columns if name.startswith("mask_")]
    if not seats or all(f"hand_{seat}" in frame.columns for seat in seats):
        return frame
    texts = {f"hand_{seat}": hand_texts(frame[f"mask_{seat}"].to_numpy()) for seat in seats}
    at = list(frame.columns).index("deal") + 1 if "deal" in frame.columns else 0
    columns = [*frame.columns[:at], *texts, *frame.columns[at:]]
    return pd.concat([frame, pd.DataFrame(texts, index=frame.index)], axis=1)[columns]


def read_rows(path) -> tuple[pd.DataFrame, dict]:
    """(rows, metadata) of a ``simulate quadrille --out`` file, Parquet or CSV, with the hands' text."""
    from spadille.analyses.rowfile import read_row_file

    rows, metadata = read_row_file(path)
    return with_hand_text(rows), metadata


def rows_frame(rows: np.ndarray, n_seats: int) -> pd.DataFrame:
    """``rows_table`` as a pandas DataFrame (names as strings, counts as int64)."""
    return rows_table(rows, n_seats).to_pandas()
