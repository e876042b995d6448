"""Streamed output of a solution: CSV in chunks, Parquet in row groups (issue 12: output is not
the bottleneck, and memory stays bounded by one chunk, :func:`chunk_bytes`).

Rows are the valid positions in lexicographic order: the coordinates in spec order, ``grundy``
and (when computed) ``misere`` — the bytes of :meth:`solvers.Solution.to_csv_text`. Files are
written to a temporary file in the target's folder and renamed (atomic); an existing file with
different content is replaced only with ``overwrite`` (same content: left alone).
"""

from __future__ import annotations

import filecmp
import os
from pathlib import Path

import numpy as np

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import check_output_path, temp_beside, umask

from .csvtext import box_rows_bytes

#: Box points per chunk (CSV) and per Parquet row group.
CHUNK_POINTS = 1 << 20


def columns(solution) -> list:
    """Column names: coordinates, ``grundy``, and ``misere`` when computed."""
    return list(solution.ruleset.coords) + ["grundy"] + (["misere"] if solution.misere is not None else [])


def chunk_bytes(box, misere: bool = False) -> int:
    """Peak bytes one output chunk allocates for ``box`` (beyond the solution's own arrays), the
    larger of the two paths: Parquet (validity mask, linear indices, unravelled coordinates, the
    int64 table and its Arrow copy) and CSV (the text buffer: room for the longest row per point). Memory checks add this to the kernel's
    :func:`solvers.box.estimate_bytes`."""
    pts = min(CHUNK_POINTS, box.size)
    cols = len(box.upper) + (2 if misere else 1)
    parquet = 1 + 8 + 8 * len(box.upper) + 16 * cols
    csv = 12 * cols + sum(len(str(u)) + 1 for u in box.upper)
    return pts * max(parquet, csv)


def csv_chunks(solution):
    """Yield the CSV rows (bytes, no header) of consecutive valid positions, each from at most
    :data:`CHUNK_POINTS` points of the box, in lexicographic order."""
    g = solution.grundy.reshape(-1)
    m = solution.misere.reshape(-1) if solution.misere is not None else None
    for a in range(0, g.size, CHUNK_POINTS):
        yield box_rows_bytes(g, m, solution.box.shape, a, min(g.size, a + CHUNK_POINTS))


def chunks(solution):
    """Yield int64 tables (rows, columns) of consecutive valid positions, each from at most
    :data:`CHUNK_POINTS` points of the box, in lexicographic order."""
    g = solution.grundy.reshape(-1)
    m = solution.misere.reshape(-1) if solution.misere is not None else None
    shape = solution.box.shape
    for a in range(0, g.size, CHUNK_POINTS):
        b = min(g.size, a + CHUNK_POINTS)
        idx = np.flatnonzero(g[a:b] >= 0) + a
        cols = list(np.unravel_index(idx, shape)) + [g[idx]] + ([m[idx]] if m is not None else [])
        table = np.empty((len(idx), len(cols)), dtype=np.int64)
        for j, c in enumerate(cols):
            table[:, j] = c
        yield table


def write(solution, path, overwrite: bool = False, fmt: str | None = None) -> Path:
    """Write ``solution`` to ``path`` as CSV, or Parquet when ``fmt == "parquet"`` or the name
    ends in ``.parquet`` (pyarrow; int64 columns, one row group per chunk).

    Raises:
        InputError: ``path`` exists with other content and ``overwrite`` is false, is not a
        regular file, is in a missing folder, or cannot be written.
    """
    path = Path(path)
    fmt = fmt or ("parquet" if path.suffix.lower() == ".parquet" else "csv")
    check_output_path(path)  # a regular file in an existing folder (never a device or FIFO)
    try:
        fd, tmp = temp_beside(path)
        os.fchmod(fd, 0o666 & ~umask())  # the permissions of a new file under the user's umask
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None
    try:
        if fmt == "parquet":
            os.close(fd)
            _parquet(solution, tmp)
        else:
            with os.fdopen(fd, "wb") as f:
                f.write((",".join(columns(solution)) + "\n").encode("ascii"))
                for text in csv_chunks(solution):
                    f.write(text)
        _install(tmp, path, overwrite)
    except OSError as e:
        raise InputError(f"cannot write {path}: {e}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def write_text(solution, stream) -> None:
    """Write the CSV to a text stream (``sys.stdout``) chunk by chunk."""
    stream.write(",".join(columns(solution)) + "\n")
    for text in csv_chunks(solution):
        stream.write(text.decode("ascii"))


def _parquet(solution, tmp) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq
    names = columns(solution)
    schema = pa.schema([(n, pa.int64()) for n in names])
    with pq.ParquetWriter(tmp, schema) as w:
        for table in chunks(solution):
            w.write_table(pa.Table.from_arrays([pa.array(table[:, j]) for j in range(len(names))],
                                               schema=schema))


def _install(tmp, path: Path, overwrite: bool) -> None:
    if path.exists():
        if filecmp.cmp(tmp, path, shallow=False):
            return  # same content: left alone
        if not overwrite:
            raise InputError(f"{path} exists and differs from what would be written; "
                             "pass --force to replace it")
    os.replace(tmp, path)
