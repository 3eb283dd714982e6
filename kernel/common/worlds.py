"""Draw the hidden hands of a trick-taking game: deals uniform among those consistent with what a
seat knows, for any game whose knowledge is counts and exclusions (Quadrille's PIMC, the OpenSpiel
adapters' resampling of Quadrille and Reversis).

``sample_hands`` and ``count_hands`` take the raw masks, in any encoding: how many cards each
other seat holds and the cards each cannot hold. A game derives them from what it knows
(Quadrille: kernel/quadrille/search/knowledge.py and worlds.py). These wrappers validate and
allocate; the jitted kernels of ``_worlds.py`` compute. A knowledge no deal satisfies raises NoConsistentWorld on sampling
(counting returns 0): the kernel checks that before drawing, so it never loops.
"""

from __future__ import annotations

import numpy as np

from . import _worlds

MAX_WORLDS = 1_000_000


class NoConsistentWorld(ValueError):
    """No deal of the unseen cards meets the counts and exclusions."""


class WorldsError(ValueError):
    """Arguments the sampler cannot use; one sentence naming the fault."""


def _check_state(state: np.ndarray) -> None:
    if not isinstance(state, np.ndarray) or state.dtype != np.uint64 or state.shape != (2,):
        raise WorldsError("the random state must be a numpy uint64 array of shape (2,) (see kernel/common/_rng.py)")


def _checked(observer: int, own_hand: int, unseen: int, counts, excluded) -> tuple[np.ndarray, np.ndarray]:
    counts = np.ascontiguousarray(counts, dtype=np.int64)
    excluded = np.ascontiguousarray(excluded, dtype=np.uint64)
    n_seats = counts.shape[0]
    if counts.ndim != 1 or excluded.shape != counts.shape or not 2 <= n_seats <= _worlds.MAX_OTHERS + 1:
        raise WorldsError(f"counts and excluded must be two vectors of one entry per seat (2 to {_worlds.MAX_OTHERS + 1})")
    if not 0 <= observer < n_seats:
        raise WorldsError(f"observer seat {observer} is not one of the {n_seats} seats")
    if not 0 <= unseen < 2**64 or not 0 <= own_hand < 2**64:
        raise WorldsError("hands must be 64-bit masks")
    if unseen & own_hand:
        raise WorldsError("a card cannot be both unseen and in the observer's hand")
    others = [s for s in range(n_seats) if s != observer]
    for seat in others:
        if not 0 <= counts[seat] <= _worlds.MAX_HELD:
            raise WorldsError(f"seat {seat} is said to hold {counts[seat]} cards; a hand holds 0 to {_worlds.MAX_HELD}")
    owed = int(sum(counts[s] for s in others))
    n_unseen = bin(unseen).count("1")
    if owed != n_unseen:
        raise WorldsError(f"the other seats hold {owed} cards between them but {n_unseen} cards are unseen")
    return counts, excluded


def count_hands(observer: int, own_hand: int, unseen: int, counts, excluded) -> int:
    """Number of deals of ``unseen`` giving seat s (not the observer) counts[s] cards, none of excluded[s].

    counts: int[n_seats]; excluded: uint64 masks [n_seats]; the observer's entries are ignored.
    """
    counts, excluded = _checked(observer, own_hand, unseen, counts, excluded)
    return int(_worlds.count_worlds(np.int64(observer), np.uint64(unseen), counts, excluded))


def sample_hands(observer: int, own_hand: int, unseen: int, counts, excluded, k: int, state: np.ndarray) -> np.ndarray:
    """k deals drawn independently and exactly uniformly among those ``count_hands`` counts.

    Returns uint64[k, n_seats], the observer's column being own_hand. state: uint64[2] random
    stream (kernel/common/_rng.py), advanced in place. Raises NoConsistentWorld when there is none.
    """
    counts, excluded = _checked(observer, own_hand, unseen, counts, excluded)
    _check_state(state)
    if not isinstance(k, (int, np.integer)) or not 1 <= k <= MAX_WORLDS:
        raise WorldsError(f"the number of worlds must be between 1 and {MAX_WORLDS}, not {k!r}")
    out = np.zeros((int(k), counts.shape[0]), dtype=np.uint64)
    total = _worlds.draw_worlds(np.int64(observer), np.uint64(own_hand), np.uint64(unseen), counts, excluded, state, out)
    if total == 0:
        raise NoConsistentWorld("no deal of the unseen cards agrees with the counts and the exclusions")
    return out
