"""docs/openspiel.md's example, measured: OpenSpiel's IS-MCTS in seat 0 against three `strong` bots.

Each deal is played twice from the same cards: IS-MCTS in seat 0, then `strong` in seat 0, the other
seats `strong` both times; the paired difference of seat 0's returns is reported with its 95% CI.
Run: .venv/bin/python docs/evidence/openspiel_ismcts.py DEALS SIMULATIONS
"""
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import spadille.openspiel  # noqa: F401  (registers python_quadrille)
from spadille.openspiel.quadrille.bots import make_bot

deals, simulations = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("python_quadrille")


def play(deal: int, seat0) -> float:
    rng = np.random.RandomState(deal)
    bots = [seat0] + [make_bot(game, seat, "strong", seed=deal) for seat in (1, 2, 3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()[0]


differences = []
for deal in range(deals):
    searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(deal)), uct_c=2.0,
                                max_simulations=simulations, random_state=np.random.RandomState(deal))
    differences.append(play(deal, searcher) - play(deal, make_bot(game, 0, "strong", seed=deal)))
    print(deal, differences[-1], flush=True)
d = np.array(differences)
half = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
print(f"IS-MCTS ({simulations} simulations) minus strong, seat 0: {d.mean():+.2f} jetons a deal, "
      f"95% CI [{d.mean() - half:+.2f}, {d.mean() + half:+.2f}], n = {len(d)} deals")
