"""The slow, readable reference engine of Révertier (reconstructed): plain Python, one concern a
module (``moves`` one move, ``throw`` a whole throw, ``evaluate`` the heuristic's score,
``policies``, ``game``). It implements docs/revertier.md; the numba kernel must agree with it
exactly, game by game (tests/test_revertier_parity.py)."""
