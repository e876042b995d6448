"""Fast CSV text of an integer table: the same bytes as ``np.savetxt(buf, table, fmt="%d",
delimiter=",")`` (one line per row, ``\\n`` ends), about 50 times faster for millions of rows.

``np.savetxt`` formats row by row in Python (about 3 µs a row: 8 s for the 2.7 million positions
of the triangular bar at bound 200); here a numba loop writes digits into a byte buffer. Without
numba the numpy formatter is used.
"""

from __future__ import annotations

import io

import numpy as np



def _digits(v):
    n = 1
    if v < 0:
        n += 1
        v = -v
    while v >= 10:
        v //= 10
        n += 1
    return n


def _format(table):
    rows, cols = table.shape
    total = 0
    for r in range(rows):
        for c in range(cols):
            total += _digits(table[r, c]) + 1
    out = np.empty(total, dtype=np.uint8)
    k = 0
    for r in range(rows):
        for c in range(cols):
            v = table[r, c]
            n = _digits(v)
            if v < 0:
                out[k] = 45  # '-'
                v = -v
            end = k + n
            j = end - 1
            while True:
                out[j] = 48 + v % 10
                v //= 10
                j -= 1
                if v == 0:
                    break
            out[end] = 44 if c < cols - 1 else 10  # ',' or '\n'
            k = end + 1
    return out


_JIT: dict = {}


def _formatter():
    """``_format`` compiled with numba on first use (importing this module stays cheap), or None
    without numba."""
    if "f" not in _JIT:
        try:
            from numba import njit
        except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
            _JIT["f"] = None
        else:
            global _digits
            _digits = njit(cache=True)(_digits)
            _JIT["f"] = njit(cache=True)(_format)
    return _JIT["f"]


def rows_bytes(table: np.ndarray) -> bytes:
    """:func:`rows_text` as ASCII bytes (no decoding: for writing files)."""
    table = np.ascontiguousarray(table, dtype=np.int64)
    if table.ndim != 2 or table.shape[0] == 0:
        return b""
    fmt = _formatter()
    if fmt is None:
        return rows_text(table).encode("ascii")
    return fmt(table).tobytes()


def rows_text(table: np.ndarray) -> str:
    """CSV lines of a 2-D integer array (no header): ``"1,2,3\\n4,5,6\\n"``.

    Args:
        table: integer array of shape (rows, columns); values within int64.
    Returns:
        the text, ``""`` for zero rows.
    """
    table = np.ascontiguousarray(table, dtype=np.int64)
    if table.ndim != 2 or table.shape[0] == 0:
        return ""
    fmt = _formatter()
    if fmt is None:
        buf = io.StringIO()
        np.savetxt(buf, table, fmt="%d", delimiter=",")
        return buf.getvalue()
    return fmt(table).tobytes().decode("ascii")
