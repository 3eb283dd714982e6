"""Reversis's claims: its experiment kind (kinds.py, registered by name in analyses/claims/games.py),
read and run by experiment.py, and the shipped claim files (``files/``)."""
