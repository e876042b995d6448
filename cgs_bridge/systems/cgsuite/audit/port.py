"""Port a CGScript 1.1.1 program to CGSuite 2.x (``cgs-bridge audit P.cgs --port-to 2.x -o DIR``).

Translation (CGSuite 2.x library: MutableList/MutableSet, Collection.ToSet, System.Print,
ImpartialGame ``def Options``):

- ``class C extends G`` with ``var`` fields and the constructor ``method C(a, b)`` whose
  parameters set the fields -> ``class C(a, b) extends G`` (same name; written to
  ``DIR/<package>/C.cgs`` so ``examples.C(...)`` keeps working);
- ``override method Options(Player player) ... end`` -> ``override def Options begin ... end``;
  ``override property P.get ... end`` -> ``override def P begin ... end``;
- the first assignment to a new name in a method -> ``var name := ...``; an empty ``[]``/``{}``
  that is assigned -> ``MutableList()``/``MutableSet()`` (2.x literals are immutable);
  ``return {}`` -> ``return []`` (no options either way); a ``return e`` that ends the method
  (or an ``if`` branch ending it) -> ``e``, the body's last value (CGSuite 2.2 parses ``return``
  but cannot evaluate it: ``scala.MatchError``); any other ``return`` is not translated;
- scripts (one top-level statement per line, as CGSuite's line REPL reads them):
  ``Worksheet.Print`` -> ``System.Print``; ``s.ToString`` of a set built by ``Add`` ->
  ``s.ToSet.ToString`` (prints ``{...}`` sorted, as 1.x did).

- scripts: ``a.NimSum(b)`` -> ``NimSum1x(a)(b)``, a procedure defined on the script's first line
  that is 1.1.1's nim-sum (two's complement for negatives: ``CgsuiteInteger.nimSum`` is Java
  ``^``) written with 2.x's ``NimSum`` on nonnegative integers only (2.x's ``SmallInteger.nimSum``
  raises "NimSum applies only to nonnegative integers"): with ``u(v) = Max([v, -1 - v])`` (v, or
  its bitwise complement when negative) and ``s(v) = (u(v) - v).Div(2 u(v) + 1)`` (1 when v < 0),
  ``a xor b = w`` when ``s(a) = s(b)`` else ``-1 - w``, where ``w = u(a) NimSum u(b)``.

- ``*x1`` -> ``*(x1)``: CGSuite 2.2 reads ``*x1`` as a member ``x1`` of the nimber ``*``.

Kept as they are, with a note: ``.NimSum`` inside a class (the class has no worksheet procedure);
``*n`` and ``{}`` (CGScript 2.x has them; the emitted-subset grammar ``printing/cgscript.lark``
does not).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language.visitor import ExprVisitor
from cgs_bridge.systems.cgsuite.cgscript import ast as A
from cgs_bridge.systems.cgsuite.cgscript.dialect import walk

HELPER = "NimSum1x"


def _u(v):
    return f"Max([{v}, -1 - {v}])"


def _s(v):
    return f"({_u(v)} - {v}).Div(2 * {_u(v)} + 1)"


#: The 1.1.1 nim-sum as a curried 2.x procedure (derivation in the module docstring).
HELPER_DEF = (f"{HELPER} := a -> b -> ({_u('a')} NimSum {_u('b')}) + ({_s('a')} + {_s('b')}) % 2 "
              f"* (-1 - 2 * ({_u('a')} NimSum {_u('b')}));")

PREC = {"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "..": 6,
        "+": 7, "-": 7, "*": 8, "/": 8, "%": 8, "^": 10}


class Printer2x(ExprVisitor):
    """CGScript 2.x text of an expression (:mod:`.ast`), parenthesised only where the grammar's
    operator levels need it: ``visit(node, prec)`` with ``prec`` the level of the context."""

    def visit_Num(self, e, prec):
        return str(e.value)

    def visit_Str(self, e, prec):
        return '"' + e.value.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def visit_Bool(self, e, prec):
        return "true" if e.value else "false"

    def visit_Name(self, e, prec):
        return e.id

    def visit_This(self, e, prec):
        return "this"

    def visit_Nimber(self, e, prec):
        # CGSuite 2.2 reads `*x1` as a member x1 of the nimber `*`: only a literal follows bare
        if isinstance(e.operand, A.Num) and e.operand.value >= 0:
            return "*" + self.visit(e.operand, 13)
        return "*(" + self.visit(e.operand, 0) + ")"

    def visit_Unary(self, e, prec):
        return _paren(e.op + self.visit(e.operand, 10), 9, prec)

    def visit_Not(self, e, prec):
        return _paren("not " + self.visit(e.operand, 3), 3, prec)

    def visit_Binary(self, e, prec):
        p = PREC.get(e.op, 5)
        left, right = (p + 1, p) if e.op == "^" else (p + 1, p + 1) if p == 4 else (p, p + 1)
        if e.op in ("and", "or"):
            left, right = p + 1, p
        return _paren(f"{self.visit(e.left, left)} {e.op} {self.visit(e.right, right)}", p, prec)

    def visit_Member(self, e, prec):
        return _paren(f"{self.visit(e.obj, 11)}.{e.name}", 11, prec)

    def visit_Call(self, e, prec):
        return _paren(f"{self.visit(e.func, 11)}({', '.join(self.visit(a, 0) for a in e.args)})", 11, prec)

    def visit_Index(self, e, prec):
        return _paren(f"{self.visit(e.obj, 11)}[{self.visit(e.index, 0)}]", 11, prec)

    def visit_ListLit(self, e, prec):
        return "[" + ", ".join(self.visit(a, 0) for a in e.items) + "]"

    def visit_SetLit(self, e, prec):
        return "{" + ", ".join(self.visit(a, 0) for a in e.items) + "}"

    def visit_Assign(self, e, prec):
        return _paren(f"{self.visit(e.target, 11)} := {self.visit(e.value, 0)}", 0, prec)

    def visit_Lambda(self, e, prec):
        return _paren(f"{e.param} -> {self.visit(e.body, 0)}", 0, prec)

    def visit_Comprehension(self, e, prec):
        loops = " ".join("for " + _loop(lp) for lp in e.loops)
        o, c = ("[", "]") if e.kind in ("list", "listof") else ("{", "}")  # 1.x setof -> 2.x {e for ...}
        return f"{o}{self.visit(e.element, 0)} {loops}{c}"


_PRINTER = Printer2x()


def expr(e, prec: int = 0) -> str:
    """CGScript 2.x text of expression ``e`` (see :class:`Printer2x`)."""
    return _PRINTER.visit(e, prec)


def _paren(s, p, prec):
    return f"({s})" if p < prec else s


def _loop(lp: A.Loop) -> str:
    s = f"{lp.var} in {expr(lp.iterable)}" if lp.iterable is not None else \
        f"{lp.var} from {expr(lp.start)}" + (f" to {expr(lp.stop)}" if lp.stop is not None else "") \
        + (f" by {expr(lp.step)}" if lp.step is not None else "")
    return s + (f" where {expr(lp.where)}" if lp.where is not None else "")


def stmts(body, indent: str) -> list:
    out = []
    for s in body:
        t = type(s)
        if t is A.ExprStmt:
            out.append(f"{indent}{expr(s.expr)};")
        elif t is A.Return:
            out.append(f"{indent}return{' ' + expr(s.value) if s.value is not None else ''};")
        elif t is A.VarDecl:
            out.append(indent + "var " + ", ".join(n + (f" := {expr(i)}" if i is not None else "")
                                                  for n, i in zip(s.names, s.inits)) + ";")
        elif t is A.For:
            out += [f"{indent}for {_loop(s.loop)} do"] + stmts(s.body, indent + "  ") + [f"{indent}end"]
        elif t is A.While:
            out += [f"{indent}while {expr(s.cond)} do"] + stmts(s.body, indent + "  ") + [f"{indent}end"]
        elif t is A.If:
            for k, (c, b) in enumerate(s.branches):
                out.append(f"{indent}{'if' if k == 0 else 'elseif'} {expr(c)} then")
                out += stmts(b, indent + "  ")
            if s.orelse is not None:
                out += [f"{indent}else"] + stmts(s.orelse, indent + "  ")
            out.append(f"{indent}end")
        elif t is A.Block:
            out += [f"{indent}begin"] + stmts(s.body, indent + "  ") + [f"{indent}end"]
    return out


class _Translate:
    """1.x statements -> 2.x statements (rules in the module docstring); ``notes`` lists what the
    port kept that may behave differently."""

    def __init__(self, notes: list, script: bool = False):
        self.notes = notes
        self.script = script
        self.used_helper = False

    def body(self, body, declared: set, in_method: bool):
        out = []
        for s in body:
            out.append(self.stmt(s, declared, in_method))
        return tuple(out)  # a method's `return`s become its last value in port_class (_tail_values)

    def stmt(self, s, declared, in_method):
        t = type(s)
        if t is A.ExprStmt and isinstance(s.expr, A.Assign) and isinstance(s.expr.target, A.Name):
            value = self.mutable_empty(s.expr.value)
            name = s.expr.target.id
            if in_method and name not in declared:
                declared.add(name)
                return A.VarDecl((name,), (self.e(value),), s.pos)
            return A.ExprStmt(A.Assign(s.expr.target, self.e(value), s.expr.pos), s.pos)
        if t is A.ExprStmt:
            return A.ExprStmt(self.e(s.expr), s.pos)
        if t is A.Return:
            v = s.value
            if isinstance(v, A.SetLit) and not v.items:
                v = A.ListLit((), v.pos)
            return A.Return(self.e(v) if v is not None else None, s.pos)
        if t is A.If:
            return A.If(tuple((self.e(c), self.body(b, declared, in_method)) for c, b in s.branches),
                        self.body(s.orelse, declared, in_method) if s.orelse is not None else None, s.pos)
        if t in (A.For, A.While, A.Block):
            return dataclasses.replace(s, body=self.body(s.body, declared, in_method))
        return s

    @staticmethod
    def mutable_empty(v):
        if isinstance(v, A.ListLit) and not v.items:
            return A.Call(A.Name("MutableList", v.pos), (), v.pos)
        if isinstance(v, A.SetLit) and not v.items:
            return A.Call(A.Name("MutableSet", v.pos), (), v.pos)
        return v

    def e(self, node):
        if self.script:
            node = self.nimsum(node)
        for n in walk(node):
            if isinstance(n, A.Member) and n.name == "NimSum":
                self.notes.append(f"{n.pos[0]}:{n.pos[1]}: `.NimSum` kept in a class; CGSuite 2.x raises "
                                  "\"NimSum applies only to nonnegative integers\" where 1.1.1 took "
                                  "negatives in two's complement")
        return _rewrite(node)

    def nimsum(self, node):
        """``a.NimSum(b)`` -> ``NimSum1x(a)(b)`` everywhere in ``node``."""
        if not dataclasses.is_dataclass(node) or isinstance(node, A.Loop):
            return node
        if isinstance(node, A.Call) and isinstance(node.func, A.Member) and node.func.name == "NimSum" \
                and len(node.args) == 1:
            self.used_helper = True
            inner = A.Call(A.Name(HELPER, node.pos), (self.nimsum(node.func.obj),), node.pos)
            return A.Call(inner, (self.nimsum(node.args[0]),), node.pos)
        ch = {}
        for f in dataclasses.fields(node):
            v = getattr(node, f.name)
            if dataclasses.is_dataclass(v):
                ch[f.name] = self.nimsum(v)
            elif isinstance(v, tuple):
                ch[f.name] = tuple(self.nimsum(x) for x in v)
        return dataclasses.replace(node, **ch)


def _rewrite(node):
    """Worksheet.Print -> System.Print; x.ToString of a collection variable -> x.ToSet.ToString is
    decided by the caller (:func:`port_script`)."""
    if isinstance(node, A.Member) and isinstance(node.obj, A.Name) and node.obj.id == "Worksheet":
        return A.Member(A.Name("System", node.obj.pos), node.name, node.pos)
    if dataclasses.is_dataclass(node) and not isinstance(node, A.Loop):
        changes = {}
        for f in dataclasses.fields(node):
            v = getattr(node, f.name)
            if dataclasses.is_dataclass(v):
                changes[f.name] = _rewrite(v)
            elif isinstance(v, tuple):
                changes[f.name] = tuple(_rewrite(x) if dataclasses.is_dataclass(x) else x for x in v)
        return dataclasses.replace(node, **changes)
    return node


def _tail_values(body, where: str) -> tuple:
    """A method body with its ``return e`` statements written as the body's last value ``e``:
    CGSuite 2.2 parses ``return`` but its evaluator rejects it (``scala.MatchError``, checked on
    ../shared/engines/cgsuite). A ``return`` at the end of the body or of an ``if`` branch that
    ends the body is rewritten; any other is an InputError (not translated)."""
    def fix(stmts, tail):
        out = []
        for k, s in enumerate(stmts):
            last = tail and k == len(stmts) - 1
            if isinstance(s, A.Return):
                if not last or s.value is None:
                    raise InputError(f"port: `return` at {s.pos[0]}:{s.pos[1]} in {where} is not the "
                                     "method's last value (CGSuite 2.2 has no `return`; not translated)")
                s = A.ExprStmt(s.value, s.pos)
            elif isinstance(s, A.If):
                s = A.If(tuple((c, fix(b, last)) for c, b in s.branches),
                         fix(s.orelse, last) if s.orelse is not None else None, s.pos)
            elif isinstance(s, (A.For, A.While, A.Block)):
                s = dataclasses.replace(s, body=fix(s.body, last and isinstance(s, A.Block)))
            out.append(s)
        return tuple(out)
    return fix(body, True)


def port_class(cls: A.ClassDef, notes: list) -> str:
    """CGScript 2.x text of the 1.x class ``cls``. Raises InputError for constructs the port
    does not translate (a constructor with a body, a 2.x class)."""
    if cls.params is not None:
        raise InputError(f"port: {cls.name} is already a CGScript 2.x class")
    ctor = cls.method(cls.name, "method")
    if ctor is not None and ctor.body:
        raise InputError(f"port: the constructor of {cls.name} has a body (not translated)")
    params = [p.name for p in ctor.params] if ctor else list(cls.vars)
    extra = [v for v in cls.vars if v not in params]
    if extra:
        raise InputError(f"port: fields {extra} of {cls.name} are not set by its constructor (not translated)")
    tr = _Translate(notes)
    lines = [f"class {cls.name}({', '.join(params)}) extends {', '.join(cls.extends) or 'ImpartialGame'}", ""]
    for m in cls.methods:
        if m is ctor:
            continue
        mods = " ".join(x for x in m.modifiers if x != "mutable")
        ps = [p.name for p in (m.params or ()) if p.type != "Player"]
        head = f"  {mods + ' ' if mods else ''}def {m.name}{'(' + ', '.join(ps) + ')' if ps else ''}"
        body = _tail_values(tr.body(m.body or (), set(ps), True), f"{cls.name}.{m.name}")
        lines += [f"{head} begin"] + stmts(body, "    ") + ["  end", ""]
    lines.append("end")
    return "\n".join(lines) + "\n"


def port_script(prog: A.Program, notes: list) -> str:
    """CGScript 2.x text of the worksheet statements of ``prog``."""
    collections = {s.expr.target.id for s in prog.statements if isinstance(s, A.ExprStmt)
                   and isinstance(s.expr, A.Assign) and isinstance(s.expr.target, A.Name)
                   and isinstance(s.expr.value, (A.ListLit, A.SetLit))}
    tr = _Translate(notes, script=True)
    body = tr.body(prog.statements, set(), False)

    def to_set(node):
        if isinstance(node, A.Member) and node.name == "ToString" and isinstance(node.obj, A.Name) \
                and node.obj.id in collections:
            return A.Member(A.Member(node.obj, "ToSet", node.pos), "ToString", node.pos)
        if dataclasses.is_dataclass(node) and not isinstance(node, A.Loop):
            ch = {}
            for f in dataclasses.fields(node):
                v = getattr(node, f.name)
                if dataclasses.is_dataclass(v):
                    ch[f.name] = to_set(v)
                elif isinstance(v, tuple):
                    ch[f.name] = tuple(to_set(x) if dataclasses.is_dataclass(x) else
                                       (tuple(to_set(y) for y in x) if isinstance(x, tuple) else x) for x in v)
            return dataclasses.replace(node, **ch)
        return node
    # one top-level statement per line: CGSuite's line REPL reads a statement per line
    head = ""
    if tr.used_helper:
        notes.append(f"`.NimSum` -> {HELPER}(a)(b): 1.1.1's nim-sum (two's complement for negatives) "
                     "from 2.x's NimSum on nonnegative integers")
        head = HELPER_DEF + "\n"
    return head + "".join(" ".join(x.strip() for x in stmts((to_set(s),), "")) + "\n" for s in body)


#: A CGScript package or class name part: an identifier (ASCII letters, digits, underscores).
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def identifier_part(part: str, what: str) -> str:
    """``part`` when it is an identifier (one folder or file name of the port).

    Raises:
        InputError: anything else (``..``, ``/x``, an empty part, a space): it could name a path
        outside the output folder (issue 37).
    """
    if not IDENTIFIER.fullmatch(part):
        raise InputError(f"{what} {part!r}: a package or class name is made of identifiers "
                         "(letters, digits, underscores; parts separated by '.')")
    return part


def package_parts(package: str, what: str = "--package") -> tuple:
    """The folder parts of a package name ``a.b.c`` (``()`` for the empty package).

    Raises:
        InputError: a part that is not an identifier (:func:`identifier_part`).
    """
    if not package:
        return ()
    return tuple(identifier_part(part, f"{what} {package!r}: part") for part in package.split("."))


def port_files(sources, package: str = "examples") -> tuple:
    """``({relative path: text}, notes)`` for every source: classes to ``<package>/<Name>.cgs``
    (a class read from a class path keeps its package; others go to ``package``, by default
    ``examples`` as the published scripts call ``examples.Choco3D``), the script to
    ``<stem>_2x.cgs``."""
    files, notes = {}, []
    for s in sources:
        for c in s.program.classes:
            pkg = s.package or package
            parts = package_parts(pkg, "--package" if pkg == package else f"{s.path}: package")
            rel = Path(*parts, f"{identifier_part(c.name, f'{s.path}: class name')}.cgs")
            files[str(rel)] = port_class(c, notes)
        if s.program.statements:
            files[f"{Path(s.path).stem}_2x.cgs"] = port_script(s.program, notes)
    return files, notes
