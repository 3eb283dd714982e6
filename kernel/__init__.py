"""spadille.kernel: the games' engines, one package per game, and what they share.

    common/      counter-based RNG, bit helpers, the ruleset-file reader, citation checks, errors
    quadrille/   Quadrille: cards, rulesets (TOML), tables, the numba deal loop, policies, the
                 reference engine (reference/), the searching players (search/) and bench
    cabriolet/   Cabriolet: its ruleset, exact odds, and the card and dice session kernels
    reversis/    Reversis: its ruleset and presets, the deal and session kernels, policies (the
                 search and the fitted strong one among them), exact odds and the reference engine
    revertier/   Révertier (reconstructed): its ruleset and presets, the game kernel, policies,
                 an exact oracle and the reference engine

Importing a package does not import numba; the jitted modules (names starting with an
underscore) load on first use, so the CLI's help stays instant. Nothing here imports the
analyses, the reports or the CLI.
"""

# Before any jitted module loads: numba's cache in a folder named after the kernel's source, so
# code compiled from another version of it is never loaded (common/numba_cache.py says why).
from .common.numba_cache import configure as _configure_numba_cache

_configure_numba_cache()
