"""The Reversis experiments behind the report and the claims r1, r2: every figure with its n and a
95% interval, every comparison paired on the same deals.

Each arm replays deals 0..deals-1 of one seed. The deal and the exchange do not depend on the
policy parameters compared here (the heuristic's discard reads none of them), so deal k is the
same hand in every arm and the difference is paired deal by deal. Memory stays flat: each batch
of rows is reduced to the few per-deal numbers an experiment needs before the next is played.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from spadille.analyses.paired import mean_ci, paired_difference, rate_ci
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.ruleset import ReversisRuleset
from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

BATCH = 65_536
HEARTS_MASK = ((1 << 12) - 1) << 12
ACES_KINGS = sum(1 << (s * 12 + r) for s in range(4) for r in (0, 1))


def _reduce(rules: ReversisRuleset, policies, seed: int, deals: int, threads: int | None,
            reduce: Callable[[np.ndarray], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Play the deals and keep, per deal, the arrays ``reduce(rows)`` returns."""
    parts: dict[str, list[np.ndarray]] = {}

    def keep(first: int, rows: np.ndarray) -> None:
        for key, values in reduce(rows).items():
            parts.setdefault(key, []).append(values)

    run_sessions(ReversisConfig(rules, policies, seed, deals, 1, threads), want_rows=True, on_batch=keep,
                 batch_deals=BATCH)
    return {key: np.concatenate(values) for key, values in parts.items()}


def _popcount(values: np.ndarray) -> np.ndarray:
    values = values.astype(np.uint64)
    count = np.zeros(values.shape, dtype=np.int64)
    for c in range(48):
        count += ((values >> np.uint64(c)) & np.uint64(1)).astype(np.int64)
    return count


def _row(label: str, values: np.ndarray, **extra) -> dict:
    n, mean, low, high = mean_ci(values)
    return {"case": label, **extra, "n": n, "mean": mean, "ci_low": low, "ci_high": high}


def _difference(label: str, first: np.ndarray, second: np.ndarray, **extra) -> dict:
    """Paired mean difference. When the arms never differ on these deals the normal interval would
    have zero width; it is left undefined (NaN) instead, with ``differing`` = 0 saying why."""
    n, mean, low, high = paired_difference(first, second)
    differing = int(np.count_nonzero(np.asarray(first) != np.asarray(second)))
    if differing == 0:
        low = high = float("nan")
    return {"case": label, **extra, "n": n, "differing": differing, "difference": mean, "ci_low": low,
            "ci_high": high, "clear": bool(low > 0 or high < 0)}


# ---------------------------------------------------------------- r1: the espagnolette
def _with(play: str, parameters: str = "") -> str:
    """A policy text: the card play ``play`` (heuristic or strong) with ``parameters`` added."""
    return f"{play}:{parameters}" if parameters else play


def espagnolette_use(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                     play: str = "heuristic") -> dict:
    """Using the privilege (shedding the costliest card that does not take the trick in the window)
    against waiving it, for the espagnolette's own net, paired on the deals where one is dealt or
    taken in; and the risk of "tous les frais" when it is used."""
    def reduce(rows):
        esp = rows[:, L.D_ESP_POS]
        chosen = esp >= 0
        picked = rows[chosen]
        pos = esp[chosen]
        return {"deal": np.nonzero(chosen)[0], "net": picked[np.arange(len(picked)), L.D_NET + pos],
                "used": picked[:, L.D_ESP_USED], "all_costs": picked[:, L.D_ESP_ALL_COSTS],
                "reversis": picked[:, L.D_REVERSIS]}

    use = _reduce(rules, seat_policies(play), seed, deals, threads, reduce)
    waive = _reduce(rules, seat_policies(_with(play, "espagnolette=0")), seed, deals, threads, reduce)
    assert np.array_equal(use["deal"], waive["deal"]), "the same deals hold the espagnolette in both arms"
    used = use["used"] == 1
    rows = [_row("use the privilege", use["net"]), _row("waive it", waive["net"])]
    share, low, high = rate_ci(use["all_costs"][used] == 1)
    return {"frame": pd.DataFrame(rows), "difference": _difference("use minus waive", use["net"], waive["net"]),
            "all_costs": (int(used.sum()), share, low, high), "deals": deals}


# ---------------------------------------------------------------- r2: the reversis outcomes
OUTCOMES = ("reversis made, quinola played before la bonne (le plus grand coup)",
            "reversis made, otherwise",
            "reversis broken, quinola played before la bonne (le coup le plus cher)",
            "reversis broken, otherwise",
            "breaks a reversis",
            "no reversis: takes the remise and wins the partie",
            "no reversis: wins the partie",
            "no reversis: takes the remise",
            "no reversis: makes the remise",
            "no reversis: espagnolette makes tous les frais",
            "no reversis: any other")


def _outcome_codes(rows: np.ndarray) -> np.ndarray:
    """int64[n, 4]: each position's outcome (index into OUTCOMES) in each deal."""
    n = len(rows)
    codes = np.full((n, 4), 10, dtype=np.int64)
    rev = rows[:, L.D_REVERSIS]
    early = (rows[:, L.D_QUINOLA_HOLDER] == rows[:, L.D_UNDERTAKER]) & (rows[:, L.D_QUINOLA_TRICK] > 0) \
        & (rows[:, L.D_QUINOLA_TRICK] <= 9)
    for p in range(4):
        undertaker = rows[:, L.D_UNDERTAKER] == p
        winner = rows[:, L.D_PARTIE_WINNER] == p
        taker = rows[:, L.D_REMISE_TAKER] == p
        maker = rows[:, L.D_REMISE_MAKER] == p
        frais = (rows[:, L.D_ESP_POS] == p) & (rows[:, L.D_ESP_ALL_COSTS] == 1)
        none = rev == L.REV_NONE
        code = codes[:, p]
        code[none & maker] = 8
        code[none & taker] = 7
        code[none & winner] = 6
        code[none & winner & taker] = 5
        code[none & frais] = 9
        code[(rev == L.REV_BROKEN) & (rows[:, L.D_BREAKER] == p)] = 4
        code[(rev == L.REV_BROKEN) & undertaker] = 3
        code[(rev == L.REV_BROKEN) & undertaker & early] = 2
        code[(rev == L.REV_MADE) & undertaker] = 1
        code[(rev == L.REV_MADE) & undertaker & early] = 0
    return codes


def reversis_outcomes(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                      play: str = "heuristic") -> dict:
    """Each player's net by the way the deal ended for him, over every (deal, position); the
    policy goes for the reversis after taking the first three tricks, so that attempts are common."""
    def reduce(rows):
        return {"code": _outcome_codes(rows).ravel(), "net": rows[:, L.D_NET: L.D_NET + 4].ravel()}

    policy = _with(play, "reversis_from=3")
    kept = _reduce(rules, seat_policies(policy), seed, deals, threads, reduce)
    frame = pd.DataFrame([_row(name, kept["net"][kept["code"] == k]) for k, name in enumerate(OUTCOMES)])
    frame = frame.rename(columns={"case": "outcome", "n": "player_deals"})
    return {"frame": frame, "deals": deals, "policy": policy}


def r2_verdict(frame: pd.DataFrame) -> dict:
    """The biggest coup beats every other outcome's mean, and the dearest is below every other, with
    the intervals apart. An outcome seen fewer than 30 times is left out of the comparison, and
    the two coups themselves need 30 each for a clear verdict (``*_clear`` is False below that)."""
    seen = frame[frame["player_deals"] >= 30]
    best, dearest = frame.iloc[0], frame.iloc[2]
    others_best = seen[seen.index != 0]
    others_dear = seen[seen.index != 2]
    margin_high = best["ci_low"] - others_best["ci_high"].max() if best["player_deals"] >= 30 else float("nan")
    margin_low = others_dear["ci_low"].min() - dearest["ci_high"] if dearest["player_deals"] >= 30 else float("nan")
    runner_up = others_best.loc[others_best["mean"].idxmax(), "outcome"]
    next_dearest = others_dear.loc[others_dear["mean"].idxmin(), "outcome"]
    return {"biggest_margin": best["mean"] - others_best["mean"].max(), "biggest_clear": bool(margin_high > 0),
            "dearest_margin": others_dear["mean"].min() - dearest["mean"], "dearest_clear": bool(margin_low > 0),
            "runner_up": runner_up, "next_dearest": next_dearest,
            "biggest_n": int(best["player_deals"]), "dearest_n": int(dearest["player_deals"])}


# ---------------------------------------------------------------- going for the reversis, by hand shape
def reversis_attempts(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                      thresholds: tuple[int, ...] = (5, 7, 9), play: str = "heuristic") -> pd.DataFrame:
    """The eldest going for the reversis after taking the first N tricks, against never, by the
    aces and kings he holds as play begins; his net per deal, paired on the same deals."""
    def reduce(rows):
        start = rows[:, L.D_HAND].astype(np.uint64)
        return {"net": rows[:, L.D_NET], "high": _popcount(start & np.uint64(ACES_KINGS)),
                "made": (rows[:, L.D_REVERSIS] == L.REV_MADE) & (rows[:, L.D_UNDERTAKER] == 0),
                "broken": (rows[:, L.D_REVERSIS] == L.REV_BROKEN) & (rows[:, L.D_UNDERTAKER] == 0)}

    base = _reduce(rules, seat_policies(play), seed, deals, threads, reduce)
    groups = [("0-3 aces and kings", lambda h: h <= 3), ("4", lambda h: h == 4), ("5", lambda h: h == 5),
              ("6 or more", lambda h: h >= 6)]
    rows = []
    for threshold in thresholds:
        arm = _reduce(rules, seat_policies([_with(play, f"reversis_from={threshold}")] + [play] * 3), seed,
                      deals, threads, reduce)
        for label, test in groups:
            chosen = test(base["high"])
            row = _difference(f"go for it after {threshold} tricks, minus never", arm["net"][chosen],
                              base["net"][chosen], hand=f"{label} (eldest's hand as dealt)")
            row["made_share"] = float(arm["made"][chosen].mean()) if chosen.any() else float("nan")
            row["broken_share"] = float(arm["broken"][chosen].mean()) if chosen.any() else float("nan")
            rows.append(row)
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- the quinola, the dealer
def quinola_fates(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                  play: str = "heuristic") -> pd.DataFrame:
    """The quinola's holder as play begins: placed, forced or played, and his net, by the hearts he
    holds (the quinola included), under the heuristic."""
    def reduce(rows):
        holder = rows[:, L.D_QUINOLA_HOLDER]
        held = holder >= 0
        picked = rows[held]
        pos = holder[held]
        dealt = picked[np.arange(len(picked)), L.D_HAND + pos].astype(np.uint64)
        # hearts as dealt (the exchange changes at most one card each way)
        return {"hearts": _popcount(dealt & np.uint64(HEARTS_MASK)), "fate": picked[:, L.D_QUINOLA_FATE],
                "net": picked[np.arange(len(picked)), L.D_NET + pos]}

    kept = _reduce(rules, seat_policies(play), seed, deals, threads, reduce)
    rows = []
    for label, test in (("1 (the quinola alone)", lambda h: h == 1), ("2", lambda h: h == 2),
                        ("3", lambda h: h == 3), ("4", lambda h: h == 4), ("5 or more", lambda h: h >= 5)):
        chosen = test(kept["hearts"])
        row = _row(label, kept["net"][chosen])
        for fate in (L.Q_PLACED, L.Q_FORCED, L.Q_PLAYED):
            share, low, high = rate_ci(kept["fate"][chosen] == fate)
            row[f"p_{L.QUINOLA_FATES[fate]}"] = share
            row[f"{L.QUINOLA_FATES[fate]}_ci"] = f"{low:.3f}-{high:.3f}"
        rows.append(row)
    frame = pd.DataFrame(rows).rename(columns={"case": "hearts dealt to the holder", "mean": "holder_net"})
    return frame


def dealer_advantage(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                     play: str = "heuristic") -> dict:
    """The dealer's net minus the mean of the three others', per deal (the pool's change is shared
    alike, so it cancels), paired within each deal."""
    def reduce(rows):
        net = rows[:, L.D_NET: L.D_NET + 4]
        return {"dealer_x3": 3 * net[:, 3], "others": net[:, :3].sum(axis=1), "net": net}

    kept = _reduce(rules, seat_policies(play), seed, deals, threads, reduce)
    n, diff, low, high = paired_difference(kept["dealer_x3"], kept["others"])
    by_position = pd.DataFrame([_row(name, kept["net"][:, p]) for p, name in
                                enumerate(("eldest", "second", "third", "dealer"))]).rename(
        columns={"case": "position"})
    return {"n": n, "difference": diff / 3, "ci_low": low / 3, "ci_high": high / 3, "frame": by_position}


# ---------------------------------------------------------------- the exchange
DISCARD_RULES = {0: "most points, shortening a suit (the heuristic)", 1: "a random card", 2: "the lowest card"}


def exchange_value(rules: ReversisRuleset, optional_rules: ReversisRuleset, seed: int, deals: int,
                   threads: int | None = None, play: str = "heuristic") -> pd.DataFrame:
    """Which card the eldest should discard, and what the exchange is worth: his net per deal under
    each discard rule against the heuristic's, and (under the optional exchange of ``optional_rules``)
    keeping his hand against exchanging; paired on the same deals."""
    def reduce(rows):
        return {"net": rows[:, L.D_NET]}

    base = _reduce(rules, seat_policies(play), seed, deals, threads, reduce)["net"]
    rows = [_row(DISCARD_RULES[0], base, rules=rules.label)]
    for rule in (1, 2):
        arm = _reduce(rules, seat_policies([_with(play, f"discard={rule}")] + [play] * 3), seed, deals, threads,
                      reduce)["net"]
        row = _difference(f"{DISCARD_RULES[rule]}, minus the heuristic's discard", arm, base, rules=rules.label)
        rows.append(row)
    exchange = _reduce(optional_rules, seat_policies(play), seed, deals, threads, reduce)["net"]
    keep = _reduce(optional_rules, seat_policies([_with(play, "discard=3")] + [play] * 3), seed, deals, threads,
                   reduce)["net"]
    rows.append(_difference("keeping the hand, minus exchanging", keep, exchange, rules=optional_rules.label))
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- the search policy
def search_margin(rules: ReversisRuleset, seed: int, deals: int, threads: int | None = None,
                  worlds: int = 8) -> dict:
    """The eldest playing the search policy against the heuristic, the others heuristic: his net
    per deal, paired on the same deals (the exchange is the heuristic's in both arms)."""
    def reduce(rows):
        return {"net": rows[:, L.D_NET]}

    search = _reduce(rules, seat_policies([f"search:worlds={worlds}"] + ["heuristic"] * 3), seed, deals, threads,
                     reduce)["net"]
    base = _reduce(rules, seat_policies("heuristic"), seed, deals, threads, reduce)["net"]
    return _difference(f"search ({worlds} worlds) minus heuristic, the eldest", search, base)
