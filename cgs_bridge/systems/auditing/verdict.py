"""The verdict rules of an audit, written once (docs/audit.md, "Verdict rules"). In order of
precedence:

1. **cannot be judged (exit 2)**: a finding whose input an unbound symbol, a syntax error or an
   unfinished program made symbolic, empty or partial never counts as a difference. For the whole
   audit (:func:`cannot_judge`): the program stopped the audit (``Quit``/``Exit``/``Abort``/
   uncaught ``Throw``: :func:`program_stopped`), the engine could not parse part of the program
   (``syntax``), the run timed out or the audit's checks did not finish. With an unbound symbol or
   a function defined nowhere (:func:`unbound`): the program's lists and printed results (which it
   may have emptied) are not judged; a Grundy value or option set compared position by position
   on concrete inputs still is (symbolic ones are never compared);
2. **differ (exit 1)**: a check found a concrete difference at a position where the program's own
   identified object (its Grundy function, move function, position list, P-position list) or a
   printed output disagrees with the spec. A real bug stays a difference when the audit itself
   stopped an endless recursion (a position among its own options) or a statement hit an engine
   limit (``$Failed["RecursionError"]``);
3. **error (exit 2)** otherwise when anything kept the audit from seeing the whole computation: an
   engine error, no box, a check that could not be made, a role the evidence left ambiguous;
4. **agree (exit 0)** only when every run ran to its end and every valid position of the audit's
   box was compared (a value that is symbolic or ``Missing[]`` is no agreement).

Text that ends inside an open bracket, string or comment is refused before any run (the Wolfram
Language auditor's :func:`cgs_bridge.systems.mathematica.wlscan.incomplete`). The CGScript auditor applies the same order (:func:`interpreted_exit_code`):
its interpreter stops at the first error, so every error there is of rule 1.
"""

from __future__ import annotations

from .judge import Check

STOPPED = "the program stopped the audit before its checks"


def completion(extracted) -> Check:
    """Did the program let the audit's checks run? ``error`` with :data:`STOPPED` when it ended the
    engine, aborted or threw out of a statement; ``error`` when the checks did not finish."""
    if "stopped" in extracted.data:
        return Check("completion", "error", f"{STOPPED}: {extracted.data['stopped']}")
    if extracted.status:
        n, why = sorted(extracted.status.items())[0]
        cycle = extracted.data.get("cycle")
        because = (f" ({cycle} calls itself with the same argument: the recursion never ends, "
                   "stopped by the audit)") if cycle else ""
        return Check("completion", "error", f"{STOPPED}: statement {n} ended with {why[:200]}{because}")
    if not extracted.started:
        return Check("completion", "error", f"{STOPPED}: the audit's start line never came (the "
                     "prelude or the engine failed)")
    if not extracted.done:
        return Check("completion", "error", "the audit's checks did not finish (the engine ended "
                     "or was stopped during the program or the checks)")
    return Check("completion", "agree", "the program ran to its end and the audit's checks after it")


def program_stopped(check) -> bool:
    """A completion error the program caused itself (``Quit``/``Exit``, ``Abort[]``, an uncaught
    ``Throw``): exit 2 whatever else was found. Not a recursion the audit stopped (a position among
    its own options) nor an engine error in a statement: a difference found then still stands."""
    s = check.summary
    return (check.name == "completion" and check.verdict == "error" and s.startswith(STOPPED)
            and "stopped by the audit" not in s and '$Failed["' not in s)


#: Checks whose differences are position by position on concrete inputs (a symbolic value or
#: option set is never compared): they stand when something else stayed unevaluated.
PER_POSITION = ("values", "moves")


def cannot_judge(check) -> bool:
    """Rule 1 of the module docstring, for the whole audit: the program stopped the audit, a syntax
    error (part of the program never ran), or the audit's checks did not finish."""
    if check.alternative is not None or check.verdict != "error":
        return False
    if program_stopped(check) or check.name == "syntax":
        return True
    return check.name == "completion" and check.summary.startswith("the audit's checks did not finish")


def unbound(check) -> bool:
    """Rule 1 for the program's lists and printed results: the unevaluated check names an unbound
    symbol or a function defined nowhere (what the program listed or printed may then be empty or
    partial). Symbolic entries alone (a recursion the audit stopped) are not this."""
    return (check.alternative is None and check.name == "unevaluated" and check.verdict == "error"
            and any(k in check.summary for k in ("called but defined nowhere", "contain unbound",
                                                 "probe did not run")))


def exit_code(runs, checks) -> int:
    """The exit code of an audit from its runs (``outcome.status``) and its counted checks, by the
    rules of the module docstring in their order: 2 when the findings cannot be judged
    (:func:`cannot_judge`, a time-out); else 1 on a difference (with an unbound symbol or an
    undefined function, only one of :data:`PER_POSITION`, made on concrete inputs: a list or a
    printed result it emptied is not judged); else 2 when a run failed or a check is an error;
    else 0."""
    counted = [c for _, c in checks if c.alternative is None]
    if any(cannot_judge(c) for c in counted) or any(
            r.outcome is not None and r.outcome.status == "timeout" for r in runs):
        return 2
    partial = any(unbound(c) for c in counted)
    if any(c.verdict == "differ" and (not partial or c.name in PER_POSITION) for c in counted):
        return 1
    if not runs or any(r.outcome is not None and r.outcome.status != "ok" for r in runs):
        return 2
    return 2 if any(c.verdict == "error" for c in counted) else 0


def interpreted_exit_code(checks) -> int:
    """The exit code of a CGScript audit (``(label, Check)`` pairs), by the rules above: an error
    (a parse or evaluation error, a limit reached: the interpreter stopped, so what it left is
    partial) cannot be judged (2) and outranks a difference (1); else 0."""
    verdicts = [c.verdict for _, c in checks]
    if "error" in verdicts:
        return 2
    return 1 if "differ" in verdicts else 0
