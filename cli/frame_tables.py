"""The console tables the game commands print from a tidy frame: a column a frame's column,
numbers right-aligned, every cell through ``reports.formatting.console`` in the game's own style
(its decimals, and whether tiny values are written 1.234e-05). Nothing here knows a game."""

from __future__ import annotations

import pandas as pd
from rich.table import Table

from spadille.reports.formatting import console


def frame_table(frame: pd.DataFrame, title: str, *, skip: tuple[str, ...] = (), no_wrap_numbers: bool = False,
                **style) -> Table:
    """``frame``'s columns but ``skip``, one row a row; ``style`` goes to ``formatting.console``."""
    table = Table(title=title)
    columns = [c for c in frame.columns if c not in skip]
    for column in columns:
        numeric = pd.api.types.is_numeric_dtype(frame[column]) and not pd.api.types.is_bool_dtype(frame[column])
        table.add_column(str(column), justify="right" if numeric else "left", no_wrap=numeric and no_wrap_numbers)
    for row in frame[columns].itertuples(index=False):
        table.add_row(*(console(v, **style) for v in row))
    return table


def one_row_table(row: dict, title: str, **style) -> Table:
    """A one-row frame as measure | value lines, so it reads in 80 columns."""
    table = Table(title=title)
    table.add_column("measure", justify="left")
    table.add_column("value", justify="right")
    for name, value in row.items():
        table.add_row(str(name), console(value, **style))
    return table
