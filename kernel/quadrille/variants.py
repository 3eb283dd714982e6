"""Paired replays: the same deals played under several variants, for comparing actions and policies.

A ``Variant`` fixes some decisions of the focal seat (``Force``), and may change the seats'
policies or the rules. ``play_variants`` plays every deal under every variant from the same
random stream, so differences between variants are measured deal by deal. The wrapper
validates and allocates; the work is ``_variants.play_variants``.

Deals come as hands (from ``conditions.deal_conditioned`` or ``deals_of_seed``) with a deal
id each. The play stream of deal id k is (``play_seed(seed)``, k): a stream apart from the
one that dealt the cards, so the play's random draws are not the shuffle's draws reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError

from . import layout as L
from .policies import SeatPolicy, kernel_arrays
from .ruleset import Ruleset
from .simulate import SOLVER_TABLE_BITS, _set_threads
from .tables import build_tables

PLAY_SALT = 0x5EED_0F_B1A7  # separates the play streams from the dealing streams of the same seed
MAX_SEED = 2**63 - 1


def play_seed(seed: int) -> int:
    return (seed ^ PLAY_SALT) & MAX_SEED


@dataclass(frozen=True)
class Force:
    """The focal seat's fixed decisions; None leaves one to the policy (see layout.F_*)."""

    seat: int | None = None
    bid: int | None = None        # L.PASS / L.ASK / L.ALONE
    trump: int | None = None      # suit
    call: int | None = None       # natural card
    vole: int | None = None       # 0 stop at the game, 1 undertake

    def array(self) -> np.ndarray:
        values = (self.seat, self.bid, self.trump, self.call, self.vole)
        return np.array([L.FREE if v is None else int(v) for v in values], dtype=np.int64)


@dataclass(frozen=True)
class Variant:
    """One way to play the deals: a label, the focal seat's fixed decisions, and optionally
    other seat policies or another ruleset (same pack) than the comparison's base."""

    label: str
    force: Force = field(default_factory=Force)
    policies: tuple[SeatPolicy, ...] | None = None
    ruleset: Ruleset | None = None

    def differs_only_in_vole_from(self, other: "Variant") -> bool:
        return (self.force.vole is not None and replace(self.force, vole=None) == replace(other.force, vole=None)
                and other.policies == self.policies and other.ruleset is self.ruleset)


def twins_of(variants: Sequence[Variant]) -> np.ndarray:
    """For each variant, an earlier one it differs from only by the vole choice (-1: none)."""
    twins = np.full(len(variants), -1, dtype=np.int64)
    for index, variant in enumerate(variants):
        for earlier in range(index):
            if variant.differs_only_in_vole_from(variants[earlier]) and twins[earlier] < 0:
                twins[index] = earlier
                break
    return twins


def _searching(policies_per_variant: Sequence[Sequence[SeatPolicy]]) -> bool:
    return any(p.searches for policies in policies_per_variant for p in policies)


def deals_of_seed(ruleset: Ruleset, seed: int, first_deal: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Unconditioned hands: deal k of ``seed`` exactly as ``simulate`` deals it. Returns
    (hands uint64[n, MAX_SEATS], deal ids int64[n])."""
    from ._variants import deal_range

    hands = np.zeros((n, L.MAX_SEATS), dtype=np.uint64)
    deal_range(seed, first_deal, build_tables(ruleset).rules, hands)
    return hands, np.arange(first_deal, first_deal + n, dtype=np.int64)


def play_variants(base_ruleset: Ruleset, base_policies: Sequence[SeatPolicy], variants: Sequence[Variant],
                  hands: np.ndarray, deal_ids: np.ndarray, seed: int, threads: int | None = None,
                  batch_size: int | None = None, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """out int64[n_deals, n_variants, N_OUT]: every deal played under every variant.

    Stops early between batches on KeyboardInterrupt only if the caller catches it; what a
    caller needs to keep partial work it gets from ``progress`` batch by batch."""
    if not variants:
        raise SimulationError("nothing to compare: no variants were given")
    hands = np.ascontiguousarray(hands, dtype=np.uint64)
    deal_ids = np.ascontiguousarray(deal_ids, dtype=np.int64)
    if hands.ndim != 2 or hands.shape[1] != L.MAX_SEATS or deal_ids.shape != (hands.shape[0],):
        raise SimulationError("hands must be uint64[n, 4] with one deal id per deal")
    base_tables = build_tables(base_ruleset)
    seats = base_ruleset["pack.seats"]
    n_variants = len(variants)
    forces = np.stack([v.force.array() for v in variants])
    ids = np.zeros((n_variants, L.MAX_SEATS), dtype=np.int64)
    params = np.zeros((n_variants, L.MAX_SEATS, L.N_POLICY_PARAMS), dtype=np.float64)
    rules = np.zeros((n_variants, L.N_RULE_PARAMS), dtype=np.int64)
    chains = np.zeros((n_variants, 2, L.BETE_CHAIN_LEN), dtype=np.int64)
    all_policies = []
    for index, variant in enumerate(variants):
        policies = tuple(variant.policies or base_policies)
        if len(policies) != seats:
            raise SimulationError(f"variant {variant.label!r} has {len(policies)} policies for {seats} seats")
        all_policies.append(policies)
        ids[index], params[index] = kernel_arrays(policies)
        tables = build_tables(variant.ruleset) if variant.ruleset is not None else base_tables
        if tables.rules[L.R_PACK_MASK] != base_tables.rules[L.R_PACK_MASK] or tables.rules[L.R_SEATS] != seats:
            raise SimulationError(f"variant {variant.label!r} plays another pack or table than the base ruleset")
        rules[index] = tables.rules
        chains[index] = tables.bete_chain
        focal = variant.force.seat
        if focal is not None and not 0 <= focal < seats:
            raise SimulationError(f"variant {variant.label!r}: focal seat {focal} is not at a {seats}-seat table")
    search = _searching(all_policies)
    from .search.solver import compress8_table, load_search_code

    compress8 = compress8_table()
    if search:
        load_search_code()
    table_bits = SOLVER_TABLE_BITS if search else 2
    _set_threads(threads)
    import numba

    from ._decide import kinds_of
    from ._variants import play_variants as kernel

    kinds = kinds_of(p for policies in all_policies for p in policies)

    n = hands.shape[0]
    out = np.zeros((n, n_variants, L.N_OUT), dtype=np.int64)
    chunk = 1 if search else 64
    size = batch_size or (4 * numba.get_num_threads() if search else 4096 * numba.get_num_threads())
    out_cols = np.array(L.OUT_ROW_COLUMNS, dtype=np.int64)
    twins = twins_of(variants)
    for begin in range(0, n, size):
        end = min(n, begin + size)
        kernel(play_seed(seed), hands[begin:end], deal_ids[begin:end], forces, twins, ids, params, rules, chains,
               base_tables.cards, out_cols, out[begin:end], chunk, compress8, table_bits, kinds)
        if progress is not None:
            progress(end - begin)
    return out
