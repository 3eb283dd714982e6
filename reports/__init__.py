"""Strategy reports built from analyses: the document model shared by every game (``document.py``),
numbers and words as a reader sees them (``formatting.py``), and one package per game
(``quadrille/``: the standard report; ``cabriolet/``, ``reversis/``, ``revertier/``: their parts)."""
