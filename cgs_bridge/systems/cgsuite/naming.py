"""CGScript identifiers for specification names (the CGSuite target's rules for
:class:`~cgs_bridge.systems.printing.naming.Namer`).

CGScript (CGSuite 2.x): an identifier matches ``(v+[A-Za-uw-z_]|[A-Za-uw-z])[A-Za-z0-9_]*``
(``Cgsuite.g``: ``v``, ``vv``, ``v1`` are down-arrow games, not names; no leading ``_``) and is
not a keyword (``for``, ``end``, ``error``, ``is`` ...) nor a name the emitted code uses
(``Position``, ``Min`` ...). Otherwise: a leading ``_`` gets the prefix ``u``; a ``v``-run followed
by a digit gets ``_`` after the run (``v1`` -> ``v_1``); a keyword or taken name gets ``_``
appended (``v`` -> ``v_``, ``end`` -> ``end_``); then ``_`` is appended until unique.
"""

from __future__ import annotations

import re

from cgs_bridge.language.printer import spelled_names

from .spelling import SPELLINGS

CGS_KEYWORDS = frozenset("""and as begin break by class clear continue def do else elseif end enum error
extends external false finally for foreach from if import in is mutable not op or override pass
private return singleton static super system then this to true try unary var where while yield""".split())
#: Names that the emitted CGScript uses (classes, methods of the library, our own members).
CGS_TAKEN = frozenset("""Position Options Eval IsValid Min Max Concat NimSum Floor Ceiling Abs Lb Div
Integer List Ruleset ImpartialGame System Print NimValue MisereNimValue Clamp FloorMod Boolean
Nothing Table Mex Sum""".split()) | spelled_names(SPELLINGS)
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
