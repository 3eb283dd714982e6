"""Evidence for issue 13's vole fix: does cashing trumps once none are out (side.cash_trumps_none_out),
or every sure winner while the side is unbeaten (side.cash_winners_first), make the six-trick point
rise with the trumps held, and what does it do to the side's payment? Paired on the same deals.
Run: .venv/bin/python docs/evidence/vole_cash.py 200000"""
import sys

import numpy as np

from spadille.analyses.paired import float_mean_ci, rate_ci
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
ruleset = load_ruleset("encyclopedie-1765")
arms = {"default": {}, "cash trumps none out": {"side.cash_trumps_none_out": 1},
        "cash winners first": {"side.cash_winners_first": 1}}
variants = [Variant(name, policies=(make_seat_policy("heuristic", params),) * 4) for name, params in arms.items()]
hands, ids = deals_of_seed(ruleset, 2026, 0, n)
out = play_variants(ruleset, variants[0].policies, variants, hands, ids, 2026)
ombre = out[:, 0, L.OUT_OMBRE]
played = out[:, 0, L.OUT_CONTRACT] != L.NO_CONTRACT
alone = played & (out[:, 0, L.OUT_FRIEND] < 0)
trump = out[:, 0, L.OUT_TRUMP]
from spadille.kernel.quadrille.features import trumps as trump_count  # noqa: E402

ombre_hand = hands[np.arange(n), np.maximum(ombre, 0)]
all_suits = trump_count(ombre_hand, None, ruleset)          # [n, 4]: trumps under each suit
counts = np.where(played, all_suits[np.arange(n), np.maximum(trump, 0)], -1)
print(f"{n:,} deals, seed 2026, heuristic at every seat; the six-trick point reached (a vole decision), by arm")
for v, name in enumerate(arms):
    reached = out[:, v, L.OUT_VOLE_DECIDER] >= 0
    share, low, high = rate_ci(reached[played])
    by_trumps = ", ".join(f"{k}: {rate_ci(reached[alone & (counts == k)])[0]:.4f}" for k in range(4, 9)
                          if (alone & (counts == k)).sum() > 100)
    print(f"  {name:24s} reached on {share:.4f} [{low:.4f}, {high:.4f}] of played deals; "
          f"lone hands by the ombre's trumps: {by_trumps}")
seats = 4
side = np.zeros((n, len(arms)))
for v in range(len(arms)):
    pay = out[:, v, L.OUT_PAY:L.OUT_PAY + seats]
    friend = out[:, v, L.OUT_FRIEND]
    mine = (np.arange(seats)[None, :] == ombre[:, None]) | (np.arange(seats)[None, :] == friend[:, None])
    side[:, v] = (pay * mine).sum(axis=1) / np.maximum(mine.sum(axis=1), 1)
for v, name in enumerate(list(arms)[1:], start=1):
    count, mean, low, high = float_mean_ci(side[played, v] - side[played, 0])
    print(f"  {name} minus default: side's mean net {mean:+.3f} [{low:+.3f}, {high:+.3f}] jetons a deal, n = {count:,}")
