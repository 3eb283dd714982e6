"""The vole by what the deciding player knows at the point: tables from the integer sums.

``vole_point.accumulate_points`` adds, per class of the position (vole_point.POINT_FEATURES),
focal seat and declaring bid, the positions reached and per reading of the vole rules the voles
made going on and the sums of the paired go - stop payment. Here those sums become, per class
and reading, P(vole if going on) with its Wilson interval and the paired gain of going on over
stopping with its 95% interval (bounded by the reading's payment range where every position paid
the same, stats.mean_interval), n the positions reached. Classes cross some of the features
(``POINT_SCHEMES``), per seat and over all seats.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.stats import mean_interval, wilson_interval

from .vole_point import P_MADE, P_N, P_PER_READING, P_SQ, P_SUM, POINT_FEATURES, Reading

ALL_SEATS = "all"
POINT_SCHEMES: dict[str, tuple[str, ...]] = {
    "overall": (),
    "masters": ("masters",),
    "masters_trumps_out": ("masters", "trumps_out"),
    "decider_masters": ("decider", "masters"),
    # the classes the brief names: sure winners, trumps out, matadors out, the called king shown
    "point": ("masters", "trumps_out", "matadors_out", "king_shown"),
}
POINT_COLUMNS = ["scheme", "seat", *POINT_FEATURES, "contract", "reading", "vole_value", "vole_failed", "cards_left",
                 "n", "made", "p_made", "p_made_ci_low", "p_made_ci_high", "go_minus_stop", "stderr", "ci_low",
                 "ci_high", "too_few", "go_pays", "go_costs"]


def scheme_sums(stats: np.ndarray, scheme: str) -> np.ndarray:
    """int64[*sizes of the scheme's features, seats, pairs, k]: the fine sums added up over the
    features the scheme leaves out."""
    kept = POINT_SCHEMES[scheme]
    dropped = tuple(axis for axis, f in enumerate(POINT_FEATURES) if f not in kept)
    return stats.sum(axis=dropped) if dropped else stats


def cell_figures(cell: np.ndarray, reading: int, difference_range: tuple[int, int] | None) -> dict:
    """One cell's (int64[k]) figures under one reading: n, made, P(vole) [Wilson], go - stop [CI]."""
    n = int(cell[P_N])
    base = 1 + P_PER_READING * reading
    made = int(cell[base + P_MADE])
    share, low, high = wilson_interval(made, n)
    mean, stderr, d_low, d_high = mean_interval(n, int(cell[base + P_SUM]), int(cell[base + P_SQ]),
                                                outcome_range=difference_range)
    return {"n": n, "made": made, "p_made": share, "p_made_ci_low": low, "p_made_ci_high": high,
            "go_minus_stop": mean, "stderr": stderr, "ci_low": d_low, "ci_high": d_high}


def _cells(stats: np.ndarray, seat_labels: Sequence[str]) -> Iterable[tuple[dict, np.ndarray]]:
    """(keys, int64[pairs, k]) for every populated (scheme, class, seat) and over all seats."""
    for scheme, names in POINT_SCHEMES.items():
        table = scheme_sums(stats, scheme)
        for values in np.ndindex(*table.shape[:-3]):
            keys = {f: pd.NA for f in POINT_FEATURES}
            keys.update({f: int(v) for f, v in zip(names, values)})
            per_seat = [(label, table[values + (seat,)]) for seat, label in enumerate(seat_labels)]
            per_seat.append((ALL_SEATS, table[values].sum(axis=0)))
            for label, cell in per_seat:
                if cell[:, P_N].any():
                    yield {"scheme": scheme, "seat": label, **keys}, cell


def point_table(stats: np.ndarray, readings: Sequence[Reading], contracts: Sequence[str], seat_labels: Sequence[str],
                min_n: int, metadata: Mapping, difference_ranges: Sequence[tuple[int, int] | None],
                reading_values: Sequence[tuple[int, str]], cards_left: int) -> pd.DataFrame:
    """One row per scheme, class, seat, declaring bid and reading: ``n`` positions reached, voles
    ``made`` going on and ``p_made`` (Wilson CI), the paired mean ``go_minus_stop`` with its CI;
    ``too_few`` under ``min_n`` positions, else ``go_pays`` / ``go_costs`` when the CI excludes 0.
    ``reading_values`` gives each reading's (vole.value, vole.failed)."""
    records = []
    for keys, cells in _cells(stats, seat_labels):
        for pair, contract in enumerate(contracts):
            cell = cells[pair]
            if not cell[P_N]:
                continue
            for index, reading in enumerate(readings):
                figures = cell_figures(cell, index, difference_ranges[index])
                too_few = figures["n"] < min_n
                value, failed = reading_values[index]
                records.append({**keys, "contract": contract, "reading": reading.label, "vole_value": value,
                                "vole_failed": failed, "cards_left": cards_left, **figures, "too_few": too_few,
                                "go_pays": bool(not too_few and figures["ci_low"] > 0),
                                "go_costs": bool(not too_few and figures["ci_high"] < 0)})
    frame = pd.DataFrame.from_records(records, columns=POINT_COLUMNS)
    frame = frame.astype({**{f: "Int64" for f in POINT_FEATURES}, "n": "int64", "made": "int64",
                          "vole_value": "int64", "cards_left": "int64"})
    frame.attrs = dict(metadata)
    return frame


def pooled(stats: np.ndarray, scheme: str, seat: int | None, pair: int,
           classes: Iterable[tuple[int, ...]]) -> np.ndarray:
    """int64[k]: the sums of the given classes of a scheme, one seat (None: all), one bid, exactly."""
    table = scheme_sums(stats, scheme)
    per_seat = table.sum(axis=-3) if seat is None else table[..., seat, :, :]
    total = np.zeros(per_seat.shape[-1], dtype=np.int64)
    for values in classes:
        total += per_seat[tuple(values) + (pair,)]
    return total
