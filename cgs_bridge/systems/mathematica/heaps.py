"""Take-and-break games (issue 49) as Mathematica programs, in the idiom of the published ones (OEIS
A002188's program; Winning Ways' tables): ``heapOptions[n]`` lists the heaps each move leaves (one
list per move, ``IntegerPartitions`` of the tokens left into the digit's numbers of heaps, filtered
by its modifier), the Grundy value of a heap is the ``Mex`` of the options' nim-sums, computed
bottom-up, and the misère value (CGSuite's ``MisereNimValue``) comes from the sums of heaps
themselves, memoised on sorted lists (``mis[{a, b, ...}]``): 1 for a terminal sum, else the ``Mex``
of the options' values.

A repeating code (``0.[3]``) lists its repeating digits with ``Table[..., {j, start, n, period}]``.
"""

from __future__ import annotations

from cgs_bridge.systems.printing.context import Target, common_context
from cgs_bridge.systems.printing.naming import Namer

from . import naming, printer
from .printer import HELPERS, MathematicaPrinter, _claims, _definitions, _parameters, mma_string

#: The Wolfram Language filter of each modifier (``!``: pairwise unequal, ``=``: all equal,
#: ``?``: not all equal; one heap under ``?`` needs two tokens, as CGSuite plays it).
PARTS = r'''parts[s_Integer, 0, _] := If[s == 0, {{}}, {}];
parts[s_Integer, 1, m_String] := If[s >= If[m === "?", 2, 1], {{s}}, {}];
parts[s_Integer, h_Integer, m_String] := If[s < h, {}, Select[Sort /@ IntegerPartitions[s, {h}], partsOK[m]]];
partsOK[""] = (True &);
partsOK["!"] = (Length[Union[#]] == Length[#] &);
partsOK["="] = (Length[Union[#]] == 1 &);
partsOK["?"] = (Length[Union[#]] > 1 &);'''


def _terms(code, n: str) -> list:
    """One Wolfram Language list of heap lists per digit and number of heaps (a digit allowing
    any number of heaps from some count on: every count up to the tokens left)."""
    out = []
    pre = len(code.digits) - code.period
    for j, d in enumerate(code.digits):
        left = f"{n} - {j}" if j < pre else f"{n} - j"
        lists = [f'parts[{left}, {h}, "{mark}"]' for h, mark in enumerate(d.counts) if mark is not None]
        if d.more is not None:
            lists.append(f'Join @@ Table[parts[{left}, h, "{d.more}"], {{h, {len(d.counts)}, {left}}}]')
        for term in lists:
            out.append(f"If[{n} >= {j}, {term}, {{}}]" if j < pre
                       else f"Join @@ Table[{term}, {{j, {j}, {n}, {code.period}}}]")
    return out


def _spawn_terms(code, n: str, pr) -> list:
    """One Wolfram Language list of heap lists per spawn rule (issue 47): the pairs ``{a, b}``,
    ``0 <= a <= b < n``, that the rule allows in either order, with the heaps of 0 dropped."""
    out = []
    for rule, _ in code.rules:
        pairs = f"Flatten[Table[{{a, b}}, {{b, 0, {n} - 1}}, {{a, 0, b}}], 1]"
        if rule.where is not None:
            x, y = rule.parts
            fwd = pr.with_overrides(rule.where, {rule.coord: n, x: "a", y: "b"})
            back = pr.with_overrides(rule.where, {rule.coord: n, x: "b", y: "a"})
            pairs = f"Select[{pairs}, Function[{{a, b}}, ({fwd}) || ({back})] @@ # &]"
        out.append(f"DeleteCases[#, 0] & /@ {pairs}")
    return out


def context(model, box, misere, files, form=printer.FORMS[0]) -> dict:
    """The variables of ``program.wl.j2``'s take-and-break part (``heaps.wl.j2``); the printer's
    for another game (``form``: its program form)."""
    if model.ruleset.takebreak is None:
        return printer.context(model, box, misere, files, form=form)
    code = model.ruleset.takebreak
    taken = {"parts", "partsOK", "heapOptions", "mis", "g", "j", "s", "h", "m", "a", "b"}
    names = Namer(model.names, naming.mma_valid, naming.mma_repair, naming.mma_bump, naming.MMA_TAKEN | taken)
    pr = MathematicaPrinter(names)
    n = names[model.coords[0]]
    size = names.fresh(n + "Max")
    claims = _claims(pr, names, model, [n], misere, box)
    header = ",".join([model.coords[0], "grundy"] + (["misere"] if misere else []))
    return {**common_context(model, box), "heaps": True, "code": code.text, "n": n, "size": size,
            "params": _parameters(pr, names, model), "sizes": [f"{size} = {box.upper[0]};"],
            "csv_file": mma_string(files["csv"]), "csv_name": files["csv"], "header": mma_string(header),
            "parts": PARTS, "misere": misere, "spawn": getattr(code, "spawn", False), "options": ",\n  ".join(
                _spawn_terms(code, n, pr) if getattr(code, "spawn", False) else _terms(code, n)) or "{}",
            "claims": claims, "defs": _definitions(pr, names, model, "{" + n + "_}")[0], "renamed": [],
            "program_file": files["program.wl.j2"], "helpers": list(_helpers(pr).values())}


def _helpers(pr) -> dict:
    pr.used.add("nimSum")
    return {h: t for h, t in HELPERS.items() if h in pr.used}


#: The ``mathematica`` target (:data:`printer.TARGET <cgs_bridge.systems.mathematica.printer.TARGET>`)
#: with take-and-break games emitted here (the same file, ``program.wl.j2``, which includes
#: ``heaps.wl.j2`` for them).
TARGET = Target(printer.TARGET.name, printer.TARGET.printer, printer.files, context, printer.TARGET.templates,
                printer.TARGET.forms)
