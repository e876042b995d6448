"""Mathematica (Wolfram Language, and Mathics3) as a printing target.

Operators, loosest first: ``||`` < ``&&`` < ``!`` < comparisons (chains such as ``a <= b < c``
are native; a chain containing ``!=`` is expanded, since ``Unequal[a, b, c]`` means "all
distinct") < ``+ -`` < ``*`` < unary ``-`` < ``^`` (right-associative). Negative operands of binary
operators are parenthesised (``a - (-3)``; ``--`` would be ``Decrement``).

Spellings: ``floor(a/b)`` is ``Quotient[a, b]`` (the floor of the quotient of integers, as in
Mathematica and Mathics3) and ``ceil`` ``Ceiling[a/b]`` (exact rationals),
``%``/``mod`` is ``Mod`` (sign of the divisor, as the spec), ``min``/``max``/``abs`` are
``Min``/``Max``/``Abs``, ``iff`` is ``Equivalent``. Nim-sum is the helper ``nimSum`` defined in
the emitted program (Mathics3 has no ``BitXor``: a 64 x 64 table of ``a xor b``, else
``IntegerDigits`` in two's complement), ``floor(log2(n))`` the
helper ``ilog2`` (``IntegerLength[n, 2] - 1``) and a bounded search ``max m in a..b with C`` the
helper ``searchMax[a, b, Function[{m}, C]]``. A power whose base and exponent may both be 0 is
the helper ``power`` (``0^0`` is ``Indeterminate`` in Wolfram Language, 1 in the spec). :attr:`MathematicaPrinter.used` records which
helpers the printed expressions need.

The target ``mathematica`` (:data:`TARGET`): template ``templates/program.wl.j2`` (a program that
writes ``<stem>.csv``); :func:`context` builds its variables.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.printer import ATOM, Printer
from cgs_bridge.model.fnprops import hypothesis_fails
from cgs_bridge.systems.printing.context import Target, comment_safe, common_context
from cgs_bridge.systems.printing.model import ClampTo, Forbid, SearchDown
from cgs_bridge.systems.printing.naming import Namer

from . import naming, spelling
from .moves import mathematica_options, pass_wrapper


def _xor_args(node):
    if isinstance(node, A.BinOp) and node.op == "xor":
        return _xor_args(node.left) + [node.right]
    return [node]


class MathematicaPrinter(Printer):
    """Print spec expressions as Wolfram Language that Mathics3 also evaluates.

    Args:
        names: a :class:`~cgs_bridge.systems.printing.naming.Namer` (spec name -> symbol name).
    """

    TARGET = "mathematica"
    PRECEDENCE = spelling.PRECEDENCE
    SPELLINGS = spelling.SPELLINGS

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
        return self.spelling("neg") + self.parens(n.operand, self.PRECEDENCE["neg"], strict=True)

    def _print_Not(self, n):
        return self.spelling("not") + self.parens(n.operand, ATOM)

    def _print_BinOp(self, n):
        return self.spell(n)

    def infix(self, n, word, assoc):
        p = self.PRECEDENCE[n.op]
        if assoc == "right":
            return f"{self.operand(n.left, p, True)}{word}{self.operand(n.right, p)}"
        return f"{self.operand(n.left, p)}{word}{self.operand(n.right, p, True)}"

    def uses(self, name: str) -> None:
        if name in spelling.USES:
            self.used.add(spelling.USES[name])

    # ------------------------------------------------------------ operators named by the spellings
    def _nimsum_binop(self, n):
        """``a xor b xor c``: one ``nimSum[a, b, c]``."""
        self.uses("xor")
        return f"nimSum[{', '.join(self.doprint(a) for a in _xor_args(n))}]"

    def _power(self, n):
        """``a ^ b``: the helper ``power`` unless ``0 ^ 0`` is impossible (Indeterminate in
        Wolfram Language, 1 in the spec)."""
        if not ((isinstance(n.right, A.Num) and n.right.value > 0)
                or (isinstance(n.left, A.Num) and n.left.value != 0)):
            self.uses("^")
            return f"power[{self.doprint(n.left)}, {self.doprint(n.right)}]"
        return self.infix(n, "^", "right")

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        if len(n.ops) > 1 and "!=" in n.ops:
            return " && ".join(f"{self.parens(a, p, True)} {self.spelling(op)} {self.parens(b, p, True)}"
                               for a, op, b in zip(n.operands, n.ops, n.operands[1:]))
        parts = [self.parens(n.operands[0], p, True)]
        for op, o in zip(n.ops, n.operands[1:]):
            parts += [self.spelling(op), self.parens(o, p, True)]
        return " ".join(parts)

    def _div(self, n, head):
        m = self.PRECEDENCE["*"]
        return f"{head}[{self.operand(n.num, m)}/{self.operand(n.den, m, True)}]"

    def _print_FloorDiv(self, n):
        # Quotient rounds toward -Infinity like Floor[a/b] on integers, without building a rational
        # (cheaper in Mathics3, where every evaluation step counts)
        return f"{self.spelling('floor/')}[{self.doprint(n.num)}, {self.doprint(n.den)}]"

    def _print_CeilDiv(self, n):
        return self._div(n, self.spelling("ceil/"))

    def call(self, head, args):
        return f"{head}[{', '.join(args)}]"

    def _print_If(self, n):
        return f"If[{self.doprint(n.cond)}, {self.doprint(n.then)}, {self.doprint(n.orelse)}]"

    def _print_Accepts(self, n):
        from cgs_bridge.language.spec_printer import expr_text
        raise InputError(f"{expr_text(n)}: an automaton claim is not printed in the Wolfram Language")

    def _print_Search(self, n):
        head = "searchMax" if n.kind == "max" else "searchMin"
        self.used.add(head)
        return (f"{head}[{self.doprint(n.lo)}, {self.doprint(n.hi)}, "
                f"Function[{{{self.name(n.var)}}}, {self.doprint(n.cond)}]]")


#: Definitions of the helpers, emitted only when used (Mathics3 lacks BitXor: nim-sum from binary
#: digits, two's complement for negative numbers as Python's ``^`` and Wolfram's ``BitXor``).
HELPERS = {
    **spelling.DEFINITIONS,  # nimSum, power, ilog2: the helpers of this target's spellings
    "searchMax": """searchMax[lo_Integer, hi_Integer, cond_] := Module[{m = hi},
  While[m >= lo && !TrueQ[cond[m]], m--];
  If[m < lo, cgsError["max search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];""",
    "searchMin": """searchMin[lo_Integer, hi_Integer, cond_] := Module[{m = lo},
  While[m <= hi && !TrueQ[cond[m]], m++];
  If[m > hi, cgsError["min search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];""",
}


# ------------------------------------------------------------------ the target
def files(stem, model) -> dict:
    return {"program.wl.j2": stem + ".wl"}


def mma_string(text: str) -> str:
    """A Wolfram Language string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def derive_rule(pr, names, model, derive, dname) -> str:
    """The derived-move function: the :class:`~cgs_bridge.systems.printing.model.Derive` step list as a
    ``While`` loop (a linear search downwards for every ``SearchDown``); a list of checks only
    (every step a ``Forbid``) needs no loop and no local variables."""
    point = "{" + ", ".join(names[c] for c in model.coords) + "}"
    if all(isinstance(step, Forbid) for step in derive.steps):
        checks = [f"If[!({pr.doprint(step.cond)}), cgsError[{mma_string(step.error)}]]; " for step in derive.steps]
        return f"{dname}[{{{', '.join(names[c] + '_' for c in model.coords)}}}] := ({''.join(checks)}{point})"
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


def _parameters(pr, names, model) -> list:
    """The assignments at the top of the program, one per parameter in spec order (a function
    parameter is a pure function, called ``f[t]`` like a definition)."""
    ints, fns = dict(model.int_params), {f: (var, body) for f, var, body, _ in model.fn_params}
    out = []
    for p in model.ruleset.game.params:
        if p.name in fns:
            var, body = fns[p.name]
            out.append(f"{names[p.name]} = Function[{{{names[var]}}}, {pr.doprint(body)}];")
        else:
            out.append(f"{names[p.name]} = {ints[p.name]};")
    return out


def _definitions(pr, names, model, pattern) -> tuple:
    defs = []
    for d, params, body in model.defs:
        defs.append(f"{names[d]}[{', '.join(names[q] + '_' for q in params)}] := {pr.doprint(body)};")
    valid = (f"validQ[{pattern}] := {pr.doprint(model.valid_expr)};" if model.requires
             else "validQ[_List] := True;")
    return defs, valid


#: The program forms of the target (``cgs-bridge generate --mathematica-form``); the first is the default.
FORMS = ("fast", "papers")


def _option_functions(pr, names, model, coords, sizes, pattern, rules, form: str = FORMS[0]) -> tuple:
    """Per move, a function giving the values of the options along its coordinate.

    Form ``fast``: the option reached by lowering coordinate i to t depends only on t and the other
    coordinates (the lowered point), so the values along i form one list per line (the other
    coordinates fixed): ``cutX[[y + 1, z + 1]]`` lists the values of the options reached by
    cutting x to 0, 1, 2, ...; each line grows only as far as the positions reached need (the
    recurrence of the fast solver, ``shared/design-notes.md``, "Speed"). The positions are computed
    in lexicographic order, so the positions of one line come in increasing x: after growing to x
    entries the line is exactly the x option values of the position, returned whole (a ``Take``
    there cost ~1 ms a call in Mathics3 for nothing). A cut with no assignment, clamp or
    derivation reaches the lowered point itself: its values are read straight from ``value``.

    Form ``papers``: as the published programs do it (seed 003, Example 8.3: a move function
    listing the option positions, the Grundy value of each read from the memo), every option
    position of the position is listed with ``Table`` and its value read with ``at``, nothing
    carried between positions.
    Returns ``(definitions, calls)``."""
    defs, calls = [], []
    for m in model.moves:
        i, c = m.index, coords[m.index]
        others = [coords[j] for j in range(len(coords)) if j != i]
        lowered = all(isinstance(e, A.Name) and e.id == (m.var if j == i else model.coords[j])
                      for j, e in enumerate(m.result))
        if form == "fast" and lowered and m.derive is None and model.clamp is None:
            slab = ", ".join("All" if j == i else f"{coords[j]} + 1" for j in range(len(coords)))
            calls.append(f"Take[value[[{slab}]], {c}]")
            continue
        tup = "{" + ", ".join(pr.doprint(e) for e in m.result) + "}"
        if m.derive is not None:
            dname = names.fresh("derive" + c[:1].upper() + c[1:])
            rules.append(derive_rule(pr, names, model, m.derive, dname) + ";")
            position = f"{dname}[{tup}]"
        else:
            position = f"clamp[{tup}]" if model.clamp is not None else tup
        if form == "papers":
            fn = names.fresh("options" + c[:1].upper() + c[1:])
            defs.append(f"{fn}[{pattern}] := Table[at[{position}], {{{names[m.var]}, 0, {c} - 1}}];")
        else:
            direct = m.derive is None and model.clamp is None  # the option itself, read from value
            entry = (f"value[[{', '.join(pr.operand(e, pr.PRECEDENCE['+']) + ' + 1' for e in m.result)}]]"
                     if direct else f"at[{position}]")
            fn, text = _line_function(names, m, c, others, sizes, pattern, entry)
            defs.append(text)
        calls.append(f"{fn}[{{{', '.join(coords)}}}]")
    return defs, calls


def _line_function(names, m, c, others, sizes, pattern, entry) -> tuple:
    """The ``fast`` form's option function of one move (its line, grown on demand, returned
    whole): ``(function name, definitions)``; ``entry`` is the value of the option reached by
    lowering ``c`` to the move's variable (coordinates are 0-based, parts 1-based)."""
    line = names.fresh("cut" + c[:1].upper() + c[1:])
    fn = names.fresh("options" + c[:1].upper() + c[1:])
    ref = f"{line}[[{', '.join(f'{o} + 1' for o in others)}]]" if others else line
    start = "{}" if not others else f"ConstantArray[{{}}, {{{', '.join(sizes[o] + ' + 1' for o in others)}}}]"
    t = names[m.var]
    return fn, (f"{line} = {start};\n"
                f"{fn}[{pattern}] := (\n"
                f"  If[Length[{ref}] < {c},\n"
                f"    {ref} = Join[{ref}, Map[Function[{{{t}}}, {entry}], Range[Length[{ref}], {c} - 1]]]];\n"
                f"  {ref});")


def _claims(pr, names, model, coords, misere, box=None) -> list:
    """Each claim as the papers check it: ``Select`` of the positions where it fails, printed
    (``{}`` when it holds on the box); a ``when`` condition guards it (parameters are
    assignments at the top, so the program text is the same for every parameter value)."""
    out = []
    point = "{" + ", ".join(coords) + "}"
    g = f"at[{point}]" + ("[[1]]" if misere else "")
    over = {"grundy": g, "P": f"({g} === 0)", "N": f"({g} =!= 0)"}
    if misere:
        over["misere"] = f"at[{point}][[2]]"
    pattern = "{" + ", ".join(c + "_" for c in coords) + "}"
    for k, cl in enumerate(model.ruleset.game.claims, 1):
        if "misere" in {n.id for n in Tr.walk(cl.expr) if isinstance(n, A.Name)} and not misere:
            continue
        outside = hypothesis_fails(model.ruleset, cl, box) if box is not None else ""
        if outside:  # a hypothesis on a function parameter fails on the box: not applicable
            out.append(f"(* \"{comment_safe(model.claims[k - 1][0])}\": not applicable: {comment_safe(outside)} *)")
            continue
        fails = names.fresh(f"claim{k}Fails")
        check = f"Print[Select[positions, {fails}]]"
        if cl.when is not None:
            check = f"If[{pr.doprint(cl.when)}, {check}]"
        name, _, text = model.claims[k - 1]
        try:
            cond = pr.with_overrides(cl.expr, over)
        except InputError as e:      # an automaton claim: not carried by the program
            out.append(f"(* \"{comment_safe(name)}\": not checked here: {comment_safe(str(e))} *)")
            continue
        out.append(f"(* \"{comment_safe(name)}\": {comment_safe(text)} *)\n"
                   f"{fails}[{pattern}] := !TrueQ[{cond}];\n{check};")
    return out


def context(model, box, misere, files, form: str = FORMS[0]) -> dict:
    """The variables of the Mathematica template (see :class:`~cgs_bridge.systems.printing.context.Target`);
    ``form`` is one of :data:`FORMS` (see :func:`_option_functions`)."""
    names = Namer(model.names, naming.mma_valid, naming.mma_repair, naming.mma_bump,
                         naming.MMA_TAKEN)
    pr = MathematicaPrinter(names)
    coords = [names[c] for c in model.coords]
    sizes = [names.fresh(c + "Max") for c in coords]
    pattern = "{" + ", ".join(c + "_" for c in coords) + "}"
    params = _parameters(pr, names, model)
    defs, valid = _definitions(pr, names, model, pattern)
    rules = []
    if model.clamp is not None:
        rules.append(f"clamp[{pattern}] := {{{', '.join(pr.doprint(e) for e in model.clamp)}}};")
    options, calls = _option_functions(pr, names, model, coords, dict(zip(coords, sizes)), pattern, rules, form)
    mathematica_options(pr, names, model, coords, pattern, options, calls)
    pass_open, pass_close = pass_wrapper(names, model, coords, pattern, options)
    claims = _claims(pr, names, model, coords, misere, box)
    helpers = [text for h, text in HELPERS.items() if h in pr.used]
    header = ",".join(list(model.coords) + ["grundy"] + (["misere"] if misere else []))
    renamed = [(c, names[c]) for c in model.names if names[c] != c]
    index = ", ".join(f"{c} + 1" for c in coords)
    fields = [f"{c}, \",\", " for c in coords]
    g = names.fresh("grundy")  # writeRow gets the value computeValue returns (no second look-up)
    row = "".join(fields) + (f"{g}[[1]], \",\", {g}[[2]]" if misere else g)
    return {**common_context(model, box), "params": params, "defs": defs, "valid": valid,
            "rules": rules, "options": options, "calls": calls, "claims": claims,
            "sizes": [f"{s} = {u};" for s, u in zip(sizes, box.upper)], "coords": coords,
            "pattern": pattern, "index": index, "row": row, "row_value": g, "point": "{" + ", ".join(coords) + "}",
            "helpers": helpers, "ranges": ", ".join(f"Range[0, {s}]" for s in sizes),
            "dims": ", ".join(f"{s} + 1" for s in sizes),
            "csv_file": mma_string(files["csv"]), "csv_name": files["csv"],
            "header": mma_string(header), "misere": misere, "renamed": renamed,
            "program_file": files["program.wl.j2"],
            "pass_open": pass_open, "pass_close": pass_close, "form": form}


TARGET = Target("mathematica", MathematicaPrinter, files, context, Path(__file__).with_name("templates"), FORMS,
                "the .wl program's form: 'fast' (default; what verify runs) keeps the options' values per "
                "line, 'papers' lists every option position and reads its value, as the published programs "
                "do; both give the same values")
