"""The verdict rules of an audit, in one place (docs/audit.md, "Verdict rules").

- **agree (exit 0)** only when every run's engine ran to the end without error, the program did
  not stop the audit (``Quit``/``Exit``/``Abort``/uncaught ``Throw``), the audit's checks ran to
  their end, every valid position of the audit's box was compared, and no value or option was
  symbolic;
- **error (exit 2)** first when the program stopped the audit itself (``Quit``/``Exit``,
  ``Abort[]``, an uncaught ``Throw`` out of a statement: :func:`program_stopped`);
- **differ (exit 1)** when a check found a concrete difference (a value, an option set, a listed or
  missing position, a printed output), whatever else happened: a real bug stays a difference
  (also when the audit stopped an endless recursion, or a statement hit an engine limit);
- **error (exit 2)** otherwise, when anything kept the audit from seeing the program's whole
  computation: an engine error or time-out, a program that stopped the audit before its checks,
  an unevaluated (symbolic) value or option, a check that could not be made.
  Text that ends inside an open bracket, string or comment is refused before any run
  (:func:`incomplete`).
"""

from __future__ import annotations

from .judge import Check
from .normalize import scan

STOPPED = "the program stopped the audit before its checks"


def incomplete(text: str) -> str | None:
    """Why ``text`` (the printed program) cannot be complete, or None: it ends inside a string or
    comment, or inside an open bracket (the outermost: the statement cut off), named with its
    1-based line and column."""
    stack, start, prev, last = [], None, None, "code"
    for i, ch, state, _ in scan(text + "\n"):  # the added newline is inside what is left open
        if state != prev and state in ("string", "comment"):
            start = i
        prev = last = state
        if state == "code" and ch in "([{":
            stack.append((ch, i))
        elif state == "code" and ch in ")]}" and stack:
            stack.pop()

    def where(i):
        line = text.count("\n", 0, i) + 1
        return f"line {line}, column {i - (text.rfind(chr(10), 0, i) + 1) + 1}"
    if last in ("string", "comment") and start is not None:
        return f"the program ends inside a {last} opened at {where(start)}"
    if stack:  # the outermost open bracket: the statement that was cut off
        ch, i = stack[0]
        return f"the program ends inside `{ch}` opened at {where(i)}"
    return None


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


def exit_code(runs, checks) -> int:
    """The exit code of an audit from its runs (``outcome.status``) and its counted checks: 1 when
    a check found a difference (a concrete value, option set, position or output: a real bug
    stays a difference even when the run also failed, e.g. a position that is its own option
    sends the Grundy recursion past its limit) and the program did not stop the audit itself
    (then 2); else 2 when a run failed or a check is an error; else 0."""
    verdicts = [c.verdict for _, c in checks if c.alternative is None]
    if any(program_stopped(c) for _, c in checks):
        return 2
    if "differ" in verdicts:
        return 1
    if not runs or any(r.outcome is not None and r.outcome.status != "ok" for r in runs):
        return 2
    return 2 if "error" in verdicts else 0
