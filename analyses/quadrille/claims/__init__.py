"""Quadrille's claims: its experiment kinds (kinds.py, registered by name in analyses/claims/games.py),
what they deal and play, and the shipped claim files with the texts they quote (``files/``)."""
