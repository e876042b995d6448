"""Judging an interpreted CGScript class and script against a specification.

- :func:`judge_class_moves`: the class's ``Options`` at every valid position of a box vs the
  spec's option sets (:meth:`cgs_bridge.model.game.Ruleset.option_set`), and its nim values vs the spec
  solver's Grundy values, position by position;
- :func:`judge_script_values`: every game whose value a worksheet script computed
  (``CanonicalForm``/``NimValue``), mapped to the spec's coordinates, vs the spec solver;
- :func:`judge_printed`: what the script printed vs ``--expect`` (the paper's outputs).

Constructor arguments are matched to the spec's coordinates and parameters by name
(``Choco3D(x, y, z, k)``), or through ``mapping`` (class name -> spec name, ``--map``).
Checks are :class:`cgs_bridge.systems.auditing.judge.Check` (verdicts agree/differ/error/skipped/info).
"""

from __future__ import annotations

import re

from cgs_bridge.foundation.errors import CgsBridgeError, InputError
from cgs_bridge.systems.auditing.judge import EXAMPLES, Check
from cgs_bridge.systems.cgsuite.cgscript import builtins as B
from cgs_bridge.systems.cgsuite.cgscript import games as G
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, error_text
from cgs_bridge.systems.cgsuite.cgscript.values import CGList, CGSet, GameObject, to_text


def _fmt(p) -> str:
    return "(" + ",".join(str(v) for v in p) + ")"


_CONSTANT = re.compile(r"\s*(-?\d+|\{\s*(-?\d+(\s*,\s*-?\d+)*)?\s*\}|\[\s*(-?\d+(\s*,\s*-?\d+)*)?\s*\])\s*")


def map_constant(text: str):
    """The CGScript value of a ``--map NAME=VALUE`` constant (issue 34): an integer (``3``), a set
    (``{1,3,4}``) or a list (``[1,3,4]``) of integers; None when ``text`` is a name (a spec
    coordinate or parameter). Nothing is evaluated.

    Raises:
        InputError: neither a name nor such a constant.
    """
    from cgs_bridge.systems.cgsuite.cgscript.values import CGList, CGSet
    text = str(text).strip()
    if text.isidentifier():
        return None
    if not _CONSTANT.fullmatch(text):
        raise InputError(f"--map value {text!r} is neither a spec coordinate or parameter name nor a "
                         "constant (an integer, a set {1,3,4} or a list [1,3,4] of integers)")
    if text.lstrip("-").isdigit():
        return int(text)
    items = [int(v) for v in re.findall(r"-?\d+", text)]
    return CGSet(items) if text.startswith("{") else CGList(items)


class Binding:
    """How a class's constructor arguments correspond to a spec: ``cls_key`` (qualified class
    name), ``names`` (constructor parameter names), ``roles`` (each ``("coord", i)`` or
    ``("param", value)``)."""

    def __init__(self, interp, cls_key: str, ruleset, mapping: dict | None = None):
        cls = interp.classes[cls_key]
        if cls.params is not None:
            names = [p.name for p in cls.params]
        else:
            ctor = cls.method(cls.name, "method")
            names = [p.name for p in ctor.params] if ctor else []
        mapping = mapping or {}
        parent = interp.class_of.get(id(cls))
        outer_names = [p.name for p in (parent.params or ())] if parent is not None else []
        unknown = set(mapping) - set(names) - set(outer_names)
        if unknown:
            raise InputError(f"--map names {sorted(unknown)} that are not parameters of {cls.name}({', '.join(names)})")
        self.cls_key, self.names, self.roles = interp.canon.get(id(cls), cls_key), names, []
        seen = set()
        for n in names:
            spec_name = mapping.get(n, n)
            constant = map_constant(spec_name)
            if constant is not None:  # --map 'sset={1,3,4}': the ruleset instantiated with it
                self.roles.append(("param", constant))
            elif spec_name in ruleset.index:
                self.roles.append(("coord", ruleset.index[spec_name]))
                seen.add(spec_name)
            elif spec_name in ruleset.params and isinstance(ruleset.params[spec_name], int):
                self.roles.append(("param", ruleset.params[spec_name]))
            else:
                raise InputError(f"constructor parameter `{n}` of {cls.name} matches no coordinate "
                                 f"({', '.join(ruleset.coords)}) or integer parameter of "
                                 f"{ruleset.describe()}; give --map {n}=NAME")
        self.outer = self._outer(interp, cls, ruleset, mapping)
        missing = [c for c in ruleset.coords if c not in seen]
        if missing:
            raise InputError(f"{cls.name}({', '.join(names)}) has no argument for the coordinates "
                             f"{', '.join(missing)} of {ruleset.describe()}; use --map CLASSNAME=COORD")

    @staticmethod
    def _outer(interp, cls, ruleset, mapping):
        """For a 2.x nested position class (``class TriChoc(k) extends Ruleset`` holding
        ``class Position(x, y, z)``): the enclosing ruleset instance, its parameters taken from
        the spec's parameters by name (or ``--map``)."""
        parent = interp.class_of.get(id(cls))
        if parent is None:
            return None
        fields = []
        for prm in parent.params or ():
            spec_name = mapping.get(prm.name, prm.name)
            constant = map_constant(spec_name)
            value = constant if constant is not None else ruleset.params.get(spec_name)
            if value is None or isinstance(value, bool) or not isinstance(value, (int, CGList, CGSet)):
                raise InputError(f"parameter `{prm.name}` of {parent.name} matches no integer parameter "
                                 f"of {ruleset.describe()}; give --map {prm.name}=NAME")
            fields.append((prm.name, value))
        return GameObject(interp.canon[id(parent)], tuple(fields), None)

    def make(self, interp, p):
        """The program's game at spec position ``p``."""
        return G.construct(interp, self.cls_key, self.args(p), None, self.outer)

    def describe(self) -> str:
        return ", ".join(f"{n}={'coordinate ' + str(r[1]) if r[0] == 'coord' else 'parameter ' + to_text(r[1])}"
                         for n, r in zip(self.names, self.roles))

    def args(self, p) -> list:
        return [p[r[1]] if r[0] == "coord" else r[1] for r in self.roles]

    def position(self, g):
        """The spec position of game object ``g`` of this class, or ``(None, why)``."""
        if not isinstance(g, GameObject) or g.cls != self.cls_key:
            return None, f"not a {self.cls_key}"
        coords = [None] * sum(r[0] == "coord" for r in self.roles)
        for n, r in zip(self.names, self.roles):
            v = g.get(n)
            if r[0] == "param":
                if v != r[1]:
                    return None, f"parameter {n} changed to {v}"
            elif not isinstance(v, int) or isinstance(v, bool):
                return None, f"{n} = {v!r} is not an integer"
            else:
                coords[r[1]] = v
        return tuple(coords), None


def class_games(interp, binding: Binding, ruleset, box):
    """``(position, the class's game there)`` for every valid position of ``box``, in
    lexicographic order: the per-position walk of every check of a bound class."""
    from solvers.box import lexicographic
    for p in lexicographic(box):
        if ruleset.is_valid(p):
            yield p, binding.make(interp, p)


def rows_check(name: str, rows: list, differ: str, agree: str, example, sep: str = ", ") -> Check:
    """``name`` agrees when ``rows`` (the differences) is empty, else differs: the summary
    ``differ`` then lists the first :data:`EXAMPLES` rows as ``example(row)`` joined by ``sep``."""
    if rows:
        return Check(name, "differ", f"{differ}: " + sep.join(example(r) for r in rows[:EXAMPLES]), rows)
    return Check(name, "agree", agree)


def judge_class_moves(interp, binding: Binding, ruleset, box) -> tuple:
    """Options and nim values of the class at every valid position of ``box``.

    Returns:
        ``(moves_check, values_check)``.
    """
    from solvers import solve

    from .heapcheck import option_position
    try:
        sol = solve(ruleset, box, method="reference")
    except CgsBridgeError as e:
        err = Check("moves", "error", f"the spec cannot be solved on {box}: {e}")
        return err, Check("values", "error", err.summary)
    rows, vrows, checked, differing, failed = [], [], 0, 0, None
    for p, g in class_games(interp, binding, ruleset, box):
        checked += 1
        got, bad = set(), []
        for o in G.options(interp, g):
            q, why = option_position(binding, ruleset, o)  # a sum K(a) + K(b): the heaps it leaves
            if q is None:
                bad.append(f"{B.show(interp, o)} ({why})")
            else:
                got.add(q)
        want = set(ruleset.option_set(p))
        if got != want or bad:
            differing += 1
            for q in sorted(got - want):
                detail = "program-only option" + ("" if ruleset.is_valid(q) else " outside the valid set")
                rows.append({"position": _fmt(p), "program": _fmt(q), "spec": "", "detail": detail})
            for q in sorted(want - got):
                rows.append({"position": _fmt(p), "program": "", "spec": _fmt(q), "detail": "spec-only option"})
            for b in bad:
                rows.append({"position": _fmt(p), "program": b, "spec": "", "detail": "option not a position"})
        if failed is None:
            try:
                v = G.nim_value(interp, g)
            except (CgsBridgeError,) + PYTHON_ERRORS as e:  # a loopy class: its options still count
                failed = error_text(e)
                continue
            if v != sol.value(p):
                vrows.append({"position": _fmt(p), "program": v, "spec": sol.value(p), "detail": "value"})
    what = f"{binding.cls_key}({binding.describe()}) on {box}"
    moves = rows_check("moves", rows, f"{what}: option sets differ at {differing} of {checked} valid positions",
                       f"{what}: option sets equal the spec's at all {checked} valid positions",
                       lambda r: f"{r['position']}: {r['detail']} {r['program'] or r['spec']}", "; ")
    if failed is not None:
        # a real bug stays a difference (docs/audit.md, "Verdict rules"): the option sets found it
        values = (Check("values", "skipped", f"not computed ({failed}); the option sets differ "
                        "(moves), which is the difference found") if rows else
                  Check("values", "error", f"the nim values could not be computed: {failed}"))
    else:
        values = rows_check("values", vrows, f"{len(vrows)} of {checked} nim values differ",
                            f"{checked} nim values (NimValue = Grundy value) equal the spec solver's", _program_spec)
    return moves, values


def _program_spec(r) -> str:
    return f"{r['position']}: program {r['program']}, spec {r['spec']}"


def judge_script_values(interp, binding: Binding, ruleset) -> Check:
    """Every game of the bound class whose nim value the script computed vs the spec solver."""
    from solvers import Box, solve
    computed = {}
    for g, v in interp.nim_cache.items():
        q, _ = binding.position(g)
        if q is not None:
            computed[q] = v
    if not computed:
        return Check("values", "skipped", f"the script computed no value of {binding.cls_key}")
    box = Box(tuple(ruleset.coords), tuple(max(q[i] for q in computed) for i in range(ruleset.n)))
    sol = solve(ruleset, box, method="reference")
    rows = []
    for q, v in sorted(computed.items()):
        if not ruleset.is_valid(q):
            rows.append({"position": _fmt(q), "program": v, "spec": "not valid", "detail": "position"})
        elif v != sol.value(q):
            rows.append({"position": _fmt(q), "program": v, "spec": sol.value(q), "detail": "value"})
    return rows_check("values", rows, f"{len(rows)} of {len(computed)} values the script computed differ "
                      "from the spec's", f"all {len(computed)} nim values the script computed (every game "
                      f"reached, box {box}) equal the spec solver's Grundy values", _program_spec)


_TUPLE = re.compile(r"[\[(]\s*(-?\d+(?:\s*,\s*-?\d+)*)\s*[\])]")


def _as_data(text: str):
    """Printed text as comparable data: an int, a frozenset of position tuples (a set or list of
    positions, `{}`/`[]` empty), or None."""
    t = text.strip()
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if t in ("{}", "[]"):
        return frozenset()
    if t[:1] in "{[" and t[-1:] in "}]":
        inner = t[1:-1]
        tuples = _TUPLE.findall(inner)
        if tuples and not _TUPLE.sub("", inner).replace(",", "").strip():
            return frozenset(tuple(int(v) for v in s.split(",")) for s in tuples)
    return None


def _value_part(line: str) -> str:
    return line.rsplit("->", 1)[1].strip() if "->" in line else line.strip()


def judge_printed(expect, printed: list, scaled: bool) -> Check:
    """Printed lines (in order) vs ``--expect`` entries (in order): equal as text, or the value
    after the last ``->`` equal as data (numbers; sets/lists of positions compared as sets)."""
    shown = " | ".join(p[:80] for p in printed) or "nothing printed"
    if expect is None:
        return Check("outputs", "info", f"printed: {shown}")
    rows, compared = [], 0
    for k, e in enumerate(expect):
        if scaled and not e["any_size"]:
            continue
        compared += 1
        got = printed[k] if k < len(printed) else None
        want = e["printed"]
        if got is None:
            rows.append({"position": f"print {k + 1}", "program": "(nothing printed)", "spec": want,
                         "detail": "printed output"})
            continue
        if got.strip() == want.strip():
            continue
        a, b = _as_data(_value_part(got)), _as_data(_value_part(want))
        if a is not None and a == b:
            continue
        rows.append({"position": f"print {k + 1}", "program": got[:300], "spec": want[:300], "detail": "printed output"})
    if compared == 0:
        return Check("outputs", "skipped", f"no expected output applies to a scaled run; printed: {shown}")
    if not rows:
        return Check("outputs", "agree", f"{compared} printed outputs equal the paper's; printed: {shown}")
    return Check("outputs", "differ", f"{len(rows)} of {compared} printed outputs differ: " + "; ".join(
        f"{r['position']}: program {r['program'][:60]}, paper {r['spec'][:60]}" for r in rows[:EXAMPLES]), rows)


def declared(printed: list, ruleset, box, said: str) -> Check:
    """``--printed grundy|p-positions`` on a CGScript script: its printed lines (CGSuite's lists
    ``[0,4,8]``, ``MutableList(0, 1)``, sets ``{...}`` and coordinates ``(1,2)``, read as data, never
    evaluated) judged on
    the audit's ``box`` (:func:`cgs_bridge.systems.auditing.declared.judge_declared`); without a
    box an error: the box is never taken from what the script printed."""
    from cgs_bridge.systems.auditing.declared import judge_declared
    from cgs_bridge.systems.auditing.judge import solve_box
    if box is None:
        return Check("printed", "error", f"--printed {said} is judged on the audit's box: give --bound "
                     "(never taken from what the script printed)")
    sol, err = solve_box(ruleset, box)
    if err is not None:
        return Check("printed", "error", err.summary)
    lines = [(f"printed line {i}", re.sub(r"\bMutable(?:List|Set)\(", "(", t).translate(str.maketrans("[]()", "{}{}")))
             for i, t in enumerate(printed, 1)]
    return judge_declared(lines, sol, said, ruleset.n)
