"""Reversis analyses: rows of deals, run summaries with 95% intervals, exact odds as tables."""
