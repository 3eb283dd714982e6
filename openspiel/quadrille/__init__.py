"""Quadrille for OpenSpiel: ``python_quadrille``, registered when this package is imported."""

import pyspiel

from .game import GAME_TYPE, QuadrilleGame, QuadrilleState

pyspiel.register_game(GAME_TYPE, QuadrilleGame)

__all__ = ["QuadrilleGame", "QuadrilleState"]
