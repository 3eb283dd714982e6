"""Révertier (reconstructed): per-game rows as tidy frames, summaries with 95% intervals, and
paired policy comparisons (the same dice, colours swapped)."""
