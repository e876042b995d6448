"""Token-level rules of CGScript that an LALR grammar cannot say (used by :mod:`.parse`).

- :class:`StatementStart`, lark postlexer: ``if``/``for``/``begin`` where a statement starts are
  control statements closed by ``end`` (STMT_IF, STMT_FOR, STMT_BEGIN), elsewhere expressions
  (Cgsuite.g's syntactic predicate); ``* NAME +`` at the start of an expression is marked as the
  member reading CGSuite 2.2 gives it (``*x1 + *y1``: "Not a method or member variable").
- :func:`open_at_end`: the innermost bracket, string, comment or block still open at the end of a
  text (a truncated program: "incomplete: the program ends inside ... opened at line L, column C").
"""

from __future__ import annotations

import lark
from lark import Token

#: Tokens after which ``if``/``for``/``begin`` starts a statement (Cgsuite.g's syntactic predicate): the
#: start, a statement end or block opener (and, in 1.x, the end of a method or property header).
_STATEMENT_START = {None, "SEMICOLON", "THEN", "ELSE", "DO", "BEGIN", "STMT_BEGIN", "END"}
_STATEMENT_KEYWORDS = {"IF": "STMT_IF", "BEGIN": "STMT_BEGIN", "FOR": "STMT_FOR"}


class StatementStart:
    """Postlexer: ``if``/``for``/``begin`` where a statement starts are STMT_IF/STMT_FOR/STMT_BEGIN
    (control statements closed by ``end``), elsewhere expressions (``x := if c then 1 else 2 end``,
    ``for ... yield ... end``); ``*`` of ``*x1 + ...`` gets the value :data:`STAR_MEMBER`."""

    always_accept = ()

    def process(self, stream):
        prev, pending = None, []
        for tok in self._keywords(stream):
            pending.append(tok)
            if len(pending) == 3:
                prev = _star_member(prev, *pending)
                pending.pop(0)
                yield prev
        while pending:
            prev = _star_member(prev, *(pending + [None, None])[:3])
            pending.pop(0)
            yield prev

    @staticmethod
    def _keywords(stream):
        prev, header, depth, start = None, None, 0, True
        nest = _Nesting()
        for tok in stream:
            if (tok.type in _STATEMENT_KEYWORDS and (start or prev in _STATEMENT_START)
                    and not (prev == "END" and nest.in_bracket())):
                tok = Token.new_borrow_pos(_STATEMENT_KEYWORDS[tok.type], tok.value, tok)
            nest.see(tok.type, prev)
            start = False
            if tok.type in ("METHOD", "PROPERTY"):  # 1.x: the body follows the header
                header, depth = tok.type, 0
            elif header == "METHOD" and tok.type in ("LPAR", "RPAR"):
                depth += 1 if tok.type == "LPAR" else -1
                if depth == 0:
                    header, start = None, True
            elif header == "PROPERTY" and tok.type == "IDENT" and prev == "DOT":
                header, start = None, True
            prev = tok.type
            yield tok


class _Nesting:
    """Brackets and ``end``-blocks open at a token: after the ``end`` of an ``if`` expression that
    is a list element (``[if c then a else b end for x in s]``), ``for`` continues the expression
    (a comprehension), as no statement starts directly inside a bracket."""

    _CLOSE = {"RPAR": "LPAR", "RSQB": "LSQB", "RBRACE": "LBRACE"}
    _BLOCK = {"IF", "STMT_IF", "STMT_FOR", "WHILE", "BEGIN", "STMT_BEGIN", "CLASS", "ENUM",
              "METHOD", "PROPERTY"}

    def __init__(self):
        self.stack: list = []

    def in_bracket(self) -> bool:
        return bool(self.stack) and self.stack[-1] != "END"

    def see(self, kind: str, prev) -> None:
        if kind in ("LPAR", "LSQB", "LBRACE"):
            self.stack.append(kind)
        elif kind in self._CLOSE:
            while self.stack and self.stack.pop() != self._CLOSE[kind]:
                pass
        elif (kind in self._BLOCK or kind == "FOR" and prev not in _OPERAND_END
              or kind == "DO" and prev in _STATEMENT_START):
            self.stack.append("END")
        elif kind == "END" and self.stack and self.stack[-1] == "END":
            self.stack.pop()


STAR_MEMBER = "*."
_OPERAND_END = {"IDENT", "INT", "STRING", "RPAR", "RSQB", "RBRACE", "TRUE", "FALSE", "THIS", "END"}
_ARITH = {"PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "CIRCUMFLEX"}


def _star_member(first, star, name, op):
    """``w[1]`` with the value ``*.`` when ``w[1:4]`` is ``* NAME +`` at the start of an expression
    (``w[0]`` is neither an operand nor an arithmetic operator): CGSuite 2.2 then evaluates a member
    NAME of the nimber ``*`` ("Not a method or member variable"), while ``3 + *a + *b`` and
    ``*(a) + *(b)`` are nimbers (checked on the real engine)."""
    if (star is not None and star.type == "STAR" and name is not None and name.type == "IDENT"
            and op is not None and op.type in ("PLUS", "MINUS", "STAR", "CIRCUMFLEX")
            and (first is None or (first.type not in _OPERAND_END and first.type not in _ARITH))):
        return Token.new_borrow_pos("STAR", STAR_MEMBER, star)
    return star



_OPENERS = {"LPAR": ("(", "RPAR"), "LSQB": ("[", "RSQB"), "LBRACE": ("{", "RBRACE")}
_BLOCKS = {"IF", "STMT_IF", "FOR", "STMT_FOR", "WHILE", "BEGIN", "STMT_BEGIN", "CLASS", "METHOD", "PROPERTY"}


def open_at_end(parser, text: str):
    """``(what, line, column)`` (``parser``: the lark parser whose lexer reads ``text``) of the innermost bracket, string, comment or block (``for``,
    ``if``, ``while``, ``begin``, ``class``, ...) still open at the end of ``text``, or None."""
    stack, prev = [], None
    try:
        for tok in StatementStart().process(parser.lex(text)):
            t = tok.type
            if t in _OPENERS:
                stack.append((_OPENERS[t][0], tok.line, tok.column, _OPENERS[t][1]))
            elif stack and t == stack[-1][3]:
                stack.pop()
            elif t in _BLOCKS and not (t == "FOR" and prev in _OPERAND_END):  # not `[x for ...]`
                stack.append((tok.value, tok.line, tok.column, "END"))
            elif t == "DO" and prev in _STATEMENT_START:  # 1.x `do ... end`
                stack.append(("do", tok.line, tok.column, "END"))
            elif t == "END" and stack and stack[-1][3] == "END":
                stack.pop()
            prev = t
    except lark.exceptions.UnexpectedCharacters as e:
        rest = text[e.pos_in_stream:]
        if rest.startswith('"'):
            return "a string", e.line, e.column
        if rest.startswith("/*"):
            return "a comment", e.line, e.column
        return None
    return stack[-1][:3] if stack else None
