"""spadille.kernel: cards, rulesets, lookup tables and the numba deal-and-play kernel.

Importing this package does not import numba; the jitted modules (names starting with an
underscore) load on first use, so the CLI's help stays instant.
"""
