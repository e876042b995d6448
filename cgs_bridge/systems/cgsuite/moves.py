"""The general move rules and the pass (issue 22) in emitted CGScript: list comprehensions over
the rule's variable and ``Options`` as an ``if`` expression (CGSuite 2.2 has no ``return`` in a
method body). Semantics: :class:`cgs_bridge.model.game.Ruleset` (a general rule reads the position
before the move; the pass, from a position with another option and the flag 1, gives the same
position with the flag 0: Inoue, Fukui, Miyadera, Integers 16 (2016) G5)."""

from __future__ import annotations


def cgsuite_options(pr, names, model) -> list:
    """The general rules (issue 22) as list comprehensions over their variable:
    ``[Position(x - s, y - s) for s from 1 to Min([x, y])]``, ``[... for s in [1, 2, 3] where s <= x]``
    (the clamp, when the game has one, as after every cut)."""
    out = []
    for gm in model.general:
        v = names[gm.var]
        tup = ", ".join(pr.doprint(e) for e in gm.result)
        target = f"Clamp({tup})" if model.clamp is not None else f"Position({tup})"
        rng = (f"in [{', '.join(pr.doprint(e) for e in gm.values)}]" if gm.values is not None
               else f"from {pr.doprint(gm.lo)} to {pr.doprint(gm.hi)}")
        where = f" where {pr.doprint(gm.where)}" if gm.where is not None else ""
        out.append(f"[{target} for {v} {rng}{where}]")
    return out


def options_body(names, model, coords, options) -> str:
    """The body of ``Options``: the lists concatenated; with a pass (``pass once``), the position
    with the flag 0 is added when the flag is 1 and there is another option (never from a
    terminal position; CGSuite 2.2 has no ``return`` in a method body, so the list is the value
    of an ``if`` expression)."""
    body = "\n".join(("      " if i == 0 else "        Concat ") + o for i, o in enumerate(options))
    if model.pass_index is None or not options:
        return body
    opts = names.fresh("opts")
    flag = coords[model.pass_index]
    passed = ", ".join("0" if j == model.pass_index else c for j, c in enumerate(coords))
    return (f"      var {opts} := {body.strip()};\n"
            f"      if {flag} == 1 and {opts}.Length > 0 then {opts} Concat [Position({passed})] else {opts} end")
