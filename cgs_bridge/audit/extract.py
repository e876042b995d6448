"""Instrumenting a normalised program so that its results come back in machine-readable form, and
reading them back without evaluating anything in Python.

The run file is: (prelude) + the program's statements + an epilogue. Statements that a notebook
would display (no trailing ``;``) are wrapped so their value is printed with a marker (``mathics
-f`` prints only ``Print`` output). The epilogue prints, each on one marker line:

- ``positions``: the program's position list (default symbol ``allcases``);
- ``values``: its Grundy function (default ``Gr``) mapped over that list;
- ``moves``: its move function (default ``move``) mapped over that list;
- ``undefined``: symbols the program calls that have no definition and are not builtins of the
  engine (their calls stay unevaluated: the sign of a missing builtin such as ``BitXor`` in
  Mathics3).

Marker lines look like ``@@CGSB@@ <tag> <payload> @@END@@`` (payload in ``InputForm``); a payload may
span lines. :func:`parse_wl` reads payloads: nested lists of integers; anything else is kept as
:class:`Symbolic` text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .normalize import IDENT, Normalized, identifiers, strip_comments

MARK = "@@CGSB@@"
END = "@@END@@"

WRAPPER = ('CGSBshow[CGSBn_, CGSBv_] := If[CGSBv =!= Null, Print["' + MARK + ' out ", CGSBn, " ", '
           'ToString[InputForm[CGSBv]], " ' + END + '"]];\n'
           'CGSBemit[CGSBtag_, CGSBv_] := Print["' + MARK + ' ", CGSBtag, " ", '
           'ToString[InputForm[CGSBv]], " ' + END + '"];\n')


@dataclass(frozen=True)
class Symbolic:
    """A value that is not an integer or a list (an unevaluated call, a symbol, a real...)."""

    text: str

    def __str__(self):
        return self.text


@dataclass
class Symbols:
    """Which of the program's symbols hold the Grundy function, the position list and the move
    function; ``how`` says for each whether it was given, detected or defaulted."""

    grundy: str = "Gr"
    positions: str = "allcases"
    moves: str | None = "move"
    how: dict = field(default_factory=dict)


@dataclass
class Extracted:
    """What one run printed: ``outputs`` maps statement number (1-based) to its displayed value text;
    ``data`` maps epilogue tags to payload text; ``other`` holds every other line (the program's
    own ``Print`` output and the engine's messages)."""

    outputs: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)
    other: list = field(default_factory=list)


def detect_symbols(norm: Normalized, grundy: str | None = None, positions: str | None = None,
                   moves: str | None = None) -> Symbols:
    """Find the Grundy, position-list and move symbols unless given.

    Grundy: a memoised definition ``G[x_] := G[x] = ...Mex...`` (default ``Gr``); moves: the
    function ``G`` maps over (``Map[G, M[x]]``, default ``move``); positions: ``allcases`` when
    assigned, else the last top-level ``Select`` assignment.
    """
    s = Symbols(how={})
    texts = [strip_comments(st.text) for st in norm.statements]
    if grundy:
        s.grundy, s.how["grundy"] = grundy, "given"
    else:
        s.how["grundy"] = "default"
        for t in texts:
            m = re.match(r"\s*([A-Za-z$][\w$]*)\[\s*(\w+)_\s*\]\s*:=\s*\1\[\s*\2\s*\]\s*=", t)
            if m and "Mex" in t:
                s.grundy, s.how["grundy"] = m.group(1), "detected"
                break
    if moves:
        s.moves, s.how["moves"] = moves, "given"
    else:
        s.how["moves"] = "default"
        for t in texts:
            m = re.search(rf"Map\[\s*{re.escape(s.grundy)}\s*,\s*([A-Za-z$][\w$]*)\[", t)
            if m:
                s.moves, s.how["moves"] = m.group(1), "detected"
                break
    if positions:
        s.positions, s.how["positions"] = positions, "given"
    else:
        assigned = [st.assigned() for st in norm.statements]
        if "allcases" in assigned:
            s.how["positions"] = "default"
        else:
            sel = [a for a, t in zip(assigned, texts) if a and re.search(r"=\s*Select\[", t)]
            if sel:
                s.positions, s.how["positions"] = sel[-1], "detected"
            else:
                s.how["positions"] = "default"
    return s


def called_heads(norm: Normalized) -> list:
    """Identifiers the program calls as functions (``f[...]``), sorted, without duplicates."""
    names = set()
    for st in norm.statements:
        names |= {name for name, _, called in identifiers(st.text) if called}
    return sorted(n for n in names if "`" not in n)


def instrument(norm: Normalized, symbols: Symbols, prelude: str = "", show: bool = True,
               moves: bool = True) -> str:
    """The text of the file to run: ``prelude``, the wrapper definitions, the statements (those
    without ``;`` wrapped in ``CGSBshow`` when ``show``), then the epilogue."""
    parts = [prelude, WRAPPER]
    for n, st in enumerate(norm.statements, 1):
        if st.terminated or not show:
            parts.append(st.text + ";\n")
        else:
            parts.append(f"CGSBshow[{n}, {st.text}];\n")
    g, p, m = symbols.grundy, symbols.positions, symbols.moves
    for name in (g, p, m):
        if name and not IDENT.fullmatch(name):
            raise ValueError(f"not a symbol name: {name!r}")
    parts.append(f'If[Head[{p}] === List, CGSBemit["positions", {p}]; '
                 f'CGSBemit["values", Map[{g}, {p}]]];\n')
    if m and moves:
        parts.append(f'If[Head[{p}] === List && DownValues[{m}] =!= {{}}, '
                     f'CGSBemit["moves", Map[{m}, {p}]]];\n')
    heads = called_heads(norm)
    parts.append("CGSBundefined = {};\n")
    for h in heads:
        parts.append(f'If[Context[{h}] === "Global`" && DownValues[{h}] === {{}} && '
                     f'OwnValues[{h}] === {{}}, AppendTo[CGSBundefined, "{h}"]];\n')
    parts.append('CGSBemit["undefined", CGSBundefined];\n')
    return "".join(parts)


def parse_output(stdout: str) -> Extracted:
    """Split engine output into marker payloads and other lines."""
    ex = Extracted()
    pattern = re.compile(re.escape(MARK) + r" (\S+) (.*?) ?" + re.escape(END), re.S)
    pos = 0
    for m in pattern.finditer(stdout):
        ex.other += [ln for ln in stdout[pos:m.start()].splitlines() if ln.strip()]
        tag, payload = m.group(1), m.group(2)
        if tag == "out":
            num, _, value = payload.partition(" ")
            ex.outputs[int(num)] = value.strip()
        else:
            ex.data[tag] = payload.strip()
        pos = m.end()
    rest = stdout[pos:]
    if MARK in rest:  # a marker cut off by a time-out: keep what was printed
        rest = rest[:rest.index(MARK)]
    ex.other += [ln for ln in rest.splitlines() if ln.strip()]
    return ex


def parse_wl(text: str, paper: bool = False):
    """Parse an ``InputForm`` value: nested lists (``{...}``) of integers; any other element becomes
    :class:`Symbolic` (its raw text). With ``paper``, ``(...)`` also delimits a list (the extracted
    text of seed 003 prints ``{(0,0,0),(1,0,1),...}``). Never evaluates anything.

    Raises:
        ValueError: unbalanced brackets.
    """
    text = text.strip()
    opens, closes = ("{(", "})") if paper else ("{", "}")

    def element(i):
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] in opens:
            items, i = [], i + 1
            while True:
                while i < len(text) and text[i].isspace():
                    i += 1
                if i >= len(text):
                    raise ValueError(f"unbalanced list in {text[:80]!r}")
                if text[i] in closes:
                    return items, i + 1
                v, i = element(i)
                items.append(v)
                while i < len(text) and text[i].isspace():
                    i += 1
                if i < len(text) and text[i] == ",":
                    i += 1
        m = re.compile(r"-?\d+").match(text, i)
        j = _raw_end(text, i, closes)
        if m and m.end() == j:
            return int(m.group(0)), j
        return Symbolic(text[i:j].strip()), j

    value, end = element(0)
    if text[end:].strip():
        return Symbolic(text)
    return value


def _raw_end(text: str, i: int, closes: str) -> int:
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif ch == "," and depth == 0:
            return i
        i += 1
    return i


def symbolic_parts(value) -> list:
    """Every :class:`Symbolic` element inside ``value`` (depth-first)."""
    if isinstance(value, Symbolic):
        return [value]
    if isinstance(value, list):
        out = []
        for v in value:
            out += symbolic_parts(v)
        return out
    return []
