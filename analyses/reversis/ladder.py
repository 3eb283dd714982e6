"""The Reversis strength ladder: what each policy wins or loses a deal against a searching reference.

Duplicate play, as at bridge. Every deal is played once with the reference in every seat; then,
for each policy of the ladder and each position k in turn, once more with that policy at k and
the reference at the other three. The policy's gain on (deal, k) is position k's net in that play
minus position k's net in the all-reference play of the same deal: the cards are the same (a
deal's shuffle comes first from its own stream), only the player at k changed. Every deal is
scored at a fresh table (the pool's opening stakes), so positions are comparable.

* **Gain**, in fiches a deal, over every (deal, position); the reference's is 0 by definition. A
  deal's four positions share its cards, so the interval takes the deals as the independent draws
  (``analyses.paired.ratio_mean_ci``).
* **By position** (eldest, second, third, dealer) and **by role**, what the cards made of the
  position in the all-reference play: it holds the quinola as play begins, or an espagnolette.
  The roles come from the reference's play, so every rung is classed alike (a random discard
  could move the quinola; the exchange of the other policies is the heuristic's, the same).
* **Speed**: deals a second in the plays that measure the policy (one position of four is the
  policy, the reference's cost weighs on it) and cards a second it played itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.paired import ratio_mean_ci
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import SeatPolicy
from spadille.kernel.reversis.ruleset import ReversisRuleset

POSITIONS = ("eldest", "second", "third", "dealer")
ROLES = ("quinola holder", "espagnolette")
OVERALL = "overall"
TABLE_COLUMNS = ["label", "policy", "reference", "group", "deals", "n", "gain", "ci_low", "ci_high"]
SPEED_COLUMNS = ["label", "policy", "reference", "deals", "plays", "seconds", "deals_per_second", "cards",
                 "cards_per_second"]
CARDS_A_DEAL = 11


@dataclass(frozen=True)
class Rung:
    label: str
    policy: SeatPolicy
    deals: int


@dataclass
class Ladder:
    table: pd.DataFrame
    speed: pd.DataFrame
    metadata: dict = field(default_factory=dict)
    interrupted: bool = False
    gains: dict = field(default_factory=dict)       # label -> int64[deals, 4]: its net less the reference's


def is_reference(policy: SeatPolicy, reference: SeatPolicy) -> bool:
    return policy.describe() == reference.describe() and policy.weights == reference.weights


def plays_needed(rungs: Sequence[Rung], reference: SeatPolicy) -> int:
    """Deal-plays of the whole ladder (the progress bar's total)."""
    return max(r.deals for r in rungs) + sum(4 * r.deals for r in rungs if not is_reference(r.policy, reference))


def check_ladder(rules: ReversisRuleset, rungs: Sequence[Rung], reference: SeatPolicy, seed: int,
                 threads: int | None) -> None:
    """SimulationError, in one sentence, for a ladder that cannot run: before any deal is played."""
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.reversis.simulate import ReversisConfig

    if not rungs:
        raise SimulationError("the ladder needs at least one policy")
    labels = [r.label for r in rungs]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise SimulationError(f"policy {twice[0]!r} is named twice in the ladder")
    ReversisConfig(rules, (reference,) * 4, seed, max(r.deals for r in rungs), threads=threads).validate()


def _play(rules, policies, seed, deals, threads, progress):
    """(nets int64[deals, 4], roles bool[deals, 4, len(ROLES)], seconds, interrupted) of one play."""
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    nets = np.zeros((deals, 4), dtype=np.int64)
    roles = np.zeros((deals, 4, len(ROLES)), dtype=bool)

    def keep(first: int, rows: np.ndarray) -> None:
        rows = rows[: deals - first]
        nets[first:first + len(rows)] = rows[:, L.D_NET:L.D_NET + 4]
        for p in range(4):
            roles[first:first + len(rows), p, 0] = rows[:, L.D_QUINOLA_HOLDER] == p
            roles[first:first + len(rows), p, 1] = rows[:, L.D_ESP_POS] == p

    run_sessions(ReversisConfig(rules, tuple(policies), seed, 1, threads=threads), want_rows=True,
                 on_batch=lambda first, rows: None)           # load the kernel before the clock starts
    result = run_sessions(ReversisConfig(rules, tuple(policies), seed, deals, threads=threads), want_rows=True,
                          progress=progress, on_batch=keep, batch_deals=4096)
    return nets, roles, result.seconds, result.interrupted


def ladder(rules: ReversisRuleset, rungs: Sequence[Rung], reference: SeatPolicy, seed: int,
           threads: int | None = None, progress: Callable[[int], None] | None = None,
           metadata: dict | None = None) -> Ladder:
    """The ladder of ``rungs`` against ``reference`` (the module doc). Stops at the first
    interrupted play (``interrupted``, no table)."""
    check_ladder(rules, rungs, reference, seed, threads)
    most = max(r.deals for r in rungs)
    base, roles, base_seconds, interrupted = _play(rules, (reference,) * 4, seed, most, threads, progress)
    table, speed, gains = [], [], {}
    for rung in rungs:
        if interrupted:
            break
        if is_reference(rung.policy, reference):
            gains[rung.label] = np.zeros((rung.deals, 4), dtype=np.int64)
            table += _rows(rung, gains[rung.label], roles[:rung.deals], fixed=True)
            seconds = base_seconds * rung.deals / most
            speed.append(_speed(rung, True, rung.deals, seconds, 4 * CARDS_A_DEAL * rung.deals))
            continue
        gain = np.zeros((rung.deals, 4), dtype=np.int64)
        seconds = 0.0
        for k in range(4):
            policies = [rung.policy if p == k else reference for p in range(4)]
            nets, _, taken, interrupted = _play(rules, policies, seed, rung.deals, threads, progress)
            if interrupted:
                break
            gain[:, k] = nets[:, k] - base[:rung.deals, k]
            seconds += taken
        if interrupted:
            break
        gains[rung.label] = gain
        table += _rows(rung, gain, roles[:rung.deals], fixed=False)
        speed.append(_speed(rung, False, 4 * rung.deals, seconds, 4 * CARDS_A_DEAL * rung.deals))
    frame, speeds = pd.DataFrame(table, columns=TABLE_COLUMNS), pd.DataFrame(speed, columns=SPEED_COLUMNS)
    frame.attrs = speeds.attrs = dict(metadata or {})
    return Ladder(frame, speeds, dict(metadata or {}), interrupted, gains)


def _groups(roles: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """(group, bool[deals, 4]) for every group of the table."""
    deals = roles.shape[0]
    groups = [(OVERALL, np.ones((deals, 4), dtype=bool))]
    for p, name in enumerate(POSITIONS):
        only = np.zeros((deals, 4), dtype=bool)
        only[:, p] = True
        groups.append((name, only))
    groups += [(name, roles[:, :, r]) for r, name in enumerate(ROLES)]
    return groups


def _rows(rung: Rung, gain: np.ndarray, roles: np.ndarray, fixed: bool) -> list[dict]:
    rows = []
    for group, members in _groups(roles):
        if fixed:
            n, mean, low, high = int(members.sum()), 0.0, 0.0, 0.0
        else:
            n, mean, low, high = ratio_mean_ci((gain * members).sum(axis=1), members.sum(axis=1))
        rows.append({"label": rung.label, "policy": rung.policy.describe(), "reference": fixed, "group": group,
                     "deals": rung.deals, "n": n, "gain": mean, "ci_low": low, "ci_high": high})
    return rows


def _speed(rung: Rung, fixed: bool, plays: int, seconds: float, cards: int) -> dict:
    return {"label": rung.label, "policy": rung.policy.describe(), "reference": fixed, "deals": rung.deals,
            "plays": plays, "seconds": seconds, "deals_per_second": plays / seconds if seconds > 0 else float("nan"),
            "cards": cards, "cards_per_second": cards / seconds if seconds > 0 else float("nan")}


def paired_difference(result: Ladder, first: str, second: str) -> tuple[int, float, float, float]:
    """(pairs, mean, low, high): rung ``first``'s gain less rung ``second``'s, (deal, position) by
    (deal, position) on the deals both played, the deals as the independent draws."""
    a, b = result.gains[first], result.gains[second]
    deals = min(len(a), len(b))
    difference = a[:deals] - b[:deals]
    return ratio_mean_ci(difference.sum(axis=1), np.full(deals, 4))


def ladder_metadata(rules: ReversisRuleset, rungs: Sequence[Rung], reference: SeatPolicy, seed: int) -> dict:
    from spadille.kernel.common.version import package_version

    return {"spadille_version": package_version(), "game": "reversis", "command": "ladder", "seed": seed,
            "ruleset": rules.name, "preset": rules.preset, "ruleset_sha256": rules.sha256,
            "ruleset_overrides": dict(rules.overrides), "reference": reference.describe(),
            "policies": [r.policy.describe() for r in rungs], "deals": {r.label: r.deals for r in rungs},
            "pairing": "each policy at each position in turn, the reference at the others, against the "
                       "all-reference play of the same deal; gain = the position's net fiches minus the "
                       "reference's, intervals over deals",
            "roles": "the position's cards in the all-reference play: it holds the quinola as play begins, or an "
                     "espagnolette"}
