"""A tiny interpreter for the CGScript subset of ``cgs_bridge/printing/cgscript.lark`` (tests only).

There is no CGSuite on the test machines, so the emitted classes are checked by interpreting them:
load a class file (parsed with :func:`parse_cgscript`), make the Ruleset with its parameters,
and list the options of ``Position(...)`` by evaluating its ``Options`` method. Semantics follow
CGSuite 2.x where the emitted code depends on them: integer ``/`` is an exact rational, ``.Floor``
/ ``.Ceiling`` / ``.Abs`` / ``.Lb``, ``.Div`` and ``%`` truncate toward zero (Scala ``BigInt``),
``Min([..])``/``Max([..])`` take a list, ``a NimSum b`` is xor, ``Concat`` joins lists, lists
index from 1, ``for t from a to b`` is inclusive, ``error(msg)`` raises, ``t -> expr`` is a
procedure (a closure over the names visible where it is written) that a class can take as a
parameter and call as ``f(t)`` (``shared/fixtures/cgsuite/classes/StepF.cgs``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from lark import Token, Tree

from cgs_bridge.printing.cgscript_check import parse_cgscript


class CGScriptError(Exception):
    """``error(...)`` was evaluated, or the program did something this interpreter cannot do."""


def _num(x):
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


class ClassDef:
    def __init__(self, tree: Tree, outer=None):
        self.outer = outer
        mods, self.name = tree.children[0], str(tree.children[1])
        self.singleton = any(str(t) == "singleton" for t in mods.children)
        self.params, self.methods, self.classes = [], {}, {}
        for c in tree.children[2:]:
            if isinstance(c, Tree) and c.data == "class_params":
                self.params = [str(p.children[0]) for p in c.children if p is not None]
            elif isinstance(c, Tree) and c.data == "def_decl":
                name = str(c.children[1])
                params = []
                for d in c.children[2:]:
                    if isinstance(d, Tree) and d.data == "def_params":
                        params = [str(p.children[0]) for p in d.children if p is not None]
                self.methods[name] = (params, c.children[-1])
            elif isinstance(c, Tree) and c.data == "class_decl":
                inner = ClassDef(c, self)
                self.classes[inner.name] = inner


class Procedure:
    """A CGScript procedure value ``param -> body`` with the scope it was made in."""

    def __init__(self, param: str, body: Tree, frame: list, obj):
        self.param, self.body, self.frame, self.obj = param, body, frame, obj

    def __call__(self, interp, args):
        if len(args) != 1:
            raise CGScriptError(f"a procedure of one parameter called with {len(args)} arguments")
        return interp.ev(self.body, self.frame + [{self.param: args[0]}], self.obj)


class Obj:
    def __init__(self, cls: ClassDef, fields: dict, outer=None):
        self.cls, self.fields, self.outer = cls, fields, outer

    def key(self):
        return tuple(self.fields[p] for p in self.cls.params)


class Interpreter:
    """``Interpreter(class_text)(*params)`` is the Ruleset object; :meth:`options` lists options."""

    def __init__(self, text: str, file: str = "<class>"):
        tree = parse_cgscript(text, file)
        assert tree.data == "class_unit", "not a class file"
        self.cls = ClassDef(tree.children[0])
        self.printed = []

    def ruleset(self, *args) -> Obj:
        """The Ruleset object; an argument given as CGScript text (``"t -> (t / 2).Floor"``)
        is evaluated first, so procedures are passed exactly as a worksheet would write them."""
        args = [self.evaluate(a) if isinstance(a, str) else a for a in args]
        return Obj(self.cls, dict(zip(self.cls.params, args)))

    def evaluate(self, text: str):
        """Evaluate a one-expression CGScript script (parsed with the grammar check)."""
        tree = parse_cgscript(text, "<expr>")
        return self.seq(tree.children[0], [], None)

    def options(self, ruleset: Obj, coords) -> list:
        """Options of ``Position(coords)`` as coordinate tuples (duplicates kept)."""
        pos = self.construct(self.cls.classes["Position"], list(coords), ruleset)
        return [o.key() for o in self.call_method(pos, "Options", [])]

    # ------------------------------------------------------------ objects
    def construct(self, cls, args, outer):
        if len(args) != len(cls.params):
            raise CGScriptError(f"{cls.name} takes {len(cls.params)} arguments")
        return Obj(cls, dict(zip(cls.params, args)), outer)

    def call_method(self, obj, name, args):
        params, body = obj.cls.methods[name]
        frame = [dict(zip(params, args))]
        if body.data == "def_expr":
            return self.ev(body.children[0], frame, obj)
        if body.data == "def_block":
            return self.seq(body.children[0], frame, obj)
        raise CGScriptError(f"external method {name}")

    def find_method(self, obj, name):
        while obj is not None:
            if name in obj.cls.methods:
                return obj
            obj = obj.outer
        return None

    def find_class(self, obj, name):
        while obj is not None:
            if name in obj.cls.classes:
                return obj.cls.classes[name], obj
            obj = obj.outer
        return None, None

    # ------------------------------------------------------------ statements
    def seq(self, tree, frame, obj):
        frame = frame + [{}]
        value = None
        for item in tree.children:
            if item is not None:
                value = self.stmt(item, frame, obj)
        return value

    def stmt(self, t, frame, obj):
        if isinstance(t, Tree):
            if t.data == "empty":
                return None
            if t.data == "local_var":
                init = t.children[0]
                frame[-1][str(init.children[0])] = (self.ev(init.children[1], frame, obj)
                                                    if init.children[1] is not None else None)
                return None
            if t.data == "if_stmt":
                return self.if_(t.children[1:], frame, obj)
            if t.data == "while_stmt":
                cond, body = t.children[1], t.children[-1]
                while self.ev(cond, frame, obj):
                    self.seq(body, frame, obj)
                return None
            if t.data == "for_stmt":
                specs = [t.children[1]] + [c.children[0] for c in t.children[2:-1]]
                for inner in self.loops(specs, frame, obj):
                    self.seq(t.children[-1], inner, obj)
                return None
            if t.data == "begin_stmt":
                return self.seq(t.children[1], frame, obj)
        return self.ev(t, frame, obj)

    def if_(self, parts, frame, obj):
        cond, body = parts[0], parts[1]
        if self.ev(cond, frame, obj):
            return self.seq(body, frame, obj)
        rest = parts[2] if len(parts) > 2 else None
        if rest is None:
            return None
        if rest.data == "else_clause":
            return self.seq(rest.children[0], frame, obj)
        return self.if_(rest.children, frame, obj)

    def loops(self, specs, frame, obj):
        if not specs:
            yield frame
            return
        spec = specs[0]
        var, rng = str(spec.children[0]), spec.children[1]
        extra = {c.data: c.children[0] for c in spec.children[2:] if c is not None}
        if rng.data == "from_":
            v = self.ev(rng.children[0], frame, obj)
            to = self.ev(rng.children[1].children[0], frame, obj) if rng.children[1] is not None else None
            by = self.ev(rng.children[2].children[0], frame, obj) if rng.children[2] is not None else 1
            values = []
            while to is None or (v <= to if by > 0 else v >= to):
                values.append(v)
                v += by
        elif rng.data == "in_":
            values = list(self.ev(rng.children[0], frame, obj))
        else:
            values = [self.ev(rng.children[0], frame, obj)]
        for v in values:
            inner = frame + [{var: v}]
            if "while_c" in extra and not self.ev(extra["while_c"], inner, obj):
                return
            if "where_c" in extra and not self.ev(extra["where_c"], inner, obj):
                continue
            yield from self.loops(specs[1:], inner, obj)

    # ------------------------------------------------------------ expressions
    def lookup(self, name, frame, obj):
        for scope in reversed(frame):
            if name in scope:
                return scope[name]
        o = obj
        while o is not None:
            if name in o.fields:
                return o.fields[name]
            o = o.outer
        raise CGScriptError(f"unknown name {name}")

    def ev(self, t, frame, obj):  # noqa: C901 - one dispatch
        if isinstance(t, Token):
            raise CGScriptError(f"unexpected token {t!r}")
        d, ch = t.data, t.children
        if d == "int":
            return int(ch[0])
        if d == "string":
            return str(ch[0])[1:-1]
        if d in ("true", "false"):
            return d == "true"
        if d == "name":
            return self.lookup(str(ch[0]), frame, obj)
        if d == "error":
            raise CGScriptError(str(self.ev(ch[0], frame, obj)))
        if d == "list":
            return [self.ev(c, frame, obj) for c in ch if c is not None]
        if d == "procedure":
            return Procedure(str(ch[0]), ch[2], list(frame), obj)
        if d == "comprehension":
            return [self.ev(ch[0], inner, obj)
                    for inner in self.loops([c.children[0] for c in ch[1:]], frame, obj)]
        if d == "coordinates":
            return tuple(self.ev(c, frame, obj) for c in ch)
        if d == "if_expr":
            return self.if_(ch, frame, obj)
        if d in ("begin_expr",):
            return self.seq(ch[0], frame, obj)
        if d == "assign":
            name = str(ch[0].children[0])
            value = self.ev(ch[1], frame, obj)
            for scope in reversed(frame):
                if name in scope:
                    scope[name] = value
                    return value
            raise CGScriptError(f"assignment to undeclared {name}")
        if d == "or_":
            return bool(self.ev(ch[0], frame, obj)) or bool(self.ev(ch[1], frame, obj))
        if d == "and_":
            return bool(self.ev(ch[0], frame, obj)) and bool(self.ev(ch[1], frame, obj))
        if d == "not_":
            return not self.ev(ch[0], frame, obj)
        if d == "rel":
            a, b = self.ev(ch[0], frame, obj), self.ev(ch[2], frame, obj)
            return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[str(ch[1])]
        if d == "infix":
            a, op, b = self.ev(ch[0], frame, obj), str(ch[1]), self.ev(ch[2], frame, obj)
            if op == "NimSum":
                return a ^ b
            if op == "Concat":
                return list(a) + list(b)
            raise CGScriptError(f"infix {op}")
        if d == "binop":
            a, op, b = self.ev(ch[0], frame, obj), str(ch[1]), self.ev(ch[2], frame, obj)
            if op == "/":
                return _num(Fraction(a) / Fraction(b))
            if op == "%":
                return a - b * int(Fraction(a, b))  # truncating, like Scala BigInt %
            return {"+": a + b, "-": a - b, "*": a * b}[op]
        if d == "neg":
            return -self.ev(ch[1], frame, obj)
        if d == "pos":
            return self.ev(ch[1], frame, obj)
        if d == "power":
            return _num(Fraction(self.ev(ch[0], frame, obj)) ** self.ev(ch[1], frame, obj))
        if d == "index":
            return self.ev(ch[0], frame, obj)[self.ev(ch[1], frame, obj) - 1]
        if d == "member":
            return self.member(self.ev(ch[0], frame, obj), str(ch[1]), None)
        if d == "call":
            args = [self.ev(c, frame, obj) for c in ch[1:] if c is not None]
            target = ch[0]
            if target.data == "name":
                name = str(target.children[0])
                if name in ("Min", "Max"):
                    return (min if name == "Min" else max)(args[0])
                owner = self.find_method(obj, name)
                if owner is not None:
                    return self.call_method(owner, name, args)
                cls, outer = self.find_class(obj, name)
                if cls is not None:
                    return self.construct(cls, args, outer)
                value = self.lookup(name, frame, obj)  # a procedure held in a variable or parameter
                if isinstance(value, Procedure):
                    return value(self, args)
                raise CGScriptError(f"{name} is not a procedure")
            if target.data == "member":
                return self.member(self.ev(target.children[0], frame, obj), str(target.children[1]), args)
        raise CGScriptError(f"cannot evaluate {d}")

    def member(self, value, name, args):
        if isinstance(value, Obj):
            if name in value.cls.methods:
                return self.call_method(value, name, args or [])
            raise CGScriptError(f"no member {name}")
        if name == "Floor":
            return math.floor(value)
        if name == "Ceiling":
            return math.ceil(value)
        if name == "Abs":
            return abs(value)
        if name == "Lb":
            if value <= 0:
                raise CGScriptError("Lb of a nonpositive number")
            return int(value).bit_length() - 1
        if name == "Div":
            return int(Fraction(value, args[0]))
        if name == "NimSum":
            return value ^ args[0]
        if name == "Length" and isinstance(value, list):
            return len(value)
        raise CGScriptError(f"unknown member {name}")
