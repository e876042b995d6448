"""Static check of emitted CGScript: the one CGScript grammar (``audit/cgscript/cgscript_published.lark``,
written from the structure of CGSuite's ``Cgsuite.g``), its CGScript 2.x dialect check (no 1.x
constructs, no ``return``: CGSuite 2.2's evaluator fails on it) and, on top, the rules of the files
cgs_bridge emits: a class file holds one class and no statements, a worksheet script defines no
class (CGSuite loads classes only from the class path).

:func:`parse_cgscript` returns a lark tree whose root is ``class_unit`` or ``script`` (its one
child is the parsed :class:`~cgs_bridge.systems.cgsuite.cgscript.ast.Program`) and raises
:class:`CGScriptSyntaxError` (file, line, column, the offending line and a caret) otherwise.
Reserved words that are not names in CGScript (``v``, ``vv``, ``v1``: down-arrow games; keywords
such as ``error``, ``is``, ``end``) are named in the message. Semantics: docs/cgscript.md.
"""

from __future__ import annotations

import lark

from cgs_bridge.foundation.errors import InputError

#: Words a CGSuite user may take for names but cannot (fixtures README): hinted in messages.
_RESERVED_NAMES = {"error", "clear", "pass", "op", "unary", "is"}


class CGScriptSyntaxError(InputError):
    """A CGScript text that the grammar or the checks do not accept; ``file``, ``line``,
    ``column`` (1-based)."""

    def __init__(self, message, file=None, line=None, column=None):
        self.file, self.line, self.column = file, line, column
        super().__init__(message)


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
    """Parse CGScript ``text`` (``file`` names it in messages) and check it as emitted CGScript 2.x.

    Returns:
        a lark tree ``class_unit`` or ``script`` holding the :class:`~cgs_bridge.systems.cgsuite.cgscript.ast.Program`.
    Raises:
        CGScriptSyntaxError: with ``file:line:column``, the line and a caret.
    """
    # the one CGScript grammar lives in audit/cgscript/ (a named exception of tests/test_layers.py
    # until the restructuring of issue 19 gives the language a core package)
    from cgs_bridge.systems.cgsuite.cgscript.parse import CGScriptError, parse_program
    where = file or "<cgscript>"
    try:
        prog = parse_program(text, where, "2.x")
    except CGScriptError as e:
        raise _reworded(e, text, where) from None
    if prog.classes and (prog.statements or len(prog.classes) > 1):
        extra = prog.statements[0] if prog.statements else prog.classes[1]
        raise _error(text, where, *extra.pos, "a class file holds one class and nothing else "
                     "(CGSuite loads each class from its own file Name.cgs)")
    return lark.Tree("class_unit" if prog.classes else "script", [prog])


def _error(text, where, line, col, what) -> CGScriptSyntaxError:
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    return CGScriptSyntaxError(f"{where}:{line}:{col}: {what}\n  {src}\n  {' ' * (col - 1)}^", where, line, col)


def _reworded(e, text: str, where: str) -> CGScriptSyntaxError:
    """The message ``FILE:LINE:COL: CGScript syntax error: ...`` with a hint at reserved words."""
    if e.line is None:
        return CGScriptSyntaxError(str(e), where)
    body = str(e).split("\n")[0]
    if body.startswith(where + ":"):
        body = body[len(where) + 1:].lstrip()
    body = body.replace(f" at {e.line}:{e.column}", "", 1)
    if body.startswith(f"{e.line}:{e.column}: "):
        body = body[len(f"{e.line}:{e.column}: "):]
    lines = text.splitlines()
    rest = lines[e.line - 1][e.column - 1:] if 0 < e.line <= len(lines) else ""
    return _error(text, where, e.line, e.column, body + _hint(rest))
