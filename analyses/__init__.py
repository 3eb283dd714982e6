"""Statistics over simulation results: tidy DataFrames with n and 95% CIs.

At the top, what every game uses: intervals (``stats.py``), paired estimates (``paired.py``),
sampling until an interval decides (``sequential.py``), row files (``rowfile.py``), the claims
checker (``claims/``) and runs spread over a Dask cluster (``distributed/``). Each game's analyses
live in its own package (``quadrille/``, ``cabriolet/``, ``reversis/``, ``revertier/``).
"""
