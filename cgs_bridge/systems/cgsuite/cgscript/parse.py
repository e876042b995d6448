"""Parse CGScript (1.1.1 or 2.x, as published) into the :mod:`.ast` dataclasses.

:func:`parse_program` parses normalised text with ``cgscript_published.lark`` (lark LALR), builds
the AST with positions (:mod:`.build`), decides the dialect (``1.x`` when a class uses ``method``/``property``/
``var`` fields, ``2.x`` when it has class parameters, ``def`` or nested classes; a script alone
follows ``dialect``), and checks that one program does not mix them (:mod:`.dialect`).

Errors are :class:`CGScriptError` (an InputError, exit 2) naming the file, the line and column
(normalised and printed) and, for words the subset does not cover, the construct:
``unsupported CGScript 1.x construct: `setof` at 12:5``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import lark

from . import ast as A
from .build import UNSUPPORTED_WORDS, Build, CGScriptError
from .lexing import StatementStart, open_at_end

GRAMMAR = Path(__file__).with_name("cgscript_published.lark")

#: Unsupported words that look like keywords: blamed for a syntax error that follows them.
_KEYWORD_LIKE = re.compile(r"\b(tableof|sumof|switch|try|catch|import|enum|repeat|foreach|until)\b")


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    return lark.Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                     postlex=StatementStart(), propagate_positions=True, maybe_placeholders=True)


def _syntax_error(e: lark.exceptions.UnexpectedInput, text: str, file: str, where) -> CGScriptError:
    line, col = e.line, e.column
    at_end = (isinstance(e, lark.exceptions.UnexpectedEOF)
              or isinstance(e, lark.exceptions.UnexpectedToken) and e.token.type == "$END"
              or isinstance(e, lark.exceptions.UnexpectedCharacters) and text[e.pos_in_stream:][:1] in ('"', "/"))
    pos = getattr(e, "pos_in_stream", None) or 0
    if text[pos:].startswith("/*") and "*/" not in text[pos:]:
        opened = ("a comment", line, col)
    else:
        opened = open_at_end(parser(), text) if at_end else None
    if opened is not None:
        what, line, col = opened
        what = what if what.startswith("a ") else f"`{what}`"
        place = where(line, col) if where else f"{line}:{col}"
        lines = text.splitlines()
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        return CGScriptError(f"{file}: incomplete: the program ends inside {what} opened at line "
                             f"{place.split(':')[0]}, column {place.split(':')[-1]}\n  {src}\n  {' ' * (col - 1)}^",
                             file, line, col, "incomplete")
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if isinstance(e, lark.exceptions.UnexpectedCharacters):
        word = text[e.pos_in_stream]
        two = text[e.pos_in_stream:e.pos_in_stream + 2]
        word = two if two in UNSUPPORTED_WORDS else word
    elif isinstance(e, lark.exceptions.UnexpectedEOF) or e.token.type == "$END":
        word = None
    else:
        word = str(e.token)
    offset = sum(len(x) + 1 for x in lines[:line - 1]) + col - 1
    prior = [m for m in _KEYWORD_LIKE.finditer(text[:offset + len(word or "")])]
    if (word is None or word not in UNSUPPORTED_WORDS) and prior:
        m = prior[-1]
        word = m.group(0)
        line = text.count("\n", 0, m.start()) + 1
        col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        src = lines[line - 1] if 0 < line <= len(lines) else ""
    place = where(line, col) if where else f"{line}:{col}"
    if word is not None and word in UNSUPPORTED_WORDS:
        version = ("1.x " if re.search(r"\bmethod\b|\bproperty\b|Worksheet\.Print", text)
                   else "2.x " if re.search(r"\bdef\b|->", text) else "")
        msg = f"unsupported CGScript {version}construct: `{word}` at {place}"
        construct = word
    else:
        expected = sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or [])
        what = "unexpected end of input" if word is None else f"unexpected `{word}`"
        msg = (f"CGScript syntax error at {place}: {what}"
               + (f" (expected one of: {', '.join(expected[:8])})" if expected else ""))
        construct = None
    context = f"\n  {src}\n  {' ' * (col - 1)}^" if src else ""
    return CGScriptError(f"{file}: {msg}{context}", file, line, col, construct)


def parse_program(text: str, file: str = "<cgscript>", dialect: str | None = None,
                  where=None) -> A.Program:
    """Parse normalised CGScript ``text``.

    Args:
        dialect: ``"1.x"``, ``"2.x"`` or None (decided from the classes; a script alone is 1.x).
        where: optional ``(line, column) -> str`` naming a place (normalised and printed).
    Returns:
        an :class:`~.ast.Program`.
    Raises:
        CGScriptError: a syntax error or a construct outside the subset, with line and column.
    """
    from .dialect import check_dialect, detect_dialect
    try:
        tree = parser().parse(text)
    except lark.exceptions.UnexpectedInput as e:
        raise _syntax_error(e, text, file, where) from None
    except RecursionError:
        raise CGScriptError(f"{file}: expressions nested too deeply to read") from None
    try:
        classes, stmts = Build().transform(tree)
    except RecursionError:
        raise CGScriptError(f"{file}: expressions nested too deeply to read") from None
    except lark.exceptions.VisitError as e:
        if isinstance(e.orig_exc, CGScriptError):
            err = e.orig_exc
            raise CGScriptError(f"{file}: {err}", file, err.line, err.column, err.construct) from None
        raise
    found = detect_dialect(classes, stmts)
    chosen = dialect or found or "1.x"
    prog = A.Program(tuple(classes), tuple(stmts), chosen, file)
    check_dialect(prog, file, where)
    return prog


def parse_file_text(printed: str, file: str = "<cgscript>", dialect: str | None = None):
    """Normalise printed text, then parse it: returns ``(program, normalized)``. When a ``//``
    comment was read as a lost line break and the result does not parse but the text without
    that reading does, the comment was an ordinary one: the uncut reading is taken."""
    from .normalize import normalize_cgscript
    norm = normalize_cgscript(printed)
    try:
        return parse_program(norm.text, file, dialect, norm.where), norm
    except CGScriptError:
        if not any(c.kind == "comment-break" for c in norm.changes):
            raise
        plain = normalize_cgscript(printed, comment_breaks=False)
        try:
            return parse_program(plain.text, file, dialect, plain.where), plain
        except CGScriptError:
            pass
        raise
