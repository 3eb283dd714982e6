"""Rich tables of the Cabriolet frames (exact odds, comparisons, case values)."""

from __future__ import annotations

from spadille.cli import frame_tables

STYLE = {"places": 4, "tiny": "significant"}


def frame_table(frame, title: str, skip: tuple[str, ...] = ("key",)):
    return frame_tables.frame_table(frame, title, skip=skip, **STYLE)
