"""The tests' view of emitted CGScript classes, over the product's one interpreter.

A thin adapter (no semantics of its own): the class file is checked with
:func:`cgs_bridge.systems.cgsuite.check.parse_cgscript` (the one grammar, the 2.x dialect check
and the emitted-subset check), then run by :mod:`cgs_bridge.systems.cgsuite.cgscript.evaluator` in dialect
2.x, the interpreter proven against the real CGSuite in ``tests/systems/cgsuite/test_cgscript_vs_engine.py``
(semantics and limits: docs/cgscript.md). ``Interpreter(class_text)`` loads the class;
:meth:`Interpreter.ruleset` makes the Ruleset object, :meth:`Interpreter.options` lists the
options of ``Position(...)`` as coordinate tuples, :meth:`Interpreter.call_method` calls a method.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.systems.cgsuite.cgscript import builtins as B
from cgs_bridge.systems.cgsuite.cgscript import games as G
from cgs_bridge.systems.cgsuite.cgscript.evaluator import Interpreter as _Evaluator
from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits
from cgs_bridge.systems.cgsuite.cgscript.values import CGList, CGSet, GameObject
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet
from cgs_bridge.systems.cgsuite.check import parse_cgscript

CGScriptError = EvaluationError


def _plain(v):
    """Lists and sets as Python lists, games as their field tuples; numbers as they are."""
    if isinstance(v, (CGList, CGSet)):
        return [_plain(x) for x in B.elements(None, v, None)]
    return v


class Interpreter:
    """``Interpreter(class_text)``: the class of an emitted class file, ready to run."""

    def __init__(self, text: str, file: str = "<class>"):
        tree = parse_cgscript(text, file)
        assert tree.data == "class_unit", "not a class file"
        self.program = tree.children[0]
        self.cls = self.program.classes[0]
        self.it = _Evaluator("2.x", Limits())
        self.it.add_class(self.cls)
        self.printed = self.it.printed

    def ruleset(self, *args) -> GameObject:
        """The Ruleset object; an argument given as CGScript text (``"t -> (t / 2).Floor"``) is
        evaluated first, so procedures are passed exactly as a worksheet writes them."""
        args = [self.evaluate(a) if isinstance(a, str) else a for a in args]
        return G.construct(self.it, self.cls.name, list(args), None, None)

    def evaluate(self, text: str):
        """The value of the one-expression script ``text`` (lists as Python lists)."""
        from cgs_bridge.systems.cgsuite.cgscript.parse import parse_program
        prog = parse_program(text, "<expr>", "2.x")
        return _plain(self.it.run(prog.statements))

    def options(self, ruleset: GameObject, coords) -> list:
        """Options of ``Position(coords)`` as coordinate tuples (duplicates kept)."""
        pos = G.construct(self.it, f"{self.cls.name}.Position", list(coords), None, ruleset)
        return [tuple(v for _, v in o.fields) for o in G.options(self.it, pos)]

    def call_method(self, obj: GameObject, name: str, args):
        m = self.it.classes[obj.cls].method(name)
        return _plain(G.call_method(self.it, obj, m, list(args), None))


__all__ = ["Interpreter", "CGScriptError", "run_worksheet"]
