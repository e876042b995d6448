"""A small sandboxed evaluator of parsed CGScript (no ``eval``; no files, no network, no Java).

:class:`Interpreter` runs worksheet statements, constructs program classes, evaluates their
``Options`` and computes nim values (``CanonicalForm`` of an impartial game is the nimber
``*NimValue``, CGSuite 2.x ImpartialGame.cgs; NimValue = mex of the options' values) with an
explicit stack and a cache shared by the whole run. Limits (:class:`Limits`) stop runaway programs
with a clear :class:`~cgs_bridge.foundation.errors.EvaluationError`: a step budget, wall-clock seconds, the
depth of nested method calls, and the size of integers.

Semantics follow the CGSuite version of the program where they differ: ``a.NimSum(b)`` is the
bitwise xor with negatives in two's complement in 1.x (``CgsuiteInteger.nimSum``: Java ``^`` /
``BigInteger.xor``, CGSuite 1.x source in github aaron-siegel/cgsuite's history) but an error for
negatives in 2.x (``SmallInteger.nimSum``: "NimSum applies only to nonnegative integers.").
Built-in members: :mod:`.builtins`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from cgs_bridge.foundation.errors import EvaluationError

from . import ast as A
from .frames import Frame, _Return
from .values import CGList, CGSet, ClassRef, GameObject, NimberValue, Procedure


@dataclass
class Limits:
    """``steps`` evaluated nodes, ``seconds`` wall clock, ``depth`` nested method calls,
    ``int_bits`` bits of any integer (and of a rational's numerator and denominator),
    ``chars`` characters of a string, ``items`` elements of a list, set or range; each size is
    checked before the value is made."""

    steps: int = 200_000_000
    seconds: float = 600.0
    depth: int = 120
    int_bits: int = 4096
    chars: int = 1_000_000
    items: int = 1_000_000


class CGScriptRuntimeError(EvaluationError):
    """A CGScript run that failed (unknown name, bad argument, a limit); ``pos`` is (line, col)."""

    def __init__(self, message, pos=None):
        self.pos = pos
        super().__init__(message)


#: Python errors a hostile or broken program could still provoke; reported, never a traceback.
PYTHON_ERRORS = (RecursionError, TypeError, ValueError, ZeroDivisionError, OverflowError, MemoryError)


def error_text(e: BaseException) -> str:
    """The message for a failed run (``e`` from :data:`PYTHON_ERRORS` or an EvaluationError)."""
    if isinstance(e, RecursionError):
        return "stopped: the program nests or recurses too deeply for the evaluator"
    if isinstance(e, MemoryError):
        return "stopped: out of memory"
    if isinstance(e, EvaluationError):
        return str(e)
    return f"cannot evaluate: {type(e).__name__}: {e}"


class Interpreter:
    """Evaluate programs (:class:`~.ast.Program`). ``classes`` maps qualified names
    (``examples.Choco3D``) and simple names to :class:`~.ast.ClassDef`; ``printed`` collects what
    ``Worksheet.Print``/``System.Print`` printed; ``nim_cache`` maps games to nim values."""

    def __init__(self, dialect: str = "1.x", limits: Limits | None = None, where=None):
        from . import builtins, enums, games, graphs, grids, heaprules, library, strips, variants
        self.dialect = dialect
        self.limits = limits or Limits()
        self.where = where
        self.classes, self.class_of, self.canon, self.globals = {}, {}, {}, {}
        self.printed: list = []
        self.nim_cache: dict = {}
        self.library_classes: set = set()   # qualified names of the classes of packages (add_class)
        self.misere_cache: dict = {}    # game -> its misère nim value (games.misere_value)
        self.decompositions: dict = {}  # game -> its Decomposition (games.components)
        self.graph_values: dict = {}    # ruleset -> {Graph: value the program asked of its position}
        self.graph_shown: dict = {}     # Graph -> its position as the program prints it
        self.files: list = []           # the class file of each method running (None: the program's)
        self.method_files: dict = {}    # id(method) -> its class file, for methods of other files
        self.heap_nim, self.heap_misere = {}, {}  # code text -> Grundy values of heaps 0.. / {sum: misère value}
        self.heap_values: dict = {}   # (code text, "normal"|"misere") -> {heap: value the program asked for}
        self.notes, self.steps, self.depth = [], 0, 0
        self.deadline = time.monotonic() + self.limits.seconds
        self.builtins, self.games, self.library, self.heaprules = builtins, games, library, heaprules
        self.graphs, self.grids, self.variants, self.strips, self.enums = graphs, grids, variants, strips, enums
        self.strip_values, self.strip_games = {}, {}  # (class, ruleset) -> {Strip: value asked} / a position
        self.grid_values, self.grid_games = {}, {}  # ruleset -> {Grid: value asked of its position / the position}
        self._dispatch = {
            A.Num: lambda n, f: n.value, A.Str: lambda n, f: n.value, A.Bool: lambda n, f: n.value,
            A.Name: self._name, A.This: self._this, A.Nimber: self._nimber, A.Unary: self._unary,
            A.Binary: self._binary, A.Not: lambda n, f: not self.truth(self.ev(n.operand, f), n),
            A.Member: self._member, A.Call: self._call, A.Index: self._index,
            A.ListLit: lambda n, f: CGList(self.ev(x, f) for x in n.items),
            A.SetLit: lambda n, f: CGSet(self.ev(x, f) for x in n.items),
            A.Comprehension: self._comprehension, A.Lambda: self._lambda, A.Assign: self._assign,
            A.If: self.exec, A.Block: self.exec,  # `if` and `begin` as expressions (2.x)
            A.TupleLit: lambda n, f: library.coordinates(self, *(self.ev(x, f) for x in n.items[:2]), n)
            if len(n.items) == 2 else self.fail("coordinates are two integers (a, b)", n),
            A.IsType: lambda n, f: library.is_type(self, self.ev(n.value, f), n.type, n),
            A.MapLit: lambda n, f: graphs.make_map(self, n, f),
            A.GameLit: lambda n, f: self.fail("a game literal `{L | R}` is read but not interpreted "
                                              "(games are computed from their Options here)", n),
        }

    # ------------------------------------------------------------------ setup and errors
    def add_class(self, cls: A.ClassDef, package: str = "", _library: bool | None = None) -> None:
        """Make ``cls`` (and its nested classes) constructible by simple and qualified name; a
        class of a package (the class path) is remembered as such (its errors name it)."""
        qual = f"{package}.{cls.name}" if package else cls.name
        library = bool(package) if _library is None else _library
        if library:
            self.library_classes.add(qual)
        self.classes[qual] = cls
        self.classes.setdefault(cls.name, cls)
        if package or id(cls) not in self.canon:
            self.canon[id(cls)] = qual
        for inner in cls.classes:
            self.class_of[id(inner)] = cls
            self.add_class(inner, qual, library)

    def fail(self, message: str, node=None):
        pos = getattr(node, "pos", None)
        place, file = "", self.files[-1] if self.files else None  # a class file's code: name the file
        if pos and pos[0]:
            place = f" at {file}:{pos[0]}:{pos[1]}" if file else \
                f" at {self.where(*pos) if self.where else f'{pos[0]}:{pos[1]}'}"
        raise CGScriptRuntimeError(f"{message}{place}", pos)

    def tick(self, node=None) -> None:
        self.steps += 1
        if self.steps & 0x3FFF == 0:
            self.check_budget(node)

    def check_budget(self, node=None) -> None:
        """Stop the run when the step budget or the wall-clock limit is exhausted."""
        if self.steps > self.limits.steps:
            self.fail(f"stopped: the program did not finish within {self.limits.steps:,} "
                      "evaluation steps (raise --max-steps if it is meant to run longer)", node)
        if time.monotonic() > self.deadline:
            self.fail(f"stopped: the program did not finish within --timeout "
                      f"{self.limits.seconds:g} s", node)

    def check_int(self, v, node):
        """``v`` (an integer or rational), or a clear error when it exceeds ``limits.int_bits``."""
        bits = self.limits.int_bits
        if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > bits:
            self.fail(f"stopped: an integer of more than {bits} bits", node)
        if isinstance(v, Fraction) and max(v.numerator.bit_length(), v.denominator.bit_length()) > bits:
            self.fail(f"stopped: a rational with more than {bits} bits in its numerator or denominator", node)
        return v

    def check_size(self, text: str, node):
        """``text``, or a clear error when it is longer than ``limits.chars``."""
        if len(text) > self.limits.chars:
            self.fail(f"stopped: a string of more than {self.limits.chars:,} characters", node)
        return text

    def check_count(self, n: int, node) -> None:
        """Refuse, before it is made, a collection of more than ``limits.items`` elements."""
        if n > self.limits.items:
            self.fail(f"stopped: a collection of more than {self.limits.items:,} elements", node)

    def truth(self, v, node) -> bool:
        if isinstance(v, bool):
            return v
        self.fail(f"a condition must be true or false, got {self.builtins.show(self, v)}", node)

    # ------------------------------------------------------------------ statements
    def run(self, statements, frame: Frame | None = None):
        """Run worksheet ``statements`` in the global scope; returns the last value."""
        frame = frame or Frame([self.globals])
        value = None
        for s in statements:
            value = self.exec(s, frame)
        return value

    def exec(self, s, frame):
        self.tick(s)
        t = type(s)
        if t is A.ExprStmt:
            return self.ev(s.expr, frame)
        if t is A.If:
            for cond, body in s.branches:
                if self.truth(self.ev(cond, frame), cond):
                    return self.block(body, frame)
            return self.block(s.orelse, frame) if s.orelse is not None else None
        if t is A.For:
            for _ in self.loop(s.loop, frame):
                self.block(s.body, frame)
            frame.scopes.pop()
            return None
        if t is A.While:
            while self.truth(self.ev(s.cond, frame), s.cond):
                self.block(s.body, frame)
            return None
        if t is A.Return:
            raise _Return(self.ev(s.value, frame) if s.value is not None else None)
        if t is A.VarDecl:
            for name, init in zip(s.names, s.inits):
                frame.scopes[-1][name] = self.ev(init, frame) if init is not None else None
            return None
        if t is A.Block:
            return self.block(s.body, frame)
        self.fail(f"unsupported statement {t.__name__}", s)

    def block(self, body, frame):
        value = None
        for s in body:
            value = self.exec(s, frame)
        return value

    def loop(self, lp: A.Loop, frame):
        """Bind ``lp.var`` in a new innermost scope for each value (the caller pops the scope)."""
        scope: dict = {}
        frame.scopes.append(scope)
        if lp.iterable is not None:
            coll = self.ev(lp.iterable, frame)
            values = list(self.builtins.elements(self, coll, lp))
        else:
            start = self.ev(lp.start, frame)
            stop = self.ev(lp.stop, frame) if lp.stop is not None else None
            step = self.ev(lp.step, frame) if lp.step is not None else 1
            if step == 0:
                self.fail("a loop step of 0", lp)
            values = None
            if not all(self.builtins.number(b) for b in (start, step) + ((stop,) if stop is not None else ())):
                self.fail("loop bounds must be numbers", lp)
        v = start if values is None else None
        k = 0
        while True:
            if values is None:
                if stop is not None and (v > stop if step > 0 else v < stop):
                    return
                cur, v = v, v + step
            else:
                if k >= len(values):
                    return
                cur, k = values[k], k + 1
            self.tick(lp)
            scope[lp.var] = cur
            if lp.while_ is not None and not self.truth(self.ev(lp.while_, frame), lp.while_):
                return  # 2.x `for k from 1 while c`: the loop ends
            if lp.where is not None and not self.truth(self.ev(lp.where, frame), lp.where):
                continue
            yield cur

    # ------------------------------------------------------------------ expressions
    def ev(self, node, frame):
        self.steps += 1
        if self.steps & 0x3FFF == 0:
            self.check_budget(node)
        return self._dispatch[type(node)](node, frame)

    def lookup(self, name: str, frame: Frame, node):
        for scope in reversed(frame.scopes):
            if name in scope:
                return scope[name]
        obj = frame.this
        while isinstance(obj, GameObject):
            if obj.has(name):
                return obj.get(name)
            inner = self.library.nested(self, self.classes[obj.cls], name)  # also a superclass's
            if inner is not None:
                return ClassRef(inner)
            obj = obj.outer
        if name in self.globals:
            return self.globals[name]
        if name in self.classes:
            return ClassRef(name)
        if name in self.builtins.GLOBAL_NAMES:
            return self.builtins.GLOBAL_NAMES[name]
        found = self.games.find_method(self, frame.this, name)
        if found is not None:
            return self.games.call_method(self, found[0], found[1], [], node)
        if name in self.builtins.NOT_INTERPRETED:
            self.fail(self.builtins.NOT_INTERPRETED[name], node)
        self.fail(f"unknown name `{name}`", node)

    def _name(self, n, f):
        return self.lookup(n.id, f, n)

    def _this(self, n, f):
        if f.this is None:
            self.fail("`this` outside a class", n)
        return f.this

    def _nimber(self, n, f):
        if n.as_member and self.dialect == "2.x" and isinstance(n.operand, A.Name):
            self.fail(f"not a method or member variable: `{n.operand.id}` (in the nimber `*`): CGSuite 2.x "
                      f"reads `*{n.operand.id} + ...` as a member of `*`; write `*({n.operand.id})`", n)
        v = self.ev(n.operand, f)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            self.fail(f"*n needs a nonnegative integer n, got {self.builtins.show(self, v)}", n)
        return NimberValue(v)

    def _unary(self, n, f):
        v = self.ev(n.operand, f)
        if isinstance(v, NimberValue):
            return v  # -*n = *n
        if n.op == "-" and self.variants.is_game(self, v):
            return self.variants.negate(self, v, n)  # -G (TwistedVariantGame)
        if not isinstance(v, (int, Fraction)) or isinstance(v, bool):
            self.fail(f"unary {n.op} of {self.builtins.show(self, v)}", n)
        return -v if n.op == "-" else v

    def _binary(self, n, f):
        op = n.op
        if op == "and":
            return self.truth(self.ev(n.left, f), n.left) and self.truth(self.ev(n.right, f), n.right)
        if op == "or":
            return self.truth(self.ev(n.left, f), n.left) or self.truth(self.ev(n.right, f), n.right)
        a, b = self.ev(n.left, f), self.ev(n.right, f)
        return self.builtins.binary(self, op, a, b, n)

    def _member(self, n, f):
        if isinstance(n.obj, A.Name) and self.builtins.is_static(self, n.obj.id) and \
                not self._bound(n.obj.id, f):
            return self.builtins.static_member(self, n.obj.id, n.name, None, n)
        return self.builtins.invoke(self, self.ev(n.obj, f), n.name, None, n)

    def _bound(self, name, f) -> bool:
        return any(name in s for s in f.scopes) or name in self.globals

    def _call(self, n, f):
        fn = n.func
        args = [self.ev(a, f) for a in n.args if not isinstance(a, A.NamedArg)]
        if any(isinstance(a, A.NamedArg) for a in n.args):  # 2.x `twisted => true`
            args.append(self.library.Named((a.name, self.ev(a.value, f)) for a in n.args
                                           if isinstance(a, A.NamedArg)))
        if isinstance(fn, A.Member):
            if isinstance(fn.obj, A.Name) and self.builtins.is_static(self, fn.obj.id) and \
                    not self._bound(fn.obj.id, f):
                return self.builtins.static_member(self, fn.obj.id, fn.name, args, n)
            return self.builtins.invoke(self, self.ev(fn.obj, f), fn.name, args, n)
        if isinstance(fn, A.Name) and not self._bound(fn.id, f):
            found = self.games.find_method(self, f.this, fn.id, len(args), args)
            if found is not None:
                return self.games.call_method(self, found[0], found[1], args, n)
            if fn.id in self.builtins.GLOBAL_FUNCTIONS:
                return self.builtins.GLOBAL_FUNCTIONS[fn.id](self, args, n)
        target = self.ev(fn, f)
        return self.games.apply(self, target, args, n, f.this)

    def _index(self, n, f):
        obj, i = self.ev(n.obj, f), self.ev(n.index, f)
        if isinstance(obj, CGList) and isinstance(i, int) and 1 <= i <= len(obj.items):
            return obj.items[i - 1]
        if isinstance(obj, (self.graphs.Graph, self.graphs.Vertex)):  # graph[v], vertex[k]
            return self.graphs.index(self, obj, i, n)
        if isinstance(obj, self.strips.Strip):  # strip[i], Nothing out of range
            return self.strips.index(self, obj, i, n)
        if isinstance(obj, self.grids.Grid):  # grid[(r, c)]
            return self.grids.index(self, obj, i, n)
        self.fail(f"index {self.builtins.show(self, i)} out of range", n)

    def _comprehension(self, n, f):
        out: list = []
        parts = n.element.parts if isinstance(n.element, A.Yields) else (n.element,)  # 2.x: several `yield`s

        def nest(k):
            if k == len(n.loops):
                out.extend(self.ev(part, f) for part in parts)
                return
            for _ in self.loop(n.loops[k], f):
                nest(k + 1)
            f.scopes.pop()
        nest(0)
        return CGList(out) if n.kind in ("list", "listof") else CGSet(out)  # 1.x setof/listof(e for ...)

    def _lambda(self, n, f):
        return Procedure(n.param, n.body, tuple(f.scopes), f.this, n.params, self.files[-1] if self.files else None)

    def _assign(self, n, f):
        value = self.ev(n.value, f)
        t = n.target
        if isinstance(t, A.Name):
            for scope in reversed(f.scopes):
                if t.id in scope:
                    scope[t.id] = value
                    return value
            if isinstance(f.this, GameObject) and f.this.has(t.id):
                self.fail(f"assignment to the field `{t.id}` of a game (games are immutable here)", n)
            f.scopes[0][t.id] = value
            return value
        if isinstance(t, A.Index):
            obj, i = self.ev(t.obj, f), self.ev(t.index, f)
            if isinstance(obj, CGList) and isinstance(i, int) and 1 <= i <= len(obj.items):
                obj.items[i - 1] = value
                return value
        self.fail("unsupported assignment target", n)
