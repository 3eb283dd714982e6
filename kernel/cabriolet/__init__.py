"""Cabriolet (Lacombe 1798): the card game's nine cases, the four aces and the play for the jeu,
and the dice game. Rules as data (``rulesets/cabriolet-lacombe-1798.toml``, ``ruleset.py``), exact odds by
enumeration (``exact.py``), and numba kernels for Monte Carlo (``_deal.py``, ``_session.py``)
behind thin wrappers (``simulate.py``). See docs/cabriolet.md."""
