"""Audits of published CGSuite programs (issue 13): CGScript 1.1.1 and 2.x, as printed.

Modules: :mod:`.normalize` (PDF/web artifacts), :mod:`.parse` + ``cgscript_published.lark``
(grammar, AST in :mod:`.ast`, versions in :mod:`.dialect`), :mod:`.evaluator` + :mod:`.builtins`
+ :mod:`.values` (sandboxed interpreter, nim values), :mod:`.judge` (checks against the spec),
:mod:`.core` (:func:`audit_cgscript`), :mod:`.port` (translation to CGSuite 2.x).
User documentation: docs/audit.md.
"""

from __future__ import annotations

import re

from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits

from .core import CGScriptReport, audit_cgscript

_CGS_SIGNS = re.compile(r"\bclass\s+\w+\s+extends\b|\bfor\s+\w+\s+from\b.*\bdo\b|Worksheet\.Print|"
                        r"\.CanonicalForm|\bend\s*;?\s*$|\boverride\s+(method|def)\b", re.S | re.M)
_WL_SIGNS = re.compile(r"\w\[\[|\b(Table|Select|Module|Block|Flatten|Union|Map)\[")


def detect_language(path: str, text: str) -> str:
    """``"cgscript"`` or ``"mathematica"``: by extension (``.cgs``; ``.wl``, ``.m``, ``.nb``), else
    by content (CGScript's ``for .. from .. do``, ``class .. extends``, ``Worksheet.Print``
    against Mathematica's ``f[...]`` heads and ``[[``)."""
    low = str(path).lower()
    if low.endswith(".cgs"):
        return "cgscript"
    if low.endswith((".wl", ".m", ".nb", ".wls")):
        return "mathematica"
    cgs, wl = len(_CGS_SIGNS.findall(text)), len(_WL_SIGNS.findall(text))
    return "cgscript" if cgs > wl else "mathematica"


__all__ = ["audit_cgscript", "CGScriptReport", "Limits", "detect_language"]
