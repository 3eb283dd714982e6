"""Reversis analyses: rows of deals, run summaries with 95% intervals, exact odds as tables, the
evaluation of one hand, the report's experiments and the claims' ``reversis`` kind, the strength
ladder against the search, and the fit of the strong policy's weights."""
