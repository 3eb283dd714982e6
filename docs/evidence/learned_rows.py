"""Evidence that a change to the learned player's code plays exactly the same cards: the full rows of
seeded deals under every Quadrille ruleset with the learned player in every seat, and mixed with other
policies and roles, hashed one hash a (ruleset, seating) case.

Run it before and after a change (the old side with PYTHONPATH pointing at a copy of its tree) and
compare the two files:
  .venv/bin/python docs/evidence/learned_rows.py 50000 before.json
  .venv/bin/python docs/evidence/learned_rows.py 50000 after.json
  .venv/bin/python docs/evidence/deal_loop_rows.py --compare before.json after.json

The count is deals a case: 4 rulesets x 3 seatings x 50,000 = 600,000 deals (sessions of three)."""
from __future__ import annotations

import json
import sys

from spadille.kernel.quadrille.policies import make_seat_policy


def seatings(seats: int) -> dict[str, tuple]:
    """Name -> a policy a seat (the first ``seats`` of four)."""
    learned = make_seat_policy("learned")
    cases = {
        "learned": (learned,) * 4,
        "mix": (learned, make_seat_policy("strong"),
                make_seat_policy("heuristic", roles={"defender_alone": "learned", "defender_called": "learned"}),
                make_seat_policy("learned", roles={"friend": "random"})),
        "defence": (make_seat_policy("strong", roles={"defender_alone": "learned", "defender_called": "learned"}),) * 4,
    }
    return {name: policies[:seats] for name, policies in cases.items()}


def hash_rows(deals: int) -> dict[str, str]:
    import deal_loop_rows   # the same hashes as the deal loop's evidence, under the learned player's seatings

    return deal_loop_rows.hash_rows(deals, seatings, seed=2040, variants=False)


if __name__ == "__main__":
    json.dump(hash_rows(int(sys.argv[1])), open(sys.argv[2], "w"), indent=1)
