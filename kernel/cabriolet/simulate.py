"""The public Monte Carlo API of Cabriolet: check, allocate, call the jitted kernels by batches.

* ``holding_counts``: deals of the card game, how often each seat, someone, and two or more
  players hold each case (compare with ``exact``).
* ``throw_counts``: throws of three dice, by outcome of the face map (compare with ``dice``).
* ``run_sessions``: sessions of many rounds with the board carried over, for several covering
  policies of the focal seat (seat 0) on the same deals, so their differences are paired.

Deal k of seed s is the same whatever ``threads`` or batch size (kernel/common/_rng.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.common.version import package_version

from . import _session as S
from . import layout as L
from .cards import kernel_masks
from .policies import NEVER_PLAYS, cover_mask
from .ruleset import CabrioletRuleset

MAX_SEED = 2**63 - 1
MAX_DEALS = 10**11


def _check_common(seed: int, count: int, what: str, threads: int | None) -> None:
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    if not 1 <= count <= MAX_DEALS:
        raise SimulationError(f"--{what} must be between 1 and {MAX_DEALS:,}, not {count}")
    import numba

    if threads is not None and not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
        raise SimulationError(f"--threads must be between 1 and the {numba.config.NUMBA_NUM_THREADS} this machine "
                              f"runs, not {threads}")
    numba.set_num_threads(threads if threads is not None else numba.config.NUMBA_NUM_THREADS)


def holding_counts(ruleset: CabrioletRuleset, n_players: int, deals: int, seed: int,
                   threads: int | None = None, chunk: int = 4096) -> np.ndarray:
    """int64[layout.N_COUNT_COLS]: counts over deals 0..deals-1 of ``seed`` (see _deal)."""
    from ._deal import count_holdings

    ruleset.check_players(n_players)
    _check_common(seed, deals, "deals", threads)
    ranks, suits = kernel_masks()
    out = np.zeros(((deals + chunk - 1) // chunk, L.N_COUNT_COLS), dtype=np.int64)
    count_holdings(seed, 0, deals, n_players, chunk, ranks, suits, int(ruleset["cases.confiance_same_suit"]),
                   int(ruleset["cases.parts_of_mariage"]), out)
    return out.sum(axis=0)


def throw_counts(ruleset: CabrioletRuleset, throws: int, seed: int, threads: int | None = None,
                 chunk: int = 65536) -> np.ndarray:
    """int64[10]: throws 0..throws-1 of ``seed`` by outcome (dice.OUTCOMES)."""
    from ._deal import count_throws
    from .dice import OUTCOMES, throw_table

    _check_common(seed, throws, "throws", threads)
    out = np.zeros(((throws + chunk - 1) // chunk, len(OUTCOMES)), dtype=np.int64)
    count_throws(seed, 0, throws, chunk, throw_table(ruleset), len(OUTCOMES), out)
    return out.sum(axis=0)


def rule_vector(ruleset: CabrioletRuleset) -> np.ndarray:
    rules = np.zeros(L.N_RULES, dtype=np.int64)
    rules[L.R_STAKE] = ruleset["board.stake"]
    rules[L.R_RESTAKE_EVERY] = ruleset["board.restake"] == "every-deal"
    rules[L.R_CONFIANCE_SAME] = ruleset["cases.confiance_same_suit"]
    rules[L.R_PARTS] = ruleset["cases.parts_of_mariage"]
    rules[L.R_SWEEP_ALL] = ruleset["cases.cabriolet_sweep"] == "all"
    rules[L.R_ACES_ANY] = ruleset["cases.aces_requires"] == "none"
    rules[L.R_ACES_PAY] = ruleset["cases.aces_payment"]
    rules[L.R_OPPOSITION] = ruleset["declare.opposition"]
    rules[L.R_OPPOSER_COVER] = ruleset["declare.opposer_must_cover"]
    rules[L.R_ELDEST_ONLY] = ruleset["play.who"] == "eldest-only"
    rules[L.R_MOST_TRICKS] = ruleset["play.win_condition"] == "most-tricks"
    rules[L.R_MUST_TRUMP] = ruleset["play.must_trump"]
    rules[L.R_EXCHANGE] = ruleset["declare.exchange"] == "one-call"
    return rules


def _check_sessions(config) -> None:
    """What card and dice sessions check alike: table size, seed, sessions, rounds, the covers."""
    config.ruleset.check_players(config.n_players)
    _check_common(config.seed, config.sessions, "sessions", config.threads)
    if config.first_session < 0:
        raise SimulationError(f"the first session must be 0 or more, not {config.first_session}")
    if not 1 <= config.rounds <= 10_000:
        raise SimulationError(f"--rounds must be between 1 and 10,000, not {config.rounds}")
    if not config.variants:
        raise SimulationError("give at least one covering policy")
    if len(set(config.variants)) != len(config.variants):
        raise SimulationError("a covering policy is given twice")
    for text in (*config.variants, config.others):
        cover_mask(text)


@dataclass(frozen=True)
class SessionConfig:
    """Sessions of ``rounds`` deals at a table of ``n_players``. ``variants`` are the focal
    seat's (seat 0) covering policies, compared on the same deals; the other seats cover
    ``others``. Every seat plays for the jeu when it holds ``play_threshold`` trumps or more."""

    ruleset: CabrioletRuleset
    n_players: int = 4
    seed: int = 0
    sessions: int = 10_000
    rounds: int = 20
    variants: tuple[str, ...] = ("all", "jeu", "figures")
    others: str = "all"
    play_threshold: int = 3
    threads: int | None = None
    first_session: int = 0      # sessions first_session .. first_session + sessions - 1 (a block of a longer run)

    def validate(self) -> None:
        _check_sessions(self)
        if not 0 <= self.play_threshold <= NEVER_PLAYS:
            raise SimulationError(f"--play-threshold must be between 0 and {NEVER_PLAYS} trumps, not "
                                  f"{self.play_threshold}")

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        n, v = self.n_players, len(self.variants)
        covers = np.full((v, n), cover_mask(self.others), dtype=np.int64)
        covers[:, 0] = [cover_mask(t) for t in self.variants]
        thresholds = np.full((v, n), self.play_threshold, dtype=np.int64)
        return covers, thresholds

    def metadata(self) -> dict:
        return {
            "spadille_version": package_version(), "game": "cabriolet", "seed": self.seed,
            "ruleset": self.ruleset.name, "ruleset_sha256": self.ruleset.sha256,
            "ruleset_overrides": dict(self.ruleset.overrides), "players": self.n_players,
            "sessions": self.sessions, "rounds": self.rounds,
            "policies": {"focal_covering": list(self.variants), "others_covering": self.others,
                         "play": f"play for the jeu with >= {self.play_threshold} trumps; greedy card play"},
        }


@dataclass
class SessionResult:
    """Sessions played (card or dice): ``rows`` holds int64[sessions, V, n_out] batches."""

    config: object
    n_out: int
    rows: list[np.ndarray] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def out(self) -> np.ndarray:
        if not self.rows:
            return np.zeros((0, len(self.config.variants), self.n_out), dtype=np.int64)
        return np.concatenate(self.rows)

    @property
    def sessions_done(self) -> int:
        return sum(len(r) for r in self.rows)


DiceSessionResult = SessionResult  # the same container; its config is a DiceSessionConfig


def _play_batches(config, n_out: int, play: Callable[[int, int, np.ndarray], None],
                  progress: Callable[[int], None] | None, batch: int,
                  on_batch: Callable[[int, np.ndarray], None] | None) -> SessionResult:
    """The config's sessions batch by batch through ``play(first, count, out)``; ``progress(n)``
    after each; KeyboardInterrupt between batches ends the run with ``interrupted``."""
    result = SessionResult(config, n_out)
    start = time.perf_counter()
    try:
        for first in range(config.first_session, config.first_session + config.sessions, batch):
            count = min(batch, config.first_session + config.sessions - first)
            out = np.zeros((count, len(config.variants), n_out), dtype=np.int64)
            play(first, count, out)
            result.rows.append(out)
            if on_batch is not None:
                on_batch(first, out)
            if progress is not None:
                progress(count)
    except KeyboardInterrupt:
        result.interrupted = result.sessions_done < config.sessions   # not when the last batch was done
    result.seconds = time.perf_counter() - start
    return result


def run_sessions(config: SessionConfig, progress: Callable[[int], None] | None = None,
                 batch: int = 8192, on_batch: Callable[[int, np.ndarray], None] | None = None) -> SessionResult:
    """Play the sessions batch by batch (``progress(n)`` after each, with n sessions done).
    KeyboardInterrupt between batches ends the run early with ``interrupted``."""
    config.validate()
    ranks, suits = kernel_masks()
    covers, thresholds = config.arrays()
    rules = rule_vector(config.ruleset)

    def play(first: int, count: int, out: np.ndarray) -> None:
        S.play_sessions(config.seed, first, count, config.rounds, config.n_players, covers, thresholds, rules,
                        ranks, suits, out)
    return _play_batches(config, L.N_OUT, play, progress, batch, on_batch)


# ---------------------------------------------------------------- the dice game

def dice_rule_vector(ruleset: CabrioletRuleset) -> np.ndarray:
    rules = np.zeros(L.N_DICE_RULES, dtype=np.int64)
    rules[L.D_STAKE] = ruleset["board.stake"]
    rules[L.D_RESTAKE_EVERY] = ruleset["board.restake"] == "every-deal"
    rules[L.D_SWEEP_ALL] = ruleset["dice.cabriolet_sweep"] == "all"
    rules[L.D_COLLECT_ANY] = ruleset["dice.collect"] == "any"
    rules[L.D_OTHER_PAY] = ruleset["dice.other_payment"]
    return rules


@dataclass(frozen=True)
class DiceSessionConfig:
    """Sessions of ``rounds`` rounds of throws at a table of ``n_players``. ``variants`` are the
    focal seat's (seat 0) covering policies, replayed on the same throws; the other seats cover
    ``others``."""

    ruleset: CabrioletRuleset
    n_players: int = 4
    seed: int = 0
    sessions: int = 10_000
    rounds: int = 20
    variants: tuple[str, ...] = ("all", "jeu", "figures")
    others: str = "all"
    threads: int | None = None
    first_session: int = 0      # as SessionConfig's

    def validate(self) -> None:
        _check_sessions(self)

    def covers(self) -> np.ndarray:
        covers = np.full((len(self.variants), self.n_players), cover_mask(self.others), dtype=np.int64)
        covers[:, 0] = [cover_mask(t) for t in self.variants]
        return covers

    def metadata(self) -> dict:
        return {
            "spadille_version": package_version(), "game": "cabriolet-dice", "seed": self.seed,
            "ruleset": self.ruleset.name, "ruleset_sha256": self.ruleset.sha256,
            "ruleset_overrides": dict(self.ruleset.overrides), "players": self.n_players,
            "sessions": self.sessions, "rounds": self.rounds,
            "policies": {"focal_covering": list(self.variants), "others_covering": self.others},
        }


def run_dice_sessions(config: DiceSessionConfig, progress: Callable[[int], None] | None = None,
                      batch: int = 8192,
                      on_batch: Callable[[int, np.ndarray], None] | None = None) -> SessionResult:
    """Play the dice sessions batch by batch, as ``run_sessions`` does the card game."""
    from . import _dice_session as DS
    from .dice import throw_table

    config.validate()
    covers = config.covers()
    rules = dice_rule_vector(config.ruleset)
    table = throw_table(config.ruleset)

    def play(first: int, count: int, out: np.ndarray) -> None:
        DS.play_dice_sessions(config.seed, first, count, config.rounds, config.n_players, covers, rules, table, out)
    return _play_batches(config, L.N_DICE_OUT, play, progress, batch, on_batch)


def play_dice_script(ruleset: CabrioletRuleset, n_players: int, outcomes: list[str], rounds: int,
                     covers: list[str] | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """One session whose throws are ``outcomes`` (names of dice.OUTCOMES, reused in a cycle if
    the session needs more) instead of dice: (row int64[N_OUT], board int64[9], throws made).
    ``covers``: each seat's covering policy (default all). For tests and worked examples."""
    from . import _dice_session as DS
    from .dice import OUTCOMES, throw_table

    ruleset.check_players(n_players)
    covers = covers or ["all"] * n_players
    if len(covers) != n_players:
        raise SimulationError(f"give one covering per seat ({n_players}), not {len(covers)}")
    unknown = [o for o in outcomes if o not in OUTCOMES]
    if unknown or not outcomes:
        raise SimulationError(f"script outcomes must be among {', '.join(OUTCOMES)}; got {unknown or 'none'}")
    script = np.array([OUTCOMES.index(o) for o in outcomes], dtype=np.int64)
    row = np.zeros(L.N_DICE_OUT, dtype=np.int64)
    board = np.zeros(L.N_CASES, dtype=np.int64)
    state = np.zeros(2, dtype=np.uint64)
    made = DS.play_session(state, throw_table(ruleset), script, rounds, n_players,
                           np.array([cover_mask(c) for c in covers], dtype=np.int64), dice_rule_vector(ruleset),
                           board, np.zeros(6, dtype=np.int64), row)
    return row, board, int(made)
