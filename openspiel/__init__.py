"""spadille's games for OpenSpiel (the extra: ``pip install -e '.[openspiel]'``).

Importing ``spadille.openspiel`` registers ``python_quadrille`` and ``python_reversis`` with
pyspiel, so ``pyspiel.load_game("python_quadrille")`` and every OpenSpiel algorithm can use them;
``spadille.openspiel.bots`` makes our policies into OpenSpiel bots. docs/openspiel.md shows how.
The core install never needs pyspiel, and kernel/ never imports this package.
"""

try:
    import pyspiel  # noqa: F401
except ImportError as exc:  # one sentence, not a traceback through the games
    raise ImportError("spadille.openspiel needs OpenSpiel: pip install -e '.[openspiel]' (the open-spiel wheel)") from exc

from . import quadrille, reversis  # noqa: E402,F401  (registers python_quadrille and python_reversis)
