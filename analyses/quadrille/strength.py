"""How strong each fast card play is against pimc, from a shipped, stamped measurement.

The report's verdicts are best responses to the card play its maps were played with, so its first
page says how far that play stands from the strongest reference spadille has: pimc, in the ladder's
team mode (the policy plays a whole team of each deal, the ombre and his friend or every defender,
pimc the other team and every bid; ``analyses/quadrille/ladder_team.py``). That ladder costs an
hour of two cores, far past a report's budget, so it is measured once and shipped with its command,
seed and version (``strength_against_pimc.json``); the report reads it, and says where a play was
never measured. A policy measured in another run carries its own ``stamp`` (its command, date and
version), which stands over the file's for that policy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import pandas as pd

FILE = "strength_against_pimc.json"
CELL_COLUMNS = ["contract", "role", "deals", "n", "gain", "ci_low", "ci_high"]


@dataclass(frozen=True)
class Strength:
    policy: str            # the policy's name, as the registry knows it
    described: str         # its full description in the measured run
    cells: pd.DataFrame    # CELL_COLUMNS: each (contract, role)'s gain against pimc, jetons a deal a seat
    overall: tuple[float, float, float, int]   # gain, ci_low, ci_high, n (seat-deals, contracts weighted)
    stamp: dict


@cache
def _shipped() -> dict:
    return json.loads(resources.files("spadille.analyses.quadrille").joinpath(FILE).read_text(encoding="utf-8"))


def measured(policy: str) -> Strength | None:
    """The shipped measurement of ``policy`` (its registry name), or None where it was never measured."""
    shipped = _shipped()
    for entry in shipped["policies"]:
        if entry["name"] == policy:
            cells = pd.DataFrame.from_records(entry["by_contract_role"], columns=CELL_COLUMNS)
            return Strength(policy, entry["policy"], cells,
                            (entry["gain"], entry["ci_low"], entry["ci_high"], entry["n"]),
                            {**shipped["stamp"], **entry.get("stamp", {})})
    return None


def cell(strength: Strength, contract: str, role: str) -> tuple[float, float, float, int] | None:
    rows = strength.cells[(strength.cells["contract"] == contract) & (strength.cells["role"] == role)]
    if rows.empty:
        return None
    row = rows.iloc[0]
    return float(row["gain"]), float(row["ci_low"]), float(row["ci_high"]), int(row["n"])


def shipped_policies() -> list[str]:
    """The names of the policies the shipped file measured."""
    return [entry["name"] for entry in _shipped()["policies"]]


def defence(policy: str, contract: str) -> tuple[float, float, float, int] | None:
    """The play's defenders' gain against pimc in ``contract``, or None where not measured."""
    strength = measured(policy)
    return None if strength is None else cell(strength, contract, "defender")
