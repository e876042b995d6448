"""Take-and-break games (issue 49) as CGSuite programs.

An octal code (every digit at most 7, no modifier: CGSuite's ``isOctal``) is CGSuite's own
``game.heap.TakeAndBreak("0.77")``; any other finite code leaving at most three heaps (Grundy's
game ``4!.0``, hexadecimal digits, the modifiers ``!``, ``?``, ``=``) is an explicit class whose
``Position(n)`` lists its options as sums of positions, ``Position(a) + Position(b)`` (the empty sum
is ``0``), one comprehension per digit and number of heaps, so the real CGSuite computes the values
of our reading of the code, independently of its own; a repeating code, or one leaving four heaps
or more, is ``TakeAndBreak`` again. The worksheet script prints ``[n, NimValue]`` (and
``MisereNimValue``) for every heap of the box, then the claim checks ``[[n] for n from 0 to
nMax where not (...)]`` (the failing positions; ``[]`` when a claim holds).
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language.takebreak import EQUAL, SOME_UNEQUAL, UNEQUAL
from cgs_bridge.model.game import claim_uses_misere
from cgs_bridge.systems.printing.context import Target, comment_safe, common_context
from cgs_bridge.systems.printing.naming import Namer

from . import naming, printer
from .expressions import ProcedurePrinter


def explicit(code) -> bool:
    """True when the game is emitted as an explicit class (see the module)."""
    if getattr(code, "spawn", False):   # issue 47: CGSuite has no TakeAndBreak code for it
        return True
    return not code.octal and code.finite and code.max_heaps is not None and code.max_heaps <= 3


def spawn_lists(code, n: str, pr) -> list:
    """One CGScript list expression per spawn rule (issue 47): ``Position(a) + Position(b)`` for
    the pairs ``0 <= a <= b < n`` that the rule allows in either order (``Position(0)`` is the heap
    with no options, 0)."""
    out = []
    for rule, _ in code.rules:
        pairs = f"for b from 0 to {n} - 1 for a from 0 to b"
        if rule.where is None:
            out.append(f"[Position(a) + Position(b) {pairs}]")
            continue
        x, y = rule.parts
        fwd = pr.with_overrides(rule.where, {rule.coord: n, x: "a", y: "b"})
        back = pr.with_overrides(rule.where, {rule.coord: n, x: "b", y: "a"})
        out.append(f"[Position(a) + Position(b) {pairs} where ({fwd}) or ({back})]")
    return out


def class_name(model) -> str:
    """The class of an explicit code: the game's CamelCase name, then its parameter values (one
    class per code)."""
    return printer.class_name(model.name) + "".join(f"{p}{v}" for p, v in model.int_params)


def files(stem, model) -> dict:
    """The files of the ``cgsuite`` target: these for a take-and-break game, else the printer's."""
    if model.ruleset.takebreak is None:
        return printer.files(stem, model)
    out = {"script.cgs.j2": stem + "_table.cgs"}
    if explicit(model.ruleset.takebreak):
        out = {"class.cgs.j2": class_name(model) + ".cgs", **out}
    return out


def _parts(h: int, left: str, mark) -> tuple:
    """``(loops, condition, summands)`` listing the ``h`` nonempty heaps of ``left`` tokens in
    nondecreasing order under ``mark`` (CGScript text)."""
    if h == 2:
        rel = "<" if mark in (UNEQUAL, SOME_UNEQUAL) else "==" if mark == EQUAL else "<="
        return (f"for a from 1 to {left} - 1", f"a {rel} {left} - a", ["a", f"{left} - a"])
    c = f"{left} - a - b"
    cond = {UNEQUAL: f"a < b and b < {c}", EQUAL: f"a == b and b == {c}",
            SOME_UNEQUAL: f"a <= b and b <= {c} and a < {c}"}.get(mark, f"a <= b and b <= {c}")
    return (f"for a from 1 to {left} for b from a to {left}", cond, ["a", "b", c])


def option_lists(code, n: str) -> list:
    """One CGScript list expression per digit and number of heaps of an explicit code."""
    out = []
    for j, d in enumerate(code.digits):
        left = n if j == 0 else f"{n} - {j}"
        for h in range(4):
            mark = d.mark(h)
            if mark is None:
                continue
            if h == 0:
                out.append(f"(if {n} == {j} then [0] else [] end)")
            elif h == 1:
                least = 2 if mark == SOME_UNEQUAL else 1
                out.append(f"(if {left} >= {least} then [Position({left})] else [] end)")
            else:
                loops, cond, summands = _parts(h, left, mark)
                game = " + ".join(f"Position({s})" for s in summands)
                out.append(f"[{game} {loops} where {cond}]")
    return out or ["[]"]


def _claim_checks(model, names, n, size, misere, has_class) -> list:
    """The claims that apply, each as ``(comment, statement)``: the heaps of the box where the claim
    fails (``[]`` when it holds)."""
    r = model.ruleset
    over = {model.coords[0]: n, "grundy": f"R({n}).NimValue", "P": f"(R({n}).NimValue == 0)",
            "N": f"(R({n}).NimValue != 0)", "misere": f"R({n}).MisereNimValue"}
    over.update({p: str(v) for p, v in model.int_params})
    if has_class:
        over.update({d: f"R.{names[d]}" for d, _, _ in model.defs})
    pr = ProcedurePrinter(names, nonneg={model.coords[0]})
    out = []
    for k, cl in enumerate(r.game.claims):
        name, _, text = model.claims[k]
        comment = f'// "{name}": {text} -- prints [] when it holds on the box'
        if not r.claim_applies(k) or (claim_uses_misere(cl) and not misere):
            continue
        try:
            cond = pr.with_overrides(cl.expr, over)
        except (InputError, KeyError) as e:
            out.append((comment, f"// not checked here: {comment_safe(str(e))}"))
            continue
        out.append((comment, f"System.Print([[{n}] for {n} from 0 to {size} where not ({cond})]);"))
    return out


def context(model, box, misere, files) -> dict:
    """The variables of ``script.cgs.j2`` (and of ``class.cgs.j2`` for an explicit class) of a
    take-and-break game; the printer's for another game."""
    if model.ruleset.takebreak is None:
        return printer.context(model, box, misere, files)
    code = model.ruleset.takebreak
    has_class = explicit(code)
    cls = class_name(model) if has_class else None
    names = Namer(model.names, naming.cgs_valid, naming.cgs_repair, lambda c: c + "_",
                  naming.CGS_KEYWORDS | naming.CGS_TAKEN | {"R", "a", "b", cls or "R"})
    n = names[model.coords[0]]
    size = names.fresh(n + "Max")
    row = [n, f"R({n}).NimValue"] + ([f"R({n}).MisereNimValue"] if misere else [])
    construct = cls if has_class else f'game.heap.TakeAndBreak("{code.text}")'
    pr = ProcedurePrinter(names, nonneg={model.coords[0]})
    methods = [f"  def {names[d]}({', '.join(names[q] + ' as Integer' for q in params)}) := {pr.doprint(body)};"
               for d, params, body in model.defs] if has_class else []
    return {**common_context(model, box), "heaps": True, "code": code.text,
            "class_name": cls, "class_file": files.get("class.cgs.j2"), "script_file": files["script.cgs.j2"],
            "coords": [n], "typed_coords": f"{n} as Integer", "misere": misere, "renamed": [],
            "construct": construct, "sizes": f"{size} := {box.upper[0]};",
            "table_statement": f"for {n} from 0 to {size} do System.Print([{', '.join(row)}]); end",
            "claim_checks": _claim_checks(model, names, n, size, misere, has_class),
            "methods": methods, "heap_options": "\n        Concat ".join(
                spawn_lists(code, n, pr) if getattr(code, "spawn", False) else option_lists(code, n)) if has_class else "",
            "spawn": getattr(code, "spawn", False),
            "example": construct}


#: The ``cgsuite`` target (:data:`printer.TARGET <cgs_bridge.systems.cgsuite.printer.TARGET>`) with
#: take-and-break games emitted here.
TARGET = Target(printer.TARGET.name, printer.TARGET.printer, files, context, printer.TARGET.templates,
                printer.TARGET.forms)
