"""What each named reading does to the ombre: the table of docs/variants.md, "The readings".

Usage: .venv/bin/python docs/evidence/readings_effects.py [DEALS]   (default 100,000 deals of seed 2026)

For each switch, the same deals (seed 2026, deals 0 .. DEALS-1, heuristic play at every seat) are
played under the ruleset's default and under the other reading. Per reading: the ombre's mean net
in jetons (chips under italian-modern) over the deals that had an ombre, and his side's win rate.
Then the paired difference (other minus default), deal by deal, over the deals that had an ombre
under both readings, with 95% intervals. Readings that act through the table (the pot, the riding
bêtes) are played in sessions of 10 deals, the others at a fresh table.
"""
from __future__ import annotations

import sys
import time

import numpy as np

from spadille.analyses.paired import mean_ci, paired_difference, rate_ci
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate

SEED = 2026
# (ruleset, rule, the other reading's value, session length)
READINGS = [
    ("quadrille-a-trois", "exchange.demand_king_of_trumps", True, 1),
    ("mediateur", "exchange.demand_king_of_trumps", True, 1),
    ("italian-modern", "exchange.demand_king_of_trumps", False, 1),
    ("italian-modern", "payments.pot_game", "to-the-winners", 10),
    ("italian-modern", "play.matador_privilege", "led-card", 1),
    ("quadrille-a-trois", "pack.removed_suits", ["hearts"], 1),
    ("encyclopedie-1765", "vole.value", 20, 1),
    ("encyclopedie-1765", "vole.friend_shown_by_lead_may_not_undertake", False, 1),
    ("encyclopedie-1765", "bete.riding", "all-at-once", 10),
]


def ombre_figures(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(has an ombre, the ombre's net, his side won) per deal."""
    ombre = rows[:, L.COL_OMBRE]
    has = ombre >= 0
    net = np.zeros(len(rows), dtype=np.int64)
    net[has] = rows[np.flatnonzero(has), L.COL_PAY + ombre[has]]
    won = rows[:, L.COL_OUTCOME] == L.WIN
    return has, net, won


def shown(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]"
    return str(value)


def main(deals: int) -> None:
    print(f"seed {SEED}, deals 0..{deals - 1}, heuristic play at every seat; 95% intervals\n")
    print("| ruleset | rule | default | other | ombre's mean net, default | other | paired change | "
          "win rate, default | other | paired change |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, key, other, session in READINGS:
        base = load_ruleset(name)
        started = time.perf_counter()
        figures = []
        for ruleset in (base, with_overrides(base, {key: other})):
            policies = tuple(make_seat_policy("heuristic") for _ in range(ruleset["pack.seats"]))
            rows = simulate(RunConfig(ruleset, policies, seed=SEED, deals=deals, session_length=session,
                                      record=True)).rows
            figures.append(ombre_figures(rows))
        (has_a, net_a, won_a), (has_b, net_b, won_b) = figures
        both = has_a & has_b
        _, mean_a, lo_a, hi_a = mean_ci(net_a[has_a])
        _, mean_b, lo_b, hi_b = mean_ci(net_b[has_b])
        n, diff, dlo, dhi = paired_difference(net_b[both], net_a[both])
        rate_a, rlo_a, rhi_a = rate_ci(won_a[has_a])
        rate_b, rlo_b, rhi_b = rate_ci(won_b[has_b])
        _, wdiff, wlo, whi = paired_difference(won_b[both].astype(np.int64), won_a[both].astype(np.int64))
        # A reading that changes no deal has no interval to give: say so, with the count.
        moved = int((net_b[both] != net_a[both]).sum())
        won_moved = int((won_b[both] != won_a[both]).sum())
        net_change = (f"{diff:+.2f} [{dlo:+.2f}, {dhi:+.2f}], n = {n:,}, {moved:,} deals changed" if moved
                      else f"none: identical on all {n:,} deals")
        win_change = (f"{wdiff:+.2%} [{wlo:+.2%}, {whi:+.2%}], {won_moved:,} deals changed" if won_moved
                      else "none: identical on every deal")
        print(f"| {name} | `{key}` | {shown(base[key]) if key != 'pack.removed_suits' else '[diamonds]'} | "
              f"{shown(other)} | {mean_a:+.2f} [{lo_a:+.2f}, {hi_a:+.2f}] | {mean_b:+.2f} [{lo_b:+.2f}, {hi_b:+.2f}] | "
              f"{net_change} | {rate_a:.1%} [{rlo_a:.1%}, {rhi_a:.1%}] | "
              f"{rate_b:.1%} [{rlo_b:.1%}, {rhi_b:.1%}] | {win_change} |", flush=True)
        print(f"<!-- {name} {key}: {time.perf_counter() - started:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
