"""Audits of published Mathematica programs against a specification (issue 5).

Modules: :mod:`.normalize` (printed-code artifacts), :mod:`.runner` (safety screen, prelude,
engine run), :mod:`.extract` (instrumentation and reading results back), :mod:`.judge` (checks
against the spec), :mod:`.core` (:func:`audit_program`), :mod:`.report` (text/JSON/CSV).
User documentation: docs/audit.md.
"""

from .core import AuditReport, audit_program, parse_scale, parse_subst
from .normalize import normalize

__all__ = ["audit_program", "AuditReport", "normalize", "parse_scale", "parse_subst"]
