"""`spadille claims --format table|md|csv|json`: piped output defaults to Markdown, the table fits
an 80-column terminal without squeezing a column to a letter a line, and csv / json carry one
record per claim with its verdict, estimate, interval, n, method and reason."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from spadille.analyses.claims.formats import FORMATS, TABLE_COLUMNS

from citations import REPO
from claim_files import cli_app, mixed_folder, shipped_text, write_claim

runner = CliRunner()


LONG = "enc-a-trois-removed-suit-b"   # an id as long as the longest shipped, and a list of eight figures


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = mixed_folder(tmp_path_factory.mktemp("claims"), rare=True)
    write_claim(folder, LONG, shipped_text("dist-trumps-red"))
    return folder


def _run(folder, *options, columns=80):
    result = runner.invoke(cli_app(), ["claims", "--claims", str(folder), "--threads", "1", *options],
                           env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def records(folder):
    return {r["claim"]: r for r in json.loads(_run(folder, "--format", "json"))}


def test_json_is_one_record_per_claim_with_what_a_reader_needs(records):
    assert sorted(records) == [LONG, "five", "rare", "rate", "red"]
    for record in records.values():
        for key in ("verdict", "estimate", "ci_low", "ci_high", "n", "method", "reason", "deals", "seed",
                    "criterion", "source", "spadille_version"):
            assert key in record, key
    five, rate, rare = records["five"], records["rate"], records["rare"]
    assert (five["method"], five["exact_value"], five["n"], five["ci_text"]) == ("exact", "49/87", None, "exact")
    assert five["estimate"] == five["ci_low"] == five["ci_high"] == pytest.approx(49 / 87)
    assert rate["method"] == "Monte Carlo, n = 300" and rate["n"] == 300
    assert rate["ci_low"] <= rate["estimate"] <= rate["ci_high"]
    # a claim not run: no numbers, never NaN (which is not JSON)
    assert rare["estimate"] is None and rare["ci_low"] is None and rare["verdict"] == "inconclusive"


def test_piped_output_is_markdown_by_default(folder, records):
    out = _run(folder)
    lines = out.splitlines()
    assert lines[0].startswith("spadille ") and "5 claims" in lines[0]
    assert "| " + " | ".join(TABLE_COLUMNS) + " |" in lines
    for claim_id, record in records.items():
        row = next(line for line in lines if line.startswith(f"| {claim_id} |"))
        assert f"| {record['verdict']} |" in row and f"| {record['estimate_text']} |" in row
        assert f"### {claim_id} · {record['verdict']} · " in out
    assert "- Method: exact" in out and "- Source: A treatise of my own, p. 12 (text: treatise.txt) " \
                                       "<https://example.org/treatise>" in out
    assert out == _run(folder, "--format", "md")


def test_the_table_fits_eighty_columns_without_squeezing(folder, records):
    out = _run(folder, "--format", "table", columns=80)
    table = out[:out.index(f"\n{LONG} · ")].splitlines()           # the table, up to the first claim's context
    assert all(len(line) <= 80 for line in table)
    for claim_id, record in records.items():
        # each row whole on one line: its id, its interval and its verdict, never a letter a line
        row = next(line for line in table if f" {claim_id} " in line)
        assert record["verdict"] in row and record["ci_text"] in row
        if "," not in record["estimate_text"]:
            assert record["estimate_text"] in row
    # a list of figures wraps at its commas, within its column
    first, *rest = records[LONG]["estimate_text"].split(", ")
    assert f"{first}," in next(line for line in table if f" {LONG} " in line)
    assert "statement" not in table[1]                       # no room: the statement is in the context
    assert "Verdict: inconclusive: too rare for its sample" in out   # every claim in context below
    wide = _run(folder, "--format", "table", columns=200)
    assert "statement" in wide.splitlines()[1] and "Five to four that the partner holds one of the other two kings" in wide


def test_csv_is_every_column_one_row_per_claim(folder, records):
    rows = list(csv.DictReader(io.StringIO(_run(folder, "--format", "csv"))))
    assert [row["claim"] for row in rows] == sorted(records)
    assert set(records["five"]) == set(rows[0])
    five = next(row for row in rows if row["claim"] == "five")
    assert (five["method"], five["exact_value"], five["verdict"]) == ("exact", "49/87", "supported")


def test_an_unknown_format_is_one_error_line(folder):
    result = runner.invoke(cli_app(), ["claims", "--claims", str(folder), "--format", "xml"])
    assert (result.exit_code, result.stderr) == (
        1, f"Error: unknown --format 'xml' (choose one of: {', '.join(FORMATS)})\n")


def test_the_help_and_the_docs_name_every_format():
    result = runner.invoke(cli_app(), ["claims", "--help"], env={"COLUMNS": "200"})
    docs = (REPO / "docs" / "claims.md").read_text(encoding="utf-8")
    for name in FORMATS:
        assert name in result.stdout and f"`{name}`" in docs, name
