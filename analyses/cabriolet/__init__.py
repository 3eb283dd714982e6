"""Cabriolet's analyses: the cases' exact odds beside the Monte Carlo and their values (``cases.py``),
the dice game (``dice.py``) and the plots (``plots.py``)."""
