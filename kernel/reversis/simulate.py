"""The public Monte Carlo API of Reversis: check, allocate, call the jitted kernel by batches.

``run_sessions(config)`` plays sessions of ``session_length`` deals (1: every deal at a fresh
table) and returns the kernel's int64 aggregates, and the deals' records when asked. Deal k of
seed s is the same whatever ``threads`` or batch size (kernel/common/_rng.py; docs/reversis.md §7).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.common.version import package_version

from . import layout as L
from .policies import SeatPolicy, kernel_arrays
from .ruleset import ReversisRuleset

MAX_SEED = 2**63 - 1
MAX_DEALS = 10**11
MAX_SESSION_LENGTH = 60   # making the remise can double the pool each deal: int64 stays safe well past this


@dataclass(frozen=True)
class ReversisConfig:
    ruleset: ReversisRuleset
    policies: tuple[SeatPolicy, ...]
    seed: int = 0
    deals: int = 100_000
    session_length: int = 1
    threads: int | None = None
    first_session: int = 0      # the first session (a block of a longer run): deal j of session k is deal k * length + j

    @property
    def sessions(self) -> int:
        return -(-self.deals // self.session_length)

    def validate(self) -> None:
        if not 0 <= self.seed <= MAX_SEED:
            raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {self.seed}")
        if self.first_session < 0:
            raise SimulationError(f"the first session must be 0 or more, not {self.first_session}")
        if not 1 <= self.deals <= MAX_DEALS:
            raise SimulationError(f"--deals must be between 1 and {MAX_DEALS:,}, not {self.deals}")
        if not 1 <= self.session_length <= MAX_SESSION_LENGTH:
            raise SimulationError(f"--session-length must be between 1 and {MAX_SESSION_LENGTH}, "
                                  f"not {self.session_length}")
        if len(self.policies) != L.N_POS:
            raise SimulationError(f"give one policy per player (4), not {len(self.policies)}")
        import numba

        if self.threads is not None and not 1 <= self.threads <= numba.config.NUMBA_NUM_THREADS:
            raise SimulationError(f"--threads must be between 1 and the {numba.config.NUMBA_NUM_THREADS} this "
                                  f"machine runs, not {self.threads}")
        numba.set_num_threads(self.threads if self.threads is not None else numba.config.NUMBA_NUM_THREADS)

    def metadata(self) -> dict:
        return {
            "spadille_version": package_version(), "game": "reversis", "seed": self.seed,
            "ruleset": self.ruleset.name, "preset": self.ruleset.preset, "ruleset_sha256": self.ruleset.sha256,
            "ruleset_overrides": dict(self.ruleset.overrides), "deals": self.sessions * self.session_length,
            "session_length": self.session_length,
            "policies": [p.describe() for p in self.policies],
            "positions": "0 eldest, 1, 2, 3 dealer; in deal j of a session position p is player (p + j) % 4",
        }


@dataclass
class ReversisResult:
    config: ReversisConfig
    aggregates: np.ndarray
    rows: list[np.ndarray] = field(default_factory=list)
    sessions_done: int = 0
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def deals_done(self) -> int:
        return self.sessions_done * self.config.session_length


def _kernel_inputs(config: ReversisConfig):
    from .cards import kernel_tables
    from .rules import rule_vector

    ids, params = kernel_arrays(config.policies)
    suit_masks, points = kernel_tables()
    return ids, params, rule_vector(config.ruleset), suit_masks, points


def run_sessions(config: ReversisConfig, want_rows: bool = False, progress: Callable[[int], None] | None = None,
                 on_batch: Callable[[int, np.ndarray], None] | None = None,
                 batch_deals: int = 262_144) -> ReversisResult:
    """Play the sessions batch by batch; ``progress(deals)`` after each; KeyboardInterrupt between
    batches ends the run with ``interrupted``. ``on_batch(first_deal, rows)`` sees each batch's rows."""
    from . import _session as S

    config.validate()
    ids, params, rules, suit_masks, points = _kernel_inputs(config)
    length = config.session_length
    per_batch = max(1, batch_deals // length)
    result = ReversisResult(config, np.zeros(S.N_AGG, dtype=np.int64))
    start = time.perf_counter()
    try:
        for first in range(0, config.sessions, per_batch):
            count = min(per_batch, config.sessions - first)
            chunk = max(1, -(-count // 64))
            aggs = np.zeros((-(-count // chunk), S.N_AGG), dtype=np.int64)
            rows = np.zeros((count * length if want_rows else 1, L.N_RECORD), dtype=np.int64)
            S.play_sessions(config.seed, config.first_session + first, count, length, ids, params, rules,
                            suit_masks, points, chunk, want_rows, rows, aggs)
            result.aggregates += aggs.sum(axis=0)
            result.sessions_done += count
            if want_rows:
                if on_batch is not None:
                    on_batch((config.first_session + first) * length, rows)
                else:
                    result.rows.append(rows)
            if progress is not None:
                progress(count * length)
    except KeyboardInterrupt:
        result.interrupted = result.sessions_done < config.sessions   # not when the last batch was done
    result.seconds = time.perf_counter() - start
    return result


def deal_records(config: ReversisConfig) -> np.ndarray:
    """Every deal's record (int64[deals, N_RECORD]); for tests and ``show``."""
    result = run_sessions(config, want_rows=True)
    return np.concatenate(result.rows)[: config.deals]


def dealing_counts(seed: int, deals: int) -> np.ndarray:
    """int64[4, 13] dealing frequencies by position (see ``_deal.count_features``)."""
    from ._deal import count_features
    from .cards import ace_mask, kernel_tables

    suit_masks, _ = kernel_tables()
    out = np.zeros((4, 13), dtype=np.int64)
    count_features(seed, 0, deals, np.uint64(ace_mask()), suit_masks, out)
    return out
