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

from cgs_bridge.foundation.errors import ParameterError

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
        name, values = m.group(1), range(int(m.group(2)), int(m.group(3)) + 1)  # len() before expanding
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

    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset

    from .stability import larger_box
    game = ruleset.game
    src = game.name if (catalog.known(game.name) and (not game.file or "catalog" in str(game.file))) \
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


class _Values:
    """The swept values' solved search boxes, their formulas, and (solved once, on demand) their
    re-check boxes (:mod:`.stability`)."""

    def __init__(self, ruleset, box, name, method):
        self.ruleset, self.box, self.name, self.method = ruleset, box, name, method
        self.check = "reference" if method == "reference" else "auto"
        self.sols, self.holds, self.formula, self.complexity = {}, {}, {}, {}
        self.bigs, self.bigdata = {}, {}

    def search(self, values, families, shifts, moduli, offsets):
        from cgs_bridge.model.game import Ruleset
        from solvers import solve

        from .core import search_box
        from .search import Data, flag_indices
        names = list(self.ruleset.coords)
        for v in values:
            params = dict(self.ruleset.params)
            params[self.name] = v
            sol = self.sols[v] = solve(Ruleset(self.ruleset.checked, params), self.box, method=self.method)
            pos = sol.positions()
            data = Data(pos, sol.grundy[tuple(pos.T)], flags=flag_indices(self.ruleset))
            found, _, _ = search_box(data, families, shifts, moduli, offsets)
            for f in found:
                text = f.text(names)
                self.formula[text], self.complexity[text] = f, f.complexity
                self.holds.setdefault(text, set()).add(v)

    def big(self, v):
        """(solution, Scaled, Evidence) of value v's re-check box."""
        from .stability import solve_larger
        if v not in self.bigs:
            self.bigs[v] = solve_larger(self.sols[v], method=self.method)
        return self.bigs[v]

    def refuted(self, v, items) -> list:
        """The first counterexample of each claim item on the re-check box of value v (None:
        holds): the search's evaluator finds it, the claim checker confirms what holds."""
        from .stability import stable
        b = self.big(v)[0]
        if b is None:
            return ["unchecked"] * len(items)
        if v not in self.bigdata:
            bpos = b.positions()
            self.bigdata[v] = (bpos, b.grundy[tuple(bpos.T)].astype("int64"))
        bpos, bg = self.bigdata[v]
        out, keep = [], []
        for k, (_, text, _) in enumerate(items):
            bad = np.flatnonzero(~self.formula[text].holds_at(bpos, bg))
            out.append((tuple(int(c) for c in bpos[bad[0]]), int(bg[bad[0]])) if len(bad) else None)
            if not len(bad):
                keep.append(k)
        for k, res in zip(keep, stable(b, [items[k] for k in keep], self.check)):
            out[k] = res
        return out

    def holds_at_all(self, item, cls) -> bool:
        return all(recheck(self.sols[v], [item], method=self.check)[0].status == "holds" for v in cls)

    def ordered(self):
        return sorted(self.holds, key=lambda t: (self.complexity[t], t))


def sweep_classes(ruleset, box, name, values, shifts=3, moduli=(2, 3, 4), offsets=3,
                  method="auto", limit=20, families=("p", "grundy", "linear")) -> dict:
    """Search each value of ``name`` on ``box``; return the parameter classes (a dict: ``param``,
    ``values``, ``box``, ``per_value`` {value: the two simplest conditions that hold there,
    marked when they fail on the value's re-check box}, ``classes`` [{claim, condition, when,
    modulus, residue, holds_for, evidence, test_further}], ``artefacts`` [{condition, when,
    holds_for, fails_at, box, counterexample, grundy}]); every class was re-checked by the claim
    checker at the values it is listed for, on the box and on each value's re-check box."""
    sw = _Values(ruleset, box, name, method)
    sw.search(values, families, shifts, moduli, offsets)
    classes, covered, artefacts = [], [], []
    max_mod = max(1, min(MAX_MODULUS, max(values) - min(values) + 1))
    for mod, r, cls in _classes(values, max_mod):
        for text in sw.ordered():
            if not set(cls) <= sw.holds[text] or any(
                    t == text and mod % m0 == 0 and r % m0 == r0 for t, m0, r0 in covered):
                continue
            covered.append((text, mod, r))
            when = None if mod == 1 else f"{name} % {mod} == {r}"
            item = (f"conjectured from {name} = {', '.join(map(str, cls))} on box {box} (discover --sweep)",
                    text, when)
            if not sw.holds_at_all(item, cls):
                continue
            fail = next(((v, ce) for v in cls for ce in sw.refuted(v, [item]) if ce is not None), None)
            if fail is not None:
                artefacts.append(_artefact(sw, text, when, cls, *fail))
                continue
            classes.append({"claim": claim_line(*item), "condition": text, "when": when, "modulus": mod,
                            "residue": r, "holds_for": cls, "evidence": {v: sw.big(v)[2].to_dict() for v in cls},
                            "test_further": further_command(ruleset, box, name, cls, mod, text)})
    artefacts.sort(key=lambda a: (sw.complexity[a["condition"]], a["condition"]))   # simplest first
    return {"param": name, "values": list(values), "box": str(box), "per_value": _per_value(sw, values),
            "classes": classes[:limit], "artefacts": artefacts}


def _artefact(sw, text, when, cls, v, ce) -> dict:
    ok = isinstance(ce, tuple) and isinstance(ce[0], tuple)
    b = sw.big(v)[0]
    return {"condition": text, "when": when, "holds_for": cls, "fails_at": v,
            "box": str(b.box) if b is not None else None,
            "counterexample": list(ce[0]) if ok else None, "grundy": ce[1] if ok else None,
            "why": "" if ok else f"not confirmed on a larger box ({ce})"}


def _per_value(sw, values) -> dict:
    """The two simplest formulas at each value, re-checked there like every other claim and
    marked when they fail on the value's re-check box."""
    out = {}
    for v in values:
        texts = [t for t in sw.ordered() if v in sw.holds[t]][:2]
        items = [(f"{sw.name} = {v}", t, None) for t in texts]
        res = recheck(sw.sols[v], items, method=sw.check)
        again = sw.refuted(v, items) if texts else []
        out[v] = [t if b is None else f"{t} [artefact: fails on box {sw.big(v)[0].box} at {_at(b)}]"
                  for t, r, b in zip(texts, res, again) if r.status == "holds"]
    return out


def _at(ce) -> str:
    return str(ce[0]) if isinstance(ce, tuple) and isinstance(ce[0], tuple) else str(ce)
