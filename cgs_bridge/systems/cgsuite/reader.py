"""Import what CGSuite 2.x printed on stdout into a table keyed by position.

Forms handled (all seen in real CGSuite 2.2-beta2 output, ``shared/fixtures/cgsuite/``):

- one ``[c1,...,cn,g]`` list per line (``System.Print``), with an optional misère value after g;
- nimbers instead of integers: ``0``, ``*``, ``*2`` (``CanonicalForm`` of an impartial game);
- a list of lists printed as one value ``[[...],[...]]`` (a statement's own value, REPL output);
- quoted CSV strings ``"0,0,1,1"``, with a header string ``"x,y,z,grundy"``;
- the upstream REPL (``org.cgsuite.lang.Repl``): banner lines, ``Adding folder to classpath``, and
  one ``> `` prompt per input line (comment and blank lines included), so a value can arrive after
  a run of prompts ``> > > > > > [0,0,0,0]``; a trailing prompt without a value; and, when stdin
  ended without ``:quit``, the ``org.jline.reader.EndOfFileException`` stack trace (kept as a note:
  the rows before it are complete);
- ``Nothing`` (the value of a ``for`` loop) and lone scalar values (kept as ``scalars``);
- the claim checks of the emitted scripts: ``[]`` or lists of positions without values (``checks``);
- ``Table(...)`` grids (``|`` columns and ``--+--`` rules) given the two axes and fixed coordinates;
- error transcripts (a message, ``at worksheet input:`` or ``at FILE line L:C``, the line, a
  caret; or a Java exception with ``at`` frames from the REPL): reported as a failed CGSuite run
  (:class:`CGSuiteRunError`), never as a parse failure.
"""

from __future__ import annotations

import re

import pandas as pd

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.foundation.io import check_line_length, check_row_count
from cgs_bridge.systems.imported import ImportedTable, in_int64

_BANNER = ("Welcome to the CGSuite REPL", "Type CGScript expressions", "Adding folder to classpath")
_VALUE = re.compile(r"^(-?\d+|\*|\*\d+)$")
_PROMPTS = re.compile(r"^(?:>(?: |$))+")           # a run of REPL prompts "> > > "
_EXCEPTION = re.compile(r'^(?:Exception in thread "[^"]*" )?((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*'
                        r'(?:Exception|Error))(?::.*)?$')
_FRAME = re.compile(r"^\s*(?:at [\w$.<>]+\(.*\)|\.\.\. \d+ more|Caused by: .*)$")
_AT_FILE = re.compile(r"^at (worksheet input|\S+ line \d+(?::\d+)?)")
EOF_EXCEPTION = "org.jline.reader.EndOfFileException"


class CGSuiteRunError(EngineError):
    """CGSuite reported an error (the transcript carries its message, the line and the caret)."""



def nimber(token: str, where: str) -> int:
    """``0`` / ``*`` / ``*n`` / ``n`` -> the integer nim value (``*`` is 1)."""
    t = token.strip()
    if not _VALUE.match(t):
        raise InputError(f"{where}: {token!r} is not an integer or a nimber (0, *, *2, ...)")
    if t == "*":
        return 1
    if len(t) > 24:
        raise InputError(f"{where}: {t[:30]}... is beyond the 64-bit integers cgs-bridge compares")
    return in_int64(int(t[1:]) if t.startswith("*") else int(t), where)


def _split_top(text: str, where: str) -> list:
    """Split ``[a,b],[c,d]`` at top-level commas (inside the outer brackets already removed)."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise InputError(f"{where}: unbalanced ']'")
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise InputError(f"{where}: unbalanced '[' (truncated line?)")
    parts.append("".join(cur))
    return [p.strip() for p in parts]


def _rows_of_list(text: str, where: str, nested: bool = False) -> list:
    """Rows from ``[a,b,c]`` (one row) or ``[[a,b],[c,d]]`` (many); deeper lists are refused."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise InputError(f"{where}: expected a list [..], got {text[:40]!r} (truncated line?)")
    inner = text[1:-1].strip()
    if not inner:
        return []
    if inner.startswith("["):
        if nested:
            raise InputError(f"{where}: lists nested deeper than a list of rows [[..],[..]]")
        return [_rows_of_list(p, where, True)[0] for p in _split_top(inner, where)]
    return [[nimber(v, where) for v in _split_top(inner, where)]]


def check_error_transcript(text: str, file: str) -> None:
    """Raise :class:`CGSuiteRunError` when ``text`` is a CGSuite error report."""
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        if _AT_FILE.match(ln.strip()):
            start = max(0, i - 1)
            detail = "\n".join("  | " + x for x in lines[start:i + 3])
            raise CGSuiteRunError(f"{file}: CGSuite reported an error at line {i}:\n{detail}")
        m = _EXCEPTION.match(_PROMPTS.sub("", ln.strip()))
        if m and m.group(1) != EOF_EXCEPTION:
            detail = "\n".join("  | " + x for x in lines[i:i + 4])
            raise CGSuiteRunError(f"{file}: CGSuite raised {m.group(1)} at line {i + 1}:\n{detail}")


def repl_lines(text: str):
    """Yield ``(line number, content, after_prompt)`` for each line of a transcript with the REPL's
    prompts removed (any run of ``> ``), skipping what carries no value: blank lines, ``Nothing``,
    the REPL banner and ``Adding folder to classpath``, and the stack trace of an
    ``EndOfFileException`` (input ended without ``:quit``)."""
    in_eof = False
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        stripped = _PROMPTS.sub("", line)
        repl, line = stripped != line, stripped.strip()
        m = _EXCEPTION.match(line)
        if m and m.group(1) == EOF_EXCEPTION:
            in_eof = True
            continue
        if in_eof and _FRAME.match(line):
            continue
        in_eof = False
        if not line or line == "Nothing" or any(line.startswith(b) for b in _BANNER):
            continue
        yield no, line, repl


def java_exceptions(text: str) -> list:
    """The Java exception class names a transcript (or the REPL's stderr) reports, in order."""
    out = []
    for ln in text.splitlines():
        m = _EXCEPTION.match(_PROMPTS.sub("", ln.strip()))
        if m:
            out.append(m.group(1))
    return out


def ended_without_quit(text: str) -> bool:
    """True when the transcript holds the REPL's ``EndOfFileException`` (stdin ended without
    ``:quit``; the real REPL then exits with status 1 after printing every value)."""
    return EOF_EXCEPTION in text


def parse_transcript(text: str, ncoords: int, file: str = "<cgsuite>") -> ImportedTable:
    """Parse a CGSuite transcript into rows of ``ncoords`` coordinates plus 1 or 2 values.

    Raises:
        CGSuiteRunError: the transcript is a CGSuite error report.
        InputError: a malformed line or a row of the wrong length (file and line named).
    """
    check_line_length(text, file)
    check_error_transcript(text, file)
    rows, where_rows, scalars, others, checks = [], [], [], [], []
    header_seen = False
    for no, line, repl in repl_lines(text):
        where = f"{file}:{no}"
        if line.startswith('"'):
            if not (line.endswith('"') and len(line) >= 2):
                raise InputError(f"{where}: unterminated string (truncated line?)")
            body = line[1:-1]
            if not header_seen and not any(c.isdigit() for c in body):
                header_seen = True
                continue
            found = [[nimber(v, where) for v in body.split(",")]]
        elif line.startswith("["):
            found = _rows_of_list(line, where)
            if line.replace(" ", "") == "[]" or (line.startswith("[[") and all(len(r) == ncoords for r in found)):
                checks.append((no, [tuple(r) for r in found]))  # a claim check: the positions where it fails
                continue
        elif _VALUE.match(line):
            scalars.append((no, nimber(line, where)))
            continue
        elif repl:
            others.append((no, line))
            continue
        else:
            raise InputError(f"{where}: cannot read {line[:60]!r} as CGSuite output")
        for r in found:
            if len(r) not in (ncoords + 1, ncoords + 2):
                raise InputError(f"{where}: a row of {len(r)} values; expected {ncoords} coordinates "
                                 f"then the Grundy value (and optionally the misère value) — "
                                 "a transcript of another game?")
            rows.append(r)
            where_rows.append(no)
        check_row_count(len(rows), file, no)
    if rows:
        first = len(rows[0])
        for r, no in zip(rows, where_rows):
            if len(r) != first:
                raise InputError(f"{file}:{no}: a row of {len(r)} values, but the first row "
                                 f"(line {where_rows[0]}) has {first}; rows of different lengths")
    return ImportedTable(_frame(rows, ncoords), where_rows, scalars, others, ended_without_quit(text), checks)


def read_values(text: str, file: str = "<cgsuite>") -> list:
    """Every value a transcript printed, in order, as ``(line, value)``: ``value`` is an int (a
    nim value; nimbers ``*n`` read as n) or a list of ints (``[14,8,6]``) or of such lists. For
    one-off queries such as ``[R(3, 13).NimValue, S(5, 5).NimValue]``.

    Raises:
        CGSuiteRunError: an error transcript. InputError: a line that is not such a value.
    """
    check_line_length(text, file)
    check_error_transcript(text, file)
    out = []
    for no, line, _ in repl_lines(text):
        where = f"{file}:{no}"
        if _VALUE.match(line):
            out.append((no, nimber(line, where)))
        elif line.startswith("[") and line.endswith("]"):
            inner = line[1:-1].strip()
            if inner.startswith("["):
                out.append((no, _rows_of_list(line, where)))
            else:
                out.append((no, [nimber(v, where) for v in _split_top(inner, where)] if inner else []))
        else:
            raise InputError(f"{where}: cannot read {line[:60]!r} as a CGSuite value")
    return out


def _frame(rows: list, ncoords: int) -> pd.DataFrame:
    width = len(rows[0]) if rows else ncoords + 1
    cols = [f"c{i}" for i in range(ncoords)] + ["grundy"] + (["misere"] if width == ncoords + 2 else [])
    return pd.DataFrame(rows, columns=cols, dtype="int64")


def parse_table(text: str, coords: tuple, rows_axis: str, cols_axis: str, fixed: dict,
                file: str = "<cgsuite>", row_start: int = 0, col_start: int = 0) -> ImportedTable:
    """Parse a ``Table(...)`` grid: cell (r, c) is the value at ``rows_axis = row_start + r``,
    ``cols_axis = col_start + c`` and the ``fixed`` coordinates.

    Raises:
        InputError: axes or fixed coordinates that do not name every coordinate once, ragged rows,
        non-integer cells.
    """
    check_line_length(text, file)
    check_error_transcript(text, file)
    named = [rows_axis, cols_axis] + list(fixed)
    if sorted(named) != sorted(coords):
        raise InputError(f"table axes {rows_axis}, {cols_axis} and fixed {', '.join(fixed) or 'none'} "
                         f"must name each coordinate of ({', '.join(coords)}) exactly once")
    out, where_rows, width, r = [], [], None, 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line == "Nothing" or set(line) <= set("-+ "):
            continue
        cells = [c.strip() for c in line.split("|")]
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise InputError(f"{file}:{no}: {len(cells)} cells where the grid has {width} (truncated?)")
        for c, cell in enumerate(cells):
            if not cell:
                continue  # a blank cell: not a position of the game
            pos = dict(fixed)
            pos[rows_axis], pos[cols_axis] = row_start + r, col_start + c
            out.append([pos[k] for k in coords] + [nimber(cell, f"{file}:{no}")])
            where_rows.append(no)
        check_row_count(len(out), file, no)
        r += 1
    return ImportedTable(_frame(out, len(coords)), where_rows)
