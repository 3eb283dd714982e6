"""Quadrille's standard strategy report (``standard.py``) and its worked hands."""
