"""Which CGScript a program is written in, and constructs of the other version in it.

CGSuite 1.1.1 (seed 003, Example 8.2): classes with ``var`` fields, a constructor ``method Name(...)``,
``override method Options(Player player)``, ``property Name.get``, ``return``. CGSuite 2.x (CGSuite 2.2
fixtures): ``class Name(params) extends ...``, ``def``, nested classes, comprehensions, procedures
``t -> ...``, infix methods ``a NimSum b``. CGSuite 2.2 itself stops at the first 1.x construct
(``../shared/fixtures/cgsuite/published/choco3d_canonical.out``: ``method`` at line 3).
"""

from __future__ import annotations

import dataclasses

from . import ast as A


def walk(node):
    """Every AST node under ``node`` (tuples and dataclasses), depth first, ``node`` first."""
    if isinstance(node, tuple):
        for x in node:
            yield from walk(x)
        return
    if not dataclasses.is_dataclass(node):
        return
    yield node
    for f in dataclasses.fields(node):
        if f.name != "pos":
            yield from walk(getattr(node, f.name))


def _constructs(classes, stmts):
    """Yield ``(dialect, word, pos)`` for every version-specific construct."""
    for c in classes:
        for node in walk(c):
            if isinstance(node, A.ClassDef):
                if node.params is not None:
                    yield "2.x", f"class {node.name}(...)", node.pos
                for inner in node.classes:
                    yield "2.x", f"nested class {inner.name}", inner.pos
            elif isinstance(node, A.Method):
                yield ("1.x", node.kind, node.pos) if node.kind in ("method", "property") else ("2.x", "def", node.pos)
    for node in walk(tuple(classes) + tuple(stmts)):
        if isinstance(node, A.Return):
            yield "1.x", "return", node.pos  # CGSuite 2.2 parses it, its evaluator fails (MatchError)
        elif isinstance(node, A.Comprehension) and node.kind in ("setof", "listof"):
            yield "1.x", node.kind, node.pos  # CGSuite 1.x setof(e for ...): 2.x writes {e for ...}
        elif isinstance(node, A.Comprehension):
            yield "2.x", "comprehension", node.pos
        elif isinstance(node, A.Lambda):
            yield "2.x", "procedure ->", node.pos
        elif isinstance(node, A.Member) and node.name == "heap" and isinstance(node.obj, A.Name) and node.obj.id == "game":
            yield "2.x", "game.heap", node.pos  # CGSuite 2.x's library package (TakeAndBreak, Kayles)
        elif isinstance(node, A.Member) and isinstance(node.obj, A.Name) and (
                node.obj.id == "game" and node.name == "grid" or node.obj.id == "Symmetry"
                or node.obj.id == "Grid" and node.name in ("Parse", "Empty")):
            yield "2.x", f"{node.obj.id}.{node.name}", node.pos  # CGSuite 2.x's cgsuite.util.Grid, game.grid
        elif isinstance(node, A.Binary) and node.op[:1].isalpha() and node.op not in ("and", "or"):
            yield "2.x", f"infix {node.op}", node.pos


def detect_dialect(classes, stmts) -> str | None:
    """``"1.x"`` or ``"2.x"`` from the first version-specific construct of the classes (then of the
    script), or None when there is none."""
    for dialect, _, _ in _constructs(classes, ()):
        return dialect
    for dialect, _, _ in _constructs((), stmts):
        return dialect
    return None


def check_dialect(prog: A.Program, file: str, where=None) -> None:
    """Raise :class:`~.build.CGScriptError` at the first construct of the other version.

    The message reads ``unsupported CGScript 1.x construct: `def` at 12:5 (CGScript 2.x syntax)``.
    """
    from .build import CGScriptError
    other = {"1.x": "2.x", "2.x": "1.x"}[prog.dialect]
    for dialect, word, pos in _constructs(prog.classes, prog.statements):
        if dialect == other:
            place = where(*pos) if where else f"{pos[0]}:{pos[1]}"
            if word == "return":
                raise CGScriptError(f"{file}:{place}: `return` is not CGScript 2.x: CGSuite 2.2 parses it but "
                                    "its evaluator fails (scala.MatchError); write the result as the last "
                                    "expression of the body", file, pos[0], pos[1], word)
            raise CGScriptError(f"{file}: unsupported CGScript {prog.dialect} construct: `{word}` at "
                                f"{place} (CGScript {other} syntax; one program must use one version)",
                                file, pos[0], pos[1], word)
