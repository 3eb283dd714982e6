"""Quadrille's searching players: the double-dummy solver (``_dd*.py``, ``solver.py``), what a seat
knows of the hidden hands (``knowledge.py``), exactly uniform sampling of those hands
(``_worlds.py``, ``worlds.py``), and the ``dd`` and ``pimc`` card players (``_players.py``).
"""
