"""What an audit tells the user when it cannot judge (issue 47): the candidates a program does
define, for a refusal (never names it does not have), and the engine's own limits met while it
ran, reported as the engine's, with what to do."""

from __future__ import annotations

from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.auditing.normalize import Normalized


def candidates(norm: Normalized) -> str:
    """What the program does define, for a refusal (issue 47, item 4): its functions and its
    data, read by Mathics3's parser, and the options that name one."""
    from cgs_bridge.systems.auditing import wlread
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


#: The engine's own limits, by the message that reports one (issue 47, item 4).
LIMITS = {"$IterationLimit::itlim": "$IterationLimit (the number of times one expression may be "
                                    "rewritten)",
          "$RecursionLimit::reclim": "$RecursionLimit (the depth of nested evaluations; the prelude "
                                     "sets 100000)"}


def engine_limit(outcome, how: str) -> Check | None:
    """An engine limit met while the program ran (``$IterationLimit::itlim``,
    ``$RecursionLimit::reclim``): an ``error`` naming the limit, the run's size and what to do;
    what was computed before it is still judged by the other checks. None when no limit was met."""
    hits = [(msg, line) for line in outcome.extracted.other for msg in LIMITS if msg in line]
    if not hits:
        return None
    msg, line = hits[0]
    return Check("engine-limit", "error", f"the engine's limit, not the program's fault: {LIMITS[msg]} "
                 f"was reached ({len(hits)} times, first: {line.strip()[:160]}) in the run on the box "
                 f"of {how}; the values it left unevaluated are not judged (see unevaluated), what was "
                 "computed before it is. To judge the rest: run a smaller size (--scale NAME=N, "
                 "--bound), or with wolframscript (--mathematica-engine wolframscript), whose limits "
                 "the program may raise itself")
