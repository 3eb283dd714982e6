"""Cabriolet's part of the report (``section.py``)."""
