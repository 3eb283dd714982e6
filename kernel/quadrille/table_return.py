"""What a jeton left on the table is worth to each seat: measured, not assumed.

Session accounting values what a deal leaves on the table (its antes, a bête) by what the table
later pays back to the seat. By symmetry alone every seat would expect an equal share, ``1 /
seats`` of each jeton. It need not: the eldest hand asks most often, so he pays most bêtes, and
the deal moves on, so the next deals' winners sit elsewhere. ``measure_table_return`` plays, for
each sample, a deal at a fresh table and follows the session it starts from the table it left
and, on the same deals, from an empty table (``_table_return.py``). A seat's return is the
difference of its payments, summed over the session, with the seat followed as the deal passes.

The value per jeton of a seat is the ratio of its summed return to the summed jetons left, with a
95% interval from the delta method over samples (each sample is independent: its own deals).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError

from . import layout as L
from .cards import SEAT_NAMES
from .policies import SeatPolicy, kernel_arrays
from .ruleset import Ruleset
from .simulate import _set_threads
from .tables import build_tables

DEFAULT_SAMPLES = 100_000
DEFAULT_HORIZON = 60          # deals followed at most; the tables almost always agree long before
MAX_SAMPLES = 10**9
MAX_DEAL = 2**62
Z95 = 1.959963984540054


@dataclass(frozen=True)
class SeatReturn:
    seat: str
    value: float            # jetons back per jeton left on the table, by this seat of the first deal
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class TableReturn:
    ruleset: str
    seed: int
    samples: int
    horizon: int
    by_seat: tuple[SeatReturn, ...]
    left_per_deal: float         # mean jetons a fresh deal leaves on the table
    bete_share: float            # the share of those that are bêtes
    unsettled_share: float       # the share of what was left still unsettled after the horizon
    mean_deals_followed: float   # deals until the tables agreed, when the first deal left something

    def total(self) -> float:
        """What a jeton left brings back to all seats together: 1 less what is still unsettled."""
        return sum(s.value for s in self.by_seat)


def _ratio_interval(numerators: np.ndarray, denominators: np.ndarray) -> tuple[float, float, float]:
    """sum(num) / sum(den) with its delta-method 95% interval over independent samples."""
    n = len(numerators)
    den_mean = denominators.mean()
    ratio = numerators.sum() / denominators.sum()
    residual = numerators - ratio * denominators
    half = Z95 * math.sqrt(residual.var(ddof=1) / n) / den_mean if n > 1 else math.inf
    return float(ratio), float(ratio - half), float(ratio + half)


def measure_table_return(ruleset: Ruleset, policies: Sequence[SeatPolicy], seed: int,
                         samples: int = DEFAULT_SAMPLES, horizon: int = DEFAULT_HORIZON, first_deal: int = 0,
                         progress: Callable[[int], None] | None = None, threads: int | None = None,
                         batch_size: int = 25_000) -> TableReturn:
    """The measured value, to each seat of a deal, of a jeton that deal leaves on the table."""
    from ._table_return import R_BETE, R_DEALS, R_LEFT, R_UNSETTLED

    rows = sample_rows(ruleset, policies, seed, samples, horizon, first_deal, progress, threads, batch_size)
    left = rows[:, R_LEFT].astype(np.float64)
    if left.sum() <= 0:
        raise SimulationError("no deal left anything on the table: nothing to value")
    seats = len(policies)
    by_seat = tuple(SeatReturn(SEAT_NAMES[seats][seat], *_ratio_interval(rows[:, seat].astype(np.float64), left))
                    for seat in range(seats))
    return TableReturn(ruleset.name, seed, samples, horizon, by_seat, float(left.mean()),
                       float(rows[:, R_BETE].sum() / left.sum()), float(rows[:, R_UNSETTLED].sum() / left.sum()),
                       float(rows[left > 0, R_DEALS].mean()) if (left > 0).any() else 0.0)


def sample_rows(ruleset: Ruleset, policies: Sequence[SeatPolicy], seed: int, samples: int, horizon: int,
                first_deal: int = 0, progress: Callable[[int], None] | None = None, threads: int | None = None,
                batch_size: int = 25_000, chunk_size: int = 512) -> np.ndarray:
    """int64[samples, N_RETURN_COLS]: each sample's returns by seat, then what it left, its bêtes,
    what was unsettled and the deals followed (_table_return.R_*). Sample i plays deals
    ``first_deal + i * (horizon + 1)`` onwards, so the rows are the same whatever the batches,
    chunks and threads; ``progress(n)`` hears of each batch's samples."""
    from ._decide import kinds_of
    from ._table_return import N_RETURN_COLS, table_returns
    from .search.solver import compress8_table

    if any(p.searches for p in policies):
        raise SimulationError("the table's return is measured with policies that do not search")
    if not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise SimulationError(f"samples must be between 1 and {MAX_SAMPLES:,}, not {samples}")
    if not isinstance(horizon, int) or not 1 <= horizon <= 10_000:
        raise SimulationError(f"horizon must be between 1 and 10000, not {horizon}")
    if first_deal < 0 or first_deal + samples * (horizon + 1) > MAX_DEAL:
        raise SimulationError(f"the samples' deals must lie in 0 .. {MAX_DEAL:,}")
    tables = build_tables(ruleset)
    seats = int(tables.rules[L.R_SEATS])
    if len(policies) != seats:
        raise SimulationError(f"{seats} seats need {seats} policies, not {len(policies)}")
    _set_threads(threads)
    ids, params = kernel_arrays(policies)
    compress8, kinds = compress8_table(), kinds_of(policies)
    rows = np.zeros((samples, N_RETURN_COLS), dtype=np.int64)
    for begin in range(0, samples, batch_size):
        end = min(samples, begin + batch_size)
        table_returns(seed, first_deal + begin * (horizon + 1), end - begin, horizon, chunk_size, tables.rules,
                      tables.bete_chain, tables.cards, ids, params, compress8, kinds, rows[begin:end])
        if progress is not None:
            progress(end - begin)
    return rows
