"""Static check of CGScript: parse with the grammar of the CGScript subset cgs_bridge emits
(``cgscript.lark``, written from the structure of CGSuite's ``Cgsuite.g``).

:func:`parse_cgscript` returns the lark tree of a class file (``class_unit``) or a worksheet script
(``script``) and raises :class:`CGScriptSyntaxError` (file, line, column, the offending line and a
caret) otherwise. Reserved words that are not names in CGScript (``v``, ``vv``, ``v1``: down-arrow
games; keywords such as ``error``, ``is``, ``end``) are named in the message.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import lark

from ..errors import InputError

GRAMMAR = Path(__file__).with_name("cgscript.lark")
_STATEMENT_KEYWORDS = {"IF": "STMT_IF", "FOR": "STMT_FOR", "WHILE": "STMT_WHILE", "BEGIN": "STMT_BEGIN"}
_STATEMENT_START = {";", "then", "else", "do", "begin", "end"}
#: Words a CGSuite user may take for names but cannot (fixtures README): hinted in messages.
_RESERVED_NAMES = {"error", "clear", "pass", "op", "unary", "is"}


class CGScriptSyntaxError(InputError):
    """A CGScript text that the grammar does not accept; ``file``, ``line``, ``column`` (1-based)."""

    def __init__(self, message, file=None, line=None, column=None):
        self.file, self.line, self.column = file, line, column
        super().__init__(message)


class _StatementStart:
    """Postlexer: ``if``/``for``/``while``/``begin`` where a statement starts begin a control
    statement (Cgsuite.g's ``(IF | loopAntecedent | BEGIN) => controlExpression``)."""

    always_accept = ()

    def process(self, stream):
        prev = None
        for tok in stream:
            if tok.type in _STATEMENT_KEYWORDS and (prev is None or prev.value in _STATEMENT_START):
                tok = lark.Token.new_borrow_pos(_STATEMENT_KEYWORDS[tok.type], tok.value, tok)
            prev = tok
            yield tok


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    return lark.Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                     postlex=_StatementStart(), propagate_positions=True, maybe_placeholders=True)


def _hint(text: str) -> str:
    word = ""
    for ch in text:
        if ch.isalnum() or ch == "_":
            word += ch
        else:
            break
    if word and (word[0] == "v" and word.rstrip("0123456789").strip("v") == "" or word in _RESERVED_NAMES):
        return f" (`{word}` is reserved in CGScript{', a down-arrow game' if word[0] == 'v' else ''})"
    return ""


def parse_cgscript(text: str, file: str | None = None) -> lark.Tree:
    """Parse CGScript ``text`` (``file`` names it in messages).

    Returns:
        the lark tree (root ``class_unit`` or ``script``).
    Raises:
        CGScriptSyntaxError: with ``file:line:column``, the line and a caret.
    """
    where = file or "<cgscript>"
    try:
        return parser().parse(text)
    except lark.exceptions.UnexpectedInput as e:
        line, col = e.line, e.column
        lines = text.splitlines()
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        if isinstance(e, lark.exceptions.UnexpectedCharacters):
            what = f"unexpected character {text[e.pos_in_stream]!r}"
            rest = text[e.pos_in_stream:]
        elif isinstance(e, lark.exceptions.UnexpectedEOF):
            what = "unexpected end of input"
            rest = ""
        else:
            tok = e.token
            what = f"unexpected {tok.value!r}" if tok.type != "$END" else "unexpected end of input"
            rest = tok.value if tok.type != "$END" else ""
            if tok.type in _STATEMENT_KEYWORDS.values():
                what += " (a control statement cannot continue an expression)"
        # a reserved word just before the error (``for v from``: the lexer stops at ``v``)
        hint = _hint(rest)
        msg = f"{where}:{line}:{col}: CGScript syntax error: {what}{hint}\n  {src}\n  {' ' * (col - 1)}^"
        raise CGScriptSyntaxError(msg, file, line, col) from None
