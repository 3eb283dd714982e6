"""How strong each fast card play is against pimc, from a shipped, stamped measurement.

The report's verdicts are best responses to the card play its maps were played with, so its first
page says how far that play stands from the strongest reference spadille has: pimc, in the ladder's
team mode (the policy plays a whole team of each deal, the ombre and his friend or every defender,
pimc the other team and every bid; ``analyses/quadrille/ladder_team.py``). That ladder costs an
hour of two cores, far past a report's budget, so it is measured once and shipped with its command,
seed and version (``strength_against_pimc.json``); the report reads it, and says where a play was
never measured. A policy measured in another run carries its own ``stamp`` (its command, date and
version), which stands over the file's for that policy. A policy measured in several runs on
independent deals (other seeds) lists them under ``runs``, each with its own cells and stamp; it is
read as their pooled estimate: each cell the runs' mean weighted by their deals, its interval from
their standard errors (normal, as the runs' own intervals are).
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
            figures = pooled(entry["runs"]) if "runs" in entry else entry
            cells = pd.DataFrame.from_records(figures["by_contract_role"], columns=CELL_COLUMNS)
            return Strength(policy, entry["policy"], cells,
                            (figures["gain"], figures["ci_low"], figures["ci_high"], figures["n"]),
                            {**shipped["stamp"], **entry.get("stamp", {})})
    return None


def pooled(runs: list[dict]) -> dict:
    """Runs of one policy on independent deals as one measurement: each cell (and the overall figure)
    the runs' mean weighted by their deals, its 95% interval from the runs' standard errors (each
    read back from its own interval). Cells are matched by contract and role; a cell missing from
    a run is pooled over the runs that have it."""
    from spadille.analyses.stats import z_value

    z = z_value()

    def pool(figures: list[dict]) -> dict:
        deals = sum(f["deals"] for f in figures)
        weights = [f["deals"] / deals for f in figures]
        gain = sum(w * f["gain"] for w, f in zip(weights, figures))
        error = sum((w * (f["ci_high"] - f["ci_low"]) / (2 * z)) ** 2 for w, f in zip(weights, figures)) ** 0.5
        return {"deals": deals, "n": sum(f["n"] for f in figures), "gain": gain,
                "ci_low": gain - z * error, "ci_high": gain + z * error}

    if not runs:
        raise ValueError("a pooled measurement needs one run at least")
    keys = list(dict.fromkeys((c["contract"], c["role"]) for run in runs for c in run["by_contract_role"]))
    cells = [{"contract": contract, "role": role,
              **pool([c for run in runs for c in run["by_contract_role"] if (c["contract"], c["role"]) == (contract, role)])}
             for contract, role in keys]
    return {**pool(runs), "by_contract_role": cells}


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
