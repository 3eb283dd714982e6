"""Révertier's policies by name (docs/revertier.md, "Policies"): the registry the command line,
the docs and the tests read. Each spec names the kernel's policy code (``layout.POLICY_*``), which
both engines take: the jitted functions of ``_policies.py`` / ``_greedy.py`` and the reference's
``reference/policies.py``. Plain Python, no numba, so ``spadille --help`` stays instant.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.kernel.common.errors import SimulationError

from . import layout as C


class RevertierPolicyError(SimulationError):
    """A policy name the engine does not know; one sentence for the user."""


@dataclass(frozen=True)
class PolicySpec:
    name: str
    kernel_id: int        # layout.POLICY_*
    summary: str
    draws: bool = False   # draws from its seat's random stream


POLICIES: dict[str, PolicySpec] = {spec.name: spec for spec in (
    PolicySpec("random", C.POLICY_RANDOM, "a uniform play among the throw's candidates", draws=True),
    PolicySpec("heuristic", C.POLICY_HEURISTIC,
               "die by die, each move by its own score of pips, blots, made points and closed entries"),
    PolicySpec("expectimax", C.POLICY_EXPECTIMAX, "one throw of lookahead: the best worst reply, weighted over the 21 throws"),
    PolicySpec("hitter", C.POLICY_HITTER, "the candidate that hits the most enemy men, then the highest H"),
    PolicySpec("runner", C.POLICY_RUNNER, "the candidate that hits the fewest enemy men, then the highest H"),
    PolicySpec("heuristic-full", C.POLICY_HEURISTIC_FULL,
               "the throw's candidate of highest score H (the same four terms, on the whole position)"),
)}
DEFAULT_POLICY = "heuristic"
# The registry lists the policies in the order of the kernel's codes, which the messages follow.
assert [(spec.name, spec.kernel_id) for spec in POLICIES.values()] == list(zip(C.POLICY_NAMES, range(len(POLICIES))))


def policy_code(name: str) -> int:
    """The kernel's code of policy ``name``; RevertierPolicyError for a name it does not know."""
    if name not in POLICIES:
        raise RevertierPolicyError(f"unknown Révertier policy {name!r} (policies: {', '.join(POLICIES)})")
    return POLICIES[name].kernel_id
