"""Evidence for issue 15 point 4: what share of pimc's ladder gain over the heuristic does `strong`
recover, on the same deals? Each policy plays deals 0..n-1 of the seed once in each seat, the
heuristic in the others, as `spadille ladder` does (analyses/quadrille/ladder.py: the same plays, so
the gains equal the ladder's); its per-deal gain is the mean over seats of the seat's net minus the
seat's in the all-heuristic play. The share strong / pimc is paired on the deals both played, with a
delta-method 95% interval over deals (the ratio's linearisation: var(g_s - R g_p) / (n mean(g_p)^2)).
Run: .venv/bin/python docs/evidence/strong_share.py SEED PIMC_DEALS STRONG_DEALS [DD_DEALS [CACHE_DIR]]
With CACHE_DIR, pimc's and dd's per-deal gains are kept there and read back by a later run of the same
seed and size (they do not depend on strong's values; pimc's take minutes)."""
import sys
import time
from pathlib import Path

import numpy as np

from spadille.analyses.paired import float_mean_ci
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate

seed, n_pimc, n_strong = (int(a) for a in sys.argv[1:4])
n_dd = int(sys.argv[4]) if len(sys.argv) > 4 else 0
cache = Path(sys.argv[5]) if len(sys.argv) > 5 else None
assert n_strong >= n_pimc, "strong plays at least pimc's deals: the share is paired on them"
ruleset = load_ruleset("encyclopedie-1765")
seats = ruleset["pack.seats"]
heuristic = make_seat_policy("heuristic")


def pays(policies, deals, first=0):
    """int64[deals, seats]: each seat's net jetons, deal by deal, from deal ``first`` on."""
    config = RunConfig(ruleset, tuple(policies), seed, deals, first_deal=first, record=True)
    return simulate(config).rows[:, L.COL_PAY:L.COL_PAY + seats]


most = max(n_pimc, n_strong, n_dd)
base = pays([heuristic] * seats, most)


def gains(name, deals):
    """float[deals]: the policy's gain a deal, the mean over the seats it sat in."""
    # A deal's cards and play come from its own random streams, so deals first..deals-1 played
    # alone are the tail of deals 0..deals-1: a cached shorter run is extended, not replayed.
    kept = cache / f"{name}-{seed}-{deals}.npy" if cache is not None and name != "strong" else None
    known = np.zeros(0)
    if kept is not None:
        shorter = sorted(cache.glob(f"{name}-{seed}-*.npy"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
        shorter = [f for f in shorter if int(f.stem.rsplit("-", 1)[1]) <= deals]
        known = np.load(shorter[-1]) * seats if shorter else known
    first = len(known)
    speed = "read back from the cache"
    if first < deals:
        policy = make_seat_policy(name)
        pays([policy] * seats, 1)  # compile outside the clock
        started = time.perf_counter()
        more = np.zeros(deals - first)
        for seat in range(seats):
            play = pays([policy if k == seat else heuristic for k in range(seats)], deals - first, first)
            more += play[:, seat] - base[first:deals, seat]
        speed = f"{(deals - first) * seats / (time.perf_counter() - started):,.1f} deal-plays a second"
        speed += f", deals {first:,} on; before them {speed_note(first)}" if first else ""
        if kept is not None:
            kept.parent.mkdir(parents=True, exist_ok=True)
            np.save(kept, np.concatenate([known, more]) / seats)
    total = np.concatenate([known, more]) if first < deals else known
    n, mean, low, high = float_mean_ci(total / seats)
    print(f"{name:6s} {deals:>7,} deals: gain {mean:+.3f} [{low:+.3f}, {high:+.3f}] jetons a deal ({speed})",
          flush=True)
    return total / seats


def speed_note(first):
    return f"{first:,} read back from the cache"


def share(numerator, denominator):
    """(R, low, high): mean(numerator) / mean(denominator) over the same deals, delta-method 95%."""
    ratio = numerator.mean() / denominator.mean()
    spread = np.std(numerator - ratio * denominator, ddof=1) / (np.sqrt(len(numerator)) * abs(denominator.mean()))
    return ratio, ratio - 1.96 * spread, ratio + 1.96 * spread


print(f"seed {seed}, ruleset {ruleset.name}; gains over the heuristic, every seat in turn (95% CI over deals)")
strong = gains("strong", n_strong)
pimc = gains("pimc", n_pimc)
if n_dd:
    dd = gains("dd", n_dd)
paired = strong[:n_pimc]
print(f"strong on pimc's {n_pimc} deals: {paired.mean():+.3f}")
r, low, high = share(paired, pimc)
print(f"share of pimc's gain that strong recovers, paired on {n_pimc} deals: {r:.0%} [{low:.0%}, {high:.0%}]")
if n_strong > n_pimc:  # strong's mean over all its deals; the two means' errors taken as independent
    a, b = strong.mean(), pimc.mean()
    se_a, se_b = strong.std(ddof=1) / np.sqrt(n_strong), pimc.std(ddof=1) / np.sqrt(n_pimc)
    r = a / b
    spread = abs(r) * np.sqrt((se_a / a) ** 2 + (se_b / b) ** 2)
    print(f"share with strong's {n_strong:,} deals over pimc's {n_pimc:,}: {r:.0%} [{r - 1.96 * spread:.0%}, "
          f"{r + 1.96 * spread:.0%}]")
if n_dd:
    m = min(n_dd, n_pimc)
    r, low, high = share(pimc[:m], dd[:m])
    print(f"pimc's gain as a share of dd's, paired on {m} deals: {r:.0%} [{low:.0%}, {high:.0%}]")
