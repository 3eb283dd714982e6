"""Rich tables for the summaries of ``spadille.analyses.quadrille.summary`` (no computing here).

Laid out to fit 80 columns: rates and payments go to separate tables, and a rate's
interval sits under it.
"""

from __future__ import annotations

import math

import pandas as pd
from rich import box
from rich.table import Table

from spadille.analyses.quadrille.summary import ALL_SEATS

RATE_COLUMNS = (("win", "win"), ("remise", "remise"), ("codille", "codille"), ("vole_made", "vole"))
PAYMENT_COLUMNS = (("ombre_payment", "ombre"), ("side_payment", "side"))


def _percent(share: float) -> str:
    if math.isnan(share):
        return "-"
    value = 100.0 * share
    return f"{value:.2f}" if value < 1.0 else f"{value:.1f}"


def _number(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:+.2f}"


def rate_cell(row: pd.Series, one_line: bool = False) -> str:
    """'58.4%' with its 95% interval '57.3–59.5' beside or under it."""
    interval = f"[dim]{_percent(row['ci_low'])}–{_percent(row['ci_high'])}[/dim]"
    return f"{_percent(row['estimate'])}%{' ' if one_line else chr(10)}{interval}"


def mean_cell(row: pd.Series) -> str:
    """'+3.21 [+2.90, +3.52]'."""
    return f"{_number(row['estimate'])} [dim]\\[{_number(row['ci_low'])}, {_number(row['ci_high'])}][/dim]"


def _table(title: str) -> Table:
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)


def contract_table(contracts: pd.DataFrame) -> Table:
    table = _table("Contracts: share of deals (95% CI)")
    table.add_column("contract")
    table.add_column("deals", justify="right")
    table.add_column("share", justify="right")
    for _, row in contracts.iterrows():
        table.add_row(row["contract"], f"{int(row['count']):,}", rate_cell(row, one_line=True))
    return table


def _contract_rows(outcomes: pd.DataFrame):
    """(label, cells by measure, last row of its contract): per contract first its ``all``
    row, labelled with the contract's name, then one indented row per ombre seat."""
    for contract, by_contract in outcomes.groupby("contract", sort=False):
        seats = [(ombre, cells.set_index("measure")) for ombre, cells in by_contract.groupby("ombre", sort=False)]
        seats.sort(key=lambda item: item[0] != ALL_SEATS)  # stable: `all` first, seats in order
        for position, (ombre, cells) in enumerate(seats):
            label = f"[bold]{contract}[/bold]" if ombre == ALL_SEATS else f"  {ombre}"
            yield label, cells, position + 1 == len(seats)


def _outcome_table(title: str, outcomes: pd.DataFrame, columns, cell) -> Table:
    table = _table(title)
    table.add_column("contract / ombre")
    table.add_column("n", justify="right")
    for _, header in columns:
        table.add_column(header, justify="right", no_wrap=True)
    for label, cells, last in _contract_rows(outcomes):
        estimates = (cell(cells.loc[measure]) for measure, _ in columns)
        table.add_row(label, f"{int(cells['n'].iloc[0]):,}", *estimates, end_section=last)
    return table


def outcome_rate_table(outcomes: pd.DataFrame) -> Table:
    return _outcome_table("Outcomes by contract and ombre (95% CI)", outcomes, RATE_COLUMNS, rate_cell)


def payment_table(outcomes: pd.DataFrame) -> Table:
    return _outcome_table("Mean net jetons by contract and ombre; side = ombre + friend (95% CI)",
                          outcomes, PAYMENT_COLUMNS, mean_cell)


def seat_table(seats: pd.DataFrame) -> Table:
    table = _table("Seats, over all deals (95% CI)")
    table.add_column("seat")
    table.add_column("ombre", justify="right")
    table.add_column("mean net jetons", justify="right")
    for seat, cells in seats.groupby("seat", sort=False):
        by_measure = cells.set_index("measure")
        table.add_row(seat, rate_cell(by_measure.loc["ombre"], one_line=True), mean_cell(by_measure.loc["net_payment"]))
    return table
