"""Evidence behind the heuristic's demand_threshold default (kernel/quadrille/policies.py): paired replays
of the same 200,000 deals (seed 8) per ruleset where the demand is a bid (mediateur,
quadrille-a-trois, italian-modern). Each deal has one focal seat (deal number modulo the seats)
whose demand_threshold is changed while every other seat keeps the default; the figure is the
focal seat's mean net payment per deal against the default, with its 95% CI.
Run: .venv/bin/python docs/evidence/demand_threshold.py
"""
import numpy as np

from spadille.analyses.paired import mean_ci
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import POLICIES, make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

DEFAULT = POLICIES["heuristic"].params["demand_threshold"].default
VALUES = [3.9, 4.4, DEFAULT, 5.4, 5.9]
for name in ("mediateur", "quadrille-a-trois", "italian-modern"):
    rs = load_ruleset(name)
    seats = rs["pack.seats"]
    base = (make_seat_policy("heuristic"),) * seats
    hands, ids = deals_of_seed(rs, 8, 0, 200_000)
    print(name)
    for focal in range(seats):
        mine = ids % seats == focal
        variants = [Variant(f"t{t}", policies=tuple(make_seat_policy("heuristic", {"demand_threshold": t})
                                                    if seat == focal else base[seat] for seat in range(seats)))
                    for t in VALUES]
        out = play_variants(rs, base, variants, hands[mine], ids[mine], 8)
        pay = out[:, :, L.OUT_PAY + focal]
        reference = VALUES.index(DEFAULT)
        cells = [f"{t}: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]" for t, (n, m, lo, hi) in
                 ((t, mean_ci(pay[:, v] - pay[:, reference])) for v, t in enumerate(VALUES)) if t != DEFAULT]
        print(f"  seat {focal} (n={mine.sum()}):", "; ".join(cells))
