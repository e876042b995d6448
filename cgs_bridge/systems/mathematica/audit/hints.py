"""What an audit tells the user when it cannot judge (issue 47): the candidates a program does
define, for a refusal (never names it does not have), and the engine's own limits met while it
ran, reported as the engine's, with what to do."""

from __future__ import annotations

from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.mathematica.normalize import Normalized


def candidates(norm: Normalized) -> str:
    """What the program does define, for a refusal (issue 47, item 4): its functions and its
    data, read by Mathics3's parser, and the options that name one."""
    from cgs_bridge.systems.mathematica import wlread
    functions, data = [], []
    for st in norm.statements:
        node = wlread.parse_one(st.text)
        for part in wlread.compound_parts(node) if node is not None else []:
            name = wlread.assigned_symbol(part) if part is not None else None
            if not name:
                continue
            target = functions if wlread.head(part.children[0]) is not None else data
            if name not in functions + data:
                target.append(name)
    if not functions and not data:
        return "; it assigns nothing (it only prints or plots)"
    return ("; it defines " + "; ".join(f"{what}: {', '.join(names)}" for what, names in (
        ("functions", functions), ("data", data)) if names)
        + ": name the Grundy function with --grundy (a name, or a call such as 'f[#]', 'f[##]'), "
        "the position list with --positions")


#: The engine's own limits, by the message that reports one (issue 47, item 4): the symbol, what
#: it limits, the option that raises it for one run.
LIMITS = {"$IterationLimit::itlim": ("$IterationLimit", "the number of times one expression may be "
                                     "rewritten; Mathics3: 4096", "--iteration-limit"),
          "$RecursionLimit::reclim": ("$RecursionLimit", "the depth of nested evaluations; Mathics3: "
                                      "200, the prelude sets 100000", "--recursion-limit")}
#: The bounds of ``--iteration-limit`` and ``--recursion-limit`` (Mathics3 refuses less than 20; a
#: recursion limit above the cap the runner gives Mathics3, ``MATHICS_MAX_RECURSION_DEPTH``, is
#: refused by the engine with ``$RecursionLimit::limset``; an iteration limit is bounded so that a
#: runaway rewrite still stops, as the time limit also does).
BOUNDS = {"iteration_limit": ("$IterationLimit", 20, 10**8), "recursion_limit": ("$RecursionLimit", 20, None)}


def limits_text(limits: dict) -> str:
    """The statements that set the engine's limits for one run (``{"iteration_limit": N,
    "recursion_limit": M}``, either may be None), run after the prelude and before the program.

    Raises:
        InputError: a value that is not an integer within :data:`BOUNDS` (checked before any run).
    """
    from cgs_bridge.foundation.errors import InputError

    from ..settings import MATHICS_RECURSION_LIMIT
    out = []
    for key, value in (limits or {}).items():
        if value is None:
            continue
        symbol, low, high = BOUNDS[key]
        high = high or MATHICS_RECURSION_LIMIT
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(f"--{key.replace('_', '-')} {value!r}: {symbol} for this run must be an "
                             f"integer from {low} to {high}")
        out.append(f"{symbol} = {value};\n")
    return "".join(out)


def engine_limit(outcome, how: str, norm: Normalized | None = None, limits: dict | None = None) -> Check | None:
    """An engine limit met while the program ran (``$IterationLimit::itlim``,
    ``$RecursionLimit::reclim``): an ``error`` naming the limit, the run's size and what to do (the
    option that raises it for this run, or, when the program sets the limit itself, ``--subst``:
    an assignment of the program overrides the option); what was computed before it is still
    judged by the other checks. None when no limit was met."""
    hits = [(msg, line) for line in outcome.extracted.other for msg in LIMITS if msg in line]
    if not hits:
        return None
    msg, line = hits[0]
    symbol, what, option = LIMITS[msg]
    given = (limits or {}).get(option[2:].replace("-", "_"))
    own = _sets(norm, symbol) if norm is not None else None
    todo = (f"change the program's own value for this run with --subst ({option} is set before "
            "the program, which overrides it)" if own else
            f"raise it for this run with {option} N (now {given})" if given else
            f"raise it for this run with {option} N")
    whose = (f"the limit the program set itself (the statement at line {own} assigns {symbol}): "
             if own else "the engine's limit, not the program's fault: ")
    return Check("engine-limit", "error", f"{whose}{symbol} ({what}) "
                 f"was reached ({len(hits)} times, first: {line.strip()[:160]}) in the run on the box "
                 f"of {how}; the values it left unevaluated are not judged (see unevaluated), what was "
                 f"computed before it is. To judge the rest: {todo}, run a smaller size (--scale "
                 "NAME=N, --bound), or use wolframscript (--mathematica-engine wolframscript)")


def _sets(norm: Normalized, symbol: str):
    """The line of the first statement that assigns ``symbol`` (read by Mathics3's parser), or None."""
    from cgs_bridge.systems.mathematica import wlread
    for st in norm.statements:
        node = wlread.parse_one(st.text)
        if node is not None and symbol in wlread.definitions(node):
            return st.line
    return None
