"""A CSV's lines spelled straight from the kernel's rows (analyses/quadrille/rows_csv.py) are the bytes
Arrow's CSV writer made from the rows' table, which is how `simulate --out run.csv` wrote them before."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.csv as csv
import pytest

from spadille.analyses.quadrille.rows import column_plan, rows_table
from spadille.analyses.quadrille.rows_csv import rows_csv
from spadille.analyses.rowfile import CsvLines, RowFileError, RowFileWriter, _append_file
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate


def arrow_lines(rows: np.ndarray, n_seats: int) -> bytes:
    """The old spelling: the rows' table through Arrow's CSV writer, unquoted, no header."""
    text = pa.BufferOutputStream()
    csv.write_csv(rows_table(rows, n_seats), text, csv.WriteOptions(include_header=False, quoting_style="none"))
    return text.getvalue().to_pybytes()


@pytest.mark.parametrize("name, policy, deals", [("encyclopedie-1765", "heuristic", 20_000),
                                                  ("encyclopedie-1765", "random", 10_000),
                                                  ("quadrille-a-trois", "heuristic", 10_000),
                                                  ("mediateur", "strong", 5_000),
                                                  ("italian-modern", "heuristic", 5_000)])
def test_seeded_deals_spelled_as_arrow_spelled_them(name, policy, deals):
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    players = tuple(make_seat_policy(policy) for _ in range(seats))
    rows = simulate(RunConfig(ruleset, players, seed=17, deals=deals, session_length=3, record=True)).rows
    lines = rows_csv(rows, seats)
    assert lines.n_rows == deals
    assert list(lines.columns) == rows_table(rows[:0], seats).column_names
    assert bytes(lines.data) == arrow_lines(rows, seats)


@pytest.mark.parametrize("seats", [3, 4])
def test_every_kind_of_value_spelled_as_arrow_spelled_it(seats):
    """Rows no deal makes: every name code of every column and its -1, empty and full hands, every
    suit's holdings, and integers of every length and both signs up to the int64 maximum."""
    rng = np.random.default_rng(seats)
    n = 20_000
    rows = rng.integers(-(2**62), 2**62, size=(n, L.N_ROW_COLS)) >> rng.integers(0, 63, size=(n, L.N_ROW_COLS))
    rows[:5, :] = np.array([0, 1, -1, 2**63 - 1, -(2**63 - 1)])[:, None]
    for _, kind, source, names in column_plan(seats):
        if kind == "name":
            rows[:, source] = rng.integers(-1, len(names), size=n)
        elif kind == "hand":
            rows[:, source] = rng.integers(0, 1 << 40, size=n) & rng.integers(0, 1 << 40, size=n)
            rows[:3, source] = [0, (1 << 40) - 1, 1 << 39]
    assert bytes(rows_csv(rows, seats).data) == arrow_lines(rows, seats)


def test_no_rows_no_bytes():
    lines = rows_csv(np.zeros((0, L.N_ROW_COLS), np.int64), 4)
    assert lines.n_rows == 0 and bytes(lines.data) == b""


def test_a_file_of_lines_is_the_file_of_tables(tmp_path, ruleset, heuristic4):
    rows = simulate(RunConfig(ruleset, heuristic4, seed=2, deals=3000, record=True)).rows
    spellings = (("tables.csv", lambda part: rows_table(part, 4)), ("lines.csv", lambda part: rows_csv(part, 4)))
    for name, spell in spellings:
        with RowFileWriter(tmp_path / name, rows_table(rows[:0], 4)) as writer:
            for start in range(0, len(rows), 1024):
                writer.write(spell(rows[start:start + 1024]))
            assert writer.rows_written == len(rows)
            writer.commit({"seed": 2, "deals_done": len(rows)})
    assert (tmp_path / "tables.csv").read_bytes() == (tmp_path / "lines.csv").read_bytes()


def test_lines_must_have_the_files_columns_and_be_for_a_csv(tmp_path):
    template = rows_table(np.zeros((0, L.N_ROW_COLS), np.int64), 4)
    lines = rows_csv(np.zeros((2, L.N_ROW_COLS), np.int64), 4)
    with RowFileWriter(tmp_path / "rows.csv", template) as writer:
        with pytest.raises(RowFileError, match="columns differ"):
            writer.write(CsvLines(lines.columns[1:], lines.data, 2))
        writer.discard()
    with RowFileWriter(tmp_path / "rows.parquet", template) as writer:
        with pytest.raises(RowFileError, match="columns differ"):
            writer.write(lines)
        writer.discard()
    assert list(tmp_path.iterdir()) == []


def test_the_body_is_copied_whole_where_sendfile_cannot(tmp_path, monkeypatch):
    body = bytes(range(256)) * 5000
    (tmp_path / "body").write_bytes(body)

    def refuse(*arguments):
        raise OSError(22, "Invalid argument")

    for sendfile in (None, refuse):
        if sendfile is not None:
            monkeypatch.setattr("os.sendfile", sendfile)
        with open(tmp_path / "out", "wb") as out, open(tmp_path / "body", "rb") as source:
            out.write(b"# head\n")
            _append_file(source, out)
        assert (tmp_path / "out").read_bytes() == b"# head\n" + body


def test_a_copy_that_fails_half_way_raises(tmp_path, monkeypatch):
    import os

    (tmp_path / "body").write_bytes(b"x" * 100_000)
    real = os.sendfile
    calls = []

    def half(out, source, offset, count):
        calls.append(offset)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        return real(out, source, offset, min(count, 1000))

    monkeypatch.setattr("os.sendfile", half)
    with open(tmp_path / "out", "wb") as out, open(tmp_path / "body", "rb") as source:
        with pytest.raises(OSError, match="No space"):
            _append_file(source, out)
