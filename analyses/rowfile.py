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
  file and copied after that line at commit.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd

METADATA_KEY = "spadille"
CSV_PREFIX = f"# {METADATA_KEY}: "
SUFFIXES = (".parquet", ".csv")


class RowFileError(ValueError):
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
    probe_writable(folder, f"--out {str(target)!r}")
    return target


def probe_writable(folder: Path, what: str) -> None:
    """Create and remove a temporary file in ``folder``; RowFileError naming ``what`` if it fails."""
    try:
        handle, name = tempfile.mkstemp(prefix=".spadille-probe-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise RowFileError(f"{what}: directory {str(folder)!r} is not writable ({exc.strerror or exc})") from None
    os.close(handle)
    os.unlink(name)


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
    """Write DataFrames of identical columns to ``path`` (.parquet or .csv), atomically.

    Use as a context manager: leaving the block by an exception discards the file; the
    caller must ``commit(metadata)`` to keep it."""

    def __init__(self, path: str | os.PathLike, template: pd.DataFrame):
        self.target = check_output_path(path)
        self.kind = self.target.suffix.lower()[1:]
        self.rows_written = 0
        self._parquet = None
        self._body = _temporary(self.target)  # also proves the directory is writable
        try:
            if self.kind == "parquet":
                import pyarrow as pa
                import pyarrow.parquet as pq

                # Fixed from the template (an empty frame), so every batch is cast to one schema.
                self._schema = pa.Schema.from_pandas(template, preserve_index=False).remove_metadata()
                self._parquet = pq.ParquetWriter(self._body, self._schema, store_schema=False)
            else:
                self._columns = list(template.columns)
                template.to_csv(self._body, index=False)
        except OSError as exc:
            self.discard()
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None

    def __enter__(self) -> "RowFileWriter":
        return self

    def __exit__(self, exc_type, exc, traceback) -> None:
        if exc_type is not None:
            self.discard()

    def write(self, frame: pd.DataFrame) -> None:
        try:
            if self._parquet is not None:
                import pyarrow as pa

                self._parquet.write_table(pa.Table.from_pandas(frame, schema=self._schema, preserve_index=False))
            else:
                if list(frame.columns) != self._columns:
                    raise RowFileError("a batch's columns differ from the file's header")
                frame.to_csv(self._body, mode="a", header=False, index=False)
        except OSError as exc:
            raise RowFileError(f"cannot write {str(self.target)!r}: {exc.strerror or exc}") from None
        self.rows_written += len(frame)

    def commit(self, metadata: dict) -> Path:
        """Write ``metadata`` and move the file into place; returns the target path."""
        text = json.dumps(metadata, ensure_ascii=False, sort_keys=True)
        try:
            if self._parquet is not None:
                self._parquet.add_key_value_metadata({METADATA_KEY: text})
                self._parquet.close()
                self._parquet = None
                os.replace(self._body, self.target)
            else:
                final = _temporary(self.target)
                try:
                    with open(final, "w", encoding="utf-8", newline="") as out:
                        out.write(f"{CSV_PREFIX}{text}\n")
                        with open(self._body, encoding="utf-8", newline="") as body:
                            shutil.copyfileobj(body, out)
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
