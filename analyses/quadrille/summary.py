"""Summaries of a run from the kernel's aggregates, as tidy (long) DataFrames.

Every function returns one row per (group, measure) with the same estimate columns:
``n`` (the observations behind the estimate), ``estimate``, ``stderr``, ``ci_low`` and
``ci_high`` (95%). A measure's ``kind`` says how it was estimated: ``rate`` (a share,
Wilson interval) or ``mean`` (normal interval from the sum and sum of squares).

They read only ``result.by_contract``, ``result.by_seat``, ``result.deals_done`` and the
seat count of ``result.config.ruleset``, so they work on any ``RunResult`` (or on partial
sums of batches) without the per-deal rows.
"""

from __future__ import annotations

import math

import pandas as pd

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES

from spadille.analyses.stats import mean_interval, wilson_interval

ESTIMATE_COLUMNS = ["n", "estimate", "stderr", "ci_low", "ci_high"]
ALL_SEATS = "all"

# measure name -> (kind, numerator stat) for rates; (kind, sum stat, sum-of-squares stat) for means
OUTCOME_MEASURES: dict[str, tuple] = {
    "win": ("rate", L.S_WIN),
    "remise": ("rate", L.S_REMISE),
    "codille": ("rate", L.S_CODILLE),
    "vole_undertaken": ("rate", L.S_VOLE_UNDERTAKEN),
    "vole_made": ("rate", L.S_VOLE_MADE),
    "ombre_payment": ("mean", L.S_OMBRE_PAY, L.S_OMBRE_PAY_SQ),
    "side_payment": ("mean", L.S_SIDE_PAY, L.S_SIDE_PAY_SQ),
}


def seat_names(result) -> tuple[str, ...]:
    return SEAT_NAMES[result.config.ruleset["pack.seats"]]


def rate_row(successes: int, n: int) -> dict[str, float]:
    share, low, high = wilson_interval(successes, n)
    stderr = math.sqrt(share * (1.0 - share) / n) if n else math.nan
    return {"kind": "rate", "n": int(n), "estimate": share, "stderr": stderr, "ci_low": low, "ci_high": high}


def mean_row(n: int, total: int, total_sq: int) -> dict[str, float]:
    mean, stderr, low, high = mean_interval(n, total, total_sq)
    return {"kind": "mean", "n": int(n), "estimate": mean, "stderr": stderr, "ci_low": low, "ci_high": high}


def _frame(records: list[dict], keys: list[str]) -> pd.DataFrame:
    columns = keys + ["measure", "kind"] + ESTIMATE_COLUMNS
    frame = pd.DataFrame.from_records(records, columns=columns)
    return frame.astype({"n": "int64"})


def contract_summary(result) -> pd.DataFrame:
    """How often each contract was played (``count``), as a share of all deals done."""
    per_contract = result.by_contract[:, :, L.S_N].sum(axis=1)
    records = [{"contract": name, "measure": "share", **rate_row(per_contract[code], result.deals_done)}
               for code, name in enumerate(L.CONTRACT_NAMES)]
    frame = _frame(records, ["contract"])
    frame.insert(1, "count", per_contract[: len(L.CONTRACT_NAMES)].astype("int64"))
    return frame


def outcome_summary(result) -> pd.DataFrame:
    """Per contract and per ombre seat (plus ``all`` seats), the outcome rates and the mean
    net payments of the ombre and of his side (ombre plus friend), over the deals played
    under that contract. Contracts never played, and ``none`` (no ombre), are left out."""
    names = seat_names(result)
    records = []
    for code, contract in enumerate(L.CONTRACT_NAMES):
        if code == L.NO_CONTRACT:
            continue
        cells = [(seat, result.by_contract[code, index]) for index, seat in enumerate(names)]
        cells.append((ALL_SEATS, result.by_contract[code, : len(names)].sum(axis=0)))
        if cells[-1][1][L.S_N] == 0:
            continue
        for seat, stats in cells:
            n = int(stats[L.S_N])
            if n == 0:
                continue
            for measure, spec in OUTCOME_MEASURES.items():
                row = rate_row(stats[spec[1]], n) if spec[0] == "rate" else mean_row(n, stats[spec[1]], stats[spec[2]])
                records.append({"contract": contract, "ombre": seat, "measure": measure, **row})
    return _frame(records, ["contract", "ombre"])


def seat_summary(result) -> pd.DataFrame:
    """Per seat, over all deals done: the mean net payment (antes included) and the share of
    deals in which the seat was ombre."""
    records = []
    for index, seat in enumerate(seat_names(result)):
        stats = result.by_seat[index]
        records.append({"seat": seat, "measure": "net_payment",
                        **mean_row(result.deals_done, stats[L.SEAT_PAY], stats[L.SEAT_PAY_SQ])})
        records.append({"seat": seat, "measure": "ombre", **rate_row(stats[L.SEAT_OMBRE], result.deals_done)})
    return _frame(records, ["seat"])
