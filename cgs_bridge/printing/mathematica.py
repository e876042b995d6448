"""Mathematica (Wolfram Language, and Mathics3) as a printing target.

Operators, loosest first: ``||`` < ``&&`` < ``!`` < comparisons (chains such as ``a <= b < c``
are native; a chain containing ``!=`` is expanded, since ``Unequal[a, b, c]`` means "all
distinct") < ``+ -`` < ``*`` < unary ``-`` < ``^`` (right-associative). Negative operands of binary
operators are parenthesised (``a - (-3)``; ``--`` would be ``Decrement``).

Spellings: ``floor(a/b)`` is ``Floor[a/b]`` and ``ceil`` ``Ceiling[a/b]`` (exact rationals),
``%``/``mod`` is ``Mod`` (sign of the divisor, as the spec), ``min``/``max``/``abs`` are
``Min``/``Max``/``Abs``, ``iff`` is ``Equivalent``. Nim-sum is the helper ``nimSum`` defined in
the emitted program from ``IntegerDigits`` (Mathics3 has no ``BitXor``), ``floor(log2(n))`` the
helper ``ilog2`` (``IntegerLength[n, 2] - 1``) and a bounded search ``max m in a..b with C`` the
helper ``searchMax[a, b, Function[{m}, C]]``. A power whose base and exponent may both be 0 is
the helper ``power`` (``0^0`` is ``Indeterminate`` in Wolfram Language, 1 in the spec). :attr:`MathematicaPrinter.used` records which
helpers the printed expressions need.

The target ``mathematica`` (:data:`TARGET`): template ``mathematica/program.wl.j2`` (a program that
writes ``<stem>.csv``); :func:`context` builds its variables.
"""

from __future__ import annotations

from ..spec import ast as A
from . import naming
from .base import ATOM, Printer
from .context import Target, common_context
from .model import ClampTo, Forbid, SearchDown


def _xor_args(node):
    if isinstance(node, A.BinOp) and node.op == "xor":
        return _xor_args(node.left) + [node.right]
    return [node]


class MathematicaPrinter(Printer):
    """Print spec expressions as Wolfram Language that Mathics3 also evaluates.

    Args:
        names: a :class:`~cgs_bridge.printing.naming.Namer` (spec name -> symbol name).
    """

    PRECEDENCE = {"if": ATOM, "iff": ATOM, "or": 2, "and": 3, "not": 4, "cmp": 5, "xor": ATOM,
                  "+": 7, "-": 7, "*": 8, "%": ATOM, "neg": 9, "^": 10}
    FUNCTIONS = {"min": "Min", "max": "Max", "mod": "Mod", "abs": "Abs", "ilog2": "ilog2",
                 "nimsum": "nimSum"}

    def __init__(self, names):
        self.names = names
        self.overrides: dict = {}
        self.used: set = set()

    def precedence(self, node) -> int:
        if isinstance(node, A.Compare) and len(node.ops) > 1 and "!=" in node.ops:
            return self.PRECEDENCE["and"]
        if isinstance(node, A.BinOp) and node.op in ("xor", "%", "iff"):
            return ATOM
        if isinstance(node, A.BinOp) and node.op == "^" and not (
                (isinstance(node.right, A.Num) and node.right.value > 0)
                or (isinstance(node.left, A.Num) and node.left.value != 0)):
            return ATOM
        if isinstance(node, (A.Search, A.FloorDiv, A.CeilDiv, A.Call, A.If)):
            return ATOM
        return super().precedence(node)

    # ------------------------------------------------------------ nodes
    def _print_Neg(self, n):
        return "-" + self.parens(n.operand, self.PRECEDENCE["neg"], strict=True)

    def _print_Not(self, n):
        return "!" + self.parens(n.operand, ATOM)

    def _print_BinOp(self, n):
        op = n.op
        if op == "xor":
            self.used.add("nimSum")
            return f"nimSum[{', '.join(self.doprint(a) for a in _xor_args(n))}]"
        if op == "%":
            return f"Mod[{self.doprint(n.left)}, {self.doprint(n.right)}]"
        if op == "iff":
            return f"Equivalent[{self.doprint(n.left)}, {self.doprint(n.right)}]"
        p = self.PRECEDENCE[op]
        if op == "^":
            if not ((isinstance(n.right, A.Num) and n.right.value > 0)
                    or (isinstance(n.left, A.Num) and n.left.value != 0)):
                self.used.add("power")  # 0^0 is Indeterminate in Wolfram Language, 1 in the spec
                return f"power[{self.doprint(n.left)}, {self.doprint(n.right)}]"
            return f"{self.operand(n.left, p, True)}^{self.operand(n.right, p)}"
        word = {"and": " && ", "or": " || ", "*": "*"}.get(op, f" {op} ")
        return f"{self.operand(n.left, p)}{word}{self.operand(n.right, p, True)}"

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        if len(n.ops) > 1 and "!=" in n.ops:
            return " && ".join(f"{self.parens(a, p, True)} {op} {self.parens(b, p, True)}"
                               for a, op, b in zip(n.operands, n.ops, n.operands[1:]))
        parts = [self.parens(n.operands[0], p, True)]
        for op, o in zip(n.ops, n.operands[1:]):
            parts += [op, self.parens(o, p, True)]
        return " ".join(parts)

    def _div(self, n, head):
        m = self.PRECEDENCE["*"]
        return f"{head}[{self.operand(n.num, m)}/{self.operand(n.den, m, True)}]"

    def _print_FloorDiv(self, n):
        return self._div(n, "Floor")

    def _print_CeilDiv(self, n):
        return self._div(n, "Ceiling")

    def _print_Call(self, n):
        head = self.FUNCTIONS.get(n.func)
        if head is None:
            head = self.name(n.func)
        elif n.func in ("nimsum", "ilog2"):
            self.used.add(head)
        return f"{head}[{', '.join(self.doprint(a) for a in n.args)}]"

    def _print_If(self, n):
        return f"If[{self.doprint(n.cond)}, {self.doprint(n.then)}, {self.doprint(n.orelse)}]"

    def _print_Search(self, n):
        head = "searchMax" if n.kind == "max" else "searchMin"
        self.used.add(head)
        return (f"{head}[{self.doprint(n.lo)}, {self.doprint(n.hi)}, "
                f"Function[{{{self.name(n.var)}}}, {self.doprint(n.cond)}]]")


#: Definitions of the helpers, emitted only when used (Mathics3 lacks BitXor: nim-sum from binary
#: digits, two's complement for negative numbers as Python's ``^`` and Wolfram's ``BitXor``).
HELPERS = {
    "nimSum": """nimSum[] := 0;
nimSum[a_Integer] := a;
nimSum[a_Integer, b_Integer] := Module[{w, da, db, r},
  w = Max[IntegerLength[Abs[a], 2], IntegerLength[Abs[b], 2]] + 1;
  da = IntegerDigits[Mod[a, 2^w], 2, w];
  db = IntegerDigits[Mod[b, 2^w], 2, w];
  r = FromDigits[Mod[da + db, 2], 2];
  If[r >= 2^(w - 1), r - 2^w, r]];
nimSum[a_Integer, b_Integer, c__Integer] := nimSum[nimSum[a, b], c];""",
    "power": """power[a_Integer, b_Integer] := If[b == 0, 1, a^b];""",
    "ilog2": """ilog2[n_Integer] := If[n >= 1, IntegerLength[n, 2] - 1, cgsError["floor(log2(" <> ToString[n] <> ")) is undefined"]];""",
    "searchMax": """searchMax[lo_Integer, hi_Integer, cond_] := Module[{m = hi},
  While[m >= lo && !TrueQ[cond[m]], m--];
  If[m < lo, cgsError["max search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];""",
    "searchMin": """searchMin[lo_Integer, hi_Integer, cond_] := Module[{m = lo},
  While[m <= hi && !TrueQ[cond[m]], m++];
  If[m > hi, cgsError["min search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];""",
}


# ------------------------------------------------------------------ the target
def files(stem, model) -> dict:
    return {"mathematica/program.wl.j2": stem + ".wl"}


def mma_string(text: str) -> str:
    """A Wolfram Language string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def derive_rule(pr, names, model, derive, dname) -> str:
    """The derived-move function: the :class:`~cgs_bridge.printing.model.Derive` step list as a
    ``While`` loop (a linear search downwards for every ``SearchDown``)."""
    pat = {c: names.fresh(names[c] + "0") for c in model.coords}
    changed, v = names.fresh("changed"), names.fresh("v")
    init = ", ".join(f"{names[c]} = {pat[c]}" for c in model.coords)
    out = [f"{dname}[{{{', '.join(pat[c] + '_' for c in model.coords)}}}] := Module[{{{init}, {changed} = True, {v}}},",
           f"  While[{changed},", f"    {changed} = False;"]
    for step in derive.steps:
        cond = pr.doprint(step.cond)
        if isinstance(step, Forbid):
            out.append(f"    If[!({cond}), cgsError[{mma_string(step.error)}]];")
            continue
        c = names[step.coord]
        out.append(f"    If[!({cond}),")
        if isinstance(step, ClampTo):
            out.append(f"      {v} = {pr.doprint(step.value)};")
        elif isinstance(step, SearchDown):
            fit = pr.with_overrides(step.cond, {step.coord: v})
            out += [f"      {v} = {c} - 1;", f"      While[{v} >= 0 && !({fit}), {v}--];"]
        out += [f"      If[{v} < 0, cgsError[{mma_string(step.error)}]];",
                f"      If[{v} < {c}, {c} = {v}; {changed} = True]];"]
    out += ["  ];", f"  {{{', '.join(names[c] for c in model.coords)}}}]"]
    return "\n".join(out)


def _definitions(pr, names, model, pattern) -> tuple:
    defs = [f"{names[k]} = {v};" for k, v in model.int_params]
    for f, var, body, text in model.fn_params:
        defs.append(f"{names[f]}[{names[var]}_] := {pr.doprint(body)};")
    for d, params, body in model.defs:
        defs.append(f"{names[d]}[{', '.join(names[q] + '_' for q in params)}] := {pr.doprint(body)};")
    valid = (f"validQ[{pattern}] := {pr.doprint(model.valid_expr)};" if model.requires
             else "validQ[_List] := True;")
    return defs, valid


def context(model, box, misere, files) -> dict:
    """The variables of the Mathematica template (see :class:`~cgs_bridge.printing.context.Target`)."""
    names = naming.Namer(model.names, naming.mma_valid, naming.mma_repair, naming._mma_bump,
                         naming.MMA_TAKEN)
    pr = MathematicaPrinter(names)
    coords = [names[c] for c in model.coords]
    pattern = "{" + ", ".join(c + "_" for c in coords) + "}"
    defs, valid = _definitions(pr, names, model, pattern)
    rules = []
    if model.clamp is not None:
        rules.append(f"clamp[{pattern}] := {{{', '.join(pr.doprint(e) for e in model.clamp)}}};")
    tables = []
    for m in model.moves:
        tup = "{" + ", ".join(pr.doprint(e) for e in m.result) + "}"
        if m.derive is not None:
            dname = names.fresh("derive" + names[m.coord][:1].upper() + names[m.coord][1:])
            rules.append(derive_rule(pr, names, model, m.derive, dname) + ";")
            body = f"{dname}[{tup}]"
        elif model.clamp is not None:
            body = f"clamp[{tup}]"
        else:
            body = tup
        tables.append(f"Table[{body}, {{{names[m.var]}, 0, {coords[m.index]} - 1}}]")
    if not tables:
        move = f"move[{pattern}] := {{}};"
    elif len(tables) == 1:
        move = f"move[{pattern}] := {tables[0]};"
    else:
        move = f"move[{pattern}] := Join[\n  " + ",\n  ".join(tables) + "];"
    helpers = [HELPERS[h] for h in ("nimSum", "power", "ilog2", "searchMax", "searchMin") if h in pr.used]
    header = ",".join(list(model.coords) + ["grundy"] + (["misere"] if misere else []))
    renamed = [(c, names[c]) for c in model.names if names[c] != c]
    return {**common_context(model, box), "defs": defs, "valid": valid, "rules": rules, "move": move,
            "helpers": helpers, "ranges": ", ".join(f"Range[0, {u}]" for u in box.upper),
            "csv_file": mma_string(files["csv"]), "csv_name": files["csv"],
            "header": mma_string(header), "misere": misere, "renamed": renamed,
            "program_file": files["mathematica/program.wl.j2"]}


TARGET = Target("mathematica", MathematicaPrinter, files, context)
