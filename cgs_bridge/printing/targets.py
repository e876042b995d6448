"""The registry of emission targets: name -> printer, templates, file naming, template context.

A target is a :class:`Target`: its printer class (a :class:`~cgs_bridge.printing.base.Printer`),
the jinja2 templates it renders (``cgs_bridge/templates/<target>/...``), a function naming the
files for a game and box, and a function building the template context from the target-neutral
:class:`~cgs_bridge.printing.model.GameModel`. Adding a target (Maple, Lean, ...) means one printer
module, one template folder and one :func:`register` call.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jinja2

from ..spec import ast as A
from . import naming
from .cgsuite import CGSuitePrinter, floor_mod_helper, uses_floor_mod
from .mathematica import HELPERS, MathematicaPrinter
from .spec_printer import expr_text

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@dataclass(frozen=True)
class Target:
    """One emission target.

    ``files(stem, model)`` returns ``{template name: file name}``; ``context(model, box, misere,
    files)`` returns the variables of those templates.
    """

    name: str
    printer: type
    templates: tuple
    files: Callable
    context: Callable


TARGETS: dict = {}


def register(target: Target) -> None:
    TARGETS[target.name] = target


def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=False,
                              keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)


def comment_safe(text: str) -> str:
    """Text that cannot close a ``/* */`` or ``(* *)`` comment."""
    return text.replace("*/", "* /").replace("*)", "* )").replace("(*", "( *")


def _common(model, box) -> dict:
    return {
        "game": model.name, "title": comment_safe(model.title), "source": comment_safe(model.source),
        "describe": comment_safe(model.ruleset.describe()),
        "box_text": ", ".join(f"{c} <= {u}" for c, u in zip(box.coords, box.upper)),
        "requires": [comment_safe(expr_text(r)) for r in model.requires],
        "rule_texts": [comment_safe(m.rule_text) for m in model.moves],
        "clamp_text": (None if model.clamp is None else comment_safe(", ".join(
            f"{c} = {expr_text(e)}" for c, e in zip(model.coords, model.clamp)))),
        "claims": [(comment_safe(n), comment_safe(w) if w else None, comment_safe(e)) for n, w, e in model.claims],
        "spec_coords": list(model.coords),
    }


# ------------------------------------------------------------------ CGSuite
def class_name(game_name: str) -> str:
    """CamelCase class name of a game (``two_inequalities`` -> ``TwoInequalities``)."""
    parts = [p for p in game_name.split("_") if p]
    name = "".join(p[:1].upper() + p[1:] for p in parts) or "Game"
    if name in naming.CGS_TAKEN or name.lower() in naming.CGS_KEYWORDS:
        name += "Game"
    return name


def _cgsuite_files(stem, model) -> dict:
    return {"cgsuite/class.cgs.j2": class_name(model.name) + ".cgs",
            "cgsuite/script.cgs.j2": stem + "_table.cgs"}


def _cgs_derive(pr, names, model, move, derive_name, coords):
    """The derived-move helper method: Ruleset._derived as CGScript loops."""
    loc = {c: names.fresh("q" + names[c]) for c in model.coords}
    changed, w, found = names.fresh("changed"), names.fresh("w"), pr.locals()["found"]
    out = [f"  def {derive_name}({', '.join(c + ' as Integer' for c in coords)}) begin"]
    out += [f"    var {loc[c]} := {names[c]};" for c in model.coords]
    out += [f"    var {changed} := true;", f"    var {w} := 0;", f"    var {found} := false;",
            f"    while {changed} do", f"      {changed} := false;"]
    for coord, left, right, line in model.atoms:
        cond = pr.with_overrides(_le(left, right), loc)
        where = (f"derived move of {model.name} not well defined: lowering {move.coord} reaches a point "
                 f"where the constraint at line {line} fails and ")
        if coord == move.coord:
            out.append(f"      if not ({cond}) then error(\"{where}would have to lower the cut "
                       f"coordinate {coord} itself\") end")
            continue
        q = loc[coord]
        out.append(f"      if not ({cond}) then")
        if isinstance(left, A.Name):
            out.append(f"        {w} := {pr.with_overrides(right, loc)};")
        else:
            fit = pr.with_overrides(_le(left, right), {**loc, coord: w})
            out += [f"        {w} := {q} - 1;", f"        {found} := false;",
                    f"        while not {found} and {w} >= 0 do",
                    f"          if {fit} then {found} := true else {w} := {w} - 1 end", "        end"]
        out += [f"        if {w} < 0 then error(\"{where}no value of {coord} >= 0 fits\") end",
                f"        if {w} < {q} then {q} := {w}; {changed} := true end", "      end"]
    out += ["    end", f"    Position({', '.join(loc[c] for c in model.coords)})", "  end"]
    return "\n".join(out)


def _le(left, right):
    return A.Compare(("<=",), (left, right))


def _cgsuite_context(model, box, misere, files) -> dict:
    cls = class_name(model.name)
    names = naming.Namer(model.names, naming.cgs_valid, naming.cgs_repair, lambda c: c + "_",
                         naming.CGS_KEYWORDS | naming.CGS_TAKEN | {"R", cls})
    pr = CGSuitePrinter(names, members=[p for p, _ in model.int_params])
    coords = [names[c] for c in model.coords]
    typed = ", ".join(f"{c} as Integer" for c in coords)
    methods = []
    for f, var, body, text in model.fn_params:
        methods.append(f"  // function parameter {f}(t) = {comment_safe(text)}\n"
                       f"  def {names[f]}({names[var]} as Integer) := {pr.doprint(body)};")
    for d, params, body in model.defs:
        methods.append(f"  def {names[d]}({', '.join(names[q] + ' as Integer' for q in params)}) := "
                       f"{pr.doprint(body)};")
    valid = pr.doprint(model.valid_expr) if model.requires else "true"
    methods.append(f"  def IsValid({typed}) := {valid};")
    if model.clamp is not None:
        methods.append(f"  // the one-pass simultaneous clamp applied after every move\n"
                       f"  def Clamp({typed}) := Position({', '.join(pr.doprint(e) for e in model.clamp)});")
    options = []
    for m in model.moves:
        tup = ", ".join(pr.doprint(e) for e in m.result)
        if m.kind == "derived":
            dname = names.fresh("Derive" + names[m.coord][:1].upper() + names[m.coord][1:])
            methods.append(f"  // {comment_safe(m.rule_text)}: the largest valid position below the lowered point\n"
                           + _cgs_derive(pr, names, model, m, dname, coords))
            target = f"{dname}({tup})"
        elif model.clamp is not None:
            target = f"Clamp({tup})"
        else:
            target = f"Position({tup})"
        options.append(f"[{target} for {names[m.var]} from 0 to {coords[m.index]} - 1]")
    helpers = [text for _, text in pr.helpers]
    if uses_floor_mod(model.all_exprs()):
        helpers.insert(0, floor_mod_helper())
    args = ", ".join(str(v) for _, v in model.int_params)
    row = coords + [f"R({', '.join(coords)}).NimValue"]
    if misere:
        row.append(f"R({', '.join(coords)}).MisereNimValue")
    loops = " ".join(f"for {c} from 0 to {u} do" for c, u in zip(coords, box.upper))
    table = (f"{loops} if R.IsValid({', '.join(coords)}) then System.Print([{', '.join(row)}]); end"
             + " end" * len(coords))
    renamed = [(c, names[c]) for c in model.names if names[c] != c]
    return {**_common(model, box), "class_name": cls, "class_file": files["cgsuite/class.cgs.j2"],
            "script_file": files["cgsuite/script.cgs.j2"],
            "class_params": ", ".join(f"{names[p]} as Integer" for p, _ in model.int_params),
            "singleton": not model.int_params, "coords": coords, "typed_coords": typed,
            "methods": methods, "helpers": helpers,
            "options": "\n".join(("      " if i == 0 else "        Concat ") + o for i, o in enumerate(options)),
            "construct": f"{cls}({args})" if model.int_params else cls,
            "table_statement": table, "misere": misere, "renamed": renamed,
            "example": f"{cls}({args})" if model.int_params else cls}


register(Target("cgsuite", CGSuitePrinter, ("cgsuite/class.cgs.j2", "cgsuite/script.cgs.j2"),
                _cgsuite_files, _cgsuite_context))


# ------------------------------------------------------------------ Mathematica
def _mma_files(stem, model) -> dict:
    return {"mathematica/program.wl.j2": stem + ".wl"}


def _mma_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _mma_derive(pr, names, model, move, dname) -> str:
    pat = {c: names.fresh(names[c] + "0") for c in model.coords}
    changed, v = names.fresh("changed"), names.fresh("v")
    init = ", ".join(f"{names[c]} = {pat[c]}" for c in model.coords)
    out = [f"{dname}[{{{', '.join(pat[c] + '_' for c in model.coords)}}}] := Module[{{{init}, {changed} = True, {v}}},",
           f"  While[{changed},", f"    {changed} = False;"]
    for coord, left, right, line in model.atoms:
        cond = pr.doprint(_le(left, right))
        where = (f"derived move of {model.name} not well defined: lowering {move.coord} reaches a point "
                 f"where the constraint at line {line} fails and ")
        if coord == move.coord:
            msg = _mma_string(where + f"would have to lower the cut coordinate {coord} itself")
            out.append(f"    If[!({cond}), cgsError[{msg}]];")
            continue
        c = names[coord]
        out.append(f"    If[!({cond}),")
        if isinstance(left, A.Name):
            out.append(f"      {v} = {pr.doprint(right)};")
        else:
            fit = pr.with_overrides(_le(left, right), {coord: v})
            out += [f"      {v} = {c} - 1;", f"      While[{v} >= 0 && !({fit}), {v}--];"]
        msg = _mma_string(where + f"no value of {coord} >= 0 fits")
        out += [f"      If[{v} < 0, cgsError[{msg}]];",
                f"      If[{v} < {c}, {c} = {v}; {changed} = True]];"]
    out += ["  ];", f"  {{{', '.join(names[c] for c in model.coords)}}}]"]
    return "\n".join(out)


def _mma_context(model, box, misere, files) -> dict:
    names = naming.Namer(model.names, naming.mma_valid, naming.mma_repair, naming._mma_bump,
                         naming.MMA_TAKEN)
    pr = MathematicaPrinter(names)
    coords = [names[c] for c in model.coords]
    pattern = "{" + ", ".join(c + "_" for c in coords) + "}"
    defs = [f"{names[k]} = {v};" for k, v in model.int_params]
    for f, var, body, text in model.fn_params:
        defs.append(f"{names[f]}[{names[var]}_] := {pr.doprint(body)};")
    for d, params, body in model.defs:
        defs.append(f"{names[d]}[{', '.join(names[q] + '_' for q in params)}] := {pr.doprint(body)};")
    valid = (f"validQ[{pattern}] := {pr.doprint(model.valid_expr)};" if model.requires
             else "validQ[_List] := True;")
    rules = []
    if model.clamp is not None:
        rules.append(f"clamp[{pattern}] := {{{', '.join(pr.doprint(e) for e in model.clamp)}}};")
    tables = []
    for m in model.moves:
        tup = "{" + ", ".join(pr.doprint(e) for e in m.result) + "}"
        if m.kind == "derived":
            dname = names.fresh("derive" + names[m.coord][:1].upper() + names[m.coord][1:])
            rules.append(_mma_derive(pr, names, model, m, dname) + ";")
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
    return {**_common(model, box), "defs": defs, "valid": valid, "rules": rules, "move": move,
            "helpers": helpers, "ranges": ", ".join(f"Range[0, {u}]" for u in box.upper),
            "csv_file": _mma_string(files["csv"]), "csv_name": files["csv"],
            "header": _mma_string(header), "misere": misere, "renamed": renamed,
            "program_file": files["mathematica/program.wl.j2"]}


register(Target("mathematica", MathematicaPrinter, ("mathematica/program.wl.j2",), _mma_files, _mma_context))
