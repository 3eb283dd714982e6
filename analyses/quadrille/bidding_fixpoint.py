"""Bidding that answers to the play: the heuristic's bidding thresholds set from the maps' verdicts
under a chosen card play, and set again until they stop moving.

The heuristic asks when its trick estimate (bid_estimates.py) among the suits where a king can be
called reaches ``ask_threshold``, and goes sans prendre when its best estimate reaches
``alone_threshold``. Those two numbers were set by hand. Here every seat's pair is set by what its
bids pay, on the same deals, against the other seats as they now bid:

1. Replay every deal with the seat's bid fixed to pass, to ask and to sans prendre (the decision
   map's replay; the seat's trump, call, card play and vole are the policy's own), everyone else
   playing the current policies.
2. For every pair of thresholds on a grid, what the seat would have bid on each deal is known from
   its two estimates, so what the pair pays is the mean of those replays: the best pair is read off
   exactly, paired on the same deals.
3. The seats take their best pairs one after another, each replayed against the others as they
   bid now (all at once can cycle: two seats each answering the other's last move). A round is
   every seat once; stop when a round moves no threshold, or after ``max_iterations`` rounds.

The pairs are fitted on the first half of the deals and scored on the other half (held out), so the
gain reported for the final thresholds over the starting ones is not the fit's own optimism.
Only plain rulesets are handled: ask and sans prendre the only bids, and an ask that calls (not a
demand). The other bidding parameters (the asker's answer to a force) keep their values.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.paired import paired_difference
from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.bid_estimates import bid_estimates
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import POLICIES, SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

THRESHOLDS = ("ask_threshold", "alone_threshold")
GRID_STEP = 0.1
GRID_TOP = 10.0          # the parameters' range is 0..10; a threshold at the top never bids
BIDS = (L.PASS, L.ASK, L.ALONE)
COLUMNS = ["iteration", "seat", "ask_threshold", "alone_threshold", "moved", "fit_gain", "fit_ci_low",
           "fit_ci_high", "n_fit"]


@dataclass(frozen=True)
class FixpointResult:
    ruleset: str
    seed: int
    deals: int
    card_play: str                          # the policy's description
    start: tuple[tuple[float, float], ...]  # per seat (ask, alone) at the start
    iterations: pd.DataFrame                # COLUMNS: each iteration's thresholds per seat
    final: tuple[tuple[float, float], ...]
    settled: bool                           # stopped because no threshold moved
    held_out: pd.DataFrame                  # per seat: final over start on the held-out half
    metadata: dict = field(default_factory=dict)

    def policies(self, base: SeatPolicy) -> tuple[SeatPolicy, ...]:
        return with_thresholds(base, self.final)

    def stamp(self) -> str:
        """The final thresholds as a policy stamp reads them."""
        seats = SEAT_NAMES[len(self.final)]
        return "; ".join(f"{seat} ask {ask:.1f}, alone {alone:.1f}" for seat, (ask, alone) in zip(seats, self.final))


def with_thresholds(base: SeatPolicy, pairs: Sequence[tuple[float, float]]) -> tuple[SeatPolicy, ...]:
    """One policy per seat: ``base`` with that seat's (ask, alone) thresholds."""
    return tuple(replace(base, params={**base.params, "ask_threshold": round(ask, 6), "alone_threshold": round(alone, 6)})
                 for ask, alone in pairs)


def _check(ruleset: Ruleset, base: SeatPolicy, deals: int, max_iterations: int) -> None:
    if tuple(ruleset["auction.contracts"]) != ("ask", "sans-prendre"):
        raise SimulationError(f"the bidding fixpoint handles rulesets whose bids are ask and sans prendre, not "
                              f"{', '.join(ruleset['auction.contracts'])} ({ruleset.name})")
    spec = POLICIES.get(base.name)
    if spec is None or not all(name in spec.params for name in THRESHOLDS):
        raise SimulationError(f"policy {base.name!r} has no bidding thresholds to set")
    if base.searches:
        raise SimulationError("the bidding fixpoint replays every deal many times: use a card play that does not "
                              "search")
    if not isinstance(deals, int) or not 200 <= deals <= 100_000_000:
        raise SimulationError(f"deals must be between 200 and 100,000,000, not {deals!r}")
    if not 1 <= max_iterations <= 100:
        raise SimulationError(f"iterations must be between 1 and 100, not {max_iterations}")


def _variants(seat: int) -> list[Variant]:
    return [Variant(f"bid {bid}", Force(seat=seat, bid=bid)) for bid in BIDS]


def _grid() -> np.ndarray:
    return np.round(np.arange(0.0, GRID_TOP + GRID_STEP / 2, GRID_STEP), 6)


def rule_choice(estimates: np.ndarray, ask: float, alone: float) -> np.ndarray:
    """int64[n]: 0 pass, 1 ask, 2 sans prendre, as choose_bid bids on these estimates."""
    choice = np.where(estimates[:, 1] >= ask, 1, 0)
    return np.where(estimates[:, 0] >= alone, 2, choice)


def best_pair(pays: np.ndarray, estimates: np.ndarray) -> tuple[float, float]:
    """The grid pair (ask, alone) whose bids pay most in total: pays int64[n, 3] (pass, ask, sans
    prendre), estimates float64[n, 2]. Ties go to the higher thresholds (the more cautious bids)."""
    grid = _grid()
    best, best_total = (GRID_TOP, GRID_TOP), None
    order = np.argsort(-estimates[:, 1], kind="stable")
    # the hands with estimate >= ask are a prefix of ``order``: its length for every grid point
    counts = np.searchsorted(-estimates[order, 1], -grid, side="right")
    for alone in grid[::-1]:
        alone_mask = estimates[:, 0] >= alone
        base = pays[alone_mask, 2].sum() + pays[~alone_mask, 0].sum()
        # asking instead of passing, hand by hand, for the hands that do not go alone, by falling estimate
        extra = np.where(alone_mask[order], 0, pays[order, 1] - pays[order, 0])
        running = np.concatenate([[0], np.cumsum(extra)])
        totals = base + running[counts]
        for index in range(len(grid) - 1, -1, -1):
            if best_total is None or totals[index] > best_total:
                best_total, best = int(totals[index]), (float(grid[index]), float(alone))
    return best


def _record(iteration, seats, seat, pays, estimates, current, chosen) -> dict:
    n, mean, low, high = paired_difference(_rule_pay(pays, estimates, chosen), _rule_pay(pays, estimates, current))
    return {"iteration": iteration, "seat": SEAT_NAMES[seats][seat], "ask_threshold": chosen[0],
            "alone_threshold": chosen[1], "moved": max(abs(a - b) for a, b in zip(chosen, current)),
            "fit_gain": mean, "fit_ci_low": low, "fit_ci_high": high, "n_fit": n}


def _replays(ruleset, policies, hands, ids, seed, seats, threads, progress) -> list[np.ndarray]:
    """Per seat of ``seats``, int64[n, 3]: its payment with its bid fixed to pass, ask, sans prendre."""
    out = []
    for seat in seats:
        played = play_variants(ruleset, policies, _variants(seat), hands, ids, seed, threads=threads)
        out.append(played[:, :, L.OUT_PAY + seat].copy())
        if progress is not None:
            progress(len(ids))
    return out


def _rule_pay(pays: np.ndarray, estimates: np.ndarray, pair: tuple[float, float]) -> np.ndarray:
    return pays[np.arange(len(pays)), rule_choice(estimates, *pair)]


def bidding_fixpoint(ruleset: Ruleset, base: SeatPolicy, deals: int, seed: int, max_iterations: int = 8,
                     first_deal: int = 0, threads: int | None = None,
                     progress: Callable[[int], None] | None = None, pooled: bool = False) -> FixpointResult:
    """Iterate the seats' best thresholds under ``base``'s card play on deals ``first_deal ..``;
    ``progress(n)`` hears of every seat's replay of the deals (``work(...)`` gives the total).
    ``pooled``: one pair for every seat, the best over all seats' hands together (what a single
    registered policy can carry); otherwise each seat its own."""
    _check(ruleset, base, deals, max_iterations)
    seats = ruleset["pack.seats"]
    fit_n = deals // 2
    hands, ids = deals_of_seed(ruleset, seed, first_deal, deals)
    estimates = [bid_estimates(hands[:, seat], ruleset) for seat in range(seats)]
    fitted = [e[:fit_n] for e in estimates]
    start = tuple((float(base.value("ask_threshold")), float(base.value("alone_threshold"))) for _ in range(seats))
    pairs, records, settled = start, [], False
    for iteration in range(1, max_iterations + 1):
        before = pairs
        if pooled:
            pays = _replays(ruleset, with_thresholds(base, pairs), hands[:fit_n], ids[:fit_n], seed, range(seats),
                            threads, progress)
            pooled_pair = best_pair(np.concatenate(pays), np.concatenate(fitted))
            for seat in range(seats):
                records.append(_record(iteration, seats, seat, pays[seat], fitted[seat], pairs[seat], pooled_pair))
            pairs = (pooled_pair,) * seats
        else:
            # One seat after another, each answering the others as they now bid: moving every seat at
            # once can cycle (two seats each answering the other's last move).
            for seat in range(seats):
                pays = _replays(ruleset, with_thresholds(base, pairs), hands[:fit_n], ids[:fit_n], seed, (seat,),
                                threads, progress)
                chosen = best_pair(pays[0], fitted[seat])
                records.append(_record(iteration, seats, seat, pays[0], fitted[seat], pairs[seat], chosen))
                pairs = pairs[:seat] + (chosen,) + pairs[seat + 1:]
        settled = pairs == before
        if settled:
            break
    held_out = _held_out(ruleset, base, start, pairs, hands[fit_n:], ids[fit_n:], [e[fit_n:] for e in estimates],
                         seed, threads, progress)
    metadata = {"analysis": "bidding-fixpoint", "ruleset": ruleset.name, "seed": seed, "first_deal": first_deal,
                "deals": deals, "card_play": base.describe(), "grid_step": GRID_STEP, "pooled": pooled}
    frame = pd.DataFrame.from_records(records, columns=COLUMNS)
    frame.attrs = dict(metadata)
    return FixpointResult(ruleset.name, seed, deals, base.describe(), start, frame, pairs, settled, held_out, metadata)


HELD_OUT_COLUMNS = ["seat", "n", "gain", "ci_low", "ci_high"]


def _held_out(ruleset, base, start, final, hands, ids, estimates, seed, threads, progress) -> pd.DataFrame:
    """Per seat, on deals the fit never saw, with the other seats at the final thresholds: what the
    seat's final pair pays over its starting pair, paired (the same replays, read two ways)."""
    seats = len(final)
    pays = _replays(ruleset, with_thresholds(base, final), hands, ids, seed, range(seats), threads, progress)
    records = []
    for seat in range(seats):
        n, mean, low, high = paired_difference(_rule_pay(pays[seat], estimates[seat], final[seat]),
                                               _rule_pay(pays[seat], estimates[seat], start[seat]))
        records.append({"seat": SEAT_NAMES[seats][seat], "n": n, "gain": mean, "ci_low": low, "ci_high": high})
    return pd.DataFrame.from_records(records, columns=HELD_OUT_COLUMNS)


def work(ruleset: Ruleset, deals: int, max_iterations: int) -> int:
    """The most deal replays ``bidding_fixpoint`` reports to ``progress``: each iteration replays
    the fitted half once per seat, and the held-out half is replayed once per seat."""
    seats = ruleset["pack.seats"]
    return seats * (max_iterations * (deals // 2) + (deals - deals // 2))
