"""Statistics over simulation results: tidy DataFrames with n and 95% CIs.

At the top, what every game uses: intervals (``stats.py``), paired estimates (``paired.py``),
row files (``rowfile.py``) and the claims checker (``claims/``). Each game's analyses live in
its own package (``quadrille/``, ``cabriolet/``).
"""
