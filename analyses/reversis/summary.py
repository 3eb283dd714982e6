"""Run summaries of `simulate reversis` from the kernel's int64 aggregates: every figure with its
n and 95% interval (Wilson for shares, normal on the mean from exact integer sums)."""

from __future__ import annotations

import pandas as pd

from spadille.analyses.stats import mean_interval, wilson_interval
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis import _session as S

POSITION_NAMES = ("eldest (0)", "second (1)", "third (2)", "dealer (3)")


def net_by_position(aggregates) -> pd.DataFrame:
    """Mean net fiches per deal at each position, the pool's change per deal, and the net with a
    quarter of that change (each player's expected share of the pool)."""
    n = int(aggregates[S.A_DEALS])
    pool_mean = aggregates[S.A_NET + L.POOL] / n if n else float("nan")
    rows = []
    for a, name in enumerate((*POSITION_NAMES, "pool")):
        mean, _, low, high = mean_interval(n, aggregates[S.A_NET + a], aggregates[S.A_NET_SQ + a])
        share = mean + pool_mean / 4 if a < 4 else float("nan")
        rows.append({"position": name, "deals": n, "net_per_deal": mean, "ci_low": low, "ci_high": high,
                     "with_pool_share": share})
    return pd.DataFrame(rows)


def net_by_player(aggregates, session_length: int) -> pd.DataFrame:
    """Each player's total over a session (opening stake included; the deal rotates), 95% CI over sessions."""
    n = int(aggregates[S.A_SESSIONS])
    pool_end = aggregates[S.A_POOL_END] / n if n else float("nan")
    rows = []
    for q in range(4):
        mean, _, low, high = mean_interval(n, aggregates[S.A_PLAYER_NET + q], aggregates[S.A_PLAYER_NET_SQ + q])
        rows.append({"player": q, "sessions": n, "deals_each": session_length, "net_per_session": mean,
                     "ci_low": low, "ci_high": high, "with_pool_share": mean + pool_end / 4})
    return pd.DataFrame(rows)


def events(aggregates) -> pd.DataFrame:
    """How often each event happens, per deal, with Wilson intervals."""
    n = int(aggregates[S.A_DEALS])
    counted = [("reversis made", aggregates[S.A_REVERSIS + L.REV_MADE]),
               ("reversis broken", aggregates[S.A_REVERSIS + L.REV_BROKEN])]
    counted += [(f"quinola {name}", aggregates[S.A_QUINOLA + i]) for i, name in enumerate(L.QUINOLA_FATES)]
    counted += [("an espagnolette dealt or taken in", aggregates[S.A_ESP_PRIVILEGED]),
                ("espagnolette privilege used", aggregates[S.A_ESP_USED]),
                ("espagnolette makes tous les frais", aggregates[S.A_ALL_COSTS])]
    counted += [(f"partie won by the {name}", aggregates[S.A_PARTIE_WINS + p])
                for p, name in enumerate(POSITION_NAMES)]
    rows = []
    for name, count in counted:
        share, low, high = wilson_interval(int(count), n)
        rows.append({"event": name, "deals": n, "count": int(count), "share": share, "ci_low": low,
                     "ci_high": high})
    for i, name in enumerate(("given", "forced", "played")):
        rows.append({"event": f"aces {name} per deal", "deals": n, "count": int(aggregates[S.A_ACES + i]),
                     "share": aggregates[S.A_ACES + i] / n if n else float("nan"),
                     "ci_low": float("nan"), "ci_high": float("nan")})
    return pd.DataFrame(rows)


def payments_by_category(aggregates) -> pd.DataFrame:
    """Mean fiches per deal by category and account (positions and pool)."""
    n = int(aggregates[S.A_DEALS])
    rows = []
    for c, name in enumerate(L.CATEGORY_NAMES):
        row = {"category": name}
        for a, account in enumerate(("eldest", "second", "third", "dealer", "pool")):
            row[account] = aggregates[S.A_PAY + c * L.N_ACCOUNTS + a] / n if n else float("nan")
        rows.append(row)
    return pd.DataFrame(rows)
