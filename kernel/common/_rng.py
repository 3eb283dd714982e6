"""Counter-based random numbers: deal k of seed s is the same whatever the threads or chunks.

Each deal owns a stream: ``key = mix64(mix64(seed) + k * GAMMA)`` and its j-th draw
(j = 0, 1, ...) is ``mix64(key + (j + 1) * GAMMA)``, with ``mix64`` the SplitMix64
finaliser. Nothing depends on what other deals drew. A stream is carried as
``state = uint64[2]`` = (key, draws so far): randomness is an argument, never ambient.
``below_n(state, n)`` is ``draw % n``; for n <= 64 its bias is under 2**-58.

``draws_python`` is the same stream in plain Python ints, for the reference engine and tests.
"""

import numpy as np
from numba import njit

GAMMA = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB
MASK64 = (1 << 64) - 1

_GAMMA = np.uint64(GAMMA)
_M1 = np.uint64(M1)
_M2 = np.uint64(M2)


@njit(inline="always", cache=True)
def mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(inline="always", cache=True)
def seed_deal(state, seed, deal):
    state[0] = mix64(mix64(np.uint64(seed)) + np.uint64(deal) * _GAMMA)
    state[1] = np.uint64(0)


@njit(inline="always", cache=True)
def draw(state):
    state[1] += np.uint64(1)
    return mix64(state[0] + state[1] * _GAMMA)


@njit(inline="always", cache=True)
def below_n(state, n):
    return np.int64(draw(state) % np.uint64(n))


def mix64_python(z: int) -> int:
    z &= MASK64
    z = ((z ^ (z >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    return z ^ (z >> 31)


class PythonStream:
    """The same per-deal stream in plain Python (slow, readable, for the reference engine)."""

    def __init__(self, seed: int, deal: int) -> None:
        self.key = mix64_python(mix64_python(seed) + deal * GAMMA)
        self.count = 0

    def draw(self) -> int:
        self.count += 1
        return mix64_python(self.key + self.count * GAMMA)

    def below(self, n: int) -> int:
        return self.draw() % n
