"""Strategy reports built from analyses (issue 4)."""
