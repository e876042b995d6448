"""Identifiers in target languages: renaming specification names that a target cannot use.

A :class:`Namer` maps every specification name (coordinates, parameters, definitions, cut and
search variables, definition parameters) to a target identifier, the same one everywhere in the
emitted files, and hands out fresh names for helper variables that collide with none of them.

Rules per target (documented in ``generated/README.md``):

- CGScript (CGSuite 2.x): an identifier matches ``(v+[A-Za-uw-z_]|[A-Za-uw-z])[A-Za-z0-9_]*``
  (``Cgsuite.g``: ``v``, ``vv``, ``v1`` are down-arrow games, not names; no leading ``_``) and is
  not a keyword (``for``, ``end``, ``error``, ``is`` ...) nor a name the emitted code uses
  (``Position``, ``Min`` ...). Otherwise: a leading ``_`` gets the prefix ``u``; a ``v``-run followed
  by a digit gets ``_`` after the run (``v1`` -> ``v_1``); a keyword or taken name gets ``_``
  appended (``v`` -> ``v_``, ``end`` -> ``end_``); then ``_`` is appended until unique.
- Mathematica: an identifier is ``[a-z][A-Za-z0-9]*`` (``_`` is a pattern, capitalised names are
  System symbols) and not a helper name (``Gr``, ``Mex``, ``move`` ...). Otherwise underscores are
  dropped with the next letter capitalised (``x_1`` -> ``x1``, ``my_var`` -> ``myVar``), the first
  letter is lower-cased, and a digit is appended until unique.
"""

from __future__ import annotations

import re

from cgs_bridge.language import ast as A
from cgs_bridge.language import operators


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
        for node in A.walk(e):
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
        cand, k = base, 1
        while cand in self.taken:
            k += 1
            cand = f"{base}{k}"
        self.taken.add(cand)
        return cand


# ------------------------------------------------------------------ CGScript
CGS_KEYWORDS = frozenset("""and as begin break by class clear continue def do else elseif end enum error
extends external false finally for foreach from if import in is mutable not op or override pass
private return singleton static super system then this to true try unary var where while yield""".split())
#: Names that the emitted CGScript uses (classes, methods of the library, our own members).
CGS_TAKEN = frozenset("""Position Options Eval IsValid Min Max Concat NimSum Floor Ceiling Abs Lb Div
Integer List Ruleset ImpartialGame System Print NimValue MisereNimValue Clamp FloorMod Boolean
Nothing Table Mex Sum""".split()) | operators.target_names("cgsuite")
_CGS_ID = re.compile(r"^(v+[A-Za-uw-z_]|[A-Za-uw-z])[A-Za-z0-9_]*$")


def cgs_valid(name: str) -> bool:
    return bool(_CGS_ID.match(name)) and name not in CGS_KEYWORDS and name not in CGS_TAKEN


def cgs_repair(name: str) -> str:
    if name.startswith("_"):
        name = "u" + name
    m = re.match(r"^(v+)([0-9].*)?$", name)
    if m:
        return m.group(1) + "_" + (m.group(2) or "")
    return name + "_"


# ------------------------------------------------------------------ Mathematica
MMA_TAKEN = frozenset("""Gr Mis Mex move nimSum nimSumDigits xorTable validQ positions rows stream writeRow cgsError
searchMax searchMin ilog2 power derive clamp csvFile value at computeValue options Quotient""".split()) | operators.target_names("mathematica")
_MMA_ID = re.compile(r"^[a-z][A-Za-z0-9]*$")


def mma_valid(name: str) -> bool:
    return bool(_MMA_ID.match(name)) and name not in MMA_TAKEN


def mma_repair(name: str) -> str:
    parts = [p for p in name.split("_") if p]
    if not parts:
        return "v"
    out = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    out = out[:1].lower() + out[1:]
    if not out[:1].isalpha():
        out = "v" + out
    return out


def _mma_bump(c: str) -> str:
    m = re.match(r"^(.*?)(\d*)$", c)
    return m.group(1) + str(int(m.group(2) or "0") + 1)

