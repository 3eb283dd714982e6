"""Evidence for the learned player's decision (kernel/quadrille/_learned.py): the same cards, and its cost.

Records the card decisions of seeded deals that the learned player plays in every seat (the reference
engine, every Quadrille ruleset), then replays them through ``learned_card`` in a jitted loop: the
choices' hash (identical before and after a change: the same cards) and nanoseconds a decision (CPU
time, the fastest of several passes, the least disturbed on a shared machine; for interleaved runs of two checkouts of the code, the old one
imported with PYTHONPATH pointing at a copy of its tree).

  .venv/bin/python docs/evidence/learned_decisions.py record DEALS decisions.npz
  .venv/bin/python docs/evidence/learned_decisions.py replay decisions.npz [PASSES]    # a JSON line

The deals are deals of seed 2041 per ruleset; the decisions include the forced ones (one class of
equal cards), as the deal loop asks them."""
from __future__ import annotations

import hashlib
import json
import statistics
import sys
import time

import numpy as np

RULESETS = ("encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern")


def record(deals: int, path: str) -> None:
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille.policies import kernel_arrays, make_seat_policy
    from spadille.kernel.quadrille.reference import ReferenceEngine, Table
    from spadille.kernel.quadrille.reference.decisions import SharedPolicies
    from spadille.kernel.quadrille.ruleset import load_ruleset

    obs, hands, legals, rulesets = [], [], [], []
    rows = []
    for index, name in enumerate(RULESETS):
        ruleset = load_ruleset(name)

        class Watching(SharedPolicies):
            def card(self, state, seat, legal, stream, pid=None, rules_at=L.CARD_RULES):
                trump = state.ranking.trump
                obs.append(self.observation(state, seat))
                hands.append(self.ordered_mask(state.hands[seat], trump))
                legals.append(self.ordered_mask(legal, trump))
                rulesets.append(index)
                return super().card(state, seat, legal, stream, pid, rules_at)

        policies = (make_seat_policy("learned"),) * ruleset["pack.seats"]
        seat_rows = kernel_arrays(policies)[1]
        rows.append(np.concatenate([seat_rows, seat_rows[:4 - len(seat_rows)]]))   # each seat reads its own row
        engine = ReferenceEngine(ruleset, policies, Watching(ruleset, policies))
        for deal in range(deals):
            engine.play_deal(2041, deal, Table())
    np.savez(path, obs=np.array(obs, dtype=np.int64), hands=np.array(hands, dtype=np.uint64),
             legals=np.array(legals, dtype=np.uint64), rulesets=np.array(rulesets, dtype=np.int64),
             params=np.array(rows))
    print(f"{len(obs)} decisions of {deals} deals a ruleset -> {path}")


def replay(path: str, passes: int) -> dict:
    from numba import njit

    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille._learned import learned_card
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.tables import build_tables

    data = np.load(path)
    tables = [build_tables(load_ruleset(name)) for name in RULESETS]
    block_of_pos = np.array([t.block_of_pos for t in tables])
    block_mask = np.array([t.block_mask for t in tables])
    pack = np.array([[np.bitwise_or.reduce(t.block_mask[trump]) for trump in range(t.block_mask.shape[0])]
                     for t in tables], dtype=np.uint64)

    @njit
    def play_all(obs, hands, legals, rulesets, params, pack, block_of_pos, block_mask, out):
        for i in range(obs.shape[0]):
            r = rulesets[i]
            o = obs[i]
            if legals[i] & (legals[i] - np.uint64(1)) == np.uint64(0):
                out[i] = -1      # one legal card: the deal loop asks no policy
                continue
            out[i] = learned_card(params[r, o[L.O_SEAT]], hands[i], legals[i], o, pack[r, o[L.O_TRUMP]], block_of_pos[r],
                                  block_mask[r])

    out = np.zeros(len(data["obs"]), dtype=np.int64)
    args = (data["obs"], data["hands"], data["legals"], data["rulesets"], data["params"], pack, block_of_pos,
            block_mask, out)
    play_all(*args)
    times = []
    for _ in range(passes):
        started = time.process_time()
        play_all(*args)
        times.append(time.process_time() - started)
    asked = int((out >= 0).sum())
    return {"decisions": asked, "ns_a_decision": round(min(times) / asked * 1e9, 1),
            "choices": hashlib.sha256(out.tobytes()).hexdigest()[:16]}


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(int(sys.argv[2]), sys.argv[3])
    else:
        print(json.dumps(replay(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 7)))
