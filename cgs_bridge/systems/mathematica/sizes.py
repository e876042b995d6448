"""The audit's box and the program's size: where the positions judged come from (docs/audit.md,
"The box comes from the audit").

The box is never taken from the program's own position list (a list that leaves out positions
would then leave them unchecked). In order:

1. ``--bound`` (``20`` or ``x=20,y=10,z=20``): that box;
2. the size of the run: ``--scale NAME=N`` (or ``--scale 'f[N]'``) of a size symbol, else the
   program's own size: a top-level assignment ``NAME = <int>`` whose ``NAME`` bounds an iterator
   (``{a, 0, NAME}``, ``Range[0, NAME]``, ``Tuples[Range[0, NAME], 3]``), or the integer argument of
   a top-level call ``f[<int>]`` of a function the program defines (``ppo[5]``); the box has every
   coordinate at most N;
3. otherwise there is no box, and the positions check says so (exit 2).

Every valid position of the box is checked (Grundy value, option set), whether the program's list
holds it or not; one the list omits is a difference.
"""

from __future__ import annotations

import re

from cgs_bridge.model.box import parse_bound
from cgs_bridge.systems.auditing.scale import int_text, parse_scale, parse_scale_item  # noqa: F401  (theirs)
from solvers import Box

from .normalize import Normalized, Statement, strip_comments

_INT_ASSIGN = re.compile(r"\s*([A-Za-z$][A-Za-z0-9$]*)\s*=\s*(-?\d+)\s*")
_CALL = re.compile(r"\s*([A-Za-z$][A-Za-z0-9$]*)\[\s*(\d+)\s*\]\s*")
#: ``--scale`` item: ``NAME=N`` or a call ``f[N]``.


_ITERATOR_START = re.compile(r"\{\s*[A-Za-z$]\w*\s*,\s*-?\d+\s*,")
_RANGE_START = re.compile(r"Range\[")
_TOKEN = re.compile(r"[\w$]+")


def iterator_names(text: str) -> set:
    """The names that bound an iterator in ``text``: whole tokens after ``{i, lo,`` up to the next
    brace, or after ``Range[`` up to the next bracket. One pass over the text (issue 46: asked
    once per program, not once per assignment); the regions of one kind never overlap."""
    out: set = set()
    for start, stop in ((_ITERATOR_START, "[^{}]*"), (_RANGE_START, r"[^\[\]]*")):
        region = re.compile(stop)
        for m in start.finditer(text):
            out.update(_TOKEN.findall(region.match(text, m.end()).group()))
    return out


def size_symbols(norm: Normalized) -> dict:
    """Top-level ``NAME = <int>`` assignments whose name bounds an iterator: name -> int (or
    :data:`.wlread.BEYOND`, a value past 64-bit positions)."""
    code = "\n".join(strip_comments(st.text) for st in norm.statements)
    bounding = iterator_names(code)
    out = {}
    for st in norm.statements:
        m = _INT_ASSIGN.fullmatch(st.text)
        if m and m.group(1) in bounding:
            out[m.group(1)] = int_text(m.group(2))
    return out


def size_call(norm: Normalized):
    """The last top-level call ``f[<int>]`` of a function ``f`` the program defines with a
    pattern argument (``ppo[ss_] := ...``), as ``(f, int)``, or None."""
    defined = {st.assigned() for st in norm.statements if re.match(r"\s*[A-Za-z$][\w$]*\[\s*\w+_", st.text)}
    hits = [(m.group(1), int_text(m.group(2))) for st in norm.statements
            for m in [_CALL.fullmatch(st.text)] if m and m.group(1) in defined]
    return hits[-1] if hits else None


def apply_scale(norm: Normalized, name: str, value: str) -> Normalized:
    """``norm`` with ``name = <int>`` (or, for ``name`` ``f[]``, the top-level call ``f[<int>]``)
    set to ``value``. Raises ValueError when the program has no such statement."""
    from .normalize import Change, replace_assignment
    if not name.endswith("[]"):
        return replace_assignment(norm, name, value)
    head = name[:-2]
    hits = [k for k, s in enumerate(norm.statements)
            if (m := _CALL.fullmatch(s.text)) and m.group(1) == head]
    if not hits:
        raise ValueError(f"the program has no top-level call {head}[<integer>]")
    stmts, changes = list(norm.statements), list(norm.changes)
    for k in hits:
        s = stmts[k]
        stmts[k] = Statement(f"{head}[{value}]", s.line, s.terminated)
        changes.append(Change("scale", s.line, f"{s.text.strip()} -> {head}[{value}]"))
    return Normalized(stmts, changes, norm.removed)


def run_size(norm: Normalized, scale: dict):
    """The size N of a run and where it comes from: a scaled size symbol or call, else the
    program's own size assignment or call; ``(None, why)`` when there is none, or when it is
    beyond 64-bit positions (``ss = 10*^100000``: read as such, never as 10; issue 46)."""
    size, how = _size(norm, scale)
    if size is not None and not isinstance(size, int):
        return None, (f"{how}: beyond 64-bit positions (more than 2^63 - 1), no box holds it; "
                      "give --bound")
    return size, how


def _shown(v) -> str:
    return str(v) if isinstance(v, int) else "a number beyond 2^63 - 1" if v > 0 else "a number below -2^63"


def _size(norm: Normalized, scale: dict):
    sizes = size_symbols(norm)
    for name, value in scale.items():
        if name.endswith("[]"):
            return int(value), f"--scale {name[:-2]}[{value}]"
        if name in sizes:
            return int(value), f"--scale {name}={value}"
    if sizes:
        name = "ss" if "ss" in sizes else max(sizes, key=sizes.get)
        return sizes[name], f"the program's size {name} = {_shown(sizes[name])}"
    call = size_call(norm)
    if call:
        return call[1], f"the program's call {call[0]}[{_shown(call[1])}]"
    bounds = iterator_span(norm)
    if len(bounds) == 1:
        return bounds[0], (f"the program's iterators (Range/Table/Do bounds, With/Module/Block "
                           f"values bound): every one up to {_shown(bounds[0])}")
    if not bounds and norm.removed:  # the size is written only in display code (a plot)
        whole = Normalized(list(norm.statements) + list(norm.removed))
        size, how = run_size(Normalized(whole.statements), scale)
        if size is not None:
            lines = ", ".join(str(st.line) for st in norm.removed)
            return size, f"{how}, read in the display code removed (line {lines})"
    return None, ("the program has no size assignment (NAME = <int> bounding an iterator) nor a "
                  "call f[<int>]" + (f", and its iterators end at different values ("
                                     f"{', '.join(map(_shown, bounds))})" if bounds else "")
                  + "; give --bound")


def iterator_span(norm: Normalized) -> list:
    """The distinct upper bounds of the program's iterators (``Range[0, n]``, ``{a, 0, 6}``),
    read by Mathics3's parser with ``With``/``Module``/``Block`` values and top-level integer
    assignments bound (:mod:`.wlread`), sorted; bounds below 1 (a mex over ``Range[0, 0]``) and
    bounds that depend on another iterator are left out; one past 64-bit positions is
    :data:`.wlread.BEYOND`."""
    from . import wlread
    nodes = [wlread.parse_one(st.text) for st in norm.statements]
    nodes = [n for n in nodes if n is not None]
    env = wlread.integer_bindings(nodes)
    return sorted({b for b in wlread.iterator_bounds(nodes, env) if b >= 1})


def audit_box(ruleset, norm: Normalized, scale: dict, bound: str | None):
    """The box of one run and a phrase saying where it comes from: ``(Box | None, how)``.

    Raises:
        BoxError: a malformed ``bound``.
    """
    if bound:
        return parse_bound(str(bound), ruleset.coords), f"--bound {bound}"
    size, how = run_size(norm, scale)
    if size is None or size < 0:
        return None, how
    return Box(tuple(ruleset.coords), (size,) * ruleset.n), how
