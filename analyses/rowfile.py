"""Per-deal row files (Parquet or CSV): written batch by batch, all or nothing; read back.

A ``RowFileWriter`` streams into a temporary file in the target's own directory (so the
final ``os.replace`` is an atomic rename on one file system) and only ``commit`` puts the
file in place; any failure before that deletes the temporary file, so a run never leaves a
half-written output behind.

The run's metadata (``RunConfig.metadata()`` plus ``deals_done`` and ``interrupted``) is
known only at the end, so it goes where the end can still write it:

* Parquet: in the footer's key-value metadata under ``spadille`` (JSON). The writer does
  not store the Arrow schema, so readers see that key as the schema metadata.
* CSV: the first line, ``# spadille: {json}``. The body is streamed to a second temporary
  file and copied after that line at commit; or, where the writer was told the metadata to
  expect (a run's, should it finish), the file starts with that line and a commit that brings
  it only moves the file into place.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from spadille.kernel.common.errors import UserError

METADATA_KEY = "spadille"
CSV_PREFIX = f"# {METADATA_KEY}: "
SUFFIXES = (".parquet", ".csv")
ROW_GROUP_ROWS = 65_536   # rows a Parquet row group holds, whatever the batches written


@dataclass(frozen=True)
class CsvLines:
    """Rows already spelled as CSV lines (UTF-8, no header, each ending in a line feed), for a CSV
    ``RowFileWriter`` to append as they are: the Quadrille rows' own formatter
    (analyses/quadrille/rows_csv.py) writes them faster than Arrow can from a table."""
    columns: tuple[str, ...]   # the header's names, which must be the file's
    data: Any                  # the bytes: a bytes-like object (a uint8 array)
    n_rows: int


class RowFileError(UserError):
    """An output file that cannot be written or read; one sentence for the user."""


def check_output_path(path: str | os.PathLike) -> Path:
    """The target as a Path, once it is known that it can be written: a known suffix, an
    existing directory to hold it, no directory in its place, and a file really created (and
    removed again) in that directory. The probe is a real write because permission bits do not
    tell: root passes ``os.access`` everywhere, and /proc or a read-only mount refuse anyway.
    Commands call this before any simulation, so a bad --out costs nothing."""
    target = Path(path)
    if target.suffix.lower() not in SUFFIXES:
        raise RowFileError(f"--out {str(target)!r} must end in .parquet or .csv")
    folder = target.parent
    if not folder.is_dir():
        raise RowFileError(f"--out {str(target)!r}: directory {str(folder)!r} does not exist")
    if target.is_dir():
        raise RowFileError(f"--out {str(target)!r} is a directory")
    refuse_read_only(target, f"--out {str(target)!r}")
    probe_writable(folder, f"--out {str(target)!r}")
    return target


def refuse_read_only(target: Path, what: str) -> None:
    """RowFileError naming ``what`` when ``target`` is a file that may not be written: one this user
    cannot write, as a shell's ``>`` would refuse, or one that no one may write (``chmod a-w``),
    which is how a file is marked to keep, even from root, who may write anything."""
    import stat

    try:
        mode = target.stat().st_mode
    except OSError:
        return  # nothing there yet (or a broken link, which the write replaces)
    if not os.access(target, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise RowFileError(f"{what} is read-only: make it writable (chmod u+w) or choose another file")


def probe_writable(folder: Path, what: str) -> None:
    """Create and remove a temporary file in ``folder``; RowFileError naming ``what`` if it fails."""
    try:
        handle, name = tempfile.mkstemp(prefix=".spadille-probe-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise RowFileError(f"{what}: directory {str(folder)!r} is not writable ({exc.strerror or exc})") from None
    try:
        os.close(handle)
    finally:
        os.unlink(name)   # even when a Ctrl-C comes between the two


def _temporary(target: Path) -> Path:
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise RowFileError(f"cannot write in {str(target.parent)!r}: {exc.strerror}") from None
    os.close(handle)
    # mkstemp makes the file private (0600); the output should get the usual permissions.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(name, 0o666 & ~umask)
    return Path(name)


class RowFileWriter:
    """Write tables of identical columns (Arrow tables or DataFrames) to ``path`` (.parquet or
    .csv), atomically.

    Use as a context manager: leaving the block by an exception discards the file; the
    caller must ``commit(metadata)`` to keep it.

    A Parquet file's row groups hold ``ROW_GROUP_ROWS`` rows each whatever the sizes of the
    batches written (the rows are held until a group fills), so its bytes depend on the rows
    alone, never on how a run cut them (threads, blocks). Its columns are dictionary-encoded
    where the first row group repeats values; the deal numbers, masks and hands never do, and
    encoding them twice cost a third of the writing."""

    def __init__(self, path: str | os.PathLike, template, expected: dict | None = None):
        """``expected``: the metadata the commit will most likely bring (a run that finishes). A CSV
        then starts with it, and a commit with that metadata only moves the file into place; any
        other commit writes its own first line and copies the body after it, as without it."""
        import pyarrow as pa

        self.target = check_output_path(path)
        self.kind = self.target.suffix.lower()[1:]
        self.rows_written = 0
        self._parquet = None
        self._held: list = []          # Parquet: rows not yet in a full row group
        self._held_rows = 0
        self._schema = _arrow(template, None).schema.remove_metadata()
        self._columns = list(self._schema.names)
        self._body = _temporary(self.target)  # also proves the directory is writable
        self._first_line = b""         # CSV: the metadata line the body starts with, if any
        try:
            if self.kind == "csv":
                if expected is not None:
                    self._first_line = _metadata_line(expected)
                with open(self._body, "wb") as body:
                    body.write(self._first_line)
                    body.write((",".join(_csv_field(name) for name in self._columns) + "\n").encode("utf-8"))
        except OSError as exc:
            self.discard()
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None
        self._pa = pa

    def __enter__(self) -> "RowFileWriter":
        return self

    def __exit__(self, exc_type, exc, traceback) -> None:
        if exc_type is not None:
            self.discard()

    def write(self, rows) -> None:
        """Append ``rows`` (an Arrow table or a DataFrame with the template's columns, or, to a CSV,
        ``CsvLines`` of those columns)."""
        if isinstance(rows, CsvLines):
            self._append_lines(rows)
            return
        table = _arrow(rows, self._schema)
        if table.schema.names != self._columns:
            raise RowFileError("a batch's columns differ from the file's header")
        try:
            if self.kind == "parquet":
                self._held.append(table)
                self._held_rows += table.num_rows
                if self._held_rows >= ROW_GROUP_ROWS:
                    self._write_groups(final=False)
            else:
                self._append_csv(rows, table)
        except OSError as exc:
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None
        self.rows_written += table.num_rows

    def _write_groups(self, final: bool) -> None:
        """Write every full row group held (and at the end the last, shorter one)."""
        import pyarrow.parquet as pq

        joined = self._pa.concat_tables(self._held) if self._held else self._schema.empty_table()
        whole = joined.num_rows if final else joined.num_rows - joined.num_rows % ROW_GROUP_ROWS
        if self._parquet is None:
            dictionary = _repeating_columns(joined.slice(0, ROW_GROUP_ROWS))
            self._parquet = pq.ParquetWriter(self._body, self._schema, store_schema=False, use_dictionary=dictionary,
                                             write_statistics=sorted(set(dictionary) | set(_numeric_columns(self._schema))))
        if whole:
            self._parquet.write_table(joined.slice(0, whole), row_group_size=ROW_GROUP_ROWS)
        rest = joined.slice(whole)
        self._held, self._held_rows = ([rest] if rest.num_rows else []), rest.num_rows

    def _append_lines(self, lines: CsvLines) -> None:
        if self.kind != "csv" or list(lines.columns) != self._columns:
            raise RowFileError("a batch's columns differ from the file's header")
        try:
            with open(self._body, "ab") as body:
                body.write(memoryview(lines.data))
        except OSError as exc:
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None
        self.rows_written += lines.n_rows

    def _append_csv(self, rows, table) -> None:
        """An Arrow table through Arrow's writer, unquoted as pandas writes it (several times faster);
        a DataFrame, or a table whose text holds a comma, a quote or a line end, through pandas,
        whose number formatting the other games' files have always had."""
        if not isinstance(rows, pd.DataFrame):
            import pyarrow.csv as csv

            text = self._pa.BufferOutputStream()   # whole before any of it reaches the file
            try:
                csv.write_csv(table, text, csv.WriteOptions(include_header=False, quoting_style="none"))
            except self._pa.ArrowInvalid:
                rows = table.to_pandas()
            else:
                with open(self._body, "ab") as body:
                    body.write(text.getvalue())
                return
        rows.to_csv(self._body, mode="a", header=False, index=False)

    def commit(self, metadata: dict) -> Path:
        """Write ``metadata`` and move the file into place; returns the target path."""
        text = json.dumps(metadata, ensure_ascii=False, sort_keys=True)
        try:
            if self.kind == "parquet":
                self._write_groups(final=True)
                self._parquet.add_key_value_metadata({METADATA_KEY: text})
                self._parquet.close()
                self._parquet = None
                os.replace(self._body, self.target)
            elif self._first_line and self._first_line == _metadata_line(metadata):
                # the run ended as expected: the body already starts with its line (no copy of
                # hundreds of MB after the last batch, which nothing overlaps)
                os.replace(self._body, self.target)
            else:
                final = _temporary(self.target)
                try:
                    with open(final, "wb") as out:
                        out.write(_metadata_line(metadata))
                        with open(self._body, "rb") as body:
                            body.seek(len(self._first_line))
                            _append_file(body, out)
                    os.replace(final, self.target)
                except BaseException:
                    final.unlink(missing_ok=True)
                    raise
                self._body.unlink(missing_ok=True)
        except OSError as exc:
            self.discard()
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None
        return self.target

    def discard(self) -> None:
        if self._parquet is not None:
            try:
                self._parquet.close()
            except OSError:
                pass  # the file is deleted next; a failed close changes nothing
            self._parquet = None
        self._body.unlink(missing_ok=True)


def _metadata_line(metadata: dict) -> bytes:
    """A CSV's first line, which carries its metadata."""
    return f"{CSV_PREFIX}{json.dumps(metadata, ensure_ascii=False, sort_keys=True)}\n".encode("utf-8")


def _append_file(source, target) -> None:
    """Copy the rest of the open binary file ``source`` to the end of ``target``. The copy of a CSV's
    body after its metadata line is the one part of the writing that nothing overlaps (the run is
    over), and bodies run to hundreds of MB (about 300 bytes a Quadrille deal): the kernel copies
    them (sendfile) without their bytes passing through Python, which took about 1.3 s a million
    deals decoding and encoding them as text. Where sendfile cannot copy these files, a plain copy."""
    target.flush()
    start = offset = source.tell()
    size = os.fstat(source.fileno()).st_size
    try:
        while offset < size:
            sent = os.sendfile(target.fileno(), source.fileno(), offset, size - offset)
            if sent == 0:
                break
            offset += sent
    except (AttributeError, OSError):
        if offset != start:
            raise   # a copy that failed half-way (a full disk): the caller discards the file
    if offset < size:
        source.seek(offset)
        target.seek(0, os.SEEK_END)
        shutil.copyfileobj(source, target, 1 << 20)


def _arrow(rows, schema):
    """``rows`` as an Arrow table (of ``schema`` when given): a DataFrame is converted, its index dropped."""
    import pyarrow as pa

    if isinstance(rows, pa.Table):
        return rows if schema is None or rows.schema.equals(schema) else rows.cast(schema)
    return pa.Table.from_pandas(rows, schema=schema, preserve_index=False)


def _repeating_columns(sample) -> list[str]:
    """The columns whose values repeat in ``sample`` (at most one distinct value in four rows):
    those a dictionary encodes well."""
    import pyarrow as pa
    import pyarrow.compute as pc

    rows = max(sample.num_rows, 1)

    def repeats(column) -> bool:
        if pa.types.is_dictionary(column.type):
            return True     # a pandas category: already a dictionary
        try:
            return pc.count_distinct(column).as_py() * 4 <= rows
        except pa.ArrowNotImplementedError:
            return True     # a type Arrow cannot count: its default encoding
    return [name for name in sample.column_names if repeats(sample.column(name))]


def _numeric_columns(schema) -> list[str]:
    import pyarrow as pa

    return [field.name for field in schema if pa.types.is_integer(field.type) or pa.types.is_floating(field.type)]


def _csv_field(text: str) -> str:
    """A header name as pandas writes it: quoted only when it must be."""
    if any(ch in text for ch in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def read_row_file(path: str | os.PathLike) -> tuple[pd.DataFrame, dict]:
    """(rows, metadata) of a file written by ``RowFileWriter``."""
    source = Path(path)
    suffix = source.suffix.lower()
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(source)
        raw = (table.schema.metadata or {}).get(METADATA_KEY.encode())
        if raw is None:
            raise RowFileError(f"{str(source)!r} has no {METADATA_KEY!r} metadata")
        return table.to_pandas(), json.loads(raw)
    if suffix == ".csv":
        with open(source, encoding="utf-8") as handle:
            first = handle.readline()
        if not first.startswith(CSV_PREFIX):
            raise RowFileError(f"{str(source)!r} does not start with a {CSV_PREFIX.strip()!r} line")
        # keep_default_na=False: 'none' and friends are names here, never missing values.
        frame = pd.read_csv(source, skiprows=1, keep_default_na=False, encoding="utf-8")
        return frame, json.loads(first[len(CSV_PREFIX):])
    raise RowFileError(f"{str(source)!r} must end in .parquet or .csv")


def write_table(path: str | os.PathLike, frame: pd.DataFrame, metadata: dict) -> Path:
    """Write a whole table at once (a report's or an evaluation's), with the same
    all-or-nothing guarantee and metadata placement as the streamed row files."""
    with RowFileWriter(path, frame.iloc[:0]) as writer:
        writer.write(frame)
        return writer.commit(metadata)
