"""The lark tree of :mod:`.parse` -> the :mod:`.ast` dataclasses (one :class:`Build` method per
grammar alias, with positions), and :class:`CGScriptError`, the error of both (re-exported by
:mod:`.parse`).
"""

from __future__ import annotations

from lark import Token, Transformer, v_args

from cgs_bridge.foundation.errors import InputError

from . import ast as A
from .lexing import STAR_MEMBER

#: CGScript words (1.x or 2.x) that this subset does not cover: named in error messages.
UNSUPPORTED_WORDS = {"tableof", "sumof", "switch", "case", "try", "catch",
                     "finally", "import", "enum", "repeat", "foreach", "until", "error",
                     "clear", "pass", "op", "unary", "tabulate", "java", "|", "&", ":",
                     "±", "^^", "vv", "<>", "<|", "|>", "&&", "||", "!"}


class CGScriptError(InputError):
    """A CGScript text outside the supported subset; ``file``, ``line``, ``column`` (1-based,
    normalised text) and ``construct`` (the unsupported word, when known)."""

    def __init__(self, message, file=None, line=None, column=None, construct=None):
        self.file, self.line, self.column, self.construct = file, line, column, construct
        super().__init__(message)


def _pos(meta_or_tok) -> tuple:
    if isinstance(meta_or_tok, Token):
        return (meta_or_tok.line, meta_or_tok.column)
    return (getattr(meta_or_tok, "line", 0), getattr(meta_or_tok, "column", 0))


def _seq(tree):
    return tuple(tree) if tree is not None else ()


def _split_game(slots, bars, pos):
    """The game literal of ``slots`` (tuples of expressions) between ``bars`` (BARS tokens)."""
    if not bars:
        return slots[0]
    widest = max(len(b) for b in bars)
    at = [i for i, b in enumerate(bars) if len(b) == widest]
    if len(at) > 1:
        b = bars[at[1]]
        raise CGScriptError(f"CGScript syntax error at {b.line}:{b.column}: ambiguous game literal "
                            f"(two `{b}` at one level)", line=b.line, column=b.column)
    i = at[0]
    left, right = _split_game(slots[:i + 1], bars[:i], pos), _split_game(slots[i + 1:], bars[i + 1:], pos)
    side = lambda s: s if isinstance(s, tuple) else (s,)  # noqa: E731
    return A.GameLit(side(left), side(right), pos)


@v_args(meta=True)
class Build(Transformer):
    """lark tree -> AST (one method per grammar alias)."""

    # ---------------------------------------------------------------- expressions
    def int(self, meta, ch):
        return A.Num(int(ch[0]), _pos(ch[0]))

    def string(self, meta, ch):
        raw = str(ch[0])[1:-1]
        return A.Str(raw.replace('\\"', '"').replace("\\\\", "\\"), _pos(ch[0]))

    def true(self, meta, ch):
        return A.Bool(True, _pos(meta))

    def false(self, meta, ch):
        return A.Bool(False, _pos(meta))

    def this(self, meta, ch):
        return A.This(_pos(meta))

    def name(self, meta, ch):
        return A.Name(str(ch[0]), _pos(ch[0]))

    def star(self, meta, ch):
        return A.Nimber(A.Num(1, _pos(ch[0])), _pos(ch[0]))

    def nimber(self, meta, ch):
        return A.Nimber(ch[1], _pos(ch[0]), ch[0].value == STAR_MEMBER)

    def list(self, meta, ch):
        return A.ListLit(tuple(c for c in ch if c is not None), _pos(meta))

    def set(self, meta, ch):
        return A.SetLit(tuple(c for c in ch if c is not None), _pos(meta))

    def game_lit(self, meta, ch):
        """``{a | b || c}``: the widest bar splits first (``{{a | b} || c}``); two widest bars of
        one width are ambiguous, as in CGSuite."""
        slots, bars, cur = [], [], []
        for c in ch:
            if isinstance(c, Token) and c.type == "BARS":
                slots.append(tuple(cur))
                bars.append(c)
                cur = []
            elif c is not None:
                cur.append(c)
        slots.append(tuple(cur))
        return _split_game(slots, bars, _pos(meta))

    def list_comp(self, meta, ch):
        return A.Comprehension("list", ch[0], tuple(ch[1:]), _pos(meta))

    def set_comp(self, meta, ch):
        return A.Comprehension("set", ch[0], tuple(ch[1:]), _pos(meta))

    def comp_for(self, meta, ch):
        return ch[0]

    def lambda_(self, meta, ch):
        return A.Lambda(str(ch[0]), ch[1], _pos(ch[0]))

    def lambda_n(self, meta, ch):
        params, body = ch
        bad = [x for x in params.items if not isinstance(x, A.Name)]
        if bad:
            raise CGScriptError(f"a procedure's parameters are names: `(...) ->` at "
                                f"{params.pos[0]}:{params.pos[1]}", None, *params.pos)
        names = tuple(x.id for x in params.items)
        return A.Lambda(names[0], body, params.pos, names)

    def tuple_(self, meta, ch):
        return A.TupleLit(tuple(ch), _pos(meta))

    def is_(self, meta, ch):
        return A.IsType(ch[0], ch[1], _pos(meta))

    def named_arg(self, meta, ch):
        return A.NamedArg(str(ch[0]), ch[1], _pos(ch[0]))

    def assign(self, meta, ch):
        return A.Assign(ch[0], ch[1], _pos(meta))

    def or_(self, meta, ch):
        return A.Binary("or", ch[0], ch[1], _pos(meta))

    def and_(self, meta, ch):
        return A.Binary("and", ch[0], ch[1], _pos(meta))

    def not_(self, meta, ch):
        return A.Not(ch[0], _pos(meta))

    def rel(self, meta, ch):
        return A.Binary(str(ch[1]), ch[0], ch[2], _pos(ch[1]))

    def infix(self, meta, ch):
        return A.Binary(str(ch[1]), ch[0], ch[2], _pos(ch[1]))

    def range(self, meta, ch):
        return A.Binary("..", ch[0], ch[1], _pos(meta))

    def binop(self, meta, ch):
        return A.Binary(str(ch[1]), ch[0], ch[2], _pos(ch[1]))

    def power(self, meta, ch):
        return A.Binary("^", ch[0], ch[1], _pos(meta))

    def neg(self, meta, ch):
        return A.Unary("-", ch[1], _pos(ch[0]))

    def pos(self, meta, ch):
        return A.Unary("+", ch[1], _pos(ch[0]))

    def member(self, meta, ch):
        return A.Member(ch[0], str(ch[1]), _pos(ch[1]))

    def index(self, meta, ch):
        return A.Index(ch[0], ch[1], _pos(meta))

    def call_comp(self, meta, ch):
        if isinstance(ch[0], A.Name) and ch[0].id in ("setof", "listof"):  # 1.x setof(e for ...)
            return A.Comprehension(ch[0].id, ch[1], tuple(ch[2:]), _pos(meta))
        if isinstance(ch[0], A.Name) and ch[0].id in UNSUPPORTED_WORDS:  # 1.x tableof(... for ...)
            line, col = ch[0].pos
            raise CGScriptError(f"unsupported CGScript construct: `{ch[0].id}` at {line}:{col}",
                                line=line, column=col, construct=ch[0].id)
        comp = A.Comprehension("list", ch[1], tuple(ch[2:]), _pos(meta))
        return A.Call(ch[0], (comp,), _pos(meta))

    def call(self, meta, ch):
        return A.Call(ch[0], tuple(c for c in ch[1:] if c is not None), _pos(meta))

    # ---------------------------------------------------------------- statements
    def stmt_seq(self, meta, ch):
        items = [c for c in ch[:-1] if c is not None]
        if ch and ch[-1] is not None:
            items.append(A.ExprStmt(ch[-1], getattr(ch[-1], "pos", (0, 0))))
        return tuple(i for i in items if not (isinstance(i, str) and i == "empty"))

    def expr_stmt(self, meta, ch):
        return A.ExprStmt(ch[0], _pos(meta))

    def return_stmt(self, meta, ch):
        return A.Return(ch[0], _pos(meta))

    def var_stmt(self, meta, ch):
        return A.VarDecl(tuple(n for n, _ in ch), tuple(e for _, e in ch), _pos(meta))

    def var_init(self, meta, ch):
        return (str(ch[0]), ch[1])

    def empty(self, meta, ch):
        return "empty"

    def if_stmt(self, meta, ch):
        ch = [c for c in ch if not (isinstance(c, Token) and c.type == "STMT_IF")]
        branches = [(ch[0], ch[1])]
        rest = list(ch[2:])
        orelse = rest.pop() if rest else None
        branches += [b for b in rest]
        return A.If(tuple(branches), orelse, _pos(meta))

    def elseif(self, meta, ch):
        return (ch[0], ch[1])

    def for_stmt(self, meta, ch):
        loops, body = [c for c in ch[:-1] if not isinstance(c, Token)], ch[-1]
        for lp in reversed(loops[1:]):  # `for a ... for b ... do` = nested loops
            body = (A.For(lp, body, lp.pos),)
        return A.For(loops[0], body, _pos(meta))

    def for_yield(self, meta, ch):
        """``for ... yield body end``: the list of the body's values (CGSuite 2.x)."""
        loops, bodies = [c for c in ch[:-1] if not isinstance(c, Token)], ch[-1]
        element = (A.Block(bodies[0], _pos(meta)) if len(bodies) == 1 else
                   A.Yields(tuple(A.Block(b, _pos(meta)) for b in bodies), _pos(meta)))
        comp = A.Comprehension("list", element, tuple(loops), _pos(meta))
        statement = isinstance(ch[0], Token) and ch[0].type == "STMT_FOR"
        return A.ExprStmt(comp, _pos(meta)) if statement else comp

    def yields(self, meta, ch):
        return tuple(ch)

    def map_lit(self, meta, ch):
        return A.MapLit(tuple(ch), _pos(meta))

    def map_comp(self, meta, ch):
        return A.MapLit((ch[0],), _pos(meta), tuple(ch[1:]))

    def entry(self, meta, ch):
        return (ch[0], ch[1])

    def while_stmt(self, meta, ch):
        return A.While(ch[0], ch[1], _pos(meta))

    def do_stmt(self, meta, ch):
        return A.While(A.Bool(True, _pos(meta)), ch[0], _pos(meta))

    def begin_stmt(self, meta, ch):
        return A.Block(ch[-1], _pos(meta))

    def loop_from(self, meta, ch):
        where = ch[5].children[0] if ch[5] is not None else None
        while_ = ch[4].children[0] if ch[4] is not None else None
        return A.Loop(str(ch[0]), start=ch[1], stop=ch[2], step=ch[3], where=where, pos=_pos(ch[0]),
                      while_=while_)

    def loop_let(self, meta, ch):
        """``for x := e where c``: x takes the one value e (read as ``for x in [e]``)."""
        where = ch[2].children[0] if ch[2] is not None else None
        return A.Loop(str(ch[0]), iterable=A.ListLit((ch[1],), _pos(ch[0])), where=where, pos=_pos(ch[0]))

    def loop_in(self, meta, ch):
        where = ch[2].children[0] if ch[2] is not None else None
        return A.Loop(str(ch[0]), iterable=ch[1], where=where, pos=_pos(ch[0]))

    # ---------------------------------------------------------------- declarations
    def qualified(self, meta, ch):
        return ".".join(str(c) for c in ch)

    def modifiers(self, meta, ch):
        return tuple(str(c) for c in ch)

    def extends(self, meta, ch):
        return tuple(ch)

    def typed_param1(self, meta, ch):
        return A.Param(str(ch[1]), str(ch[0]), _pos(ch[1]))

    def plain_param1(self, meta, ch):
        return A.Param(str(ch[0]), None, _pos(ch[0]))

    def param2(self, meta, ch):
        return A.Param(str(ch[0]), ch[1], _pos(ch[0]), ch[2] if len(ch) > 2 else None)

    def class_params(self, meta, ch):
        return tuple(c for c in ch if c is not None)

    def def_params(self, meta, ch):
        return tuple(c for c in ch if c is not None)

    def var1(self, meta, ch):
        ch = ch[1:]  # the modifiers (`private var`)
        return ("var", tuple(n for n, _ in ch), _pos(meta), tuple(e for _, e in ch))

    def op_name(self, meta, ch):
        """``def op+``: the method named ``op+`` (``op unary-``, ``op[]``, ``op<=``)."""
        if str(ch[0]) != "op":
            raise CGScriptError(f"CGScript syntax error at {ch[0].line}:{ch[0].column}: "
                                f"unexpected `{ch[1]}` after the method name `{ch[0]}`",
                                line=ch[0].line, column=ch[0].column)
        return Token("IDENT", "op" + ch[1], start_pos=ch[0].start_pos, line=ch[0].line, column=ch[0].column)

    def def_name(self, meta, ch):
        return ch[0]

    def op_symbol(self, meta, ch):
        return str(ch[0])

    def caret_op(self, meta, ch):
        return "^"

    def bracket_op(self, meta, ch):
        return "[]"

    def unary_op(self, meta, ch):
        if str(ch[0]) != "unary":
            raise CGScriptError(f"CGScript syntax error at {ch[0].line}:{ch[0].column}: expected "
                                f"`unary` in an operator name, found `{ch[0]}`", line=ch[0].line,
                                column=ch[0].column)
        return " unary" + "".join(str(c) for c in ch[1:])

    def class_if(self, meta, ch):
        return ("body", self.if_stmt(meta, ch[1:]))

    def enum_value(self, meta, ch):
        return str(ch[1])

    def enum_decl(self, meta, ch):
        """``enum Color Blue, Green, Red; end``: a ClassDef with the modifier ``enum`` whose
        ``vars`` are the values (read, not interpreted)."""
        mods, name, ext, *rest = ch
        values = tuple(v for v in rest if isinstance(v, str))
        members = [m for m in rest if not isinstance(m, str)]
        cls = self.class_decl(meta, [mods + ("enum",), name, None, ext, *members])
        return A.ClassDef(cls.name, None, cls.extends, values + cls.vars, cls.methods, cls.classes,
                          cls.modifiers, cls.pos, cls.inits, cls.body)

    def method1(self, meta, ch):
        mods, name, *params, body = ch
        return A.Method(str(name), tuple(p for p in params if p is not None), body, None,
                        "method", mods, _pos(name))

    def property1(self, meta, ch):
        mods, name, accessor, body = ch
        if str(accessor) != "get":
            raise CGScriptError(f"unsupported CGScript 1.x construct: property `.{accessor}` at "
                                f"{accessor.line}:{accessor.column}", line=accessor.line,
                                column=accessor.column, construct=str(accessor))
        return A.Method(str(name), (), body, None, "property", mods, _pos(name))

    def def2(self, meta, ch):
        mods, name, params, _result_type, body = ch
        kind, payload = body
        return A.Method(str(name), params, payload if kind == "block" else None,
                        payload if kind == "expr" else None, "def", mods, _pos(name))

    def def_external(self, meta, ch):
        return ("external", None)

    def def_expr(self, meta, ch):
        return ("expr", ch[0])

    def def_block(self, meta, ch):
        return ("block", ch[-1])

    def class_decl(self, meta, ch):
        mods, name, params, ext, *members = ch
        vars_, inits, methods, classes, body = [], [], [], [], []
        for m in members:
            if isinstance(m, tuple) and m and m[0] == "body":
                body.append(m[1])
            elif isinstance(m, tuple) and m and m[0] == "var":
                vars_ += list(m[1])
                inits += [(n, e) for n, e in zip(m[1], m[3]) if e is not None]
            elif isinstance(m, A.Method):
                methods.append(m)
            elif isinstance(m, A.ClassDef):
                classes.append(m)
        return A.ClassDef(str(name), params, ext or (), tuple(vars_), tuple(methods), tuple(classes),
                          mods, _pos(name), tuple(inits), tuple(body))

    def unit(self, meta, ch):
        return (tuple(c for c in ch[:-1]), ch[-1])

    def start(self, meta, ch):
        return ch[0]
