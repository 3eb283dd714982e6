"""docs/openspiel.md's speed table: random games a second through OpenSpiel's own loop, one core.

For python_quadrille, python_reversis and OpenSpiel's C++ hearts (the nearest relative of Reversis),
the same Python loop: chance outcomes and legal actions drawn uniformly until the end. The kernel's
rows are the one-thread rows of `spadille bench quadrille` and `spadille bench reversis`.
Run: .venv/bin/python docs/evidence/openspiel_speed.py GAMES
"""
import sys
import time

import numpy as np
import pyspiel

import spadille.openspiel  # noqa: F401

games = int(sys.argv[1])
for name in ("python_quadrille", "python_reversis", "hearts"):
    game, rng = pyspiel.load_game(name), np.random.default_rng(0)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.integers(len(actions))])
    print(f"{name}: {games / (time.perf_counter() - start):,.1f} random games a second ({games} games)", flush=True)
