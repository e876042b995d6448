"""The sweep table on disk: Parquet (``.parquet``/``.pq``, pyarrow) or CSV (``.csv``), rewritten
atomically (temporary file in the same folder, then rename) after every finished cell, so an
interrupted sweep loses no finished cell and a reader never sees half a file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import temp_beside

#: Columns every sweep table has (a file without them is not a sweep table).
KEY_COLUMNS = ("spec_hash", "version", "cell", "bound", "status")
#: Largest existing sweep table read back (CSV: bytes on disk; Parquet: uncompressed bytes its
#: metadata declares), and most rows; both checked before any data is read.
MAX_TABLE_BYTES = 128 << 20
MAX_TABLE_ROWS = 1_000_000


def table_format(path) -> str:
    """``"parquet"`` or ``"csv"`` from the file suffix. Raises InputError for other suffixes."""
    suffix = Path(path).suffix.lower()
    if suffix in (".parquet", ".pq"):
        return "parquet"
    if suffix == ".csv":
        return "csv"
    raise InputError(f"-o {path}: the sweep table is written as .parquet or .csv (got {suffix or 'no suffix'!r})")


def read_table(path, force: bool = False) -> pd.DataFrame | None:
    """The existing table at ``path`` (None when there is none, or when ``force`` replaces it).

    Raises:
        InputError: the file exists but is not a sweep table (unreadable, or without the key
            columns), and ``force`` is false: it is never overwritten unasked.
    """
    path = Path(path)
    fmt = table_format(path)
    if not path.exists() or force:
        return None
    _check_before_reading(path, fmt)
    try:
        frame = pd.read_parquet(path) if fmt == "parquet" else pd.read_csv(
            path, dtype={"spec_hash": str, "version": str, "cell": str, "bound": str, "error": str},
            keep_default_na=False, na_values=[""])
    except Exception as e:  # pyarrow / pandas parser errors have many types
        raise InputError(f"{path} exists and is not a readable sweep table ({type(e).__name__}: "
                         f"{str(e)[:200]}); choose another -o or pass --force to replace it") from None
    missing = [c for c in KEY_COLUMNS if c not in frame.columns]
    if missing:
        raise InputError(f"{path} exists and is not a sweep table (no column {', '.join(missing)}); "
                         "choose another -o or pass --force to replace it")
    return frame


def _not_a_table(path, why: str) -> InputError:
    return InputError(f"{path} exists and is not a sweep table ({why}); choose another -o or pass "
                      "--force to replace it")


def _check_before_reading(path: Path, fmt: str) -> None:
    """Refuse a file that is not a sweep table, or too large to be one, from its Parquet metadata
    (schema, row count, declared sizes) or its CSV header line and size: no data is read.

    Raises:
        InputError: see :func:`read_table`.
    """
    if fmt == "parquet":
        import pyarrow.parquet as pq
        try:
            meta = pq.read_metadata(path)
            names = set(meta.schema.names)
            declared = sum(meta.row_group(i).column(j).total_uncompressed_size
                           for i in range(meta.num_row_groups) for j in range(meta.num_columns))
            rows = meta.num_rows
        except Exception as e:  # pyarrow raises several types for a file that is not Parquet
            raise _not_a_table(path, f"unreadable Parquet metadata: {type(e).__name__}: {str(e)[:200]}") from None
    else:
        declared = path.stat().st_size
        try:
            with open(path, "rb") as f:
                first = f.readline(64 << 10)
            names = {c.strip().strip('"') for c in first.decode("utf-8").rstrip("\r\n").split(",")}
        except (OSError, UnicodeDecodeError) as e:
            raise _not_a_table(path, f"its first line is not a CSV header: {e}") from None
        rows = 0
    missing = [c for c in KEY_COLUMNS if c not in names]
    if missing:
        raise _not_a_table(path, f"no column {', '.join(missing)}")
    if declared > MAX_TABLE_BYTES or rows > MAX_TABLE_ROWS:
        raise _not_a_table(path, f"{declared:,} bytes, {rows:,} rows: larger than a sweep table may be "
                                 f"({MAX_TABLE_BYTES >> 20} MiB, {MAX_TABLE_ROWS:,} rows)")


def row_key(row) -> str:
    """The resumption key of a row (dict or Series): spec hash, parameters, bound, version."""
    return json.dumps([str(row["spec_hash"]), str(row["cell"]), str(row["bound"]), str(row["version"])])


def frame_of(rows: list, columns_first=()) -> pd.DataFrame:
    """Rows (dicts) as a DataFrame; integer columns stay integers where no row lacks them."""
    frame = pd.DataFrame(rows)
    for c in frame.columns:
        if frame[c].dtype == object:
            continue
        if frame[c].dtype.kind == "f" and frame[c].isna().any():
            non_na = frame[c].dropna()
            if len(non_na) and (non_na == non_na.round()).all() and not c.endswith("seconds"):
                frame[c] = frame[c].astype("Int64")
    first = [c for c in columns_first if c in frame.columns]
    return frame[first + [c for c in frame.columns if c not in first]]


def write_table(frame: pd.DataFrame, path) -> Path:
    """Write ``frame`` to ``path`` atomically in the format of its suffix.

    Raises:
        InputError: the folder cannot be written.
    """
    path = Path(path)
    fmt = table_format(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temp_beside(path)
        os.close(fd)
        try:
            if fmt == "parquet":
                _for_parquet(frame).to_parquet(tmp, index=False)
            else:
                frame.to_csv(tmp, index=False)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None
    return path


def _for_parquet(frame: pd.DataFrame) -> pd.DataFrame:
    """Object columns mixing types (a function parameter beside ints, None beside text) as text."""
    out = frame.copy()
    for c in out.columns:
        if out[c].dtype == object:
            kinds = {type(v) for v in out[c] if v is not None and not (isinstance(v, float) and pd.isna(v))}
            if len(kinds) > 1 or (kinds and not kinds <= {str, bool}):
                out[c] = out[c].map(lambda v: None if v is None or (isinstance(v, float) and pd.isna(v)) else str(v))
    return out
