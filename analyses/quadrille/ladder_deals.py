"""Which deals a ladder plays: the first N of the seed, or deals screened by the reference's contract.

A rare contract needs hundreds of deals for a narrow interval: a sans prendre comes about once in
fifteen deals, a forced spadille rarer still, so playing every deal with a searching player to
reach them wastes most of the time on called games. But a deal's contract, ombre and friend are
decided by the deal and the bidding alone, before any card is played, and the reference's bidding
is cheap: the screen plays the deals with the reference's bidding and the heuristic's card play
(ladder_team.screen_policy), in order, and keeps the first ``per_contract`` deals of each contract
(or every deal of the contracts asked for among the first ``deals``). Each contract is then a
stratum: its cells are conditional on the contract, and the figures over several contracts are
weighted by each contract's share of the screened deals (analyses/paired.stratified_ratio_ci),
with the shares' own error. The deals kept keep their numbers, so each plays from its own stream
and the same deal is the same play in every ladder of the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset

SCREEN_BLOCK = 1 << 16        # deals screened a call: a few seconds of the heuristic on two cores
SCREEN_CAP = 1_000_000        # deals screened at most while looking for a rare contract (about 40 s)
ALL_STRATA = -1               # the one stratum of an unscreened plan


@dataclass(frozen=True)
class DealPlan:
    """The deals to play: hands uint64[n, MAX_SEATS] and deal numbers int64[n], with the stratum
    of each (the reference's contract when screened, else ALL_STRATA) and each stratum's share of
    the population (``weights``); ``screened``: the deals of those strata the shares were counted
    on (0: exact shares, the plan being the first deals of the seed)."""

    hands: np.ndarray
    ids: np.ndarray
    stratum: np.ndarray
    weights: dict = field(default_factory=lambda: {ALL_STRATA: 1.0})
    screened: int = 0
    screened_total: int = 0                 # every deal the screen played, whatever its contract
    contracts: tuple[int, ...] = ()         # the contracts kept, in code order (empty: every deal)
    per_contract: int | dict | None = None

    @property
    def size(self) -> int:
        return int(self.ids.size)

    @property
    def is_screened(self) -> bool:
        return bool(self.contracts)

    def first(self, deals: int) -> "DealPlan":
        """The first ``deals`` deals (of an unscreened plan: a rung smaller than the others)."""
        if deals >= self.size:
            return self
        if self.is_screened:
            raise SimulationError("a screened ladder plays the same deals for every policy")
        return DealPlan(self.hands[:deals], self.ids[:deals], self.stratum[:deals], dict(self.weights))

    def describe(self) -> dict:
        """What the metadata records of the plan."""
        if not self.is_screened:
            return {"deals": self.size, "screened": False}
        names = {code: L.CONTRACT_NAMES[code] for code in self.contracts}
        return {"deals": self.size, "screened": True, "screened_deals": self.screened_total,
                "per_contract": (self.per_contract if not isinstance(self.per_contract, dict) else
                                 {names[c]: n for c, n in self.per_contract.items()}), "contracts": [names[c] for c in self.contracts],
                "deals_by_contract": {names[c]: int((self.stratum == c).sum()) for c in self.contracts},
                "shares": {names[c]: self.weights[c] for c in self.contracts},
                "shares_counted_on": self.screened}


def plain_plan(ruleset: Ruleset, seed: int, deals: int) -> DealPlan:
    """Deals 0 .. deals - 1 of ``seed``, one stratum."""
    from spadille.kernel.quadrille.variants import deals_of_seed

    hands, ids = deals_of_seed(ruleset, seed, 0, deals)
    return DealPlan(hands, ids, np.full(deals, ALL_STRATA, dtype=np.int64))


def contract_codes(names: Sequence[str]) -> tuple[int, ...]:
    """The codes of contracts given by name (layout.CONTRACT_NAMES), in code order; one sentence
    for a name that is not a contract."""
    codes = set()
    playable = [name for code, name in enumerate(L.CONTRACT_NAMES) if code != L.NO_CONTRACT]
    for name in names:
        if name not in playable:
            raise SimulationError(f"unknown contract {name!r}; contracts: {', '.join(playable)}")
        codes.add(L.CONTRACT_NAMES.index(name))
    return tuple(sorted(codes))


def screened_plan(ruleset: Ruleset, reference: SeatPolicy, seed: int, *, per_contract: int | dict | None = None,
                  deals: int | None = None, contracts: Sequence[int] = (), threads: int | None = None,
                  progress: Callable[[int], None] | None = None, cap: int = SCREEN_CAP) -> DealPlan:
    """Screen deals 0, 1, ... of ``seed`` by the reference's contract.

    ``per_contract``: keep the first that many deals of each contract in ``contracts`` (of every
    contract the screen meets, when none is named), screening until each has them or ``cap``
    deals were screened; or, as {contract: deals}, so many of each of those contracts. ``deals``: screen exactly that many and keep every deal of ``contracts``.
    ``progress(n)`` hears every block of n deals screened."""
    from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

    from .ladder_team import screen_policy

    if (per_contract is None) == (deals is None):
        raise SimulationError("a screen keeps either a number of deals of each contract or the deals of some "
                              "contracts among the first deals")
    seats = ruleset["pack.seats"]
    fast = (screen_policy(reference),) * seats
    if isinstance(per_contract, dict):
        contracts = tuple(sorted(per_contract))
    quota = (lambda code: per_contract[code]) if isinstance(per_contract, dict) else (lambda code: per_contract)
    wanted = set(contracts)
    counts = np.zeros(L.N_CONTRACTS, dtype=np.int64)
    kept_hands, kept_ids, kept_codes = [], [], []
    screened = 0
    limit = deals if deals is not None else cap
    while screened < limit:
        n = min(SCREEN_BLOCK, limit - screened)
        hands, ids = deals_of_seed(ruleset, seed, screened, n)
        out = play_variants(ruleset, fast, [Variant("screen")], hands, ids, seed, threads=threads)
        codes = out[:, 0, L.OUT_CONTRACT]
        for code in np.unique(codes):
            if code == L.NO_CONTRACT or (wanted and code not in wanted):
                continue
            rows = np.nonzero(codes == code)[0]
            if per_contract is not None:
                rows = rows[:max(0, quota(code) - int(counts[code]))]
            kept_hands.append(hands[rows])
            kept_ids.append(ids[rows])
            kept_codes.append(np.full(rows.size, code, dtype=np.int64))
        np.add.at(counts, codes, 1)
        screened += n
        if progress is not None:
            progress(n)
        if per_contract is not None:
            needed = wanted or {c for c in range(L.N_CONTRACTS) if counts[c] and c != L.NO_CONTRACT}
            if all(counts[c] >= quota(c) for c in needed) and needed:
                break
    kept = sorted(wanted) if wanted else [c for c in range(L.N_CONTRACTS) if counts[c] and c != L.NO_CONTRACT]
    if not kept or not kept_ids:
        names = ", ".join(L.CONTRACT_NAMES[c] for c in sorted(wanted)) or "any contract"
        raise SimulationError(f"no deal of {names} in the {screened:,} deals screened")
    ids = np.concatenate(kept_ids)
    order = np.argsort(ids, kind="stable")
    counted = int(sum(counts[c] for c in kept))
    return DealPlan(np.concatenate(kept_hands)[order], ids[order], np.concatenate(kept_codes)[order],
                    {c: float(counts[c]) / counted for c in kept}, counted, screened, tuple(kept), per_contract)

