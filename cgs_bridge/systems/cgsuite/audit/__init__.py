"""Audits of published CGSuite programs (issue 13): CGScript 1.1.1 and 2.x, as printed.

Modules: :mod:`.normalize` (PDF/web artifacts), :mod:`.parse` + ``cgscript_published.lark``
(grammar, AST in :mod:`.ast`, versions in :mod:`.dialect`), :mod:`.evaluator` + :mod:`.builtins`
+ :mod:`.values` (sandboxed interpreter, nim values), :mod:`.judge` (checks against the spec),
:mod:`.core` (:func:`audit_cgscript`), :mod:`.port` (translation to CGSuite 2.x).
User documentation: docs/audit.md.
"""

from __future__ import annotations

from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits

from .core import CGScriptReport, audit_cgscript


def detect_language(path: str, text: str) -> str:
    """``"cgscript"`` or ``"mathematica"``: see :func:`cgs_bridge.systems.registry.detect_language`."""
    from cgs_bridge.systems.registry import detect_language as detect
    return detect(path, text)


__all__ = ["audit_cgscript", "CGScriptReport", "Limits", "detect_language"]
