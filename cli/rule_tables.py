"""The tables `spadille rules GAME` prints for any game whose rules are kernel/common Rule entries:
the readings of its disputed switches and every rule. Nothing here knows a game."""

from __future__ import annotations

from typing import Callable, Iterable


def _plain(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def readings_table(switches: Iterable, shown: Callable = _plain):
    """Each value of a switch that rests on a text read two ways, with its passage; '*' marks the
    value in force. None when no switch lists readings."""
    from rich.table import Table

    rows = [(r, reading) for r in switches for reading in r.readings]
    if not rows:
        return None
    table = Table(title="Readings: each value of a switch that rests on a text read two ways, with its passage "
                        "(* in force)")
    for column in ("switch", "reading", "source", "passage", "what it does"):
        table.add_column(column, overflow="fold")
    for r, reading in rows:
        mark = " *" if reading.value == r.value and type(reading.value) is type(r.value) else ""
        table.add_row(r.key, shown(reading.value) + mark, reading.source, reading.passage, reading.note)
    return table


def every_rule_table(name: str, rules: Iterable, shown: Callable = _plain):
    """Every rule with its value, status, source, passage and note."""
    from rich.table import Table

    table = Table(title=f"Every rule of {name}")
    for column in ("rule", "value", "status", "source", "passage", "note"):
        table.add_column(column, overflow="fold")
    for r in rules:
        table.add_row(r.key, shown(r.value), r.status, r.source, r.passage, r.note)
    return table
