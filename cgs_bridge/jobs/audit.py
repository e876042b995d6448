"""``audit``: judge a published program against a specification with its language's auditor,
found through the registry (:func:`cgs_bridge.systems.registry.auditor`; the language from
``--language``, else from the file name or content, :func:`~cgs_bridge.systems.registry.detect_language`).
User documentation: docs/audit.md."""

from __future__ import annotations

from cgs_bridge.foundation.io import read_input_text
from cgs_bridge.systems.registry import auditor, detect_language

#: The largest program read (characters).
MAX_PROGRAM = 4 << 20


def audit(program_path, ruleset, language: str = "auto", **options):
    """Audit the program in file ``program_path`` against ``ruleset`` (a bound spec).

    Args:
        language: an auditor's language (``mathematica``, ``cgscript``, ...) or ``auto``.
        options: the auditor's options by their CLI names (:attr:`Auditor.audit
            <cgs_bridge.systems.base.Auditor>`: the common ones and its own).
    Returns:
        the auditor's report (a :class:`~cgs_bridge.systems.auditing.report.ProgramAudit`).
    Raises:
        InputError: unreadable program, unknown language or option, or the auditor's;
        EngineError: the auditor's.
    """
    text = read_input_text(program_path, "program", limit=MAX_PROGRAM)
    language = detect_language(program_path, text) if language in (None, "auto") else language
    return auditor(language).audit(str(program_path), text, ruleset, **options)
