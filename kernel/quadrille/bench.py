"""Measurements behind `spadille bench`: kernel speed per core and on all cores, the reference
engine on the same work, compile time cold and warm, and start-up latency.

Every measurement returns plain records (dicts) so that the CLI can print or save them.
Timings are wall-clock on this machine, after a warm-up call, so compilation never counts
towards a rate.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import numpy as np

from . import layout as L
from .policies import SeatPolicy, kernel_arrays, make_seat_policy
from .ruleset import Ruleset, load_ruleset
from .simulate import RunConfig, iter_batches, simulate
from .tables import build_tables, ordered_mask

# A script that plays one deal; run in a fresh interpreter to time imports and compilation.
_FIRST_DEAL_SCRIPT = """
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate
rs = load_ruleset()
result = simulate(RunConfig(rs, tuple(make_seat_policy("heuristic") for _ in range(4)), seed=1, deals=1))
"""


@dataclass(frozen=True)
class BenchRecord:
    measure: str
    engine: str
    policy: str
    threads: int
    deals: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("nan")

    def as_dict(self) -> dict[str, object]:
        return {"measure": self.measure, "engine": self.engine, "policy": self.policy, "threads": self.threads,
                "deals": self.deals, "seconds": round(self.seconds, 4), "deals_per_second": round(self.rate, 1)}


def _time_kernel(rs: Ruleset, policy: str, deals: int, threads: int) -> float:
    seats = rs["pack.seats"]
    config = RunConfig(rs, tuple(make_seat_policy(policy) for _ in range(seats)), seed=12345, deals=deals,
                       threads=threads)
    tables = build_tables(rs)
    started = time.perf_counter()
    for _ in iter_batches(config, tables=tables):
        pass
    return time.perf_counter() - started


def _time_deal_only(rs: Ruleset, deals: int, threads: int) -> float:
    import numba

    from ._engine import deal_only

    numba.set_num_threads(threads)
    chunk = 4096
    counts = np.zeros(((deals + chunk - 1) // chunk, L.MAX_SEATS), dtype=np.int64)
    rules = build_tables(rs).rules
    deal_only(1, 0, min(deals, chunk), chunk, rules, counts)  # warm-up / compile
    counts[:] = 0
    started = time.perf_counter()
    deal_only(12345, 0, deals, chunk, rules, counts)
    elapsed = time.perf_counter() - started
    assert counts.sum() == deals  # every deal dealt spadille to someone
    return elapsed


def _time_playout(rs: Ruleset, deals: int, threads: int) -> float:
    """The bare greedy playout (kernel/quadrille/_playout.py) on the same deals: the yardstick."""
    import numba

    from ._playout import greedy_playout

    numba.set_num_threads(threads)
    chunk = 4096
    tables = build_tables(rs)
    arguments = (tables.rules, tables.pos_of_card, tables.block_of_pos, tables.block_mask, tables.top_pos)
    tricks = np.zeros(((deals + chunk - 1) // chunk, L.MAX_SEATS), dtype=np.int64)
    greedy_playout(1, 0, min(deals, chunk), chunk, *arguments, tricks)  # warm-up / compile
    tricks[:] = 0
    started = time.perf_counter()
    greedy_playout(12345, 0, deals, chunk, *arguments, tricks)
    elapsed = time.perf_counter() - started
    assert tricks.sum() == deals * rs["pack.hand_size"]  # every trick of every deal was played
    return elapsed


KERNEL_POLICIES = ("random", "heuristic", "strong", "learned")
PLAYOUT = "playout"


def kernel_rates(deals: int, threads_all: int, ruleset: str | None = None) -> list[BenchRecord]:
    """Deals per second for deal-only, the bare greedy playout (the yardstick of the deal loop: a
    deal, a trump and ten greedy tricks, nothing else), random, heuristic, strong (the heuristic's
    kernel at its tuned values, which change how long the play takes) and the learned player, on one
    core and on all."""
    rs = load_ruleset(ruleset) if ruleset else load_ruleset()
    for policy in KERNEL_POLICIES:
        _time_kernel(rs, policy, 4096, 1)  # compile before timing
    records = []
    for threads in sorted({1, threads_all}):
        records.append(BenchRecord("full deals", "kernel", "deal-only", threads, deals, _time_deal_only(rs, deals, threads)))
        records.append(BenchRecord("greedy tricks only", "kernel", PLAYOUT, threads, deals,
                                   _time_playout(rs, deals, threads)))
        for policy in KERNEL_POLICIES:
            records.append(BenchRecord("full deals", "kernel", policy, threads, deals, _time_kernel(rs, policy, deals, threads)))
    return records


def reference_rates(deals: int, ruleset: str | None = None) -> list[BenchRecord]:
    """The pure-Python reference engine on the same work (one core)."""
    from .reference import play_deals

    rs = load_ruleset(ruleset) if ruleset else load_ruleset()
    records = []
    for policy in ("random", "heuristic"):
        policies = tuple(make_seat_policy(policy) for _ in range(rs["pack.seats"]))
        play_deals(rs, policies, 12345, 0, 1)  # compile the shared policies first
        started = time.perf_counter()
        play_deals(rs, policies, 12345, 0, deals)
        records.append(BenchRecord("full deals", "reference", policy, 1, deals, time.perf_counter() - started))
    return records


def _run_script(cache_dir: str) -> float:
    """Seconds from launching a fresh interpreter to the end of its first deal (it then exits)."""
    return _time_command([sys.executable, "-c", _FIRST_DEAL_SCRIPT], cache_dir)


def _time_command(args: list[str], cache_dir: str) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    started = time.perf_counter()
    subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - started


def startup_times() -> list[BenchRecord]:
    """Compile time cold (empty numba cache) and warm, the first deal from the shell, --help."""
    spadille = os.path.join(os.path.dirname(sys.executable), "spadille")
    records = []
    with tempfile.TemporaryDirectory(prefix="spadille-bench-cache-") as cache:
        records.append(BenchRecord("command to first deal, cold cache (compiles)", "kernel", "heuristic", 1, 1, _run_script(cache)))
        records.append(BenchRecord("command to first deal, warm cache", "kernel", "heuristic", 1, 1, _run_script(cache)))
        if os.path.exists(spadille):
            command = [spadille, "simulate", "quadrille", "--deals", "1", "--threads", "1"]
            records.append(BenchRecord("`spadille simulate --deals 1` with summary, warm cache", "cli", "heuristic", 1, 1,
                                       _time_command(command, cache)))
            records.append(BenchRecord("`spadille --help`", "cli", "-", 1, 0, _time_command([spadille, "--help"], cache)))
    return records


def _opening_observation(row, tables) -> tuple[np.ndarray, np.ndarray, int]:
    """(hands uint64[4] ordered, obs int64[N_OBS], called natural card) as eldest sees the
    first lead of a recorded deal."""
    trump = int(row[L.COL_TRUMP])
    hands = np.array([ordered_mask(tables, trump, int(row[L.COL_HANDS + seat])) for seat in range(4)],
                     dtype=np.uint64)
    obs = np.zeros(L.N_OBS, dtype=np.int64)
    called = int(row[L.COL_CALLED])
    friend = int(row[L.COL_FRIEND])
    obs[L.O_TRUMP] = trump
    obs[L.O_BEST_POS] = obs[L.O_BEST_SEAT] = -1
    obs[L.O_OMBRE] = row[L.COL_OMBRE]
    obs[L.O_CONTRACT] = row[L.COL_CONTRACT]
    obs[L.O_CALLED_POS] = tables.pos_of_card[trump, called] if called >= 0 else -1
    obs[L.O_FRIEND_KNOWN] = 0 if friend == 0 else -1
    obs[L.O_N_SEATS] = 4
    obs[L.O_TRICK_CARDS:L.O_TRICK_CARDS + 4] = -1
    return hands, obs, called


def pimc_times(decisions: int = 10, deals: int = 6, samples: int = 20) -> list[BenchRecord]:
    """PIMC with K samples on one core: eldest's opening lead (the costliest decision: ten
    cards a hand to solve K times), and whole deals with one PIMC seat among heuristics."""
    from .search._dd_tt import BUCKET_WORDS, SHAPE_WORDS
    from .search._players import pimc_card
    from .simulate import SOLVER_TABLE_BITS, simulate
    from .search.solver import compress8_table, load_search_code

    rs = load_ruleset()
    tables = build_tables(rs)
    pimc = make_seat_policy("pimc", {"samples": samples})
    heuristic = make_seat_policy("heuristic")
    played = simulate(RunConfig(rs, (heuristic,) * 4, seed=777, deals=decisions * 4, record=True)).rows
    rows = [row for row in played if row[L.COL_CONTRACT] != L.NO_CONTRACT][:decisions]
    params = kernel_arrays([pimc])[1][0]
    load_search_code()
    table = np.zeros((1 << SOLVER_TABLE_BITS, BUCKET_WORDS), dtype=np.uint64)
    shapes = np.zeros((1 << (SOLVER_TABLE_BITS - 2), SHAPE_WORDS), dtype=np.uint64)
    rng = np.zeros(2, dtype=np.uint64)
    seconds = 0.0
    for index, row in enumerate(rows):
        hands, obs, called = _opening_observation(row, tables)
        trump = int(row[L.COL_TRUMP])
        pack = np.uint64(int(np.bitwise_or.reduce(tables.block_mask[trump])))
        played_none = np.zeros(4, dtype=np.uint64)
        arguments = (params, np.int64(0), hands[0], hands, played_none, obs, np.int64(called), pack, tables.rules,
                     tables.pos_of_card, tables.block_of_pos, tables.block_mask, tables.top_pos, compress8_table(),
                     table, shapes, rng)
        if index == 0:
            pimc_card(*arguments)  # compile or load before timing
        rng[0], rng[1] = np.uint64(index), np.uint64(0)
        started = time.perf_counter()
        pimc_card(*arguments)
        seconds += time.perf_counter() - started
    records = [BenchRecord(f"pimc K={samples}: eldest's opening lead", "kernel", "pimc", 1, len(rows), seconds)]
    config = RunConfig(rs, (pimc, heuristic, heuristic, heuristic), seed=12345, deals=deals, threads=1)
    simulate(RunConfig(rs, config.policies, seed=1, deals=1, threads=1))  # warm
    started = time.perf_counter()
    simulate(config)
    records.append(BenchRecord(f"pimc K={samples}: whole deal, one pimc seat", "kernel", "pimc", 1, deals,
                               time.perf_counter() - started))
    return records



# The pimc settings `bench pimc` sets side by side: K = 20 with exact totals (the setting before
# issue 15's speed-up), and pimc's defaults.
PIMC_BEFORE = {"samples": 20.0, "window": 0.0, "node_budget": 0.0, "stop_z": 0.0}
PIMC_SEED = 2026   # the deals `bench pimc` times, and plays on the ladder with --ladder-deals


@dataclass(frozen=True)
class PimcPair:
    """CPU seconds of each deal played with pimc in all four seats, one thread, under two
    settings on the same deals (float64[deals] each, in deal order)."""

    before: SeatPolicy
    after: SeatPolicy
    before_seconds: np.ndarray
    after_seconds: np.ndarray

    def rows(self) -> list[dict[str, object]]:
        """Per setting: deals, median and mean seconds a deal with the mean's 95% CI; then the
        ratio before / after of the means, with a 95% CI by the delta method on the paired deals."""
        out = []
        for label, policy, seconds in (("before", self.before, self.before_seconds),
                                       ("after", self.after, self.after_seconds)):
            half = 1.96 * seconds.std(ddof=1) / np.sqrt(len(seconds)) if len(seconds) > 1 else float("nan")
            out.append({"setting": label, "policy": pimc_label(policy), "deals": len(seconds),
                        "median_seconds": float(np.median(seconds)), "mean_seconds": float(seconds.mean()),
                        "ci_low": float(seconds.mean() - half), "ci_high": float(seconds.mean() + half)})
        ratio, low, high = _ratio_ci(self.before_seconds, self.after_seconds)
        out.append({"setting": "before / after", "policy": "ratio of the mean seconds", "deals": len(self.after_seconds),
                    "median_seconds": float(np.median(self.before_seconds / self.after_seconds)),
                    "mean_seconds": ratio, "ci_low": low, "ci_high": high})
        return out


def pimc_label(policy: SeatPolicy) -> str:
    """pimc's sampling and scoring parameters as the ladder takes them (its bidding is the heuristic's)."""
    keys = ("samples", "window", "node_budget", "stop_z", "stop_after")
    return "pimc:" + ":".join(f"{key}={policy.value(key):g}" for key in keys)


def _ratio_ci(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float]:
    """mean(a) / mean(b) and its 95% CI (delta method, a and b paired)."""
    n = len(a)
    ratio = float(a.mean() / b.mean())
    if n < 2:
        return ratio, float("nan"), float("nan")
    residual = (a - ratio * b) / b.mean()
    half = 1.96 * residual.std(ddof=1) / np.sqrt(n)
    return ratio, ratio - half, ratio + half


def pimc_pair_times(deals: int = 24, seed: int = PIMC_SEED, before: SeatPolicy | None = None,
                    after: SeatPolicy | None = None) -> PimcPair:
    """Both settings play each deal in turn with pimc in all four seats, on one thread, one deal at a
    time (before, after, before, after, ...: the machine's load falls on both alike); each deal's
    time is the process's CPU seconds. The first deal is played once by each before timing (the
    numba cache loads or compiles)."""
    import numba

    rs = load_ruleset()
    before = before or make_seat_policy("pimc", PIMC_BEFORE)
    after = after or make_seat_policy("pimc")
    numba.set_num_threads(1)
    times = np.zeros((2, deals))
    for index, policy in enumerate((before, after)):
        simulate(RunConfig(rs, (policy,) * 4, seed=seed + 1, deals=1, threads=1))
    for deal in range(deals):
        for index, policy in enumerate((before, after)):
            started = time.process_time()
            simulate(RunConfig(rs, (policy,) * 4, seed=seed, deals=1, first_deal=deal, threads=1))
            times[index, deal] = time.process_time() - started
    return PimcPair(before, after, times[0], times[1])
