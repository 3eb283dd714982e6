"""Row files: all-or-nothing writing, metadata, and reading back both formats."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from spadille.analyses.rowfile import RowFileError, RowFileWriter, check_output_path, read_row_file


def frame(start: int, n: int) -> pd.DataFrame:
    hands = pd.array(["♠A K 7  ♥3", "none"] * (n // 2), dtype="str")
    return pd.DataFrame({"deal": range(start, start + n), "hand": hands})


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_round_trip_with_metadata(tmp_path, suffix):
    target = tmp_path / f"rows{suffix}"
    with RowFileWriter(target, frame(0, 0)) as writer:
        writer.write(frame(0, 4))
        writer.write(frame(4, 6))
        assert not target.exists()  # nothing at the target until commit
        writer.commit({"seed": 3, "deals_done": 10, "interrupted": False})
    rows, metadata = read_row_file(target)
    pd.testing.assert_frame_equal(rows, frame(0, 10))
    assert metadata == {"seed": 3, "deals_done": 10, "interrupted": False}
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_parquet_metadata_is_the_schema_metadata(tmp_path):
    import pyarrow.parquet as pq

    target = tmp_path / "rows.parquet"
    with RowFileWriter(target, frame(0, 0)) as writer:
        writer.commit({"seed": 1})
    assert json.loads(pq.read_schema(target).metadata[b"spadille"]) == {"seed": 1}


def test_csv_first_line_carries_the_metadata(tmp_path):
    target = tmp_path / "rows.csv"
    with RowFileWriter(target, frame(0, 0)) as writer:
        writer.write(frame(0, 2))
        writer.commit({"seed": 1})
    assert target.read_text(encoding="utf-8").splitlines()[:2] == ['# spadille: {"seed": 1}', "deal,hand"]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_failure_leaves_no_file(tmp_path, suffix):
    target = tmp_path / f"rows{suffix}"
    with pytest.raises(RuntimeError):
        with RowFileWriter(target, frame(0, 0)) as writer:
            writer.write(frame(0, 2))
            raise RuntimeError("the run failed")
    assert list(tmp_path.iterdir()) == []


def test_output_path_checks(tmp_path):
    with pytest.raises(RowFileError, match=r"^--out 'rows.txt' must end in .parquet or .csv$"):
        check_output_path("rows.txt")
    missing = tmp_path / "nope" / "rows.csv"
    with pytest.raises(RowFileError) as info:
        check_output_path(missing)
    assert str(info.value) == f"--out '{missing}': directory '{missing.parent}' does not exist"
    folder = tmp_path / "x.csv"
    folder.mkdir()
    with pytest.raises(RowFileError) as info:
        check_output_path(folder)
    assert str(info.value) == f"--out '{folder}' is a directory"
    assert check_output_path(tmp_path / "ok.PARQUET") == tmp_path / "ok.PARQUET"


def test_reading_a_foreign_csv_fails_clearly(tmp_path):
    plain = tmp_path / "plain.csv"
    plain.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(RowFileError, match="does not start with a '# spadille:' line"):
        read_row_file(plain)


def test_parquet_bytes_do_not_depend_on_how_the_rows_came_in_batches(tmp_path):
    """A searching seat's batches are 8 deals a thread: --threads 1 and 2 wrote the same rows in
    different row groups (issue 44). Row groups now hold ROW_GROUP_ROWS rows whatever the batches."""
    from spadille.analyses.rowfile import ROW_GROUP_ROWS

    rows = frame(0, ROW_GROUP_ROWS + 5_000)
    files = []
    for size in (8_000, 16_000, len(rows)):
        target = tmp_path / f"by-{size}.parquet"
        with RowFileWriter(target, frame(0, 0)) as writer:
            for begin in range(0, len(rows), size):
                writer.write(rows.iloc[begin:begin + size])
            writer.commit({"seed": 1})
        files.append(target.read_bytes())
    assert files[0] == files[1] == files[2]
    rows_back, _ = read_row_file(tmp_path / "by-8000.parquet")
    pd.testing.assert_frame_equal(rows_back, rows)


@pytest.mark.parametrize("ended", ["as expected", "otherwise"])
def test_a_csv_told_its_metadata_is_the_same_file_and_moved_without_a_copy(tmp_path, monkeypatch, ended):
    """A CSV whose writer expects the commit's metadata starts with it, and the commit only renames
    the file; a commit with other metadata (an interrupted run) writes its own line and copies the
    body as before. Either way the bytes are those of a writer told nothing."""
    import spadille.analyses.rowfile as rowfile

    expected = {"seed": 3, "deals_done": 10, "interrupted": False}
    final = expected if ended == "as expected" else {"seed": 3, "deals_done": 4, "interrupted": True}
    copies = []
    real_append = rowfile._append_file
    monkeypatch.setattr(rowfile, "_append_file", lambda *a: (copies.append(1), real_append(*a)))
    for name, told in (("plain.csv", None), ("told.csv", expected)):
        with RowFileWriter(tmp_path / name, frame(0, 0), told) as writer:
            writer.write(frame(0, 4))
            writer.commit(final)
    assert (tmp_path / "told.csv").read_bytes() == (tmp_path / "plain.csv").read_bytes()
    assert read_row_file(tmp_path / "told.csv")[1] == final
    assert len(copies) == (1 if ended == "as expected" else 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.csv", "told.csv"]


def test_a_csv_told_its_metadata_that_fails_leaves_no_file(tmp_path):
    with pytest.raises(RuntimeError):
        with RowFileWriter(tmp_path / "rows.csv", frame(0, 0), {"seed": 1}) as writer:
            writer.write(frame(0, 2))
            raise RuntimeError("the run failed")
    assert list(tmp_path.iterdir()) == []
