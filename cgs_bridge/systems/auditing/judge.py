"""Judging one run of a program against the specification, check by check.

Every check returns a :class:`Check` with a ``verdict``: ``agree``, ``differ``, ``error`` (could not
be judged: e.g. nothing extracted), ``skipped`` or ``info``. Differences carry rows (for the CSV):
``position``, ``program``, ``spec``, ``detail``.

Sources of truth: the spec's :class:`~cgs_bridge.model.game.Ruleset` (valid set, move rules) and its
solver (:func:`solvers.solve`) on the audit's box (the auditor's size of a run: :mod:`cgs_bridge.systems.mathematica.sizes`; never the
program's own list); the paper's printed outputs (``--expect`` file, see docs/audit.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from cgs_bridge.foundation.errors import CgsBridgeError, InputError
from solvers import solve

from .unread import read_extent, unread_kinds
from .values import Symbolic, parse_wl, symbolic_parts

#: How many example rows a check's summary names (the CSV has them all).
EXAMPLES = 5


@dataclass
class Check:
    """One verdict: ``name``, ``verdict``, a one-paragraph ``summary``, and difference ``rows``."""

    name: str
    verdict: str
    summary: str
    rows: list = field(default_factory=list)
    #: judged against an alternative reading (``--also-game``): shown, but not in the exit code
    alternative: str | None = None


def _fmt(p) -> str:
    if isinstance(p, (list, tuple)):
        return "(" + ",".join(_fmt(v) for v in p) + ")"
    return str(p)


def _examples(rows, key="position") -> str:
    shown = ", ".join(f"{r[key]}: program {r['program']}, spec {r['spec']}" for r in rows[:EXAMPLES])
    more = f" (+{len(rows) - EXAMPLES} more)" if len(rows) > EXAMPLES else ""
    return shown + more


def as_positions(value, n: int):
    """``value`` as a list of n-tuples of ints, or None when it is not one."""
    if not isinstance(value, list):
        return None
    out = []
    for v in value:
        if not (isinstance(v, list) and len(v) == n and all(isinstance(x, int) for x in v)):
            return None
        out.append(tuple(v))
    return out


def as_heap_sums(value):
    """``value`` (a take-and-break option list: one list of heap sizes per option, in any order,
    empty heaps allowed) as sorted tuples of the nonempty heaps, or None when it is not one."""
    if not isinstance(value, list):
        return None
    out = []
    for v in value:
        if not (isinstance(v, list) and all(isinstance(x, int) and x >= 0 for x in v)):
            return None
        out.append(tuple(sorted(x for x in v if x)))
    return out


def solve_box(ruleset, box):
    """The spec solver (the oracle) on the audit's ``box``: ``(solution, None)`` or
    ``(None, error check)``."""
    try:
        return solve(ruleset, box, method="reference"), None  # audit boxes are small
    except CgsBridgeError as e:
        return None, Check("positions", "error", f"the spec cannot be solved on {box}: {e}")


def valid_positions(sol) -> list:
    """The spec's valid positions of the solved box, as tuples, in the solver's order."""
    return [tuple(int(v) for v in row) for row in sol.positions()]


def judge_positions(ruleset, data: dict, sol, how: str) -> Check:
    """The program's position list vs the spec's valid set in the audit's box (``sol.box``, from
    ``how``): listed positions that are not valid, valid positions it leaves out. Positions listed
    outside the box are counted, not judged."""
    raw = data.get("positions")
    if raw is None:
        return Check("positions", "error", "the program's position list was not printed (the run "
                     "stopped before the checks)")
    positions = as_positions(parse_wl(raw), ruleset.n)
    if positions is None:
        return Check("positions", "error", f"the position list is not a list of {ruleset.n}-tuples "
                     f"of integers: {raw[:200]}")
    box = sol.box
    inside = [p for p in positions if box.contains(p)]
    prog, spec = set(inside), set(valid_positions(sol))
    rows = [{"position": _fmt(p), "program": "listed", "spec": "not valid", "detail": "extra"}
            for p in sorted(prog - spec)]
    rows += [{"position": _fmt(p), "program": "absent", "spec": "valid", "detail": "missing"}
             for p in sorted(spec - prog)]
    dup = len(inside) - len(prog)
    outside = len(set(positions)) - len(prog)
    head = (f"box {box} ({how}): program lists {len(prog)} positions in it"
            f"{f' ({dup} duplicates)' if dup else ''}"
            f"{f' and {outside} outside it (not judged)' if outside else ''}, the spec "
            f"{ruleset.describe()} has {len(spec)} valid positions")
    if not rows:
        return Check("positions", "agree", head + "; the sets are equal")
    extra = sum(r["detail"] == "extra" for r in rows)
    return Check("positions", "differ", f"{head}; {extra} listed positions are not valid, "
                 f"{len(rows) - extra} valid positions are missing: "
                 + ", ".join(f"{r['position']} {r['detail']}" for r in rows[:EXAMPLES]), rows)


def judge_ppositions(ruleset, data: dict, sol, name: str, positions=None) -> Check:
    """The program's P-position list (members of value 0 by its own values, drawn from another
    list) vs the spec's P-positions in the audit's box (within the program's position list
    ``positions`` when it has one): a position in one and not the other is a difference."""
    got = as_positions(parse_wl(data.get("ppositions", "")), ruleset.n) if data.get("ppositions") else None
    if got is None:
        return Check("p-positions", "error", f"the P-position list {name} is not a list of positions")
    box = sol.box
    cover = {tuple(p) for p in positions} if positions is not None else None
    spec = {p for p in valid_positions(sol) if int(sol.grundy[p]) == 0 and (cover is None or p in cover)}
    prog = {p for p in got if box.contains(p)}
    rows = [{"position": _fmt(p), "program": "P-position", "spec": f"value {_spec_value(sol, p)}",
             "detail": "not a P-position"} for p in sorted(prog - spec)]
    rows += [{"position": _fmt(p), "program": "absent", "spec": "P-position", "detail": "missing"}
             for p in sorted(spec - prog)]
    head = f"{name}: {len(prog)} P-positions in the box {box}, the spec has {len(spec)}"
    if not rows:
        return Check("p-positions", "agree", head + "; the sets are equal")
    return Check("p-positions", "differ", head + ": " + _examples(rows), rows)


def _spec_value(sol, p):
    return int(sol.grundy[p]) if sol.box.contains(p) and sol.grundy[p] >= 0 else "not valid"


def _payload(data: dict, tag: str, n: int):
    """The ``tag`` payload as a list of ``n`` entries, or None."""
    raw = data.get(tag)
    value = parse_wl(raw) if raw is not None else None
    return value if isinstance(value, list) and len(value) == n else None


def judge_values(checked: list, sol, data: dict, symbol: str) -> Check:
    """The program's Grundy function at every checked position (the audit's box; ``checked`` is
    the order the values were computed in) vs the spec solver's values. Symbolic values are not
    differences: :func:`judge_unevaluated` reports them."""
    values = _payload(data, "values", len(checked))
    if values is None:
        return Check("values", "error", f"no Grundy values of {symbol} at the {len(checked)} "
                     f"positions of the box: {str(data.get('values'))[:200]}")
    rows, compared, symbolic = [], 0, 0
    for p, v in zip(checked, values):
        if not sol.box.contains(p) or sol.grundy[p] < 0:
            continue
        if not isinstance(v, int):
            symbolic += 1
            continue
        g = int(sol.grundy[p])
        compared += 1
        if v != g:
            rows.append({"position": _fmt(p), "program": v, "spec": g, "detail": "value"})
    if compared == 0:
        return Check("values", "error", f"no Grundy value of {symbol} could be compared "
                     f"({symbolic} symbolic: see unevaluated)")
    note = f"; {symbolic} symbolic (see unevaluated)" if symbolic else ""
    if not rows and symbolic:  # an agreement needs every position of the box compared
        return Check("values", "error", f"{symbol} equals the spec at {compared} valid positions "
                     f"of the box, but {symbolic} have no integer value (symbolic or Missing[]): "
                     f"not every position could be compared{read_extent(checked, values, sol)}")
    if not rows:
        return Check("values", "agree", f"{symbol} at {compared} valid positions of the box: all "
                     f"equal the spec's{note}")
    return Check("values", "differ", f"{len(rows)} of {compared} Grundy values of {symbol} differ"
                 f"{note}: {_examples(rows)}", rows)


def judge_moves(ruleset, checked: list, data: dict, symbol: str | None) -> Check:
    """The program's move function vs the spec's move rules at every valid checked position:
    options only the program has, options only the spec has (both sides named), program options
    outside the valid set. Option sets with symbolic entries are left to :func:`judge_unevaluated`."""
    if not symbol:
        return Check("moves", "skipped", "no move function given")
    moves = _payload(data, "moves", len(checked))
    if moves is None:
        return Check("moves", "error", f"no option sets of {symbol} at the {len(checked)} positions "
                     f"of the box: {str(data.get('moves'))[:200]}")
    rows, checked_n, invalid, differing, symbolic = [], 0, 0, [], 0
    for p, opts in zip(checked, moves):
        if not ruleset.is_valid(p):
            continue
        if symbolic_parts(opts):
            symbolic += 1
            continue
        heaps = getattr(ruleset, "takebreak", None) is not None   # issue 49: options are sums of heaps
        got = as_heap_sums(opts) if heaps else as_positions(opts, ruleset.n)
        if got is None and not heaps and ruleset.n == 1 and isinstance(opts, list) \
                and all(isinstance(v, int) for v in opts):
            got = [(v,) for v in opts]  # a one-heap game's options written as heap sizes: {2, 1, 0}
        checked_n += 1
        try:
            want = set(ruleset.option_set(p))
        except CgsBridgeError as e:
            rows.append({"position": _fmt(p), "program": "", "spec": f"error: {e}", "detail": "spec error"})
            continue
        if got is None:  # the spec's set is named, never '{?}' (issue 47, item 7)
            what = "not a list of heap lists" if heaps else "not a list of positions"
            rows.append({"position": _fmt(p), "program": str(opts)[:200], "spec": _fmt_set(want),
                         "detail": what})
            differing.append((p, f"{str(opts)[:80]}: {what}", _fmt_set(want)))
            continue
        got_set = set(got)
        if got_set == want:
            continue
        differing.append((p, _fmt_set(got_set), _fmt_set(want)))
        for q in sorted(got_set - want):
            bad = not ruleset.is_valid(q)
            invalid += bad
            up = tuple(q) >= tuple(p)  # not below p in lexicographic order (issue 47)
            rows.append({"position": _fmt(p), "program": _fmt(q), "spec": "",
                         "detail": "program-only option" + (" outside the valid set" if bad else "")
                         + (" not below the position in lexicographic order" if up else "")})
        for q in sorted(want - got_set):
            rows.append({"position": _fmt(p), "program": "", "spec": _fmt(q), "detail": "spec-only option"})
    note = f"; {symbolic} symbolic (see unevaluated)" if symbolic else ""
    if checked_n == 0:
        return Check("moves", "error", f"no option set of {symbol} could be compared{note}")
    if not rows:
        return Check("moves", "agree", f"option sets of {symbol} equal the spec's at all {checked_n} "
                     f"valid positions of the box{note}")
    ex = "; ".join(f"{_fmt(p)}: program {g if g.endswith('positions') else '{' + g + '}'}, spec {{{w}}}"
                   for p, g, w in differing[:3])
    return Check("moves", "differ", f"option sets differ at {len(differing)} of {checked_n} positions "
                 f"({invalid} program options outside the valid set){note}: {ex}", rows)


def _fmt_set(s) -> str:
    return ", ".join(_fmt(q) for q in sorted(s))


def judge_unevaluated(data: dict, static_missing: list, prelude: bool, engine: str,
                      outputs: dict | None = None, origins: dict | None = None) -> Check:
    """Anything that stayed symbolic: heads the program calls that the engine does not define,
    symbolic Grundy values or options (naming the unbound symbols in them and where the program
    sets them, ``origins``: name -> phrase), displayed values that contain a call of an undefined
    head. Any of them is an ``error`` (exit 2), never a difference: the program's computation
    could not be seen."""
    undefined = parse_wl(data["undefined"]) if "undefined" in data else None
    names = [str(v).strip('"') for v in undefined] if isinstance(undefined, list) else []
    unbound = parse_wl(data["unbound"]) if "unbound" in data else []
    unbound = [str(v).strip('"') for v in unbound] if isinstance(unbound, list) else []
    sym = [s for tag in ("values", "moves") if tag in data for s in symbolic_parts(parse_wl(data[tag]))]
    notes = []
    if static_missing:
        notes.append(f"calls builtins {engine} lacks"
                     + (", supplied by the prelude: " if prelude else " (no prelude): ")
                     + ", ".join(f"{n} (line {ln})" for n, ln in static_missing))
    if undefined is None:
        return Check("unevaluated", "error", "the undefined-symbol probe did not run; "
                     + "; ".join(notes))
    rows = [{"position": "", "program": n, "spec": "", "detail": "called but not defined"} for n in names]
    rows += [{"position": "", "program": n, "spec": "", "detail": "unbound symbol in values or "
              "options: " + (origins or {}).get(n, "set nowhere in the program")} for n in unbound]
    rows += [{"position": "", "program": str(s), "spec": "", "detail": "unevaluated value"} for s in sym[:50]]
    for num, text in sorted((outputs or {}).items()):
        hit = [n for n in names if f"{n}[" in text]
        if hit:
            rows.append({"position": f"statement {num}", "program": text[:200], "spec": "",
                         "detail": f"displayed value contains unevaluated {', '.join(hit)}"})
    if not rows:
        return Check("unevaluated", "agree", "every called function is defined or a builtin of "
                     f"{engine}{' (with the prelude)' if prelude else ''}; no symbolic values or options"
                     + ("; " + "; ".join(notes) if notes else ""))
    parts = []
    if names:
        parts.append(f"called but defined nowhere (calls stay unevaluated): {', '.join(names)}")
    if unbound:
        parts.append("symbolic values or options contain unbound "
                     + "; ".join(f"{n} ({(origins or {}).get(n, 'set nowhere in the program')})"
                                 for n in unbound))
    parts += unread_kinds(sym)
    return Check("unevaluated", "error", "; ".join(parts) + ("; " + "; ".join(notes) if notes else ""),
                 rows)


def load_expect(path) -> list:
    """Read an ``--expect`` YAML file (format in docs/audit.md): a mapping with ``outputs``, a list
    of entries, each a scalar (the printed text) or a mapping with ``printed`` and optional
    ``statement`` (number or assigned symbol), ``any_size`` (bool), ``note``.

    Returns:
        a list of dicts with keys printed (str), statement, any_size, note.
    Raises:
        InputError: unreadable file or malformed content.
    """
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        raise InputError(f"cannot read expect file {path}: {e}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("outputs"), list):
        raise InputError(f"{path}: expected a mapping with an 'outputs' list")
    out = []
    for k, e in enumerate(doc["outputs"], 1):
        if not isinstance(e, dict):
            e = {"printed": e}
        if "printed" not in e:
            raise InputError(f"{path}: outputs entry {k} has no 'printed'")
        unknown = set(e) - {"printed", "statement", "any_size", "note"}
        if unknown:
            raise InputError(f"{path}: outputs entry {k} has unknown keys {sorted(unknown)}")
        out.append({"printed": str(e["printed"]), "statement": e.get("statement"),
                    "any_size": bool(e.get("any_size", False)), "note": e.get("note", "")})
    return out


def judge_outputs(expect: list | None, outputs: dict, statements: list, scaled: bool) -> Check:
    """Compare displayed statement values with the paper's printed outputs.

    Entries without ``statement`` match the displayed values in order; on a scaled run only
    entries marked ``any_size`` are compared.
    """
    shown = " | ".join(f"#{n}: {v[:80]}" for n, v in sorted(outputs.items())) or "nothing displayed"
    if expect is None:
        return Check("outputs", "info", f"displayed values: {shown}")
    order = sorted(outputs)
    rows, compared, k = [], 0, 0
    for e in expect:
        target = e["statement"]
        if target is None:
            num = order[k] if k < len(order) else None
            k += 1
        elif isinstance(target, int):
            num = target
        else:
            nums = [i for i, st in enumerate(statements, 1) if st.assigned() == str(target)]
            num = nums[-1] if nums else None
        if scaled and not e["any_size"]:
            continue
        compared += 1
        got = outputs.get(num) if num is not None else None
        if got is None:
            rows.append({"position": f"statement {num}", "program": "(nothing displayed)",
                         "spec": e["printed"], "detail": "printed output"})
            continue
        a, b = parse_wl(got), parse_wl(e["printed"], paper=True)
        if a != b:
            same_set = (isinstance(a, list) and isinstance(b, list) and sorted(map(str, a)) == sorted(map(str, b)))
            rows.append({"position": f"statement {num}", "program": got[:300], "spec": e["printed"][:300],
                         "detail": "same elements, other order" if same_set else "printed output"})
    if compared == 0:
        return Check("outputs", "skipped", f"no expected output applies to a scaled run; displayed: {shown}")
    if not rows:
        return Check("outputs", "agree", f"{compared} printed outputs equal the paper's; displayed: {shown}")
    return Check("outputs", "differ", f"{len(rows)} of {compared} printed outputs differ: "
                 + "; ".join(f"{r['position']}: program {r['program'][:60]}, paper {r['spec'][:60]}"
                             for r in rows[:EXAMPLES]), rows)


def judge_engine(outcome) -> Check:
    """The engine run itself: ``ok``, an error exit, or a time-out, with its output tail."""
    r = outcome.result
    other = outcome.extracted.other
    msgs = f"; other output: {' / '.join(other[:5])[:400]}" if other else ""
    if r.timed_out:
        return Check("engine", "error", f"{outcome.engine} timed out after {r.seconds:.0f} s{msgs}\n"
                     f"{r.tail()}")
    if r.returncode != 0:
        return Check("engine", "error", f"{outcome.engine} failed (exit {r.returncode}){msgs}\n{r.tail()}")
    return Check("engine", "ok", f"{outcome.engine} ran in {r.seconds:.1f} s"
                 f"{' with the prelude' if outcome.prelude else ''}{msgs}")


__all__ = ["Check", "judge_positions", "judge_ppositions", "judge_values", "judge_moves", "judge_unevaluated",
           "judge_outputs", "judge_engine", "load_expect", "Symbolic"]
