"""Parse specification text into :mod:`cgs_bridge.language.ast` nodes (lark, LALR, grammar in
``grammar.lark``). Syntax errors become :class:`~cgs_bridge.foundation.errors.SpecError` naming file, line,
column, the offending text and what was expected. The built LALR tables are kept in the user's
cache (``$XDG_CACHE_HOME/cgs_bridge/grammar``, lark's own ``cache=``: keyed by the grammar's hash,
rebuilt when it changes or the file is unreadable), so a command does not rebuild them each start."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import lark
from lark import Lark, Token, Transformer, v_args

from cgs_bridge.foundation.errors import SpecError

from . import ast as A
from . import moves as _moves
from .automaton_file import accepts_node, reading_beside
from .lark_cache import _cache_file
from . import splits as _splits
from .limits import MAX_DEPTH, MAX_SOURCE_CHARS, _check_depth, _check_nesting, _context_line  # noqa: F401
from .operators import sugar_of

_GRAMMAR = Path(__file__).with_name("grammar.lark")

#: Friendly names for terminals in "expected ..." messages.
_TERMINAL_NAMES = {
    "NAME": "a name", "INT": "an integer", "STRING": "a quoted string",
    "MUL_OP": "'*', '/' or '%'", "POW_OP": "'^'",
    "COMP_OP": "a comparison ('==', '!=', '<', '<=', '>', '>=')",
    "NIMSUM_OP": "'xor' or '⊕'", "MINMAX": "'min' or 'max'", "INT_KW": "'int'",
    "FUNCTION_KW": "'function'", "FN_QUAL": "'nondecreasing', 'nonnegative' or 'halving'", "GE": "'>='", "SPLIT_WORD": "'split' or 'spawn'",
    "$END": "end of input",
}


@lru_cache(maxsize=None)
def _parser(start: str) -> Lark:
    return Lark(_GRAMMAR.read_text(encoding="utf-8"), parser="lalr", start=start,
                propagate_positions=True, maybe_placeholders=True, cache=_cache_file(start))


def _p(meta) -> A.Pos:
    return A.Pos(getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0)


def _tp(tok: Token) -> A.Pos:
    return A.Pos(tok.line or 0, tok.column or 0)


@v_args(meta=True)
class _ToAst(Transformer):
    # ---- expressions
    def number(self, meta, c):
        return A.Num(int(c[0]), _tp(c[0]))

    def name(self, meta, c):
        return A.Name(str(c[0]), _tp(c[0]))

    def neg(self, meta, c):
        operand = c[1]
        if isinstance(operand, A.Num):
            return A.Num(-operand.value, _tp(c[0]))
        return A.Neg(operand, _tp(c[0]))

    def not_(self, meta, c):
        return A.Not(c[0], _p(meta))

    def binop(self, meta, c):
        left, op, right = c
        if str(op) == "/":
            # '/' only exists inside floor(...) / ceil(...); a bare one is reported by the checker.
            return A.Call("/", (left, right), _tp(op))
        return A.BinOp(str(op), left, right, _tp(op))

    def xor(self, meta, c):
        return A.BinOp("xor", c[0], c[2], _tp(c[1]))

    def and_(self, meta, c):
        return A.BinOp("and", c[0], c[1], _p(meta))

    def or_(self, meta, c):
        return A.BinOp("or", c[0], c[1], _p(meta))

    def iff(self, meta, c):
        return A.BinOp("iff", c[0], c[1], _p(meta))

    def chain(self, meta, c):
        operands = tuple(c[0::2])
        ops = tuple(str(t) for t in c[1::2])
        return A.Compare(ops, operands, _p(meta))

    def if_expr(self, meta, c):
        return A.If(c[0], c[1], c[2], _p(meta))

    def call(self, meta, c):
        func = str(c[0])
        args = tuple(a for a in c[1:] if a is not None)
        pos = _tp(c[0])
        if func in ("floor", "ceil"):
            if len(args) != 1:
                raise _semantic(f"{func} takes one argument", pos)
            (arg,) = args
            if isinstance(arg, A.Call) and arg.func == "/":
                node = A.FloorDiv if func == "floor" else A.CeilDiv
                return node(arg.args[0], arg.args[1], pos)
            sugar = sugar_of(func, arg.func) if isinstance(arg, A.Call) else None
            if sugar is not None:  # floor(log2(n)): a builtin (cgs_bridge.language.operators)
                return A.Call(sugar, arg.args, pos)
            # floor/ceil of an integer expression is the expression itself.
            return arg
        return A.Call(func, args, pos)

    def accepts(self, meta, c):
        return accepts_node(str(c[0])[1:-1], tuple(c[1:]), _p(meta), _semantic)

    def search(self, meta, c):
        kind, var, lo, hi, cond = c
        return A.Search(str(kind), str(var), lo, hi, cond, _tp(kind))

    # ---- statements
    def int_param(self, meta, c):
        name, _kw, bound, default = c
        return A.Param(str(name), "int", bound, default, (), _tp(name))

    def fn_param(self, meta, c):
        name, quals, _kw, default = c
        return A.Param(str(name), "function", None, default, tuple(quals), _tp(name))

    def fn_quals(self, meta, c):
        return [str(q) for q in c]

    def bound(self, meta, c):
        return int(c[1])

    def default(self, meta, c):
        return c[0]

    def param_list(self, meta, c):
        return [p for p in c if p is not None]

    def title(self, meta, c):
        return ("title", str(c[0])[1:-1], _tp(c[0]))

    def source(self, meta, c):
        return ("source", str(c[0])[1:-1], _tp(c[0]))

    def coordinates(self, meta, c):
        seen: dict = {}
        for t in c:
            if str(t) in seen:
                raise _semantic(f"coordinate '{t}' is named twice (first at column {seen[str(t)]})", _tp(t))
            seen[str(t)] = t.column
        return ("coordinates", tuple(str(t) for t in c), _p(meta))

    def define(self, meta, c):
        name, *params, body = c
        return A.Def(str(name), tuple(str(p) for p in params), body, _tp(name))

    def require(self, meta, c):
        return A.Require(c[0], _p(meta))

    def assignment(self, meta, c):
        return A.Assign(str(c[0]), c[1], _tp(c[0]))

    def assignments(self, meta, c):
        return tuple(c)

    def cut(self, meta, c):
        coord, var, assigns = c
        return A.Cut(str(coord), str(var), assigns or (), _tp(coord))

    def derived_cut(self, meta, c):
        return [A.DerivedCut(str(t), _tp(t)) for t in c]

    # ---- issue 22: general move rules and the pass (normalised to A.Move / A.PassOnce)
    def move_set(self, meta, c):
        return ("set", tuple(c))

    def move_interval(self, meta, c):
        return ("interval", c[0], c[1])

    def cut_where(self, meta, c):
        coord, var, cond, assigns = c
        return _moves.cut_where(str(coord), str(var), cond, assigns or (), _tp(coord))

    def cut_by(self, meta, c):
        *coords, var, rng = c
        return _moves.cut_by(tuple(str(t) for t in coords), str(var), rng, _tp(coords[0]))

    def move(self, meta, c):
        var, rng, cond, assigns = c
        return _moves.general(str(var), rng, cond, assigns, _p(meta))

    def pass_once(self, meta, c):
        name = c[0]
        return A.PassOnce(str(name) if name is not None else "passes", pos=_p(meta))

    def split_rule(self, meta, c):  # issue 49: take-and-break moves (cgs_bridge.language.splits)
        return _splits.split_node(str(c[1]), c[2], (str(c[3]), str(c[4])), c[5], _p(meta), str(c[0]) == "spawn")

    def split_amount(self, meta, c):
        return (str(c[0]), c[1])

    def octal_code(self, meta, c):
        return ("octal", (str(c[0])[1:-1], _tp(c[0])), _tp(c[0]))

    def clamp(self, meta, c):
        return A.Clamp(c[0], _p(meta))

    def when(self, meta, c):
        return c[0]

    def when_fn(self, meta, c):  # `when f satisfies P, Q [and condition]`: (hypotheses, condition)
        props = tuple(str(t) for t in c[1:] if isinstance(t, Token) and t.type == "FN_QUAL")
        rest = [x for x in c[1:] if not isinstance(x, Token)]
        return (tuple((str(c[0]), p) for p in props), rest[0] if rest else None)

    def claim(self, meta, c):
        name, when, expr = c
        hyps = ()
        if isinstance(when, tuple):
            hyps, when = when
        return A.Claim(str(name)[1:-1], expr, when, _tp(name), hyps)

    def args(self, meta, c):
        return tuple(a for a in c if a is not None)

    def term(self, meta, c):
        name = c[0]
        args = c[1] if isinstance(c[1], tuple) else ()
        coords = tuple(str(t) for t in c[1:] if isinstance(t, Token))
        return A.SumTerm(str(name), args, coords, _tp(name))

    def sum(self, meta, c):
        return ("sum", tuple(t for t in c if isinstance(t, A.SumTerm)), _p(meta))

    def catalog(self, meta, c):
        return ("catalog", (int(c[0]), _tp(c[0])), _tp(c[0]))

    def box_all(self, meta, c):
        return int(c[0])

    def box_item(self, meta, c):
        return (str(c[0]), int(c[1]), _tp(c[0]))

    def box_each(self, meta, c):
        return tuple(c)

    def box(self, meta, c):
        purpose, assigns, *bounds = c
        return A.BoxDecl(str(purpose), tuple(assigns or ()), tuple(bounds), _tp(purpose))

    def game(self, meta, c):
        name = str(c[0])
        rest = c[1:]
        params: list = []
        if rest and isinstance(rest[0], list) and all(isinstance(p, A.Param) for p in rest[0]):
            params, rest = rest[0], rest[1:]
        elif rest and rest[0] is None:
            rest = rest[1:]
        kw: dict = {"title": "", "source": "", "coords": (), "defs": [], "requires": [], "cuts": [],
                    "clamp": None, "claims": [], "sum": (), "catalog": None, "boxes": [],
                    "moves": [], "pass_once": None, "splits": [], "octal": None}
        lists = {A.Def: "defs", A.Require: "requires", A.Cut: "cuts", A.Move: "moves", A.Claim: "claims",
                 A.BoxDecl: "boxes", A.Split: "splits"}
        seen: dict = {}
        for st in rest:
            if st is None:
                continue
            if isinstance(st, tuple) and st and st[0] in ("title", "source", "coordinates", "sum", "catalog", "octal"):
                key = {"coordinates": "coords"}.get(st[0], st[0])
                if st[0] in seen:
                    pos = st[2] if len(st) > 2 else A.Pos()
                    raise _semantic(f"'{st[0]}' given twice in game {name}", pos)
                seen[st[0]] = True
                kw[key] = st[1]
            elif type(st) in lists:
                kw[lists[type(st)]].append(st)
            elif isinstance(st, (A.PassOnce, A.Clamp)):
                key, word = ("pass_once", "pass once") if isinstance(st, A.PassOnce) else ("clamp", "clamp")
                if kw[key] is not None:
                    raise _semantic(f"a second '{word}' in game {name}", st.pos)
                kw[key] = st
            elif isinstance(st, list):
                kw["cuts"].extend(st)
        return A.Game(name=name, params=tuple(params), title=kw["title"], source=kw["source"],
                      coords=kw["coords"], defs=tuple(kw["defs"]), requires=tuple(kw["requires"]),
                      cuts=tuple(kw["cuts"]), clamp=kw["clamp"], claims=tuple(kw["claims"]),
                      sum=kw["sum"], catalog=kw["catalog"], boxes=tuple(kw["boxes"]),
                      moves=tuple(kw["moves"]), pass_once=kw["pass_once"], pos=_tp(c[0]),
                      splits=tuple(kw["splits"]), octal=kw["octal"])

    def start(self, meta, c):
        return list(c)


class _Semantic(Exception):
    def __init__(self, message, pos):
        super().__init__(message)
        self.message, self.pos = message, pos


def _semantic(message, pos):
    return _Semantic(message, pos)


def _terminal_text(name: str, start: str) -> str:
    """How the spec language spells terminal ``name`` (never lark's internal ``__ANON_n``)."""
    if name in _TERMINAL_NAMES:
        return _TERMINAL_NAMES[name]
    for t in _parser(start).terminals:
        if t.name == name and t.pattern.type == "str":
            return f"'{t.pattern.value}'"
    return name.lower().strip("_")


def _expected_text(expected, start: str = "start") -> str:
    names = sorted({_terminal_text(e, start) for e in expected}, key=lambda n: (n.startswith("'"), n))
    if len(names) > 14:
        names = names[:14] + ["..."]
    return ", ".join(names)


def _hint(found: str, expected, start: str = "start") -> str:
    """A hint for the commonest slips: ``=`` where a comparison ``==`` is expected; a misspelt
    keyword (``requre``): "did you mean `require`" (difflib over the keywords expected there)."""
    if found == "=" and "COMP_OP" in expected:
        return "expected `==`, not `=` (a comparison); "
    import difflib
    words = [t.strip("'") for t in (_terminal_text(e, start) for e in expected)
             if t.startswith("'") and t.strip("'").isalpha()]
    close = difflib.get_close_matches(found, words, n=1, cutoff=0.7) if found.isidentifier() else []
    return f"did you mean `{close[0]}`? " if close else ""


def _parse(text: str, file: str | None, start: str):
    """:func:`_parse_in` with ``accepts "FILE"`` paths read beside ``file`` (else the working folder)."""
    with reading_beside(file):
        return _parse_in(text, file, start)


def _parse_in(text: str, file: str | None, start: str):
    _check_nesting(text, file)
    try:
        tree = _parser(start).parse(text)
        _check_depth(tree, text, file)
        return _ToAst().transform(tree)
    except lark.exceptions.UnexpectedCharacters as e:
        found = text[e.pos_in_stream]
        raise SpecError(f"{_hint(found, e.allowed or [])}unexpected character {found!r}; expected "
                        f"{_expected_text(e.allowed or [], start)}", file, e.line, e.column,
                        _context_line(text, e.line, e.column)) from None
    except lark.exceptions.UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            lines = text.splitlines() or [""]
            line, col, what = len(lines), len(lines[-1]) + 1, "end of input"
        else:
            line, col, what = tok.line, tok.column, repr(str(tok))
        raise SpecError(f"{_hint(str(tok), e.expected, start)}unexpected {what}; expected "
                        f"{_expected_text(e.expected, start)}", file, line, col,
                        _context_line(text, line, col)) from None
    except lark.exceptions.UnexpectedEOF as e:
        lines = text.splitlines() or [""]
        raise SpecError(f"unexpected end of input; expected {_expected_text(e.expected, start)}", file,
                        len(lines), len(lines[-1]) + 1) from None
    except lark.exceptions.VisitError as e:
        inner = e.orig_exc
        if isinstance(inner, _Semantic):
            raise SpecError(inner.message, file, inner.pos.line, inner.pos.column,
                            _context_line(text, inner.pos.line, inner.pos.column)) from None
        raise


def parse_games(text: str, file: str | None = None) -> list[A.Game]:
    """Parse a specification source holding one or more ``game`` blocks.

    Args:
        text: the specification source.
        file: its path, used in error messages and kept on each :class:`~cgs_bridge.language.ast.Game`.
    Returns:
        the games in source order (not yet checked; see :func:`cgs_bridge.language.checker.check_game`).
    Raises:
        SpecError: on a syntax error (file, line, column, offending text, what was expected).
    """
    games = _parse(text, file, "start")
    return [A.Game(**{**g.__dict__, "file": file}) for g in games]


def parse_expr(text: str, what: str = "expression") -> A.Expr:
    """Parse a single expression (used for ``-p f=floor(t/4)`` and ``--claim``).

    Raises:
        SpecError: naming ``what`` as the file, with the column of the error.
    """
    return _parse(text, what, "expr")
