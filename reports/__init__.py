"""Strategy reports built from analyses: the document model shared by every game (``document.py``)
and one package per game (``quadrille/``: the standard report; ``cabriolet/``: its section)."""
