"""The `spadille` command line: one Typer app (``app.py``). Game commands dispatch through the
registry of games (``games.py``, ``dispatch.py``) to one module per command in each game's
package (``quadrille/``, ``cabriolet/``, ``reversis/``, ``revertier/``); ``claims`` is
game-independent. What every command shares sits at the top: options and their checks, errors,
progress, row output, the cluster option and the tables printed from rules and frames."""
