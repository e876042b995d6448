"""Import Mathematica / Mathics3 output: the CSV the emitted program writes, or a printed list of
lists ``{{0,0,0,0},{0,0,1,1},...}`` (possibly over several lines)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import check_line_length, check_row_count, read_input_text
from cgs_bridge.systems.imported import ImportedTable, in_int64


def _csv_rows(reader, file: str):
    """The rows of a ``csv.reader``, its errors (a field beyond the csv module's size limit, a
    NUL byte) as :class:`InputError`."""
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise InputError(f"{file}:{reader.line_num}: not a CSV row ({e})") from None


def read_csv_text(text: str, coords: tuple, file: str = "<csv>") -> ImportedTable:
    """Read a CSV with header ``coords..., grundy[, misere]`` (column order free, extra columns
    refused).

    Raises:
        InputError: empty file, missing or unknown columns, a row of the wrong length or with a
        non-integer (file and line named).
    """
    check_line_length(text, file)
    reader = _csv_rows(csv.reader(io.StringIO(text)), file)
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(f"{file}: empty file (no header line)") from None
    header = [h.strip() for h in header]
    need = list(coords) + ["grundy"]
    missing = [c for c in need if c not in header]
    extra = [c for c in header if c not in need + ["misere"]]
    if missing or extra:
        raise InputError(f"{file}:1: header {','.join(header)!r}: "
                         + (f"missing column(s) {', '.join(missing)}" if missing else "")
                         + ("; " if missing and extra else "")
                         + (f"unknown column(s) {', '.join(extra)}" if extra else "")
                         + f" (expected {','.join(need)}[,misere])")
    order = [header.index(c) for c in need] + ([header.index("misere")] if "misere" in header else [])
    rows, lines = [], []
    for no, row in enumerate(reader, 2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise InputError(f"{file}:{no}: {len(row)} fields, the header has {len(header)} (truncated?)")
        try:
            rows.append([in_int64(int(row[i]), f"{file}:{no}") for i in order])
        except ValueError:
            raise InputError(f"{file}:{no}: not an integer in {','.join(row)!r}") from None
        lines.append(no)
        check_row_count(len(rows), file, no)
    cols = [f"c{i}" for i in range(len(coords))] + ["grundy"] + (["misere"] if "misere" in header else [])
    return ImportedTable(pd.DataFrame(rows, columns=cols, dtype="int64"), lines)


def read_list_text(text: str, ncoords: int, file: str = "<output>") -> ImportedTable:
    """Read a printed list of lists ``{{c1,...,cn,g},...}``.

    Raises:
        InputError: unbalanced braces, non-integers, rows of the wrong length (line named).
    """
    check_line_length(text, file)
    rows, lines = [], []
    depth, cur, line_of_row = 0, "", 0
    seen_open = False
    for no, raw in enumerate(text.splitlines(), 1):
        for ch in raw:
            if ch == "{":
                depth += 1
                seen_open = True
                if depth == 2:
                    cur, line_of_row = "", no
                elif depth > 2:
                    raise InputError(f"{file}:{no}: lists nested deeper than a list of rows")
            elif ch == "}":
                if depth == 2:
                    try:
                        row = [in_int64(int(v), f"{file}:{line_of_row}") for v in cur.split(",")]
                    except ValueError:
                        raise InputError(f"{file}:{line_of_row}: not a row of integers: {{{cur}}}") from None
                    if len(row) not in (ncoords + 1, ncoords + 2):
                        raise InputError(f"{file}:{line_of_row}: a row of {len(row)} values; expected "
                                         f"{ncoords} coordinates then the Grundy value")
                    rows.append(row)
                    lines.append(line_of_row)
                    check_row_count(len(rows), file, line_of_row)
                depth -= 1
                if depth < 0:
                    raise InputError(f"{file}:{no}: unbalanced '}}'")
            elif depth == 2:
                cur += ch
            elif depth == 1 and ch not in ", \t":
                raise InputError(f"{file}:{no}: unexpected {ch!r} between rows")
    if depth != 0:
        raise InputError(f"{file}: unbalanced '{{' at the end (truncated output?)")
    if not seen_open:
        raise InputError(f"{file}: no list {{...}} found")
    width = len(rows[0]) if rows else ncoords + 1
    for r, no in zip(rows, lines):
        if len(r) != width:
            raise InputError(f"{file}:{no}: a row of {len(r)} values, but the first row (line "
                             f"{lines[0]}) has {width}; rows of different lengths")
    cols = [f"c{i}" for i in range(ncoords)] + ["grundy"] + (["misere"] if width == ncoords + 2 else [])
    return ImportedTable(pd.DataFrame(rows, columns=cols, dtype="int64"), lines)


def read_output(path, coords: tuple, partial: bool = False) -> ImportedTable:
    """Read a file the Mathematica side produced: CSV when its first line is a header, otherwise
    a printed list of lists. With ``partial`` (the CSV of a run that failed or timed out while
    writing it row by row) a last line without its newline is dropped, and a missing file or
    header-less start reads as no rows.

    Raises:
        InputError: unreadable file or either format's errors.
    """
    if partial and not Path(path).exists():
        text = ""  # the engine was cut off before it wrote anything
    else:
        text = read_input_text(path, "Mathematica output")
    if partial:
        text = text[: text.rfind("\n") + 1]
        if not text:
            text = ",".join(list(coords) + ["grundy"]) + "\n"
    if text.lstrip().startswith("{"):
        return read_list_text(text, len(coords), str(path))
    return read_csv_text(text, coords, str(path))
