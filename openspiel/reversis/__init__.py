"""Reversis for OpenSpiel: ``python_reversis``, registered when this package is imported."""

import pyspiel

from .game import GAME_TYPE, ReversisGame, ReversisState

pyspiel.register_game(GAME_TYPE, ReversisGame)

__all__ = ["ReversisGame", "ReversisState"]
