"""The report's tables of the vole decided at the point: by what the deciding player knows there.

Views made for reading of the decision map's ``vole_point`` and ``vole_point_rules`` tables
(analyses/quadrille/vole_point_tables.py, vole_rule.py): each figure as 'estimate [95% CI]',
the positions reached as n, one column per reading of the vole rules; the CSVs keep every
scheme, seat and column.
"""

from __future__ import annotations

import pandas as pd

from spadille.reports import formatting as fmt
from spadille.reports.document import TableItem

SHOWN_SCHEME = "masters_trumps_out"


def _trumps_out(value) -> str:
    from spadille.analyses.quadrille.vole_point import TRUMPS_OUT_TOP

    return f"{int(value)} or more" if int(value) >= TRUMPS_OUT_TOP else f"{int(value)}"


def class_view(table: pd.DataFrame, scheme: str = SHOWN_SCHEME) -> pd.DataFrame:
    """One row per declaring bid and class of the scheme (all seats): positions, P(vole going on)
    and, per reading, go on - stop, each with its 95% interval."""
    rows = table[(table["scheme"] == scheme) & (table["seat"] == "all")]
    readings = list(dict.fromkeys(rows["reading"]))
    records = []
    for keys, group in rows.groupby(["contract", "masters", "trumps_out"], sort=False):
        contract, masters, trumps_out = keys
        first = group[group["reading"] == readings[0]].iloc[0]
        record = {"contract": contract, "sure winners": f"{int(masters)} of {int(first['cards_left'])}",
                  "trumps still out": _trumps_out(trumps_out), "positions (n)": fmt.count(int(first["n"])),
                  "vole made going on [95% CI]": fmt.estimate(first["p_made"], first["p_made_ci_low"],
                                                              first["p_made_ci_high"], "share")}
        for reading in readings:
            row = group[group["reading"] == reading].iloc[0]
            verdict = "too few" if row["too_few"] else ("pays" if row["go_pays"] else
                                                        "costs" if row["go_costs"] else "not clear")
            record[f"go on − stop, {reading} [95% CI]"] = (
                f"{fmt.estimate(row['go_minus_stop'], row['ci_low'], row['ci_high'], 'gain')} {verdict}")
        records.append(record)
    view = pd.DataFrame.from_records(records)
    view.attrs = dict(table.attrs)
    return view


def rule_view(rules: pd.DataFrame, min_n: int) -> pd.DataFrame:
    """One row per declaring bid and reading: the rule in words and its figures."""
    from spadille.analyses.quadrille.vole_rule import rule_words

    records = []
    for row in rules.to_dict("records"):
        records.append({
            "contract": row["contract"], "reading": row["reading"],
            "rule": rule_words(row["from_masters"], int(row["cards_left"]), min_n),
            "where it goes on: positions (n)": fmt.count(int(row["n_go"])),
            "there: go on − stop [95% CI]": fmt.estimate(row["gain_go"], row["gain_go_ci_low"],
                                                         row["gain_go_ci_high"], "gain"),
            "elsewhere: positions (n)": fmt.count(int(row["n_stop"])),
            "elsewhere: go on − stop [95% CI]": fmt.estimate(row["gain_stop"], row["gain_stop_ci_low"],
                                                             row["gain_stop_ci_high"], "gain"),
            "elsewhere, going on clearly pays with": row["also_pays"] or "no class",
        })
    view = pd.DataFrame.from_records(records)
    view.attrs = dict(rules.attrs)
    return view


def rule_items(data) -> list[TableItem]:
    """The rule per bid and reading, as a report table (none when no vole point was reached)."""
    if data.vole_point_rules.empty:
        return []
    return [TableItem("the-vole-point-rule", "The vole at the point: the rule, under each reading of the vole rules",
                      rule_view(data.vole_point_rules, data.min_n),
                      "the player on lead once his side has won every trick so far; a card can lose when some card "
                      "he has neither seen played nor holds (his friend's included) can beat it; go on − stop: "
                      "paired, the same deal replayed both ways from its start, jetons a deal to the ombre; "
                      "elsewhere: the positions where the rule stops, and what going on would have given there",
                      data=data.vole_point_rules)]


def class_items(data) -> list[TableItem]:
    """The classes of the position, as a report table (none when no vole point was reached)."""
    if data.vole_point.empty:
        return []
    return [TableItem("the-vole-point", "The vole at the point, by sure winners and trumps still out",
                      class_view(data.vole_point),
                      "all seats; sure winners: the decider's cards no card still out can beat (a plain card only "
                      "when no trump is out); vole made: the share of positions where going on made it; pays / "
                      "costs: the 95% CI excludes 0; too few: under the map's minimum of positions; the CSV also "
                      "crosses matadors still out and the called king shown, and splits by who decides (the ombre "
                      "or his friend) and by seat",
                      data=data.vole_point, max_rows=60)]
