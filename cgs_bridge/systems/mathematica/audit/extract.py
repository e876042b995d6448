"""What an audited program's run reports back, on a channel the program cannot write to, and reading
it without evaluating anything in Python.

Mathics3 (:mod:`cgs_bridge.systems.mathematica.launcher`, ``--audit``): the launcher evaluates the program's
statements, then makes the audit's checks itself, after the program, and writes each result on a
line tagged with a per-run secret ``key`` that the parent generated and passed on standard input
(the program never holds it): ``@@CGSB-<key>@@ <tag> <payload> @@END-<key>@@``. Tags:

- ``started``: the prelude ran, the program starts; ``done``: the checks are finished;
- ``out N TEXT``: the value of statement N, which a notebook would display (no trailing ``;``);
- ``status N WHY``: statement N did not end normally (``$Aborted``, ``Hold[Throw[...]]``);
- ``stopped WHY``: the program ended the engine (``Quit``/``Exit``) before or during the checks;
- ``positions``: the program's position list; ``values`` / ``moves``: its Grundy function and its
  move function at every position of the audit's box (in the order of the plan);
- ``unbound``: program symbols without a value that occur in non-integer results;
- ``undefined``: symbols the program calls that have no definition and are not builtins.

Lines with any other key (a program printing ``@@CGSB-...`` itself) are the program's own output.
wolframscript has no launcher: :func:`instrument` builds a script whose epilogue prints the same
tags with the key (the key is only in the epilogue, after the program; docs/audit.md says what
that leaves open). :func:`cgs_bridge.systems.auditing.printed.parse_wl` reads payloads: nested lists of
integers; anything else is kept as ``Symbolic`` text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cgs_bridge.systems.mathematica.normalize import IDENT, Normalized, identifiers, strip_comments


def markers(key: str) -> tuple:
    """The opening and closing marker of the audit's lines for one run's ``key``."""
    return f"@@CGSB-{key}@@", f"@@END-{key}@@"


def new_key() -> str:
    """A fresh per-run secret (128 bits, hex)."""
    import secrets
    return secrets.token_hex(16)


@dataclass
class Symbols:
    """Which of the program's symbols hold the Grundy function, the position list and the move
    function; ``how`` says for each whether it was given, detected or defaulted."""

    grundy: str = "Gr"
    positions: str = "allcases"
    moves: str | None = "move"
    how: dict = field(default_factory=dict)
    #: role -> :class:`cgs_bridge.systems.mathematica.audit.targets.Target` given as a call (``opts[#, k]``)
    calls: dict = field(default_factory=dict)
    #: what the user says the program printed (``--printed``: ``grundy``, ``p-positions``), or None
    printed: str | None = None


@dataclass
class Extracted:
    """What one run printed: ``outputs`` maps statement number (1-based) to its displayed value text;
    ``data`` maps epilogue tags to payload text; ``other`` holds every other line (the program's
    own ``Print`` output and the engine's messages)."""

    outputs: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)
    other: list = field(default_factory=list)
    #: statement number -> why it did not end normally (``$Aborted``, ``Hold[Throw[...]]``)
    status: dict = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return "started" in self.data

    @property
    def done(self) -> bool:
        """The audit's checks ran to their end (the launcher's last line)."""
        return "done" in self.data


def detect_symbols(norm: Normalized, grundy: str | None = None, positions: str | None = None,
                   moves: str | None = None) -> Symbols:
    """Find the Grundy, position-list and move symbols unless given.

    Grundy: a memoised definition ``G[x_] := G[x] = ...Mex...`` (default ``Gr``); moves: the
    function ``G`` maps over (``Map[G, M[x]]``, default ``move``); positions: ``allcases`` when
    assigned, else the last top-level ``Select`` assignment.
    """
    s, mapped_over = Symbols(how={}), None
    texts = [strip_comments(st.text) for st in norm.statements]
    if grundy:
        s.grundy, s.how["grundy"] = grundy, "given"
    else:
        s.how["grundy"] = "default"
        for t in texts:
            m = re.match(r"\s*([A-Za-z$][\w$]*)\[\s*(\w+)_\s*\]\s*:=\s*\1\[\s*\2\s*\]\s*=", t)
            if m and "Mex" in t:
                s.grundy, s.how["grundy"] = m.group(1), "detected"
                break
        else:
            found = self_mapped(norm)
            if found:
                s.grundy, s.how["grundy"] = found[0], "detected"
                mapped_over = found[1]
    if moves:
        s.moves, s.how["moves"] = moves, "given"
    elif mapped_over:
        s.moves, s.how["moves"] = mapped_over, "detected"
    else:
        s.how["moves"] = "default"
        for t in texts:
            m = re.search(rf"Map\[\s*{re.escape(s.grundy)}\s*,\s*([A-Za-z$][\w$]*)\[", t)
            if m:
                s.moves, s.how["moves"] = m.group(1), "detected"
                break
    if positions:
        s.positions, s.how["positions"] = positions, "given"
    else:
        assigned = [st.assigned() for st in norm.statements]
        if "allcases" in assigned:
            s.how["positions"] = "default"
        else:
            sel = [a for a, t in zip(assigned, texts)
                   if a and re.match(rf"\s*{re.escape(a)}\s*=\s*Select\[", t)]
            if sel:
                s.positions, s.how["positions"] = sel[-1], "detected"
            else:
                s.how["positions"] = "default"
    return s


def self_mapped(norm: Normalized):
    """A function whose definition maps itself over another function's result (``w[p_] := ...
    w /@ nb[p] ...``, ``Map[w, nb[p]]``): the Grundy function and its option function, read by
    Mathics3's parser, as ``(grundy, moves or None)``; None when there is no such definition."""
    from cgs_bridge.systems.mathematica import wlread
    for st in norm.statements:
        for node in wlread.walk(wlread.parse_one(st.text)):
            f = wlread.assigned_symbol(node) if node.get_head_name() == "SetDelayed" else None
            if not f or wlread.head(node.children[0]) is None:
                continue
            for inner in wlread.walk(node.children[1]):
                if (inner.get_head_name() == "Map" and len(inner.children) == 2
                        and wlread.name(inner.children[0]) == f):
                    return f, wlread.head(inner.children[1])
    return None


def memoised(norm: Normalized) -> list:
    """The program's memoised definitions ``f[x_, ...] := f[x, ...] = body`` (``a[n_] := a[n] =
    ...``, ``T[n_, k_] := T[n, k] = ...``, ``g[{x_, y_}] := g[{x, y}] = ...``), read by Mathics3's
    parser, as ``(name, arity)`` in the order defined; ``arity`` is the number of separate
    arguments (a single list argument is 0)."""
    from cgs_bridge.systems.mathematica import wlread
    out = []
    for st in norm.statements:
        for node in wlread.walk(wlread.parse_one(st.text)):
            if node.get_head_name() != "SetDelayed" or len(node.children) != 2:
                continue
            lhs, rhs = node.children
            f = wlread.head(lhs)
            if (not f or rhs.get_head_name() != "Set" or not rhs.children
                    or wlread.head(rhs.children[0]) != f
                    or len(rhs.children[0].children) != len(lhs.children)):
                continue
            one_list = len(lhs.children) == 1 and lhs.children[0].get_head_name() == "List"
            entry = (f, 0 if one_list else len(lhs.children))
            if entry not in out:
                out.append(entry)
    return out


def part_filled(norm: Normalized) -> list:
    """The symbols the program assigns by index anywhere (``g[[a + 1, b + 1]] = ...``), read by
    Mathics3's parser: the only candidates for a table of Grundy values the program filled."""
    from cgs_bridge.systems.mathematica import wlread
    out = set()
    for st in norm.statements:
        for node in wlread.walk(wlread.parse_one(st.text)):
            if node.get_head_name() in wlread.ASSIGN and node.children:
                lhs = node.children[0]
                if lhs.get_head_name() == "Part" and lhs.children and wlread.name(lhs.children[0]):
                    out.add(wlread.name(lhs.children[0]))
    return sorted(out)


def called_heads(norm: Normalized) -> list:
    """Identifiers the program calls as functions (``f[...]``), sorted, without duplicates."""
    names = set()
    for st in norm.statements:
        names |= {name for name, _, called in identifiers(st.text) if called}
    return sorted(n for n in names if "`" not in n)


def instrument(norm: Normalized, symbols: Symbols, key: str, box: list, prelude: str = "",
               moves: bool = True) -> str:
    """wolframscript only (Mathics3 runs through the launcher's ``--audit`` mode): the text of the
    file to run: ``prelude``, the statements (those without ``;`` wrapped so their value is printed
    with the key), then the epilogue (the checks of :mod:`cgs_bridge.systems.mathematica.launcher`, in the
    Wolfram Language)."""
    mark, end = markers(key)
    emit = lambda tag, v: f'Print["{mark} {tag} ", ToString[InputForm[{v}]], " {end}"]'
    parts = [prelude, f'Print["{mark} started 1 {end}"];\n']
    for n, st in enumerate(norm.statements, 1):
        if st.terminated:
            parts.append(st.text + ";\n")
        else:
            parts.append(f'With[{{CGSBv = ({st.text})}}, If[CGSBv =!= Null, '
                         f'Print["{mark} out {n} ", ToString[InputForm[CGSBv]], " {end}"]]];\n')
    g, p, m = symbols.grundy, symbols.positions, symbols.moves
    for name in (g, p, m):
        if name and not IDENT.fullmatch(name):
            raise ValueError(f"not a symbol name: {name!r}")
    boxtext = "{" + ", ".join("{" + ",".join(map(str, q)) + "}" for q in box) + "}"

    def at_box(role, name):
        call = symbols.calls.get(role)
        if call is None:
            return f"Map[{name}, {boxtext}]"
        return "{" + ", ".join(call.wl(q) for q in box) + "}"
    call = symbols.calls.get("positions")
    parts.append(emit("positions", call.wl(None) if call else p) + ";\n")
    parts.append(emit("values", at_box("grundy", g)) + ";\n")
    if m and moves:
        parts.append(emit("moves", at_box("moves", m)) + ";\n")
    heads = called_heads(norm)
    parts.append("CGSBundefined = {};\n")
    for h in heads:
        parts.append(f'If[Context[{h}] === "Global`" && DownValues[{h}] === {{}} && '
                     f'OwnValues[{h}] === {{}}, AppendTo[CGSBundefined, "{h}"]];\n')
    parts.append(emit("undefined", "CGSBundefined") + ";\n")
    parts.append(f'Print["{mark} done 1 {end}"];\n')
    return "".join(parts)


def loop_locals(norm: Normalized) -> list:
    """Names assigned inside the body of a ``Do``/``For``/``While`` loop (``opts = ...`` of one
    position): never taken for the program's position list. One pass per statement (issue 46):
    brackets matched with a stack, the assignments found once and kept when inside a loop."""
    from bisect import bisect_right
    out = set()
    for st in norm.statements:
        code = strip_comments(st.text)
        close, stack = {}, []
        for m in re.finditer(r"[\[\]]", code):
            if m.group() == "[":
                stack.append(m.start())
            elif stack:
                close[stack.pop()] = m.start()
        spans = []  # the loops' bodies, merged: (start, end) in order
        for m in re.finditer(r"(?<![\w$`])(Do|For|While)\[", code):
            start, end = m.end(), close.get(m.end() - 1, len(code))
            if spans and start <= spans[-1][1]:
                spans[-1] = (spans[-1][0], max(spans[-1][1], end))
            else:
                spans.append((start, end))
        starts = [a for a, _ in spans]
        for m in re.finditer(r"(?<![\w$`])([A-Za-z$][\w$]*)\s*=(?![=])", code):
            k = bisect_right(starts, m.start()) - 1
            if k >= 0 and m.end() <= spans[k][1]:
                out.add(m.group(1))
    return sorted(out)


def per_call_locals(norm: Normalized) -> list:
    """Locals of a ``Module``/``Block``/``With`` inside a function's definition, read by Mathics3's
    parser (:func:`cgs_bridge.systems.mathematica.wlread.per_call_locals`): one instance per call,
    never the program's position list."""
    from cgs_bridge.systems.mathematica import wlread
    out: set = set()
    for st in norm.statements:
        out |= wlread.per_call_locals(wlread.parse_one(st.text))
    return sorted(out)


def plan(norm: Normalized, symbols: Symbols, key: str, box: list, prelude: str = "",
         moves: bool = True, n: int = 0) -> dict:
    """The plan of :func:`cgs_bridge.systems.mathematica.launcher.audit_run` (JSON-able): the key, the
    prelude, the statements (``show``: a notebook would display the value), the symbols named
    from the text and which of them were ``given`` (the launcher chooses the others by evidence),
    the number ``n`` of coordinates, the positions of the audit's box (lists of ints) and the
    heads the program calls."""
    for name in (symbols.grundy, symbols.positions, symbols.moves):
        if name and not IDENT.fullmatch(name):
            raise ValueError(f"not a symbol name: {name!r}")
    given = {role: symbols.how.get(role) == "given" for role in ("grundy", "moves", "positions")}
    if not moves:
        given["moves"] = True
    return {"key": key, "prelude": prelude,
            "statements": [{"text": st.text, "show": not st.terminated} for st in norm.statements],
            "positions": symbols.positions, "grundy": symbols.grundy,
            "moves": symbols.moves if moves else None, "given": given, "n": n,
            "calls": {role: t.plan() for role, t in symbols.calls.items() if moves or role != "moves"},
            "loop_locals": loop_locals(norm), "per_call": per_call_locals(norm),
            "memoised": [[f, k] for f, k in memoised(norm)], "part_filled": part_filled(norm),
            "box": [list(q) for q in box], "heads": called_heads(norm), "printed": symbols.printed}


def parse_output(stdout: str, key: str) -> Extracted:
    """Split engine output into the audit's payloads (lines with this run's ``key``) and other
    lines (the program's output, the engine's messages, anything imitating the markers)."""
    ex = Extracted()
    mark, end = markers(key)
    pattern = re.compile(re.escape(mark) + r" (\S+) (.*?) ?" + re.escape(end), re.S)
    pos = 0
    for m in pattern.finditer(stdout):
        ex.other += [ln for ln in stdout[pos:m.start()].splitlines() if ln.strip()]
        tag, payload = m.group(1), m.group(2)
        if tag in ("out", "status"):
            num, _, value = payload.partition(" ")
            (ex.outputs if tag == "out" else ex.status)[int(num)] = value.strip()
        else:
            ex.data[tag] = payload.strip()
        pos = m.end()
    rest = stdout[pos:]
    if mark in rest:  # a line cut off by a time-out: keep what was printed
        rest = rest[:rest.index(mark)]
    ex.other += [ln for ln in rest.splitlines() if ln.strip()]
    return ex
