"""Rich tables of the Reversis frames."""

from __future__ import annotations

from spadille.cli import frame_tables

STYLE = {"places": 3, "places_below_one": 6, "tiny": "significant"}


def frame_table(frame, title: str):
    return frame_tables.frame_table(frame, title, no_wrap_numbers=True, **STYLE)
