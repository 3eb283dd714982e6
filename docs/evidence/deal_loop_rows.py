"""Evidence that a change to the deal loop plays exactly as before: the full rows of seeded deals under
every Quadrille ruleset and a spread of card plays, hashed one hash a (ruleset, seating) case, plus the
paired replays (variants) that claims and maps use, hashed the same way.

Run it before and after a change and compare the two files:
  .venv/bin/python docs/evidence/deal_loop_rows.py 20000 before.json
  .venv/bin/python docs/evidence/deal_loop_rows.py 20000 after.json
  .venv/bin/python docs/evidence/deal_loop_rows.py --compare before.json after.json

The count is deals a case: 4 rulesets x 11 seatings x 20,000 = 880,000 deals (sessions of three, so the
table's stakes and bêtes carry over), and 4 x 2,000 deals under 5 variants each. The seatings cover
the random, heuristic and strong plays, per-seat mixes with changed parameters, roles another policy
plays, and situations (the alternate rules and the row's situation columns)."""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

RULESETS = ("encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern")


def seatings(seats: int) -> dict[str, tuple]:
    """Name -> a policy a seat (the first ``seats`` of four)."""
    h, s, r = make_seat_policy("heuristic"), make_seat_policy("strong"), make_seat_policy("random")
    tweaked = make_seat_policy("heuristic", {"draw_trumps": 1.0, "call_long_suit": 0, "vole_losers": 2.0,
                                            "all.equal_cards_high": 1.0, "defenders.keep_guarded_kings": 1.0,
                                            "side.overtake_partner": 1.0, "ask_threshold": 3.0})
    roles = make_seat_policy("strong", roles={"friend": "random", "defender_alone": "heuristic"})
    lead = make_seat_policy("heuristic", situation="role == friend and on_lead and matadors >= 1",
                            in_situation={"friend.lead_top_trump": 3.0})
    ruff = make_seat_policy("strong", situation="not on_lead and trumps >= 2 and partner_winning",
                            in_situation={"all.overtake_partner": 1.0}, roles_in_situation={"defender_called": "random"})
    vole = make_seat_policy("heuristic", {"vole_losers": 1.0},
                            situation="vole_decision and sure_trumps >= 2", in_situation={"side.vole_losers": 3.0})
    cases = {
        "random": (r, r, r, r),
        "heuristic": (h, h, h, h),
        "strong": (s, s, s, s),
        "mix": (s, h, r, tweaked),
        "mix2": (tweaked, s, s, h),
        "roles": (roles, s, roles, s),
        "situation-lead": (lead, lead, lead, lead),
        "situation-ruff": (ruff, s, h, ruff),
        "situation-vole": (vole, vole, s, vole),
        "random-mix": (r, s, r, s),
        "tweaked": (tweaked,) * 4,
    }
    return {name: policies[:seats] for name, policies in cases.items()}


def digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array, dtype=np.int64).tobytes()).hexdigest()


def hash_rows(deals: int, seated=None, seed: int = 2039, variants: bool = True) -> dict[str, str]:
    """The rows' hash of every ruleset under every seating (``seated(seats)``: label -> policies; this
    file's seatings by default), and the paired replays' unless ``variants`` is False."""
    out = {}
    for name in RULESETS:
        ruleset = load_ruleset(name)
        for label, policies in (seated or seatings)(ruleset["pack.seats"]).items():
            result = simulate(RunConfig(ruleset, policies, seed=seed, deals=deals, session_length=3, record=True))
            key = f"rows {name} {label}"
            out[key] = digest(result.rows)
            print(key, out[key][:16], flush=True)
        if variants:
            out.update(hash_variants(ruleset, max(deals // 10, 100)))
    return out


def hash_variants(ruleset, deals: int) -> dict[str, str]:
    """The paired replays: the focal seat's bid, trump, call and vole fixed, a variant with other policies."""
    seats = ruleset["pack.seats"]
    strong = tuple(make_seat_policy("strong") for _ in range(seats))
    hands, ids = deals_of_seed(ruleset, 77, 0, deals)
    variants = [Variant("free"), Variant("ask", Force(seat=0, bid=L.ASK)),
                Variant("alone hearts", Force(seat=0, bid=L.ALONE, trump=2, vole=1)),
                Variant("alone hearts no vole", Force(seat=0, bid=L.ALONE, trump=2, vole=0)),
                Variant("heuristic", policies=tuple(make_seat_policy("heuristic") for _ in range(seats)))]
    out = play_variants(ruleset, strong, variants, hands, ids, seed=78)
    key = f"variants {ruleset.name}"
    print(key, digest(out)[:16], flush=True)
    return {key: digest(out)}


def compare(before: str, after: str) -> int:
    old, new = json.load(open(before)), json.load(open(after))
    differ = [key for key in old if old[key] != new.get(key)]
    for key in differ:
        print("DIFFERS:", key)
    print(f"{len(old) - len(differ)} of {len(old)} hashes identical")
    return 1 if differ or set(old) != set(new) else 0


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    hashes = hash_rows(int(sys.argv[1]))
    json.dump(hashes, open(sys.argv[2], "w"), indent=1)
