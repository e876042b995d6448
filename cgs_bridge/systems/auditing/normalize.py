"""Normalisation of Mathematica code copied from papers, without changing its meaning.

Text extracted from a PDF or a web page carries artifacts (``shared/seeds``): ``Ψ`` where line
breaks or indentation were, curly quotes, ``≥``/``≤``/``≠``/``→`` characters, a ``//Length`` moved
to a line of its own, and display-only code (``Grid``, ``GrayLevel`` colour tables and the
definitions only they use). :func:`normalize` undoes them with the Wolfram Language's own rules:

- inside open brackets (``(``, ``[``, ``{``) a newline is whitespace;
- at top level a newline ends a *complete* expression, unless the next line starts with a binary
  operator (``//``, ``&&``, ``==``, ``+``, ...), which continues it;
- so a ``Ψ`` inside brackets is whitespace, and a ``Ψ`` at top level is a newline (a statement
  break between two complete expressions, e.g. seed 003 Ex 8.1 ``...]]] ΨMex[L_] := ...``);
- a comment at top level between two complete expressions on one line (seed 002, whose line
  breaks were lost) is read as a line break too: reported as ``comment-break``.

The result is a list of top-level :class:`Statement` s (``a; b`` gives two, the first
``terminated``) plus every :class:`Change` made, each with its kind and 1-based source line.
Nothing here evaluates the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .wlscan import scan

#: Character replacements: (kind, character, replacement).
CHARACTERS = [
    ("curly-quote", "\u201d", '"'), ("curly-quote", "\u201c", '"'), ("curly-quote", "\u201e", '"'),
    ("curly-quote", "\u2033", '"'),
    ("operator-character", "\u2265", ">="), ("operator-character", "\u2264", "<="),
    ("operator-character", "\u2260", "!="), ("operator-character", "\u2192", "->"),
    ("operator-character", "\u29f4", ":>"), ("operator-character", "\u2212", "-"),
    ("operator-character", "\u00d7", "*"), ("operator-character", "\uf522", "->"),
    ("operator-character", "\u2227", "&&"), ("operator-character", "\u2228", "||"),
    ("space-character", "\u00a0", " "), ("space-character", "\u2003", " "),
    ("space-character", "\t", " "),
]
PSI = "\u03a8"

#: Operators that can only continue an expression when a line starts with them (binary or
#: postfix). ``-`` and ``!`` are left out: at the start of a line they may begin a new expression.
CONTINUATION = ("//", "/.", "/;", "/@", "@@", "&&", "||", "===", "=!=", "==", "!=", ">=", "<=",
                ":=", "->", ":>", "=", "*", "/", "^", "+", ">", "<", "&", "~", "|", ".")
#: Endings that leave an expression incomplete (an operator still waiting for its right operand).
INCOMPLETE_END = re.compile(r"(=|\+|-|\*|/|\^|&&|\|\||<|>|@|~|:|\||,|\.\.)\s*$")

#: Heads whose statements only display results (removed, with the definitions only they use).
#: ``TableForm``/``MatrixForm`` are not among them: a table of values printed at the end is often
#: the only place a program calls its functions (``TableForm[Table[g[x, y], ...]]``), and Mathics3
#: evaluates both.
DISPLAY_HEADS = {"Grid", "Graphics", "Graphics3D", "Show", "ListPlot", "ArrayPlot", "MatrixPlot",
                 "ListPointPlot3D", "Style", "Framed", "Panel",
                 "Plot", "ListLinePlot", "Manipulate", "Animate"}
#: Heads whose arguments name symbols without using them (do not keep a display definition alive).
NAMING_HEADS = {"Clear", "ClearAll", "Remove"}

IDENT = re.compile(r"[A-Za-z$][A-Za-z0-9$`]*")


@dataclass
class Change:
    """One normalisation step: ``kind`` (``psi-break``, ``psi-space``, ``curly-quote``,
    ``operator-character``, ``space-character``, ``joined-continuation``, ``comment-break``,
    ``display-removed``, ``scale``, ``substitute``), its 1-based ``line`` in the printed text, and a
    human-readable ``detail``."""

    kind: str
    line: int
    detail: str


@dataclass
class Statement:
    """A top-level expression: ``text`` (no trailing ``;``), the 1-based ``line`` where it starts,
    ``terminated`` when a ``;`` followed it (so a notebook would not display its value)."""

    text: str
    line: int
    terminated: bool

    @property
    def head(self) -> str | None:
        """The identifier the statement starts with (``Grid`` in ``Grid[...]``), or None."""
        m = IDENT.match(self.text.strip())
        return m.group(0) if m else None

    def assigned(self) -> str | None:
        """The symbol a top-level ``=`` / ``:=`` defines (``f`` in ``f[x_] := ...``, ``f[x_] /; c
        := ...``), read by Mathics3's parser (:func:`.wlread.assigned_symbol`); text the parser
        refuses is read by a pattern."""
        from . import wlread
        node = wlread.parse_one(self.text)
        if node is not None:
            return wlread.assigned_symbol(node)
        m = re.match(r"\s*([A-Za-z$][A-Za-z0-9$]*)\s*(\[.*?\])?\s*:?=(?![=!])", self.text, re.S)
        if not m:
            return None
        depth = 0
        for i, ch in enumerate(self.text):  # the = must be at bracket depth 0
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            elif ch == "=" and depth == 0:
                return m.group(1)
        return None


@dataclass
class Normalized:
    """The normalised program: its statements (in order), the changes made, and the removed
    display statements (for the report)."""

    statements: list
    changes: list = field(default_factory=list)
    removed: list = field(default_factory=list)

    @property
    def text(self) -> str:
        """The normalised program, one statement per line (``;`` kept where it was)."""
        return "\n".join(s.text + (";" if s.terminated else "") for s in self.statements) + "\n"


def identifiers(text: str) -> list:
    """Identifiers in code (not in strings or comments) as ``(name, offset, called)``; ``called``
    when followed by ``[`` (not ``[[``)."""
    code = "".join(ch if state == "code" else " " for _, ch, state, _ in scan(text))
    out = []
    for m in IDENT.finditer(code):
        if m.start() > 0 and (code[m.start() - 1].isalnum() or code[m.start() - 1] in "_#"):
            continue  # a pattern name after _ (x_Integer) or a digit-led token
        after = code[m.end():m.end() + 2]
        out.append((m.group(0), m.start(), after.startswith("[") and after != "[["))
    return out


def strip_comments(text: str) -> str:
    """``text`` without its ``(* ... *)`` comments (strings kept)."""
    return "".join(ch for _, ch, state, _ in scan(text) if state != "comment")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _replace_characters(text: str, changes: list) -> str:
    for lineno, line in enumerate(text.split("\n"), 1):
        for kind, ch, rep in CHARACTERS:
            c = line.count(ch)
            if c:
                changes.append(Change(kind, lineno, f"{c} x {ch!r} -> {rep!r}"))
    for _, ch, rep in CHARACTERS:
        text = text.replace(ch, rep)
    return text


def _complete(buf: str) -> bool:
    code = "".join(ch for _, ch, state, _ in scan(buf) if state == "code").strip()
    return bool(code) and not INCOMPLETE_END.search(code)


def _starts_continuation(rest: str) -> bool:
    s = rest.lstrip(" \n" + PSI)
    return any(s.startswith(op) for op in CONTINUATION)


def _after_comments(text: str, j: int, state_at: dict) -> str:
    """The text from ``j`` on, without the comments (and the blanks between them) that follow on
    the same line: a comment followed by another comment and a newline is no line break."""
    k = j
    while True:
        m = k
        while m < len(text) and text[m] in (" ", PSI):
            m += 1
        if m >= len(text) or state_at[m][0] != "comment":
            return text[k:]
        while m < len(text) and state_at[m][0] == "comment":
            m += 1
        k = m


def _newline_run(text: str, i: int, depth: int, buf: list, changes: list) -> tuple:
    """A run of ``Ψ``/newlines/spaces starting at ``i`` (``depth``: bracket depth there): appends
    its reading to ``buf`` and records changes. Returns ``(index after the run, True when it ends
    the statement)``."""
    j, n = i, len(text)
    while j < n and text[j] in (PSI, "\n", " "):
        j += 1
    run = text[i:j]
    line = _line_of(text, i)
    if depth > 0:
        if PSI in run:
            changes.append(Change("psi-space", line, f"{run.count(PSI)} x Ψ inside an "
                                  "open expression read as whitespace"))
        buf.append(" " if PSI in run else run)
    elif not "".join(buf).strip():
        pass  # leading Ψ / blank lines before a statement
    elif not _complete("".join(buf)):
        if PSI in run:
            changes.append(Change("psi-space", line, "Ψ after an incomplete expression "
                                  "read as whitespace"))
        buf.append(" ")
    elif j < n and _starts_continuation(text[j:]):
        changes.append(Change("joined-continuation", _line_of(text, j),
                              f"line starting with {text[j:j + 8].split()[0]!r} continues "
                              "the previous expression"))
        buf.append(" ")
    else:
        if PSI in run and "".join(buf).strip():
            changes.append(Change("psi-break", line, "Ψ between two complete expressions "
                                  "read as a newline (statement break)"))
        return j, True
    return j, False


def split_statements(text: str, changes: list) -> list:
    """Split (already character-normalised) text into top-level statements: ``Ψ``, newlines and
    top-level comments are resolved by the repair rules in the module docstring (PDF damage); the
    statements of each repaired piece are those of Mathics3's parser (:func:`parsed_statements`).
    Records changes."""
    out: list = []
    buf: list = []
    start_line = [1]
    state_at = {i: (st, d) for i, _, st, d in scan(text)}

    def flush(terminated: bool, at: int):
        s = strip_comments("".join(buf)).strip()
        if s:
            from .wlread import parsed_statements
            out.extend(Statement(*piece) for piece in parsed_statements(s, start_line[0]))
        buf.clear()
        start_line[0] = _line_of(text, at + 1)

    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        st, depth = state_at[i]
        if not "".join(buf).strip():
            start_line[0] = _line_of(text, i)
        if st == "comment":
            j = i
            while j < n and state_at[j][0] == "comment":
                j += 1
            buf.append(text[i:j])
            rest = _after_comments(text, j, state_at)  # the code after this and further comments
            same_line = "\n" not in rest[:len(rest) - len(rest.lstrip(" " + PSI))]
            nxt = rest.lstrip(" " + PSI)
            if (depth == 0 and same_line and nxt and _complete("".join(buf))
                    and not _starts_continuation(rest) and not nxt.startswith(("\n", ";"))):
                changes.append(Change("comment-break", _line_of(text, i),
                                      "comment between two complete expressions read as a line break"))
                flush(False, j - 1)
            i = j
            continue
        if st == "string":
            buf.append(ch)
            i += 1
            continue
        if ch == PSI or ch == "\n":
            i, ends = _newline_run(text, i, depth, buf, changes)
            if ends:
                flush(False, i - 1)
            continue
        buf.append(ch)
        i += 1
    flush(False, n - 1)
    return out


def _function_definition(st: Statement) -> bool:
    """``f[x_] := ...`` (a delayed definition with an argument): kept even when only display code
    calls it (``Clear[...]`` then ``Manipulate[... w[{a, b}] ...]``): the audit calls it itself."""
    from . import wlread
    node = wlread.parse_one(st.text)
    return (node is not None and node.get_head_name() == "SetDelayed"
            and wlread.head(node.children[0]) is not None)


def remove_display(statements: list, changes: list) -> tuple:
    """Drop display-only statements (head in :data:`DISPLAY_HEADS`) and then, to a fixpoint, the
    data definitions whose symbol is used only by dropped code (function definitions stay: the
    audit calls them). Returns ``(kept, removed)``."""
    removed = [s for s in statements if s.head in DISPLAY_HEADS]
    kept = [s for s in statements if s.head not in DISPLAY_HEADS]
    while True:
        uses: dict = {}
        for k, s in enumerate(kept):
            if s.head in NAMING_HEADS:
                continue
            own = s.assigned()
            for name, _, _ in identifiers(s.text):
                if name != own:
                    uses.setdefault(name, set()).add(k)
        display_uses = set()
        for s in removed:
            display_uses |= {name for name, _, _ in identifiers(s.text)}
        drop = [s for s in kept if s.assigned() and s.assigned() in display_uses
                and not uses.get(s.assigned()) and not _function_definition(s)]
        if not drop:
            break
        removed += drop
        kept = [s for s in kept if s not in drop]
    for s in removed:
        changes.append(Change("display-removed", s.line, f"display-only code removed: "
                              f"{s.text[:60]}{'...' if len(s.text) > 60 else ''}"))
    return kept, removed


def normalize(text: str, drop_display: bool = True) -> Normalized:
    """Normalise printed program ``text`` (see the module docstring).

    Returns:
        a :class:`Normalized` with statements, changes (ordered by line) and removed statements.
    """
    changes: list = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _replace_characters(text, changes)
    statements = split_statements(text, changes)
    removed: list = []
    if drop_display:
        statements, removed = remove_display(statements, changes)
    changes.sort(key=lambda c: c.line)
    return Normalized(statements, changes, removed)


def replace_assignment(norm: Normalized, name: str, value: str) -> Normalized:
    """Return a copy of ``norm`` with the top-level assignment ``name = <integer>`` set to
    ``value`` (``--scale ss=40``). Raises ValueError when there is no such statement."""
    pat = re.compile(rf"\s*{re.escape(name)}\s*=\s*-?\d+\s*")
    hits = [k for k, s in enumerate(norm.statements) if pat.fullmatch(s.text)]
    if not hits:
        raise ValueError(f"the program has no top-level assignment {name} = <integer>")
    stmts = list(norm.statements)
    changes = list(norm.changes)
    for k in hits:
        s = stmts[k]
        stmts[k] = Statement(f"{name} = {value}", s.line, s.terminated)
        changes.append(Change("scale", s.line, f"{s.text.strip()} -> {name} = {value}"))
    return Normalized(stmts, changes, norm.removed)


def substitute(norm: Normalized, old: str, new: str) -> Normalized:
    """Return a copy of ``norm`` with the exact text ``old`` replaced by ``new`` (``--subst``), for
    sizes written as literals (seed 003 Ex 8.5: ``{a,0,20}``). ``old`` must occur exactly once.
    Raises ValueError otherwise."""
    hits = [(k, s) for k, s in enumerate(norm.statements) if old in s.text]
    count = sum(s.text.count(old) for _, s in hits)
    if count != 1:
        raise ValueError(f"--subst text {old!r} occurs {count} times in the normalised program "
                         "(it must occur exactly once)")
    k, s = hits[0]
    stmts = list(norm.statements)
    stmts[k] = Statement(s.text.replace(old, new), s.line, s.terminated)
    return Normalized(stmts, norm.changes + [Change("substitute", s.line, f"{old!r} -> {new!r}")],
                      norm.removed)
