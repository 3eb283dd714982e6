"""The public Monte Carlo API of Révertier (reconstructed): check, allocate, call the jitted
kernel by batches.

* ``GameConfig``: a run's ruleset, seed, number of games and the two seats' policies.
* ``run_games``: games 0..games-1 of the seed, batch by batch, with a progress callback and
  Ctrl-C between batches; per-game rows (``_game.N_OUT`` columns, docs/revertier.md).
* ``trace_game``: one game throw by throw (``show revertier``).

Game k of seed s is the same whatever ``threads`` or batch size (kernel/common/_rng.py), and its
dice are the same whatever the policies (each seat draws from its own stream).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.common.version import package_version

from . import layout as C
from .policies import RevertierPolicyError, policy_code
from .reference.evaluate import WEIGHTS
from .ruleset import RevertierRuleset

MAX_SEED = 2**63 - 1
MAX_GAMES = 10**10


def weights() -> np.ndarray:
    return np.array(WEIGHTS, dtype=np.int64)


def set_threads(threads: int | None) -> None:
    import numba

    if threads is not None and not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
        raise SimulationError(f"--threads must be between 1 and the {numba.config.NUMBA_NUM_THREADS} this machine "
                              f"runs, not {threads}")
    numba.set_num_threads(threads if threads is not None else numba.config.NUMBA_NUM_THREADS)


@dataclass(frozen=True)
class GameConfig:
    """``games`` games of ``seed`` under ``ruleset``; seat 0 plays ``policies[0]``, seat 1 ``policies[1]``."""

    ruleset: RevertierRuleset
    seed: int = 0
    games: int = 10_000
    policies: tuple[str, str] = ("heuristic", "heuristic")
    threads: int | None = None
    first_game: int = 0

    def validate(self) -> None:
        if not 0 <= self.seed <= MAX_SEED:
            raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {self.seed}")
        if not 1 <= self.games <= MAX_GAMES:
            raise SimulationError(f"--games must be between 1 and {MAX_GAMES:,}, not {self.games}")
        if len(self.policies) != 2:
            raise RevertierPolicyError(f"give one policy per seat (two), not {len(self.policies)}")
        for name in self.policies:
            policy_code(name)
        set_threads(self.threads)

    def metadata(self) -> dict:
        rules = self.ruleset
        return {
            "spadille_version": package_version(), "game": "revertier", "reconstructed": True,
            "seed": self.seed, "games": self.games, "ruleset": rules.name, "preset": rules.preset or "",
            "ruleset_sha256": rules.sha256, "ruleset_overrides": dict(rules.overrides),
            "switches": {r.key: r.value for r in rules.switches()}, "men": rules["board.men"],
            "policies": {"seat0": self.policies[0], "seat1": self.policies[1]},
            "heuristic_weights": list(WEIGHTS),
        }


@dataclass
class GamesResult:
    config: GameConfig
    rows: list[np.ndarray] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0      # the process's CPU time: the fair one-core figure on a shared machine
    interrupted: bool = False

    @property
    def out(self) -> np.ndarray:
        if not self.rows:
            from ._game import N_OUT

            return np.zeros((0, N_OUT), dtype=np.int64)
        return np.concatenate(self.rows)

    @property
    def games_done(self) -> int:
        return sum(len(r) for r in self.rows)


def default_batch(config: GameConfig) -> int:
    per_second = {"random": 2000, "heuristic": 50_000, "heuristic-full": 2000, "hitter": 2000, "runner": 2000,
                  "expectimax": 20}
    return max(16, min(per_second[p] for p in config.policies))


def run_games(config: GameConfig, progress: Callable[[int], None] | None = None, batch: int | None = None,
              on_batch: Callable[[int, np.ndarray], None] | None = None, chunk: int | None = None) -> GamesResult:
    """Play the games batch by batch; ``progress(n)`` after each batch (it may raise
    KeyboardInterrupt: the run then ends with what finished, ``interrupted`` set)."""
    from ._game import N_OUT, OVERFLOW, play_games

    config.validate()
    codes = config.ruleset.codes()
    policy0, policy1 = (policy_code(p) for p in config.policies)
    batch = batch or default_batch(config)
    if chunk is None:   # a task builds its workspaces once: a few tasks per thread and batch
        import numba

        chunk = max(1, -(-batch // (4 * numba.get_num_threads())))
    result = GamesResult(config)
    start, cpu_start = time.perf_counter(), time.process_time()
    try:
        for first in range(0, config.games, batch):
            count = min(batch, config.games - first)
            out = np.zeros((count, N_OUT), dtype=np.int64)
            play_games(config.seed, config.first_game + first, count, policy0, policy1, codes, weights(),
                       chunk, out)
            if out[:, OVERFLOW].any():
                raise SimulationError("a throw had more distinct plays than the engine's workspace holds; "
                                      "this is a bug, please report the seed")
            result.rows.append(out)
            if on_batch is not None:
                on_batch(config.first_game + first, out)
            if progress is not None:
                progress(count)
    except KeyboardInterrupt:
        result.interrupted = result.games_done < config.games   # not when the last batch was done
    result.seconds = time.perf_counter() - start
    result.cpu_seconds = time.process_time() - cpu_start
    return result


def trace_game(ruleset: RevertierRuleset, seed: int, game: int, policies: tuple[str, str]):
    """(row int64[N_OUT], trace int8[throws, 3 + 54]) of one game: each throw's mover, dice and
    the board after it (seat 0's 27 slots, then seat 1's)."""
    from ._board import SLOTS
    from ._game import MAX_ROLLS, N_OUT, play_game
    from ._moves import CAPACITY, make_workspace

    GameConfig(ruleset, seed, 1, policies, threads=None, first_game=game).validate()
    if not 0 <= game < MAX_GAMES:
        raise SimulationError(f"--game must be between 0 and {MAX_GAMES - 1:,}, not {game}")
    row = np.zeros(N_OUT, dtype=np.int64)
    trace = np.zeros((MAX_ROLLS, 3 + 2 * SLOTS), dtype=np.int8)
    recorded = play_game(seed, game, policy_code(policies[0]), policy_code(policies[1]), ruleset.codes(), weights(),
                         make_workspace(), make_workspace(), np.zeros(CAPACITY, np.int64), np.zeros(CAPACITY, np.int64),
                         row, trace)
    return row, trace[:recorded]
