"""Draw the hidden hands for PIMC: K deals uniform among those consistent with a seat's knowledge.

``sample_worlds(knowledge, k, state)`` returns uint64[k, n_seats]: world w gives every seat's
hand, the observer's own included, in the ordered encoding of ``knowledge.trump`` (the
encoding the kernel plays in; see knowledge.py for how the knowledge is derived).
``count_worlds(knowledge)`` is the exact number of consistent deals (a Python int). The sampler
itself knows no game: kernel/common/worlds.py (``sample_hands``, ``count_hands``).
"""

from __future__ import annotations

import numpy as np

from spadille.kernel.common.worlds import MAX_WORLDS, NoConsistentWorld, WorldsError, count_hands, sample_hands

from .knowledge import Knowledge

__all__ = ["MAX_WORLDS", "NoConsistentWorld", "WorldsError", "count_hands", "count_worlds", "sample_hands",
           "sample_worlds"]


def count_worlds(knowledge: Knowledge) -> int:
    """Exact number of deals consistent with ``knowledge``."""
    return count_hands(knowledge.observer, knowledge.own_hand, knowledge.unseen, knowledge.counts, knowledge.excluded)


def sample_worlds(knowledge: Knowledge, k: int, state: np.ndarray) -> np.ndarray:
    """uint64[k, n_seats]: k deals uniform among those consistent with ``knowledge`` (ordered encoding)."""
    return sample_hands(knowledge.observer, knowledge.own_hand, knowledge.unseen, knowledge.counts,
                        knowledge.excluded, k, state)
