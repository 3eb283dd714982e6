"""Reversis (the quinola and the espagnolette, after the Dictionnaire des jeux): rules as data
(``reversis-dj.toml`` with its presets, ``ruleset.py``; the kernel's rule vector in ``rules.py``),
numba kernels for the deal and for sessions (``_deal.py``, ``_session.py`` and their helpers)
behind thin wrappers (``simulate.py``), the policies both engines share (``policies.py``,
``_policies.py``; the search in ``_search.py``, the fitted strong policy in ``strong.py``), the
evaluation of one hand (``evaluate.py``), exact odds (``exact.py``) and the slow, readable
reference engine (``reference/``). See docs/reversis.md."""
