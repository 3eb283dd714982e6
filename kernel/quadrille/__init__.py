"""Quadrille (the four-handed ombre): cards and masks, rulesets and their loader, lookup tables,
the numba deal-and-play kernel, policies, conditional dealing and hand features, paired
replays, the pure-Python reference engine (``reference/``), the searching players, double dummy
and PIMC (``search/``), and the speed measurements (``bench.py``, ``bench_dd.py``).
See docs/engine.md and docs/variants.md.
"""
