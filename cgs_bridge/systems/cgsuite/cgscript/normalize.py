"""Normalisation of CGScript copied from papers, without changing its meaning.

Text extracted from a PDF or web page (``shared/seeds``, seed 003 Examples 8.2-8.8) carries:

- ``Ψ`` where line breaks and indentation were (``ΨΨx:=20; ΨΨz:=20;``): CGScript ends statements
  with ``;`` and ``end``, so a newline is whitespace; each run of ``Ψ`` becomes a newline plus
  indentation (kind ``psi-break``), which keeps the program readable and its meaning unchanged;
- lost line breaks: the class of Example 8.2 is printed on one line, so the line comments
  ``// x``, ``// y``, ``// z`` would swallow the code after them. A ``//`` comment on a line that
  still holds code after it (a ``;`` or an ``end`` further on) is ended before the first word that
  starts a statement (``for``, ``if``, ``return``, ``end``, ``name :=``, ...) and a line break is
  put there (kind ``comment-break``);
- curly quotes and operator characters (``≥ ≤ ≠ → −``), non-breaking spaces: the same table as
  the Mathematica audit (:data:`cgs_bridge.systems.auditing.changes.CHARACTERS`), except that ``∧``/``∨``
  become ``and``/``or``.

Every change is listed (:class:`~cgs_bridge.systems.auditing.changes.Change`, with its printed line), and
every character of the result remembers where it was printed (:meth:`NormalizedScript.printed_pos`)
so errors name both places. Nothing here evaluates the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cgs_bridge.systems.auditing.changes import CHARACTERS, PSI, Change

#: (kind, character, replacement) for CGScript.
CGS_CHARACTERS = [(k, c, {"&&": " and ", "||": " or "}.get(r, r)) for k, c, r in CHARACTERS]

#: Words that start a statement or close a block: a lost line break is put before them.
STATEMENT_WORDS = ("for", "if", "while", "return", "end", "else", "elseif", "var", "method",
                   "override", "property", "def", "class", "begin", "do")
_STMT_START = re.compile(r"\b(?:" + "|".join(STATEMENT_WORDS) + r")\b|\b[A-Za-z_]\w*\s*(?::=|\.\w+\s*\()")


@dataclass
class NormalizedScript:
    """The normalised program ``text``, the ``changes`` made, the ``printed`` text and, for every
    character of ``text``, the offset of the printed character it came from (``origin``)."""

    text: str
    printed: str
    changes: list = field(default_factory=list)
    origin: list = field(default_factory=list)

    def printed_pos(self, line: int, column: int) -> tuple:
        """The printed (line, column) of normalised ``line:column`` (both 1-based)."""
        lines = self.text.split("\n")
        offset = sum(len(s) + 1 for s in lines[:max(line - 1, 0)]) + max(column - 1, 0)
        if not self.origin:
            return line, column
        src = self.origin[min(offset, len(self.origin) - 1)]
        before = self.printed[:src]
        return before.count("\n") + 1, src - (before.rfind("\n") + 1) + 1

    def where(self, line: int, column: int) -> str:
        """``line:column`` in the normalised text, plus the printed place when it differs."""
        pl, pc = self.printed_pos(line, column)
        return f"{line}:{column}" + ("" if (pl, pc) == (line, column) else f" (printed {pl}:{pc})")


def _line(text: str, i: int) -> int:
    return text.count("\n", 0, i) + 1


def _code_spans(text: str):
    """Yield (start, end, kind) for strings, comments and code, left to right."""
    i, n, start = 0, len(text), 0
    while i < n:
        if text[i] == '"':
            if start < i:
                yield start, i, "code"
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            yield i, min(j + 1, n), "string"
            i = start = min(j + 1, n)
        elif text.startswith("//", i) or text.startswith("/*", i):
            if start < i:
                yield start, i, "code"
            j = text.find("\n", i) if text[i + 1] == "/" else text.find("*/", i + 2)
            j = n if j < 0 else (j if text[i + 1] == "/" else j + 2)
            yield i, j, "line-comment" if text[i + 1] == "/" else "comment"
            i = start = j
        else:
            i += 1
    if start < n:
        yield start, n, "code"


def normalize_cgscript(printed: str, comment_breaks: bool = True) -> NormalizedScript:
    """Normalise printed CGScript (rules in the module docstring); without ``comment_breaks`` no
    ``//`` comment is cut (the reading :func:`cgs_bridge.systems.cgsuite.cgscript.parse.parse_file_text`
    falls back to when the cut text does not parse and the uncut one does).

    Returns:
        a :class:`NormalizedScript`; ``changes`` ordered by printed line.
    """
    changes: list = []
    text = printed.replace("\r\n", "\n").replace("\r", "\n")
    out: list = []
    origin: list = []

    def emit(s: str, at: int):
        out.extend(s)
        origin.extend([at] * len(s))

    for lineno, line in enumerate(text.split("\n"), 1):
        for kind, ch, rep in CGS_CHARACTERS:
            if ch in line:
                changes.append(Change(kind, lineno, f"{line.count(ch)} x {ch!r} -> {rep!r}"))
    table = {ch: rep for _, ch, rep in CGS_CHARACTERS}
    _emit_text(text, 0, emit, table, changes, text, comment_breaks)
    result = "".join(out)
    changes.sort(key=lambda c: c.line)
    return NormalizedScript(result, printed, changes, origin)


def _emit_text(part: str, base: int, emit, table, changes, whole: str, cuts: bool = True) -> None:
    """Copy ``part`` (starting at offset ``base`` of ``whole``): strings and comments as they are
    (characters replaced in strings), code through :func:`_emit_code`; a line comment that
    swallowed code is cut and the rest of its line processed again."""
    for start, end, kind in list(_code_spans(part)):
        if kind == "line-comment":
            comment = part[start:end]
            cut = _comment_cut(comment) if cuts else None
            if cut is not None:
                emit(comment[:cut].rstrip(), base + start)
                emit("\n", base + start + cut)
                changes.append(Change("comment-break", _line(whole, base + start),
                                      f"line comment {comment[:cut].strip()!r} ended before "
                                      f"{comment[cut:cut + 12].strip()!r}... (lost line break)"))
                _emit_text(comment[cut:], base + start + cut, emit, table, changes, whole)
                continue
        if kind == "code":
            _emit_code(part[start:end], base + start, emit, table, changes, whole)
        else:
            for k in range(start, end):
                emit(table.get(part[k], part[k]) if kind == "string" else part[k], base + k)


def _emit_code(code: str, base: int, emit, table, changes, whole: str) -> None:
    """Copy a code span, replacing characters and turning each run of Ψ into a line break."""
    i, n = 0, len(code)
    while i < n:
        ch = code[i]
        if ch == PSI:
            j = i
            while j < n and code[j] in (PSI, " "):
                j += 1
            run = code[i:j].count(PSI)
            emit("\n" + "  " * (run - 1), base + i)
            changes.append(Change("psi-break", _line(whole, base + i),
                                  "a run of Ψ read as a line break and indentation"))
            i = j
            continue
        emit(table.get(ch, ch), base + i)
        i += 1


def _comment_cut(comment: str):
    """Where a ``//`` comment that swallowed code should end (index into ``comment``), or None
    when it is an ordinary comment. The comment keeps its first word; the cut is before the first
    statement word whose rest of the comment reads as code (:func:`_reads_as_code`): prose that
    holds ``for``, ``end``, ``:=`` or ``;`` (``// the size for each run; end of setup``) is a
    comment."""
    body = comment[2:]
    first_word = re.match(r"\s*\S+", body)  # a comment keeps at least one word
    if not first_word:
        return None
    for m in _STMT_START.finditer(body, first_word.end()):
        if _reads_as_code(body[m.start():]):
            return 2 + m.start()
    return None


#: Words of CGScript that are not operands (two operands side by side are prose, not code).
_KEYWORDS = frozenset(STATEMENT_WORDS) | {"from", "to", "by", "in", "then", "where", "and", "or",
                                          "not", "extends", "static", "get", "set", "yield",
                                          "break", "continue", "listof", "tableof"}
_TOKEN = re.compile(r'\s*(?:(?P<word>[A-Za-z_]\w*)|(?P<num>\d+(?:\.\d+)?)|(?P<str>"[^"]*")|'
                    r"(?P<close>[)\]}])|(?P<other>\S))")


def _reads_as_code(rest: str) -> bool:
    """Whether ``rest`` (a comment's text from a statement word to the end of its line or the next
    ``//``) reads as CGScript rather than prose: it holds a statement (a ``;``, or an ``end``
    after some operand), no two operands stand side by side (``each run``, ``x.Min(y) is used``)
    and it does not end in a lone block word (``the end``)."""
    rest = rest.split("//")[0].strip()
    words = re.findall(r"[A-Za-z_]\w*", rest)
    if ";" not in rest and not ("end" in words and any(w not in _KEYWORDS for w in words)):
        return False
    operand = False
    for m in _TOKEN.finditer(rest):
        kind = m.lastgroup
        is_operand = kind in ("num", "str") or (kind == "word" and m.group("word") not in _KEYWORDS)
        if is_operand and operand:
            return False
        operand = is_operand or kind == "close"
    return True
