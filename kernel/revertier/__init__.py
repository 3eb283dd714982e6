"""Révertier (reconstructed): the tables game whose opening survives in the seed's Dictionnaire des
jeux, completed from its relatives (Cotton's Verquere, Fiske's Svensk brädspel, the Swedish
codifications). Rules as data (``rulesets/revertier-reconstructed.toml``, ``ruleset.py``), a slow readable
reference engine (``reference/``), numba kernels (``_board.py``, ``_moves.py``, ``_policies.py``,
``_game.py``) behind thin wrappers (``simulate.py``), and an exact oracle (``exact.py``).
See docs/revertier.md."""
