"""Audits of published CGSuite programs (issue 13): CGScript 1.1.1 and 2.x, as printed.

Modules: :mod:`.entry` (the auditor's entry point and options, named in ``systems/cgsuite/system.py``),
:mod:`.isolated` (the sandboxed child), :mod:`.core` (:func:`~.core.audit_cgscript`), :mod:`.judge`
and :mod:`.overrides` (checks against the spec), :mod:`.port` and :mod:`.port_check` (translation
to CGSuite 2.x), :mod:`.report` (text report and report folder). The language itself (grammar,
interpreter) is :mod:`cgs_bridge.systems.cgsuite.cgscript`. User documentation: docs/audit.md.
"""
