"""The verdicts of ``spadille claims`` as text: ``FORMATS`` names each output format.

* ``table``: the rich table and each claim in context (cli/claims.py draws it), fitted to the
  terminal's width; the default on a terminal.
* ``md``: the same as Markdown, a pipe table and a block per claim; the default when the output
  is a file or a pipe, where no width is known (Markdown never needs one).
* ``csv``: every column of the results frame (check.ClaimResult.record), one row per claim.
* ``json``: a list with one record per claim: its outcome, estimate, interval, n, method, reason
  and every other column (NaN as null).

The CLI's ``--format`` choices, its help and docs/claims.md derive from ``FORMATS``.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd

FORMATS = {
    "table": "a table fitted to the terminal, then each claim in context (default on a terminal)",
    "md": "Markdown: a pipe table, then each claim in context (default when piped or redirected)",
    "csv": "every column, one row per claim",
    "json": "a list of records, one per claim, with every column",
}
TABLE_COLUMNS = ("claim", "statement", "estimate", "95% CI", "n", "method", "verdict")


def n_text(row: Any) -> str:
    """n as shown: '-' for an exact figure, '' when not run."""
    if row.ci_text == "exact":
        return "-"
    return "" if pd.isna(row.n) else f"{int(row.n):,}"


def table_cells(row: Any) -> dict[str, str]:
    """One claim's cells of the verdict table, by TABLE_COLUMNS."""
    return {"claim": row.claim, "statement": row.title, "estimate": row.estimate_text, "95% CI": row.ci_text,
            "n": n_text(row), "method": row.method, "verdict": row.verdict}


def context_lines(row: Any) -> list[str]:
    """One claim in context, as plain lines after its heading: its words in the original and in
    English, the work and place they come from, the ruleset and unit, the criterion, the reason,
    the note."""
    lines = [f"“{row.quote}” ({row.language})"]
    if row.translation != row.quote:
        lines.append(row.translation)
    where = ""
    if row.digest:
        where += f" (digest: {row.digest})"
    if row.source_text:
        where += f" (text: {row.source_text})"
    if row.url:
        where += f" <{row.url}>"
    lines.append(f"Source: {row.source}{where}")
    if row.tested_under:
        lines.append(f"Tested under: {row.tested_under}, in {row.unit}")
    lines.append(f"Criterion: {row.criterion}")
    if row.method:
        lines.append(f"Method: {row.method}")
    lines.append(f"Verdict: {row.verdict}: {row.reason}")
    if row.note:
        lines.append(f"Note: {row.note}")
    return lines


def heading(row: Any) -> str:
    return f"{row.claim} · {row.verdict} · {row.title}"


def _md_cell(text: Any) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def to_markdown(frame: pd.DataFrame, preamble: str) -> str:
    rows = list(frame.itertuples(index=False))
    out = [preamble, "", "| " + " | ".join(TABLE_COLUMNS) + " |",
           "|" + "|".join("---:" if name in ("estimate", "95% CI", "n") else "---" for name in TABLE_COLUMNS) + "|"]
    for row in rows:
        out.append("| " + " | ".join(_md_cell(cell) for cell in table_cells(row).values()) + " |")
    for row in rows:
        out += ["", f"### {_md_cell(heading(row))}", ""]
        out += [f"- {line}" for line in context_lines(row)]
    return "\n".join(out) + "\n"


def _plain(value: Any) -> Any:
    """A JSON value: NaN and missing as null, numpy scalars as Python ones."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def records(frame: pd.DataFrame) -> list[dict]:
    return [{key: _plain(value) for key, value in record.items()} for record in frame.to_dict("records")]


def to_json(frame: pd.DataFrame) -> str:
    return json.dumps(records(frame), ensure_ascii=False, indent=1) + "\n"


def to_csv(frame: pd.DataFrame) -> str:
    flat = frame.copy()
    for column in flat.columns:
        if flat[column].map(lambda v: isinstance(v, dict)).any():
            flat[column] = flat[column].map(lambda v: json.dumps(v, ensure_ascii=False) if isinstance(v, dict) else v)
    return flat.to_csv(index=False)
