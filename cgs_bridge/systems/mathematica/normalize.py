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

from cgs_bridge.systems.auditing.changes import CHARACTERS, PSI, Change

from .wlscan import CODE, COMMENT, Buffer, Lexed

#: Operators that can only continue an expression when a line starts with them (binary or
#: postfix). ``-`` and ``!`` are left out: at the start of a line they may begin a new expression.
CONTINUATION = ("//", "/.", "/;", "/@", "@@", "&&", "||", "===", "=!=", "==", "!=", ">=", "<=",
                ":=", "->", ":>", "=", "*", "/", "^", "+", ">", "<", "&", "~", "|", ".")

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
    code = "".join(text[i:e] if state == CODE else " " * (e - i) for i, e, state in Lexed(text).runs())
    out = []
    for m in IDENT.finditer(code):
        if m.start() > 0 and (code[m.start() - 1].isalnum() or code[m.start() - 1] in "_#"):
            continue  # a pattern name after _ (x_Integer) or a digit-led token
        after = code[m.end():m.end() + 2]
        out.append((m.group(0), m.start(), after.startswith("[") and after != "[["))
    return out


def strip_comments(text: str) -> str:
    """``text`` without its ``(* ... *)`` comments (strings kept)."""
    return "".join(text[i:e] for i, e, state in Lexed(text).runs() if state != COMMENT)


def _replace_characters(text: str, changes: list) -> str:
    for lineno, line in enumerate(text.split("\n"), 1):
        for kind, ch, rep in CHARACTERS:
            c = line.count(ch)
            if c:
                changes.append(Change(kind, lineno, f"{c} x {ch!r} -> {rep!r}"))
    for _, ch, rep in CHARACTERS:
        text = text.replace(ch, rep)
    return text


_BLANKS = re.compile(f"[ {PSI}]*")
_BLANK_LINES = re.compile(f"[ \n{PSI}]*")
_BREAK = re.compile(f"[\n{PSI}]")


_CONTINUES = re.compile("|".join(map(re.escape, CONTINUATION)))


def _starts_continuation(text: str, j: int) -> bool:
    """Does the text from ``j`` on, after blanks and line breaks, start with an operator of
    :data:`CONTINUATION`?"""
    return _CONTINUES.match(text, _BLANK_LINES.match(text, j).end()) is not None


class _Splitter:
    """:func:`split_statements`' state: the text's :class:`.wlscan.Lexed` scan, the statements
    found, the buffer, and the ends of comment chains already followed."""

    def __init__(self, text: str, changes: list):
        self.text, self.changes, self.lex = text, changes, Lexed(text)
        self.out, self.buf, self.start_line, self.after = [], Buffer(), 1, {}

    def flush(self, at: int) -> None:
        s = strip_comments(self.buf.text()).strip()
        if s:
            from .wlread import parsed_statements
            self.out.extend(Statement(*piece) for piece in parsed_statements(s, self.start_line))
        self.buf = Buffer()
        self.start_line = self.lex.line(at + 1)

    def after_comments(self, j: int) -> int:
        """Where the text goes on after ``j`` and the comments (and the blanks between them)
        that follow on the same line: a comment followed by another comment and a newline is no
        line break. Every chain of comments is followed once (``self.after``)."""
        chain, k = [], j
        while k not in self.after:
            chain.append(k)
            m = _BLANKS.match(self.text, k).end()
            if m >= self.lex.n or self.lex.states[m] != COMMENT:
                self.after[k] = k
                break
            k = self.lex.run_end(m)
        final = self.after[k]
        for c in chain:
            self.after[c] = final
        return final

    def comment(self, i: int, j: int) -> None:
        """The comment run ``[i, j)``: a comment at top level between two complete expressions
        on one line is read as a line break (seed 002)."""
        text, buf = self.text, self.buf
        buf.add(text[i:j], code=False)
        k = self.after_comments(j)
        m = _BLANKS.match(text, k).end()
        if (self.lex.depths[i] == 0 and m < self.lex.n and buf.complete()
                and not _starts_continuation(text, k) and text[m] not in "\n;"):
            self.changes.append(Change("comment-break", self.lex.line(i),
                                       "comment between two complete expressions read as a line break"))
            self.flush(j - 1)

    def code(self, i: int, e: int) -> None:
        """The code run ``[i, e)``: pieces of code, and runs of ``Ψ``/newlines between them."""
        while i < e:
            if self.buf.blank:
                self.start_line = self.lex.line(i)
            br = _BREAK.search(self.text, i, e)
            k = br.start() if br else e
            if k > i:
                self.buf.add(self.text[i:k], code=True)
                i = k
                continue
            i, ends = self.newline_run(i)
            if ends:
                self.flush(i - 1)

    def newline_run(self, i: int) -> tuple:
        """A run of ``Ψ``/newlines/spaces starting at ``i``: its reading added to the buffer and
        the changes recorded. Returns ``(index after the run, True when it ends the
        statement)``."""
        text, buf, changes = self.text, self.buf, self.changes
        j = _BLANK_LINES.match(text, i).end()
        run, line = text[i:j], self.lex.line(i)
        if self.lex.depths[i] > 0:
            if PSI in run:
                changes.append(Change("psi-space", line, f"{run.count(PSI)} x Ψ inside an "
                                      "open expression read as whitespace"))
            buf.add(" " if PSI in run else run, code=True)
        elif buf.blank:
            pass  # leading Ψ / blank lines before a statement
        elif not buf.complete():
            if PSI in run:
                changes.append(Change("psi-space", line, "Ψ after an incomplete expression "
                                      "read as whitespace"))
            buf.add(" ", code=True)
        elif j < len(text) and _starts_continuation(text, j):
            changes.append(Change("joined-continuation", self.lex.line(j),
                                  f"line starting with {text[j:j + 8].split()[0]!r} continues "
                                  "the previous expression"))
            buf.add(" ", code=True)
        else:
            if PSI in run:
                changes.append(Change("psi-break", line, "Ψ between two complete expressions "
                                      "read as a newline (statement break)"))
            return j, True
        return j, False


def split_statements(text: str, changes: list) -> list:
    """Split (already character-normalised) text into top-level statements: ``Ψ``, newlines and
    top-level comments are resolved by the repair rules in the module docstring (PDF damage); the
    statements of each repaired piece are those of Mathics3's parser (:func:`parsed_statements`).
    Records changes. Linear in the text's length (issue 46): one scan, runs of one kind at a
    time."""
    sp = _Splitter(text, changes)
    i, n = 0, len(text)
    while i < n:
        e = sp.lex.run_end(i)
        state = sp.lex.states[i]
        if state == CODE:
            sp.code(i, e)
        else:
            if sp.buf.blank:
                sp.start_line = sp.lex.line(i)
            if state == COMMENT:
                sp.comment(i, e)
            else:
                sp.buf.add(text[i:e], code=False)
        i = e
    sp.flush(n - 1)
    return sp.out


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
    audit calls them). Each round drops every statement that qualifies at its start; a round
    looks only at the definitions of names the previous round's drops mention, and every
    statement's symbol and names are read once (issue 46: linear in the program). Returns
    ``(kept, removed)``."""
    removed = [s for s in statements if s.head in DISPLAY_HEADS]
    alive = {k for k, s in enumerate(statements) if s.head not in DISPLAY_HEADS}
    own = {k: statements[k].assigned() for k in alive}
    names = {k: {n for n, _, _ in identifiers(statements[k].text)} for k in alive}
    uses: dict = {}     # name -> the kept statements (not Clear/Remove) that use it, not as their own
    owners: dict = {}   # name -> the kept statements that assign it
    for k in sorted(alive):
        owners.setdefault(own[k], []).append(k)
        if statements[k].head not in NAMING_HEADS:
            for n in names[k] - {own[k]}:
                uses.setdefault(n, set()).add(k)
    display_uses = {n for s in removed for n, _, _ in identifiers(s.text)}
    look = sorted(alive)
    while True:
        drop = sorted(k for k in look if k in alive and own[k] and own[k] in display_uses
                      and not uses.get(own[k]) and not _function_definition(statements[k]))
        if not drop:
            break
        mentioned: set = set()
        for k in drop:
            alive.discard(k)
            mentioned |= names[k]
            for n in names[k] - {own[k]}:
                uses.get(n, set()).discard(k)
        display_uses |= mentioned
        removed += [statements[k] for k in drop]
        look = sorted({k for n in mentioned for k in owners.get(n, ())})
    for s in removed:
        changes.append(Change("display-removed", s.line, f"display-only code removed: "
                              f"{s.text[:60]}{'...' if len(s.text) > 60 else ''}"))
    return [statements[k] for k in sorted(alive)], removed


def normalize(text: str, drop_display: bool = True) -> Normalized:
    """Normalise printed program ``text`` (see the module docstring).

    Returns:
        a :class:`Normalized` with statements, changes (ordered by line) and removed statements.
    """
    from . import wlread
    wlread.forget()
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
