"""The Révertier (reconstructed) part of the standard report."""
