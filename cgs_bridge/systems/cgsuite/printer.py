"""CGScript (CGSuite 2.x) as a printing target.

Operator facts (``Cgsuite.g`` of github aaron-siegel/cgsuite, ``Ops.scala``, and the CGSuite 2.2
fixtures in ``../shared/fixtures/cgsuite``), loosest first: ``or`` < ``and`` < ``not`` <
relational (right-recursive, so a chain ``a <= b <= c`` is printed ``a <= b and b <= c``) < infix
method (``a NimSum b``, left-associative) < ``+ -`` < ``* / %`` < unary ``-`` (its operand cannot
start with another ``-``) < ``^`` (power, right-associative; its left operand is a postfix
expression) < postfix (``.Floor``, calls).

Spellings: ``floor(a/b)`` is ``(a / b).Floor`` (``Div`` truncates), ``ceil`` is ``.Ceiling``,
``min``/``max`` take one list (``Min([a, b])``), ``abs`` is ``.Abs``, ``floor(log2(n))`` is ``.Lb``.
CGScript's ``%`` truncates (Scala ``BigInt %``), so the spec's ``%``/``mod`` (sign of the divisor)
is a helper method ``FloorMod``; bounded searches ``max m in a..b with C`` become helper methods
with a ``while`` loop. Helpers are collected while printing (:attr:`CGSuitePrinter.helpers`) and
emitted as methods of the ``Ruleset`` class, which every nested ``Position`` can call.

The target ``cgsuite`` (:data:`TARGET`): templates ``templates/class.cgs.j2`` (the game class) and
``templates/script.cgs.j2`` (the worksheet printing the table); :func:`context` builds their variables.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language import ast as A
from cgs_bridge.language import operators
from cgs_bridge.language.printer import ATOM, Printer
from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model.fnprops import hypothesis_fails
from cgs_bridge.systems.printing import naming
from cgs_bridge.systems.printing.context import Target, comment_safe, common_context
from cgs_bridge.systems.printing.model import ClampTo, Forbid, SearchDown
from cgs_bridge.systems.printing.moves import cgsuite_options, options_body

from .nimsum import helper_text, inline_text, nonneg_names, nonnegative


def claim_uses_misere(cl) -> bool:
    """True when the claim mentions ``misere``."""
    return any(isinstance(n, A.Name) and n.id == "misere" for n in A.walk(cl.expr))


def _args(n) -> tuple:
    """The operands of a ``BinOp`` or the arguments of a ``Call``."""
    return (n.left, n.right) if isinstance(n, A.BinOp) else n.args


def _nimsum_chain(args):
    node = args[0]
    for a in args[1:]:
        node = A.BinOp("xor", node, a)
    return node


class CGSuitePrinter(Printer):
    """Print spec expressions as CGScript.

    Args:
        names: a :class:`~cgs_bridge.systems.printing.naming.Namer` (spec name -> CGScript identifier).
        members: spec names visible as members of the Ruleset class (integer parameters): they are
            never passed to helper methods.
        nonneg: spec names known to be >= 0 (coordinates, move variables, parameters declared
            ``>= 0``): a nim-sum of provably nonnegative operands is CGSuite's ``NimSum``, any other
            calls the helper method of :mod:`~cgs_bridge.systems.cgsuite.nimsum`.
    """

    TARGET = "cgsuite"
    PRECEDENCE = operators.precedence("cgsuite")
    FUNCTIONS = operators.spellings("cgsuite")

    #: how a helper method is called (``R.`` from a worksheet script); None: not in reach
    helper_prefix: str | None = ""

    def __init__(self, names, members=(), nonneg=()):
        self.names = names
        self.members = set(members)
        self.nonneg = set(nonneg)
        self.overrides: dict = {}
        self.helpers: list = []   # (name, text) in order of first use
        self._helper_keys: dict = {}
        self._locals = None

    # ------------------------------------------------------------ helpers
    def _helper(self, key, make) -> str:
        if key not in self._helper_keys:
            old = self.overrides
            self.overrides = {}
            try:
                name, text = make()
            finally:
                self.overrides = old
            self._helper_keys[key] = name
            self.helpers.append((name, text))
        return self._helper_keys[key]

    def precedence(self, node) -> int:
        if isinstance(node, A.Compare) and len(node.ops) > 1:
            return self.PRECEDENCE["and"]
        if isinstance(node, A.Call) and node.func == "nimsum":
            return self.precedence(_nimsum_chain(node.args))
        if isinstance(node, (A.Search, A.FloorDiv, A.CeilDiv, A.Call, A.If)):
            return ATOM
        return super().precedence(node)

    # ------------------------------------------------------------ nodes
    def _print_Neg(self, n):
        return operators.spelling("neg", "cgsuite") + self.parens(n.operand, self.PRECEDENCE["^"])

    def _print_Not(self, n):
        return operators.spelling("not", "cgsuite") + self.parens(n.operand, self.PRECEDENCE["not"])

    def _print_BinOp(self, n):
        return self.spell(n)

    def infix(self, n, word, assoc):
        p = self.PRECEDENCE[n.op]
        if assoc == "right":
            return f"{self.operand(n.left, p, True)}{word}{self.parens(n.right, p)}"
        return f"{self.operand(n.left, p)}{word}{self.operand(n.right, p, True)}"

    # ------------------------------------------------------------ operators named by the table
    def _iff(self, n):
        """``iff`` is ``==`` of two conditions (both sides parenthesised below comparisons)."""
        p = self.PRECEDENCE["cmp"]
        return f"{self.parens(n.left, p, True)} == {self.parens(n.right, p, True)}"

    def _floor_mod(self, n):
        """``%`` and ``mod``: the class's helper method ``FloorMod`` (:func:`floor_mod_helper`)."""
        return f"FloorMod({', '.join(self.doprint(a) for a in _args(n))})"

    def _nimsum_binop(self, n):
        """``a xor b``: CGSuite's ``NimSum`` when both are provably >= 0, else the helper."""
        if not (nonnegative(n.left, self.nonneg) and nonnegative(n.right, self.nonneg)):
            return self._nimsum_any(n.left, n.right)
        return self.infix(n, " NimSum ", "left")

    def _nimsum_call(self, n):
        """``nimsum(a, b, ...)``: the nim-sum chain ``a xor b xor ...``."""
        return self.doprint(_nimsum_chain(n.args))

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        pairs = []
        for a, op, b in zip(n.operands, n.ops, n.operands[1:]):
            pairs.append(f"{self.parens(a, p, True)} {operators.spelling(op, 'cgsuite')} {self.parens(b, p, True)}")
        return " and ".join(pairs)

    def _div(self, n, key):
        m = self.PRECEDENCE["*"]
        return f"({self.operand(n.num, m)} / {self.operand(n.den, m, True)}).{operators.spelling(key, 'cgsuite')}"

    def _print_FloorDiv(self, n):
        return self._div(n, "floor/")

    def _print_CeilDiv(self, n):
        return self._div(n, "ceil/")

    def _print_Call(self, n):
        if n.func in operators.BUILTINS:
            return self.spell(n)
        return f"{self.name(n.func)}({', '.join(self.doprint(a) for a in n.args)})"

    def _print_If(self, n):
        return f"if {self.doprint(n.cond)} then {self._branch(n.then)} else {self._branch(n.orelse)} end"

    def _branch(self, node) -> str:
        """A then/else branch is a statement sequence in CGScript, where a leading ``if`` starts a
        control statement that ends at its ``end``: ``then if a then b else c end ^ 2 else`` would
        not parse, so such a branch is parenthesised."""
        text = self.doprint(node)
        if text.startswith("if ") and not isinstance(node, A.If):
            return "(" + text + ")"
        return text

    def _print_Search(self, n):
        local = sorted(A.free_names(n.cond) - {n.var} - self.members, key=self._order)
        key = (n.kind, n.var, n.cond, tuple(local))
        name = self._helper(key, lambda: self._search_helper(n, local))
        args = [self.doprint(n.lo), self.doprint(n.hi)] + [self.name(v) for v in local]
        return f"{name}({', '.join(args)})"

    def _nimsum_any(self, left, right) -> str:
        """Nim-sum of operands that may be negative (:mod:`.cgsuite_nimsum`)."""
        a, b = self.doprint(left), self.doprint(right)
        if self.helper_prefix is None:
            return "(" + inline_text(f"({a})", f"({b})") + ")"
        name = self._helper("nimsum", lambda: self._nimsum_helper())
        return f"{self.helper_prefix}{name}({a}, {b})"

    def _nimsum_helper(self):
        name = self.names.fresh("NimSumInt")
        return name, helper_text(name, self.names.fresh("m"), self.names.fresh("n"))

    # ------------------------------------------------------------ helper methods
    def _order(self, spec_name):
        keys = list(self.names.map)
        return keys.index(spec_name) if spec_name in keys else len(keys)

    def locals(self) -> dict:
        """Fresh local names shared by the helper methods (lo, hi, found)."""
        if self._locals is None:
            self._locals = {k: self.names.fresh(k) for k in ("lo", "hi", "found")}
        return self._locals

    def _search_helper(self, n, local):
        loc = self.locals()
        base = "SearchMax" if n.kind == "max" else "SearchMin"
        name = self.names.fresh(base)
        m = self.name(n.var)
        params = [loc["lo"], loc["hi"]] + [self.name(v) for v in local]
        start, step, cmp = (loc["hi"], "-", ">=") if n.kind == "max" else (loc["lo"], "+", "<=")
        bound = loc["lo"] if n.kind == "max" else loc["hi"]
        spec = expr_text(n).replace('"', "'")
        text = "\n".join([
            f"  def {name}({', '.join(p + ' as Integer' for p in params)}) begin",
            f"    var {m} := {start};",
            f"    var {loc['found']} := false;",
            f"    while not {loc['found']} and {m} {cmp} {bound} do",
            f"      if {self.doprint(n.cond)} then {loc['found']} := true else {m} := {m} {step} 1 end",
            "    end",
            f"    if not {loc['found']} then error(\"{spec}: no value satisfies the condition\") end",
            f"    {m}",
            "  end"])
        return name, text


class ProcedurePrinter(CGSuitePrinter):
    """Print a function parameter's body as a CGScript procedure ``t -> ...`` for a worksheet
    script, where the class's helper methods are out of reach: the spec's ``%``/``mod`` is
    written inline as ``a - b * (a / b).Floor``; a bounded search cannot be printed (InputError);
    a nim-sum of possibly negative operands is written inline, or, for the claim checks, calls the
    class's helper through ``R.`` (``owner``: the class's printer, which then emits it)."""

    helper_prefix = None

    def share_helpers(self, owner, prefix: str) -> "ProcedurePrinter":
        """Register helper methods in ``owner`` (the class printer) and call them as ``prefix + name``."""
        self.helpers, self._helper_keys, self.helper_prefix = owner.helpers, owner._helper_keys, prefix
        return self

    def _floor_mod(self, n) -> str:
        a, b = _args(n)
        m = self.PRECEDENCE["*"]
        left, right = self.operand(a, self.PRECEDENCE["-"]), self.operand(b, m)
        return f"({left} - {right} * ({self.operand(a, m)} / {self.operand(b, m, True)}).Floor)"

    def _print_Search(self, n):
        raise InputError(f"a function parameter with a bounded search ({expr_text(n)}) cannot be "
                         "passed to the CGSuite class as a procedure")

    def procedure(self, var: str, body) -> str:
        """``var -> body`` (CGScript procedure syntax, ``Cgsuite.g`` functionExpression)."""
        return f"{self.name(var)} -> {self.doprint(body)}"


def floor_mod_helper() -> str:
    """CGScript ``FloorMod(a, b)``: the remainder with the sign of ``b`` (Python ``%``)."""
    return "  def FloorMod(a as Integer, b as Integer) := a - b * (a / b).Floor;"


#: Operators the class's ``FloorMod`` method spells (the operator table's ``helper:_floor_mod``).
_FLOOR_MOD = {op.name for op in operators.OPS if op.spell.get("cgsuite") == "helper:_floor_mod"}


def uses_floor_mod(exprs) -> bool:
    for e in exprs:
        for node in A.walk(e):
            if (isinstance(node, A.BinOp) and node.op in _FLOOR_MOD) or (
                    isinstance(node, A.Call) and node.func in _FLOOR_MOD):
                return True
    return False


# ------------------------------------------------------------------ the target
def class_name(game_name: str) -> str:
    """CamelCase class name of a game (``two_inequalities`` -> ``TwoInequalities``)."""
    parts = [p for p in game_name.split("_") if p]
    name = "".join(p[:1].upper() + p[1:] for p in parts) or "Game"
    if name in naming.CGS_TAKEN or name.lower() in naming.CGS_KEYWORDS:
        name += "Game"
    return name


def files(stem, model) -> dict:
    return {"class.cgs.j2": class_name(model.name) + ".cgs",
            "script.cgs.j2": stem + "_table.cgs"}


def derive_method(pr, names, model, derive, derive_name, coords) -> str:
    """The derived-move helper method: the :class:`~cgs_bridge.systems.printing.model.Derive` step list
    as CGScript loops (a linear search downwards for every ``SearchDown``)."""
    if all(isinstance(step, Forbid) for step in derive.steps):  # checks only: no loop, no locals
        out = [f"  def {derive_name}({', '.join(c + ' as Integer' for c in coords)}) begin"]
        out += [f"    if not ({pr.doprint(step.cond)}) then error(\"{step.error}\") end" for step in derive.steps]
        return "\n".join(out + [f"    Position({', '.join(coords)})", "  end"])
    loc = {c: names.fresh("q" + names[c]) for c in model.coords}
    kinds = {type(step) for step in derive.steps}
    changed = names.fresh("changed")
    w = names.fresh("w") if kinds & {ClampTo, SearchDown} else None
    found = pr.locals()["found"] if SearchDown in kinds else None
    out = [f"  def {derive_name}({', '.join(c + ' as Integer' for c in coords)}) begin"]
    out += [f"    var {loc[c]} := {names[c]};" for c in model.coords]
    out += [f"    var {changed} := true;"] + ([f"    var {w} := 0;"] if w else [])
    out += ([f"    var {found} := false;"] if found else [])
    out += [f"    while {changed} do", f"      {changed} := false;"]
    for step in derive.steps:
        cond = pr.with_overrides(step.cond, loc)
        if isinstance(step, Forbid):
            out.append(f"      if not ({cond}) then error(\"{step.error}\") end")
            continue
        q = loc[step.coord]
        out.append(f"      if not ({cond}) then")
        if isinstance(step, ClampTo):
            out.append(f"        {w} := {pr.with_overrides(step.value, loc)};")
        elif isinstance(step, SearchDown):
            fit = pr.with_overrides(step.cond, {**loc, step.coord: w})
            out += [f"        {w} := {q} - 1;", f"        {found} := false;",
                    f"        while not {found} and {w} >= 0 do",
                    f"          if {fit} then {found} := true else {w} := {w} - 1 end", "        end"]
        out += [f"        if {w} < 0 then error(\"{step.error}\") end",
                f"        if {w} < {q} then {q} := {w}; {changed} := true end", "      end"]
    out += ["    end", f"    Position({', '.join(loc[c] for c in model.coords)})", "  end"]
    return "\n".join(out)


def _methods(pr, names, model, coords, typed) -> list:
    methods = []
    for d, params, body in model.defs:
        methods.append(f"  def {names[d]}({', '.join(names[q] + ' as Integer' for q in params)}) := "
                       f"{pr.doprint(body)};")
    valid = pr.doprint(model.valid_expr) if model.requires else "true"
    methods.append(f"  def IsValid({typed}) := {valid};")
    if model.clamp is not None:
        methods.append(f"  // the one-pass simultaneous clamp applied after every move\n"
                       f"  def Clamp({typed}) := Position({', '.join(pr.doprint(e) for e in model.clamp)});")
    return methods


def _class_params(model, names, pr) -> tuple:
    """Class parameters in spec order: ``(signature, arguments of this box's script, usage
    arguments)``. Integer parameters are ``k as Integer``; a function parameter is an untyped
    parameter holding a procedure (``class StepF(f)``, ``StepF(t -> (t / 2).Floor)``:
    ``shared/fixtures/cgsuite/classes/StepF.cgs``), so one class file serves every value. The
    usage line (a comment of the class) shows the spec's defaults, never this box's values."""
    ints, fns = dict(model.int_params), {f: (var, body) for f, var, body, _ in model.fn_params}
    sig, args, usage = [], [], []
    for p in model.ruleset.game.params:
        if p.name in fns:
            var, body = fns[p.name]
            proc = ProcedurePrinter(names, members=pr.members, nonneg={var, "t"})
            sig.append(names[p.name])
            args.append(proc.procedure(var, body))
            usage.append(proc.procedure("t", p.default) if p.default is not None else names[p.name])
        else:
            sig.append(f"{names[p.name]} as Integer")
            args.append(str(ints[p.name]))
            usage.append(ProcedurePrinter(names).doprint(p.default) if p.default is not None else names[p.name])
    return ", ".join(sig), ", ".join(args), ", ".join(usage)


def _claim_checks(model, names, coords, sizes, misere, owner, box=None) -> list:
    """Each claim that applies to these parameters as the papers check it: the list of valid
    positions of the box where it fails (``[]`` when it holds), one statement per claim; as
    ``(comment, statement)``. Parameters are written as their values; definitions are called on
    ``R``, and so is the helper method of a nim-sum of possibly negative values (registered in
    ``owner``, the class's printer). A claim the script cannot print (a bounded search) is left out
    with a comment."""
    r, point = model.ruleset, ", ".join(coords)
    value = f"R({point}).NimValue"
    over = {c: n for c, n in zip(model.coords, coords)}
    over.update({p: str(v) for p, v in model.int_params})
    over.update({d: f"R.{names[d]}" for d, _, _ in model.defs})
    over.update({"grundy": value, "P": f"({value} == 0)", "N": f"({value} != 0)",
                 "misere": f"R({point}).MisereNimValue"})
    # every claim is printed (whether it applies or not): the class's helpers are then the same
    # for every parameter value, so one class file serves them all
    pr = ProcedurePrinter(names, nonneg=nonneg_names(model)).share_helpers(owner, "R.")
    loops = " ".join(f"for {c} from 0 to {m}" for c, m in zip(coords, sizes))
    out = []
    for k, cl in enumerate(r.game.claims):
        name, _, text = model.claims[k]
        comment = f'// "{name}": {text} -- prints [] when it holds on the box'
        try:
            cond = pr.with_overrides(cl.expr, over)
        except InputError as e:
            cond = f"// not checked here: {e}"
        if not r.claim_applies(k) or (claim_uses_misere(cl) and not misere):
            continue
        outside = hypothesis_fails(r, cl, box) if box is not None else ""
        if outside:  # a hypothesis on a function parameter fails on the box: not applicable
            out.append((comment, f"// not applicable: {comment_safe(outside)}"))
            continue
        if cond.startswith("//"):
            out.append((comment, cond))
            continue
        out.append((comment, f"System.Print([[{point}] {loops} where R.IsValid({point}) and not ({cond})]);"))
    return out


def context(model, box, misere, files) -> dict:
    """The variables of the CGSuite templates (see :class:`~cgs_bridge.systems.printing.context.Target`)."""
    cls = class_name(model.name)
    names = naming.Namer(model.names, naming.cgs_valid, naming.cgs_repair, lambda c: c + "_",
                         naming.CGS_KEYWORDS | naming.CGS_TAKEN | {"R", cls})
    pr = CGSuitePrinter(names, members=[p.name for p in model.ruleset.game.params], nonneg=nonneg_names(model))
    coords = [names[c] for c in model.coords]
    typed = ", ".join(f"{c} as Integer" for c in coords)
    methods = _methods(pr, names, model, coords, typed)
    options = []
    for m in model.moves:
        tup = ", ".join(pr.doprint(e) for e in m.result)
        if m.derive is not None:
            dname = names.fresh("Derive" + names[m.coord][:1].upper() + names[m.coord][1:])
            methods.append(f"  // {comment_safe(m.rule_text)}: the largest valid position below the lowered point\n"
                           + derive_method(pr, names, model, m.derive, dname, coords))
            target = f"{dname}({tup})"
        elif model.clamp is not None:
            target = f"Clamp({tup})"
        else:
            target = f"Position({tup})"
        options.append(f"[{target} for {names[m.var]} from 0 to {coords[m.index]} - 1]")
    options += cgsuite_options(pr, names, model)
    signature, args, usage = _class_params(model, names, pr)
    has_params = bool(model.ruleset.game.params)
    row = coords + [f"R({', '.join(coords)}).NimValue"]
    if misere:
        row.append(f"R({', '.join(coords)}).MisereNimValue")
    sizes = [names.fresh(c + "Max") for c in coords]
    claim_checks = _claim_checks(model, names, coords, sizes, misere, pr, box)
    helpers = [text for _, text in pr.helpers]
    fn_bodies = [b for _, _, b, _ in model.fn_params]  # printed in the script, as procedures
    if uses_floor_mod([e for e in model.all_exprs() if not any(e is b for b in fn_bodies)]):
        helpers.insert(0, floor_mod_helper())
    loops = " ".join(f"for {c} from 0 to {m} do" for c, m in zip(coords, sizes))
    table = (f"{loops} if R.IsValid({', '.join(coords)}) then System.Print([{', '.join(row)}]); end"
             + " end" * len(coords))
    renamed = [(c, names[c]) for c in model.names if names[c] != c]
    return {**common_context(model, box), "class_name": cls, "class_file": files["class.cgs.j2"],
            "script_file": files["script.cgs.j2"],
            "class_params": signature,
            "singleton": not has_params, "coords": coords, "typed_coords": typed,
            "methods": methods, "helpers": helpers,
            "options": options_body(names, model, coords, options),
            "construct": f"{cls}({args})" if has_params else cls,
            "table_statement": table, "misere": misere, "renamed": renamed,
            "sizes": " ".join(f"{m} := {u};" for m, u in zip(sizes, box.upper)),
            "claim_checks": claim_checks,
            "example": f"{cls}({usage})" if has_params else cls}


TARGET = Target("cgsuite", CGSuitePrinter, files, context, Path(__file__).with_name("templates"))
