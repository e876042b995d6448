"""Parameter classes: the values of an int parameter on which the same formula holds.

The game is solved on the same box for each swept value (a loop over :func:`solvers.solve`), the
whole-box families are searched for each, and a formula is reported for a class
``k % M == r`` (M = 1: every swept value) when it holds — re-checked by the claim checker — at every
swept value of the class, the class has at least three swept values, and no class of a divisor of M
already covers it for that formula. The claim line's ``when`` states the class; the report lists the
values it was checked at: the class is a conjecture beyond them (as seed 003 Conjecture 8.1).
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import ParameterError
from .recheck import claim_line, recheck

MAX_VALUES = 64
MIN_CLASS = 3     #: swept values a class must contain to be reported
MAX_MODULUS = 8   #: largest M of a class k % M == r
SUGGEST_CELLS = 64_000_000   #: largest box of the suggested `sweep` command (the user's own run)


def parse_sweep(text: str, ruleset) -> tuple:
    """``"k=1..12"`` or ``"k=3,7,11"`` -> ``("k", [values])``.

    Raises:
        ParameterError: malformed text, not an int parameter of the game, a value below the
        parameter's lower bound, or more than 64 values.
    """
    m = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*=\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", text or "")
    if m:
        name, values = m.group(1), list(range(int(m.group(2)), int(m.group(3)) + 1))
    else:
        m = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*=\s*(-?\d+(?:\s*,\s*-?\d+)*)\s*", text or "")
        if not m:
            raise ParameterError(f"--sweep expects NAME=LO..HI or NAME=V1,V2,...; got {text!r}")
        name, values = m.group(1), [int(v) for v in m.group(2).split(",")]
    p = ruleset.game.param(name)
    if p is None or p.kind != "int":
        ints = [q.name for q in ruleset.game.params if q.kind == "int"] or ["none"]
        raise ParameterError(f"--sweep: {name!r} is not an int parameter of {ruleset.name} "
                             f"(int parameters: {', '.join(ints)})")
    if not values:
        raise ParameterError(f"--sweep {text!r} gives no values")
    if len(values) > MAX_VALUES:
        raise ParameterError(f"--sweep gives {len(values)} values; at most {MAX_VALUES}")
    low = [v for v in values if p.lower is not None and v < p.lower]
    if low:
        raise ParameterError(f"--sweep: {name} must be >= {p.lower}, got {low[0]}")
    return name, sorted(set(values))


def further_command(ruleset, box, name, cls, mod, condition) -> str:
    """A ``cgs-bridge sweep`` command line (issue 12b's sweep) that checks ``condition`` at twice
    as many values of the class, on the re-check box of the largest of them (:mod:`.stability`:
    twice the bound, grown until every coordinate reaches it at that value), a box that can
    refute the claim at every value: how to test the conjecture further."""
    import shlex

    from .. import catalog
    from ..game import Ruleset
    from .stability import larger_box
    game = ruleset.game
    src = game.name if (game.name in catalog.names() and (not game.file or "catalog" in str(game.file))) \
        else str(game.file or game.name)
    hi = cls[-1] + mod * len(cls)
    values = f"{cls[0]}..{hi}" + (f":{mod}" if mod > 1 else "")
    params = dict(ruleset.params)
    params[name] = hi
    up = larger_box(Ruleset(ruleset.checked, params), list(box.upper), max_cells=SUGGEST_CELLS).upper
    box = ",".join(f"{c}={u}" for c, u in zip(ruleset.coords, up))
    others = [f"-p {shlex.quote(f'{k}={v}')}" for k, v in ruleset.params.items() if k != name]
    return " ".join(["cgs-bridge sweep", shlex.quote(src), f"-p {name}={values}", *others,
                     f"--bound {box}", f"--claim {shlex.quote(condition)}"])


def _classes(values, max_mod):
    for mod in range(1, max_mod + 1):
        for r in range(mod):
            cls = [v for v in values if v % mod == r]
            if len(cls) >= MIN_CLASS:
                yield mod, r, cls


def sweep_classes(ruleset, box, name, values, shifts=3, moduli=(2, 3, 4), offsets=3,
                  method="auto", limit=20, families=("p", "grundy", "linear")) -> dict:
    """Search each value of ``name`` on ``box``; return the parameter classes (a dict: ``param``,
    ``values``, ``box``, ``per_value`` {value: the two simplest conditions that hold there},
    ``classes`` [{claim, condition, when, modulus, residue, holds_for}]); everything in it was
    re-checked by the claim checker at the values it is listed for."""
    from solvers import solve

    from ..game import Ruleset
    from .core import search_box
    from .search import Data
    from .stability import solve_larger, stable
    names = list(ruleset.coords)
    bigs = {}

    def big(v):          # the re-check box of value v, solved once
        if v not in bigs:
            bigs[v] = solve_larger(sols[v], method=method)
        return bigs[v]

    bigdata = {}

    def refuted(v, items):
        """The first counterexample of each item on the re-check box of value v (None: holds):
        the search's evaluator finds it, the claim checker confirms what holds."""
        b = big(v)[0]
        if b is None:
            return ["unchecked"] * len(items)
        if v not in bigdata:
            bpos = b.positions()
            bigdata[v] = (bpos, b.grundy[tuple(bpos.T)].astype("int64"))
        bpos, bg = bigdata[v]
        out, keep = [], []
        for k, (_, text, _) in enumerate(items):
            bad = np.flatnonzero(~formula[text].holds_at(bpos, bg))
            out.append((tuple(int(c) for c in bpos[bad[0]]), int(bg[bad[0]])) if len(bad) else None)
            if not len(bad):
                keep.append(k)
        for k, res in zip(keep, stable(b, [items[k] for k in keep], check)):
            out[k] = res
        return out
    check = "reference" if method == "reference" else "auto"
    sols, holds, formula = {}, {}, {}
    complexity = {}
    for v in values:
        params = dict(ruleset.params)
        params[name] = v
        sol = solve(Ruleset(ruleset.checked, params), box, method=method)
        sols[v] = sol
        pos = sol.positions()
        data = Data(pos, sol.grundy[tuple(pos.T)])
        found, _, _ = search_box(data, families, shifts, moduli, offsets)
        for f in found:
            text = f.text(names)
            formula[text] = f
            holds.setdefault(text, set()).add(v)
            complexity[text] = f.complexity
    classes, covered, artefacts = [], [], []
    max_mod = max(1, min(MAX_MODULUS, max(values) - min(values) + 1))
    for mod, r, cls in _classes(values, max_mod):
        for text in sorted(holds, key=lambda t: (complexity[t], t)):
            if not set(cls) <= holds[text]:
                continue
            if any(t == text and mod % m0 == 0 and r % m0 == r0 for t, m0, r0 in covered):
                continue
            covered.append((text, mod, r))
            when = None if mod == 1 else f"{name} % {mod} == {r}"
            claim_name = (f"conjectured from {name} = {', '.join(map(str, cls))} "
                          f"on box {box} (discover --sweep)")
            if not all(recheck(sols[v], [(claim_name, text, when)], method=check)[0].status == "holds"
                       for v in cls):
                continue
            fail = next(((v, ce) for v in cls for ce in refuted(v, [(claim_name, text, when)])
                         if ce is not None), None)
            if fail is not None:
                v, ce = fail
                artefacts.append({"condition": text, "when": when, "holds_for": cls, "fails_at": v,
                                  "box": str(big(v)[0].box) if big(v)[0] is not None else None,
                                  "counterexample": list(ce[0]) if isinstance(ce[0], tuple) else None,
                                  "grundy": ce[1] if isinstance(ce[0], tuple) else None})
                continue
            evidence = {v: big(v)[2].to_dict() for v in cls}
            classes.append({"claim": claim_line(claim_name, text, when), "condition": text,
                            "when": when, "modulus": mod, "residue": r, "holds_for": cls,
                            "evidence": evidence,
                            "test_further": further_command(ruleset, box, name, cls, mod, text)})
    per_value = {}
    for v in values:   # the two simplest at each value, re-checked there like every other claim
        texts = sorted((t for t in holds if v in holds[t]), key=lambda t: (complexity[t], t))[:2]
        items = [(f"{name} = {v}", t, None) for t in texts]
        res = recheck(sols[v], items, method=check)
        again = refuted(v, items) if texts else []
        per_value[v] = [t if b is None else f"{t} [artefact: fails on box {big(v)[0].box} at {_at(b)}]"
                        for t, r, b in zip(texts, res, again) if r.status == "holds"]
    artefacts.sort(key=lambda a: (complexity[a["condition"]], a["condition"]))   # simplest first
    return {"param": name, "values": list(values), "box": str(box), "per_value": per_value,
            "classes": classes[:limit], "artefacts": artefacts}


def _at(ce) -> str:
    return str(ce[0]) if isinstance(ce, tuple) and isinstance(ce[0], tuple) else str(ce)
