"""CGScript (CGSuite 2.x) as a printing target: the expressions' printers are
:mod:`~cgs_bridge.systems.cgsuite.expressions` (operator facts and spellings).

The target ``cgsuite`` (:data:`TARGET`): templates ``templates/class.cgs.j2`` (the game class) and
``templates/script.cgs.j2`` (the worksheet printing the table); :func:`context` builds their variables.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.fnprops import hypothesis_fails
from cgs_bridge.model.game import claim_uses_misere
from cgs_bridge.systems.printing.context import Target, comment_safe, common_context
from cgs_bridge.systems.printing.model import ClampTo, Forbid, SearchDown
from cgs_bridge.systems.printing.naming import Namer

from . import naming
from .expressions import CGSuitePrinter, ProcedurePrinter, floor_mod_helper, uses_floor_mod  # noqa: F401
from .moves import cgsuite_options, options_body
from .nimsum import nonneg_names


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
    names = Namer(model.names, naming.cgs_valid, naming.cgs_repair, lambda c: c + "_",
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
