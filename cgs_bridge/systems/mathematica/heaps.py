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

from cgs_bridge.systems.printing.context import common_context
from cgs_bridge.systems.printing.naming import Namer

from . import naming

#: The Wolfram Language filter of each modifier (``!``: pairwise unequal, ``=``: all equal,
#: ``?``: not all equal; one heap under ``?`` needs two tokens, as CGSuite plays it).
PARTS = r'''parts[s_Integer, 0, _] := If[s == 0, {{}}, {}];
parts[s_Integer, 1, m_String] := If[s >= If[m === "?", 2, 1], {{s}}, {}];
parts[s_Integer, h_Integer, m_String] := If[s < h, {}, Select[Sort /@ IntegerPartitions[s, {h}], partsOK[m]]];
partsOK[""] = (True &);
partsOK["!"] = (Length[Union[#]] == Length[#] &);
partsOK["="] = (Length[Union[#]] == 1 &);
partsOK["?"] = (Length[Union[#]] > 1 &);'''


def files(stem, model) -> dict:
    return {"program.wl.j2": stem + ".wl"}


def _terms(code, n: str) -> list:
    """One Wolfram Language list of heap lists per digit and number of heaps."""
    out = []
    pre = len(code.digits) - code.period
    for j, d in enumerate(code.digits):
        heaps = range((d.max_heaps if d.max_heaps is not None else len(d.counts) + 1) + 1)
        for h in heaps:
            mark = d.mark(h)
            if mark is None:
                continue
            if j < pre:
                out.append(f"If[{n} >= {j}, parts[{n} - {j}, {h}, \"{mark}\"], {{}}]")
            else:
                out.append(f"Join @@ Table[parts[{n} - j, {h}, \"{mark}\"], {{j, {j}, {n}, {code.period}}}]")
    return out


def context(model, box, misere, files, form=None) -> dict:
    """The variables of ``program.wl.j2``'s take-and-break part (``heaps.wl.j2``)."""
    from .printer import MathematicaPrinter, _claims, _definitions, _parameters, mma_string
    code = model.ruleset.takebreak
    names = Namer(model.names, naming.mma_valid, naming.mma_repair, naming.mma_bump,
                  naming.MMA_TAKEN | {"parts", "partsOK", "heapOptions", "mis", "g", "j", "s", "h", "m"})
    pr = MathematicaPrinter(names)
    n = names[model.coords[0]]
    size = names.fresh(n + "Max")
    if code.max_heaps is None:
        heaps = "(* a digit of this code allows any number of heaps: the largest is the heap itself *)\n"
    else:
        heaps = ""
    claims = _claims(pr, names, model, [n], misere, box)
    header = ",".join([model.coords[0], "grundy"] + (["misere"] if misere else []))
    return {**common_context(model, box), "heaps": True, "code": code.text, "n": n, "size": size,
            "params": _parameters(pr, names, model), "sizes": [f"{size} = {box.upper[0]};"],
            "csv_file": mma_string(files["csv"]), "csv_name": files["csv"], "header": mma_string(header),
            "parts": PARTS, "options": ",\n  ".join(_terms(code, n)) or "{}", "any_heaps": heaps,
            "misere": misere, "claims": claims, "defs": _definitions(pr, names, model, "{" + n + "_}")[0], "renamed": [], "program_file": files["program.wl.j2"],
            "helpers": [text for h, text in _helpers(pr).items()]}


def _helpers(pr) -> dict:
    from .printer import HELPERS
    pr.used.add("nimSum")
    return {h: t for h, t in HELPERS.items() if h in pr.used}
