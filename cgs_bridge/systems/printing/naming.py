"""Identifiers in target languages: renaming specification names that a target cannot use.

A :class:`Namer` maps every specification name (coordinates, parameters, definitions, cut and
search variables, definition parameters) to a target identifier, the same one everywhere in the
emitted files, and hands out fresh names for helper variables that collide with none of them.

Each target's rules live in its folder (``systems/cgsuite/naming.py``,
``systems/mathematica/naming.py``; documented in ``generated/README.md``).
"""

from __future__ import annotations

from cgs_bridge.foundation.names import take_free
from cgs_bridge.language import ast as A


from cgs_bridge.language import traversal as Tr
def spec_names(game: A.Game) -> list:
    """Every name a checked game declares or binds, in a deterministic order."""
    out: list = []

    def add(n):
        if n not in out:
            out.append(n)
    for c in game.coords:
        add(c)
    for p in game.params:
        add(p.name)
        if p.kind == "function":
            add("t")
    for d in game.defs:
        add(d.name)
        for q in d.params:
            add(q)
    for c in game.cuts:
        if isinstance(c, A.Cut):
            add(c.var)
    exprs = [r.expr for r in game.requires] + [d.body for d in game.defs]
    exprs += [a.value for c in game.cuts if isinstance(c, A.Cut) for a in c.assigns]
    exprs += [a.value for a in (game.clamp.assigns if game.clamp else ())]
    for p in game.params:
        if p.default is not None:
            exprs.append(p.default)
    for m in game.moves:  # general rules (issue 22): their variable, then the names they use
        add(m.var)
        exprs += [e for e in (m.lo, m.hi, m.where) if e is not None] + list(m.values or ())
        exprs += [a.value for a in m.assigns]
    for e in exprs:
        for node in Tr.walk(e):
            if isinstance(node, A.Search):
                add(node.var)
            elif isinstance(node, A.Name):
                add(node.id)
    return out


class Namer:
    """Target identifiers for specification names plus fresh helper names.

    Args:
        names: the specification names to map (see :func:`spec_names`).
        valid: predicate: is this a usable identifier as it stands?
        repair: function giving the first candidate for a name that is not.
        bump: function making the next candidate from a colliding one.
        taken: identifiers the emitted code uses itself.
    """

    def __init__(self, names, valid, repair, bump, taken=()):
        self.taken = set(taken)
        self.map: dict = {}
        originals = set(names)
        for n in names:
            cand = n if valid(n) else repair(n)
            while cand in self.taken or (cand != n and cand in originals) or not valid(cand):
                cand = bump(cand)
            self.map[n] = cand
            self.taken.add(cand)

    def __getitem__(self, name: str) -> str:
        return self.map[name]

    def get(self, name: str) -> str:
        return self.map.get(name, name)

    def fresh(self, base: str) -> str:
        """A new identifier starting with ``base`` that collides with nothing handed out."""
        return take_free(base, self.taken)
