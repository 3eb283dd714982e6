"""`evaluate reversis`: every discard open to one hand and the decision to go for the reversis,
each replayed on the same deals of the other cards, ranked with paired 95% intervals.

The hand is the one dealt (11 cards; the dealer's 12). The actions: the heuristic's own choices
(the reference row), the heuristic with each possible discard forced, and the heuristic going for
the reversis after taking the first 5, 7 or 9 tricks. The other seats play the heuristic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from spadille.kernel.common.errors import SimulationError

from . import layout as L
from .cards import ReversisCardError, cards_of, format_card, kernel_tables
from .policies import parse_policy
from .ruleset import ReversisRuleset
from .simulate import MAX_SEED

POSITION_NAMES = ("eldest", "second", "third", "dealer")
REVERSIS_THRESHOLDS = (5, 7, 9)
EVALUATED_POLICIES = ("heuristic", "strong")


@dataclass(frozen=True)
class Evaluation:
    labels: list[str]
    nets: np.ndarray          # int64[n_actions, deals]: the seat's net per deal under each action
    position: int
    hand: int
    deals: int
    seed: int


def evaluate_hand(rules: ReversisRuleset, hand: int, position: str = "eldest", deals: int = 4000, seed: int = 0,
                  threads: int | None = None, policy: str = "heuristic") -> Evaluation:
    """Every action of ``hand`` under ``policy`` (heuristic or strong: its own choices, each discard
    forced, going for the reversis), the other seats playing the same policy."""
    from ._evaluate import evaluate_actions
    from .rules import rule_vector

    if position not in POSITION_NAMES:
        raise SimulationError(f"unknown position {position!r}; positions: {', '.join(POSITION_NAMES)}")
    pos = POSITION_NAMES.index(position)
    held = cards_of(hand)
    size = 12 if pos == 3 else 11
    if len(held) != size:
        raise ReversisCardError(f"the {position} holds {size} cards as dealt, not {len(held)}")
    if not 1 <= deals <= 10_000_000:
        raise SimulationError(f"--deals must be between 1 and 10,000,000, not {deals}")
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    import numba

    numba.set_num_threads(threads or numba.config.NUMBA_NUM_THREADS)
    if policy not in EVALUATED_POLICIES:
        raise SimulationError(f"evaluate plays {' or '.join(EVALUATED_POLICIES)}, not {policy!r}")
    labels = [f"the {policy} policy's own discard and play"]
    policies = [parse_policy(policy)]
    for c in held:
        labels.append(f"discard {format_card(c)}")
        policies.append(parse_policy(f"{policy}:force_discard={c}"))
    for n in REVERSIS_THRESHOLDS:
        labels.append(f"go for the reversis after {n} tricks")
        policies.append(parse_policy(f"{policy}:reversis_from={n}"))
    action_ids = np.array([p.policy_id for p in policies], dtype=np.int64)
    action_params = np.array([p.row() for p in policies], dtype=np.int64)
    others = parse_policy(policy)
    ids = np.full(4, others.policy_id, dtype=np.int64)
    params = np.array([others.row()] * 4, dtype=np.int64)
    suit_masks, points = kernel_tables()
    out = np.zeros((len(policies), deals), dtype=np.int64)
    evaluate_actions(seed, deals, pos, np.uint64(hand), action_ids, action_params, ids, params, rule_vector(rules),
                     suit_masks, points, 4 * rules["pool.opening_per_player"], out)
    return Evaluation(labels, out, pos, hand, deals, seed)
