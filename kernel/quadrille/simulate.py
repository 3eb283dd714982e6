"""The public simulation API: validate, allocate, call the jitted kernel batch by batch.

``simulate(config)`` plays deals ``first_deal .. first_deal + deals - 1`` of ``seed`` and
returns the aggregates (and the per-deal rows when ``record`` is set). It works in batches,
so a caller can show progress, stream rows to disk, and keep what finished when the run is
interrupted (KeyboardInterrupt between batches ends the run early with ``interrupted``).

Deal k of seed s is the same deal, with the same play, whatever ``threads``,
``chunk_size`` or batch size: every deal owns its random stream, and sessions (deals that
share a table) never straddle a chunk.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.common.version import package_version

from . import layout as L
from .policies import SeatPolicy, kernel_arrays
from .ruleset import Ruleset
from .tables import KernelTables, build_tables

MAX_DEALS = 10**11
SEARCHING_POLICIES = ("dd", "pimc")
SOLVER_TABLE_BITS = 16  # 2**16 buckets of the solver's table per chunk (about 10 MiB)
MAX_SEED = 2**63 - 1
DEFAULT_CHUNK = 2048


def provenance(ruleset: Ruleset, policies: Sequence[SeatPolicy], seed: int, analysis: str, **extra) -> dict:
    """What every output carries so a figure can be traced back and reproduced: the version,
    the seed, the ruleset (name, overrides, text hash) and each seat's policy, plus ``extra``."""
    return {
        "spadille_version": package_version(),
        "game": "quadrille",
        "analysis": analysis,
        "seed": seed,
        **extra,
        "ruleset": ruleset.name,
        "ruleset_overrides": {key: value for key, value in ruleset.overrides},
        "ruleset_sha256": hashlib.sha256(ruleset.text.encode("utf-8")).hexdigest(),
        "policies": [p.describe() for p in policies],
    }


@dataclass(frozen=True)
class RunConfig:
    ruleset: Ruleset
    policies: tuple[SeatPolicy, ...]
    seed: int
    deals: int
    first_deal: int = 0
    session_length: int = 1
    chunk_size: int | None = None   # default: about DEFAULT_CHUNK deals, whole sessions
    threads: int | None = None
    record: bool = False

    @property
    def chunk(self) -> int:
        """Deals per parallel chunk: always whole sessions, so no session straddles two chunks.
        Runs where a seat searches (dd, pimc) take about a second a deal, so they chunk by session."""
        if self.chunk_size is not None:
            return self.chunk_size
        if any(p.searches for p in self.policies):
            return self.session_length * max(1, 4 // self.session_length)
        return self.session_length * max(1, DEFAULT_CHUNK // self.session_length)

    def metadata(self) -> dict[str, object]:
        """What every output carries, so a figure can be traced back and reproduced."""
        return provenance(self.ruleset, self.policies, self.seed, "simulate", first_deal=self.first_deal,
                          deals_requested=self.deals, session_length=self.session_length)


@dataclass
class Batch:
    first_deal: int
    n_deals: int
    by_contract: np.ndarray          # int64[N_CONTRACTS, MAX_SEATS, N_STATS]
    by_seat: np.ndarray              # int64[MAX_SEATS, N_SEAT_STATS]
    rows: np.ndarray | None          # int64[n_deals, N_ROW_COLS]


@dataclass
class RunResult:
    config: RunConfig
    deals_done: int = 0
    by_contract: np.ndarray = field(default_factory=lambda: np.zeros((L.N_CONTRACTS, L.MAX_SEATS, L.N_STATS), np.int64))
    by_seat: np.ndarray = field(default_factory=lambda: np.zeros((L.MAX_SEATS, L.N_SEAT_STATS), np.int64))
    rows: np.ndarray | None = None
    interrupted: bool = False
    seconds: float = 0.0


def validate(config: RunConfig) -> None:
    seats = config.ruleset["pack.seats"]
    if len(config.policies) != seats:
        raise SimulationError(f"ruleset {config.ruleset.name!r} has {seats} seats but {len(config.policies)} policies were given")
    if not isinstance(config.deals, int) or config.deals < 1:
        raise SimulationError(f"--deals must be a positive whole number, not {config.deals!r}")
    if config.deals > MAX_DEALS:
        raise SimulationError(f"--deals {config.deals} is more than the {MAX_DEALS:.0e} a run may ask for")
    if not 0 <= config.seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {config.seed}")
    if config.first_deal < 0 or config.first_deal + config.deals > 2**62:
        raise SimulationError(f"first deal {config.first_deal} is out of range")
    if not 1 <= config.session_length <= 10_000:
        raise SimulationError(f"--session-length must be between 1 and 10000, not {config.session_length}")
    if config.chunk < 1 or config.chunk % config.session_length:
        raise SimulationError(f"chunk size {config.chunk} must be a positive multiple of the session length {config.session_length}")
    if config.first_deal % config.session_length:
        raise SimulationError(f"first deal {config.first_deal} must start a session (a multiple of {config.session_length})")
    if config.threads is not None:
        import numba

        most = numba.config.NUMBA_NUM_THREADS
        if not 1 <= config.threads <= most:
            raise SimulationError(f"--threads must be between 1 and the {most} this machine runs, not {config.threads}")


def _set_threads(threads: int | None) -> None:
    import numba

    numba.set_num_threads(threads if threads is not None else numba.config.NUMBA_NUM_THREADS)


def default_batch_size(config: RunConfig) -> int:
    import numba

    chunks = (2 if searches(config) else 16) * numba.get_num_threads()
    size = config.chunk * chunks if not config.record or searches(config) else max(config.chunk, 16384)
    size -= size % config.chunk
    return max(size, config.chunk)


def searches(config: RunConfig) -> bool:
    """Does some seat search (dd or pimc)? Such runs are slow per deal, so they chunk finely."""
    return any(p.searches for p in config.policies)


def _solver_tables(config: RunConfig):
    """The double-dummy solver's byte table and the size of its per-chunk transposition table."""
    from .search.solver import compress8_table, load_search_code

    search = searches(config)
    if search:
        load_search_code()
    return compress8_table(), (SOLVER_TABLE_BITS if search else 2)


def iter_batches(config: RunConfig, batch_size: int | None = None, tables: KernelTables | None = None) -> Iterator[Batch]:
    """Yield the run batch by batch; each batch is itself spread over the chunks and threads."""
    from ._decide import kinds_of
    from ._engine import play_chunk, run_chunks

    validate(config)
    _set_threads(config.threads)
    tables = tables or build_tables(config.ruleset)
    ids, params = kernel_arrays(config.policies)
    compress8, table_bits = _solver_tables(config)
    cards, kinds = tables.cards, kinds_of(config.policies)
    size = batch_size or default_batch_size(config)
    if size % config.chunk:
        raise SimulationError(f"batch size {size} must be a multiple of the chunk size {config.chunk}")
    done = 0
    while done < config.deals:
        n = min(size, config.deals - done)
        first = config.first_deal + done
        n_chunks = (n + config.chunk - 1) // config.chunk
        by_contract = np.zeros((n_chunks, L.N_CONTRACTS, L.MAX_SEATS, L.N_STATS), dtype=np.int64)
        by_seat = np.zeros((n_chunks, L.MAX_SEATS, L.N_SEAT_STATS), dtype=np.int64)
        rows = np.zeros((n if config.record else 0, L.N_ROW_COLS), dtype=np.int64)
        if n_chunks == 1:
            # nothing to share out: the one chunk is played here, and a small run never compiles the
            # parallel kernel (about a fifth of a first run's compile). Not for one thread and many
            # chunks: random deals ran 4% slower chunk by chunk from Python than in run_chunks.
            play_chunk(config.seed, first, first + n, first, config.session_length, tables.rules, tables.bete_chain,
                       cards, ids, params, by_contract[0], by_seat[0], rows, config.record, compress8, table_bits,
                       kinds)
        else:
            run_chunks(config.seed, first, n, config.chunk, config.session_length, tables.rules, tables.bete_chain,
                       cards, ids, params, by_contract, by_seat, rows, config.record, compress8, table_bits, kinds)
        yield Batch(first, n, by_contract.sum(axis=0), by_seat.sum(axis=0), rows if config.record else None)
        done += n


def simulate(config: RunConfig, progress: Callable[[int], None] | None = None,
             on_batch: Callable[[Batch], None] | None = None, batch_size: int | None = None) -> RunResult:
    """Run to the end, or until interrupted; ``progress(n)`` gets each batch's deal count."""
    result = RunResult(config)
    kept_rows: list[np.ndarray] = []
    started = time.perf_counter()
    try:
        for batch in iter_batches(config, batch_size):
            result.by_contract += batch.by_contract
            result.by_seat += batch.by_seat
            result.deals_done += batch.n_deals
            if batch.rows is not None and on_batch is None:
                kept_rows.append(batch.rows)
            if on_batch is not None:
                on_batch(batch)
            if progress is not None:
                progress(batch.n_deals)
    except KeyboardInterrupt:
        result.interrupted = result.deals_done < config.deals   # not when the last batch was done
    result.seconds = time.perf_counter() - started
    if config.record and on_batch is None:
        result.rows = np.concatenate(kept_rows) if kept_rows else np.zeros((0, L.N_ROW_COLS), np.int64)
    return result


def play_one(ruleset: Ruleset, policies: Sequence[SeatPolicy], seed: int, deal: int) -> np.ndarray:
    """The row of a single deal (for `spadille show` and tests): int64[N_ROW_COLS]."""
    config = RunConfig(ruleset, tuple(policies), seed, 1, first_deal=deal, chunk_size=1, record=True)
    result = simulate(config)
    return result.rows[0]
