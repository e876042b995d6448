"""Audits of published programs against a specification: :func:`detect_language` picks the
system's auditor through the registry (:func:`cgs_bridge.systems.registry.detect_language`); the
Mathematica auditor (issue 5) is re-exported here, the CGScript one (issue 13) is
:mod:`cgs_bridge.systems.cgsuite.audit`.

Mathematica (issue 5):
Modules: :mod:`.normalize` (printed-code artifacts), :mod:`.runner` (safety screen, prelude,
engine run), :mod:`.extract` (the run's plan and reading its keyed result lines back; the checks
themselves run in :mod:`cgs_bridge.systems.mathematica.launcher`), :mod:`.sizes` (the audit's box),
:mod:`.judge` (checks against the spec), :mod:`.verdict` (the verdict rules), :mod:`.core`
(:func:`audit_program`), :mod:`.report` (text/JSON/CSV), :mod:`.seeds` (the seeds' programs,
read from ``../shared/seeds``).
User documentation: docs/audit.md.
"""

from cgs_bridge.systems.auditing.normalize import normalize
from cgs_bridge.systems.mathematica.audit.core import AuditReport, audit_program, parse_scale, parse_subst
from cgs_bridge.systems.registry import detect_language

__all__ = ["detect_language", "audit_program", "AuditReport", "normalize", "parse_scale", "parse_subst"]
