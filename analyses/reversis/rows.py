"""The kernel's deal records as a tidy Arrow table, one row per deal (the --out file of
`simulate reversis`): hands, écart, discards, every card of every trick, takers, points, the
quinola's fate, aces given, forced and played, the reversis, the espagnolette and every payment
by category and account."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from spadille.kernel.reversis import layout as L

ACCOUNTS = ("p0", "p1", "p2", "p3", "pool")


def record_columns() -> list[tuple[str, int, str]]:
    """(name, column of the record, dtype)."""
    cols = [(f"hand_{p}", L.D_HAND + p, "int64") for p in range(4)]
    cols += [("talon", L.D_TALON, "int64"), ("ecart", L.D_ECART, "int64")]
    cols += [(f"discard_{p}", L.D_DISCARD + p, "int8") for p in range(4)]
    cols += [(f"card_{t + 1}_{i}", L.D_PLAY + 4 * t + i, "int8") for t in range(11) for i in range(4)]
    cols += [(f"taker_{t + 1}", L.D_TAKER + t, "int8") for t in range(11)]
    cols += [(f"tricks_{p}", L.D_TRICKS + p, "int8") for p in range(4)]
    cols += [(f"points_{p}", L.D_POINTS + p, "int8") for p in range(4)]
    single = [("ecart_points", L.D_ECART_POINTS), ("quinola_holder", L.D_QUINOLA_HOLDER),
              ("quinola_fate", L.D_QUINOLA_FATE), ("quinola_trick", L.D_QUINOLA_TRICK),
              ("aces_given", L.D_ACES_GIVEN), ("aces_forced", L.D_ACES_FORCED), ("aces_played", L.D_ACES_PLAYED),
              ("reversis", L.D_REVERSIS), ("undertaker", L.D_UNDERTAKER), ("breaker", L.D_BREAKER),
              ("espagnolette", L.D_ESP_POS), ("espagnolette_used", L.D_ESP_USED),
              ("espagnolette_trick", L.D_ESP_TRICK),
              ("all_costs", L.D_ESP_ALL_COSTS), ("partie_winner", L.D_PARTIE_WINNER),
              ("partie_value", L.D_PARTIE_VALUE), ("remise_taker", L.D_REMISE_TAKER),
              ("remise_maker", L.D_REMISE_MAKER)]
    cols += [(name, col, "int8") for name, col in single]
    cols += [("pool_start", L.D_POOL_START, "int64"), ("pool_end", L.D_POOL_END, "int64")]
    cols += [(f"pay_{L.CATEGORY_NAMES[c]}_{ACCOUNTS[a]}", L.D_PAY + c * L.N_ACCOUNTS + a, "int64")
             for c in range(L.N_CATEGORIES) for a in range(L.N_ACCOUNTS)]
    cols += [(f"net_{ACCOUNTS[a]}", L.D_NET + a, "int64") for a in range(L.N_ACCOUNTS)]
    return cols


def deal_table(first_deal: int, records: np.ndarray, session_length: int) -> pa.Table:
    """One row per deal as an Arrow table, built without pandas: each column a typed copy of one
    column of the records, the two named codes dictionary columns (they write and read back as
    their names). ``deal`` is the global index (session = deal // length)."""
    deals = np.arange(first_deal, first_deal + len(records), dtype=np.int64)
    columns = {"deal": deals, "session": deals // session_length,
               "deal_in_session": (deals % session_length).astype(np.int16)}
    by_column = np.ascontiguousarray(np.asarray(records).T)   # one pass; each column below is a row of it
    for name, col, dtype in record_columns():
        columns[name] = by_column[col].astype(dtype)
    arrays = {name: pa.array(values) for name, values in columns.items()}
    for name, names in (("quinola_fate", L.QUINOLA_FATES), ("reversis", L.REVERSIS_NAMES)):
        arrays[name] = pa.DictionaryArray.from_arrays(arrays[name], pa.array(names, type=pa.string()))
    return pa.table(arrays)
