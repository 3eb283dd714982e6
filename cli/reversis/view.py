"""Rich tables of the Reversis frames."""

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
        return f"{value:,.6f}" if abs(value) < 1 else f"{value:,.3f}"
    return str(value)


def frame_table(frame: pd.DataFrame, title: str) -> Table:
    table = Table(title=title)
    for column in frame.columns:
        numeric = pd.api.types.is_numeric_dtype(frame[column]) and not pd.api.types.is_bool_dtype(frame[column])
        table.add_column(str(column), justify="right" if numeric else "left", no_wrap=numeric)
    for row in frame.itertuples(index=False):
        table.add_row(*(_cell(v) for v in row))
    return table
