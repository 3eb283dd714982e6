"""Révertier (reconstructed): per-game rows as tidy frames, summaries with 95% intervals, paired
policy comparisons (the same dice, colours swapped), what each reconstruction switch changes, and
the exact odds of the throws and of entering from the bar."""
