"""Rich tables of the Cabriolet frames (exact odds, comparisons, case values)."""

from __future__ import annotations

import math

import pandas as pd
from rich.table import Table


def _cell(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        if value != 0 and abs(value) < 1e-3:
            return f"{value:.3e}"
        return f"{value:,.4f}"
    return str(value)


def frame_table(frame, title: str, skip: tuple[str, ...] = ("key",)) -> Table:
    table = Table(title=title)
    columns = [c for c in frame.columns if c not in skip]
    for column in columns:
        numeric = pd.api.types.is_numeric_dtype(frame[column]) and not pd.api.types.is_bool_dtype(frame[column])
        table.add_column(str(column), justify="right" if numeric else "left")
    for row in frame[columns].itertuples(index=False):
        table.add_row(*(_cell(v) for v in row))
    return table
