"""Audits of published Mathematica programs (issue 5): :mod:`.runner` (safety screen, prelude,
engine run), :mod:`.extract` (the run's plan and reading its keyed result lines back; the checks
run in :mod:`cgs_bridge.systems.mathematica.launcher`), :mod:`.core` (:func:`~.core.audit_program`).
User documentation: docs/audit.md."""
