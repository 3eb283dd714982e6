"""spadille.kernel.common: what every game's kernel shares.

The counter-based random streams (``_rng``), bit operations on uint64 masks (``_bits``), the
reader of a ruleset file's cited rules (``rule_entries``), the check that a cited passage stands
verbatim in its source (``citations``), the boundary errors and the package version. Nothing
here knows a game's rules.
"""
