"""Limits of the specification parser, checked before and after the LALR parse: the source
length, parentheses and ``-``/``not`` runs nested too deep (their parse would take minutes), and
expressions nested deeper than the recursion of the checker, evaluators and kernel allows. Errors
are :class:`~cgs_bridge.foundation.errors.SpecError` naming file, line and column."""

from __future__ import annotations

import re

import lark

from cgs_bridge.foundation.errors import SpecError


def _context_line(text: str, line: int, column: int) -> str:
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    src = lines[line - 1]
    return f"  {src}\n  {' ' * (column - 1)}^"


#: Deepest expression nesting accepted (each operator of a chain ``a + b + ...`` is one level);
#: deeper expressions would overflow the recursion of the checker, the evaluators and the
#: generated kernel (Python refuses more than about 200 nested parentheses).
MAX_DEPTH = 100
_EXPR_RULES = {"if_expr", "iff", "or_", "and_", "not_", "chain", "xor", "binop", "neg", "call",
               "search"}


def _check_depth(tree, text: str, file: str | None) -> None:
    """Refuse a parse tree whose expressions nest deeper than :data:`MAX_DEPTH` (iteratively, so a
    hostile input cannot exhaust the recursion limit here)."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, lark.Tree):
            continue
        expr = node.data in _EXPR_RULES
        if expr and depth + 1 > MAX_DEPTH:
            line = getattr(node.meta, "line", None)
            col = getattr(node.meta, "column", None)
            raise SpecError(f"expression nested more than {MAX_DEPTH} levels deep (each operator of "
                            f"a chain such as a + b + c counts one level); split it with a def",
                            file, line, col, _context_line(text, line, col) if line else None)
        stack.extend((c, depth + 1 if expr else depth) for c in node.children)


#: Longest specification source (or expression) parsed, in characters; the catalog's games
#: take about 2,000.
MAX_SOURCE_CHARS = 256 << 10
_NEST_SCAN = re.compile(r'"[^"\n]*"|#[^\n]*|[()]|(?:(?:-|\bnot\b)\s*){%d,}' % (MAX_DEPTH + 1))


def _check_nesting(text: str, file: str | None) -> None:
    """Before parsing, refuse a source longer than :data:`MAX_SOURCE_CHARS` and parentheses or
    runs of ``-`` / ``not`` nested deeper than :data:`MAX_DEPTH` (the LALR parse of thousands of
    them takes minutes); strings and comments are skipped."""
    if len(text) > MAX_SOURCE_CHARS:
        raise SpecError(f"{len(text):,} characters; a specification or expression is limited to "
                        f"{MAX_SOURCE_CHARS:,}", file)
    depth = 0
    for m in _NEST_SCAN.finditer(text):
        tok = m.group()
        depth += 1 if tok == "(" else -1 if tok == ")" else 0
        depth = max(depth, 0)
        if depth > MAX_DEPTH or tok[0] in "-n":
            line = text.count("\n", 0, m.start()) + 1
            col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            what = "parentheses" if tok == "(" else f"'{tok[0] if tok[0] == '-' else 'not'}' operators"
            raise SpecError(f"{what} nested more than {MAX_DEPTH} levels deep", file, line, col,
                            _context_line(text, line, col))
