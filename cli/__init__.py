"""The `spadille` command line: one Typer app (``app.py``). Game commands dispatch through the
registry of games (``games.py``, ``dispatch.py``) to one module per command in each game's
package (``quadrille/``, ``cabriolet/``); ``claims`` is game-independent."""
