"""The audit as a whole: normalise, screen, run (once as printed and/or once per ``--scale``),
judge every run, and decide the exit code.

:func:`audit_program` is the entry point used by ``cgs-bridge audit`` and the tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import progress
from ..errors import InputError
from .extract import Symbols, detect_symbols
from .judge import (Check, judge_engine, judge_moves, judge_outputs, judge_positions,
                    judge_unevaluated, judge_values)
from .normalize import Normalized, normalize, replace_assignment, strip_comments, substitute
from .runner import RunOutcome, refuse_unsafe, run_program, statically_missing, unsafe_calls


@dataclass
class RunReport:
    """One run: its ``label`` (``as printed`` or ``ss=40``), the program that ran, its engine
    outcome and its checks."""

    label: str
    scale: dict
    program: Normalized
    outcome: RunOutcome | None
    checks: list = field(default_factory=list)


@dataclass
class AuditReport:
    """Everything an audit found: inputs, normalisation, safety, symbols, runs; ``exit_code`` is 0
    (agree everywhere), 1 (a difference) or 2 (an engine error or time-out in some run)."""

    program_path: str
    game: str
    printed: str
    normalized: Normalized
    symbols: Symbols
    safety: Check
    normalization: Check
    runs: list = field(default_factory=list)

    @property
    def checks(self) -> list:
        """All checks, run checks prefixed with their run label."""
        out = [("", self.normalization), ("", self.safety)]
        for r in self.runs:
            out += [(r.label, c) for c in r.checks]
        return out

    def _repr_html_(self) -> str:
        """Notebook display: the verdict and the per-run table of the HTML report."""
        from ..report_html import audit_page, render_summary
        return render_summary(audit_page(self))

    @property
    def exit_code(self) -> int:
        """2 when a run failed or a check could not be made (nothing compared is never
        agreement), else 1 on a difference, else 0."""
        verdicts = [c.verdict for _, c in self.checks if c.alternative is None]
        if any(r.outcome is not None and r.outcome.status != "ok" for r in self.runs):
            return 2
        if "error" in verdicts or not self.runs:
            return 2
        return 1 if "differ" in verdicts else 0


def _assigned(norm: Normalized, name: str) -> bool:
    pattern = re.compile(r"(?<![\w`$])" + re.escape(name) + r"\s*(\[[^\]]*\]\s*)?:?=(?!=)")
    return any(pattern.search(strip_comments(st.text)) for st in norm.statements)


def require_checkable(norm: Normalized, symbols: Symbols) -> None:
    """Refuse a program the audit could check nothing of: no statements, or no definition of the
    Grundy function or of the position list (by their detected, default or given names).

    Raises:
        InputError: naming what is missing and the option that names it.
    """
    if not norm.statements:
        raise InputError("the program is empty (no statements after normalisation): there is "
                         "nothing to audit")
    missing = [f"no {what} {name!r} is defined ({opt} names it)"
               for what, name, opt in (("Grundy function", symbols.grundy, "--grundy"),
                                       ("position list", symbols.positions, "--positions"))
               if not _assigned(norm, name)]
    if missing:
        raise InputError("the program cannot be audited: " + "; ".join(missing))


def syntax_check(outcome) -> Check:
    """An engine ``Syntax::`` message means part of the program was not run as printed."""
    lines = [ln for ln in outcome.extracted.other if re.match(r"\s*Syntax::", ln)]
    if lines:
        return Check("syntax", "error", "the engine could not parse part of the program: "
                     + " | ".join(lines[:3]))
    return Check("syntax", "agree", "the engine parsed every statement")


def parse_scale(items) -> list:
    """``--scale`` values (``"ss=40"`` or ``"ss=6,k=5"``) as a list of dicts name -> int text.

    Raises:
        InputError: malformed item.
    """
    out = []
    for item in items or []:
        d = {}
        for part in str(item).split(","):
            name, eq, value = part.partition("=")
            name, value = name.strip(), value.strip()
            if not eq or not name.isidentifier() or not value.lstrip("-").isdigit():
                raise InputError(f"--scale expects NAME=INTEGER[,NAME=INTEGER...], got {item!r}")
            d[name] = value
        out.append(d)
    return out


def parse_subst(items) -> list:
    """``--subst OLD=>NEW`` values as ``(old, new)`` pairs. Raises InputError when malformed."""
    out = []
    for item in items or []:
        old, sep, new = str(item).partition("=>")
        if not sep or not old:
            raise InputError(f"--subst expects OLD=>NEW (exact text of the normalised program), got {item!r}")
        out.append((old, new))
    return out


def audit_program(text: str, ruleset, program_path: str = "<program>", scales=(), substs=(),
                  as_printed: bool | None = None, expect: list | None = None, engine: str | None = None,
                  timeout: float = 600.0, memory: int | None = None, allow_unsafe: bool = False,
                  use_prelude: bool = True, grundy: str | None = None, positions: str | None = None,
                  moves: str | None = None, check_moves: bool = True,
                  alternatives=(), sandboxed: bool = True) -> AuditReport:
    """Audit the printed program ``text`` against ``ruleset`` (a bound spec).

    Args:
        scales: dicts name -> value; one run each, with the top-level ``name = <int>`` replaced.
        substs: ``(old, new)`` exact-text edits applied to every run (sizes written as literals).
        as_printed: also run without scaling (default: only when ``scales`` is empty).
        expect: entries from :func:`cgs_bridge.audit.judge.load_expect`.
        alternatives: other bound specs (another reading of an ambiguous text); each run is also
            judged against them (positions, values, moves), shown but not counted in the exit code.
        sandboxed: run in the OS sandbox (:mod:`cgs_bridge.sandbox`); False only on request
            (``--no-sandbox``).
    Returns:
        an :class:`AuditReport` (see ``exit_code``).
    Raises:
        InputError: unsafe builtins (without ``allow_unsafe``), a ``--scale`` symbol the program
            does not assign, a ``--subst`` text not found exactly once.
        EngineError: the engine is missing.
    """
    from ..engines import DEFAULT_MEMORY
    norm = normalize(text)
    for old, new in substs:
        try:
            norm = substitute(norm, old, new)
        except ValueError as e:
            raise InputError(str(e)) from None
    uses = unsafe_calls(norm)
    if uses and not allow_unsafe:
        refuse_unsafe(norm)
    safety = Check("safety", "agree" if not uses else "info",
                   "no shell, network, file or code-loading builtins" if not uses else
                   "unsafe builtins allowed by --allow-unsafe: "
                   + ", ".join(f"{u.name} (line {u.line})" for u in uses))
    kinds: dict = {}
    for c in norm.changes:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    normalization = Check("normalization", "info", (", ".join(f"{k}: {v}" for k, v in kinds.items())
                                                    or "no changes") + f"; {len(norm.statements)} statements")
    symbols = detect_symbols(norm, grundy, positions, moves)
    require_checkable(norm, symbols)
    report = AuditReport(program_path, ruleset.describe(), text, norm, symbols, safety, normalization)
    plans = []
    if as_printed or (as_printed is None and not scales):
        plans.append(("as printed" if not substs else "with --subst", {}, norm))
    for sc in scales:
        prog = norm
        for name, value in sc.items():
            try:
                prog = replace_assignment(prog, name, value)
            except ValueError as e:
                raise InputError(f"--scale {name}={value}: {e}") from None
        plans.append((",".join(f"{k}={v}" for k, v in sc.items()), sc, prog))
    for label, sc, prog in plans:
        with progress.scope(f"audit run {label}"):
            outcome = run_program(prog, symbols, engine=engine, timeout=timeout,
                                  memory=memory if memory is not None else DEFAULT_MEMORY,
                                  use_prelude=use_prelude, allow_unsafe=True, moves=check_moves,
                                  sandboxed=sandboxed)
        run = RunReport(label, sc, prog, outcome)
        data = outcome.extracted.data
        run.checks.append(judge_engine(outcome))
        run.checks.append(syntax_check(outcome))
        missing = statically_missing(prog, outcome.engine)
        run.checks.append(judge_unevaluated(data, missing, outcome.prelude, outcome.engine,
                                            outcome.extracted.outputs))
        pos_check, pos, sol = judge_positions(ruleset, data)
        run.checks.append(pos_check)
        run.checks.append(judge_values(pos, sol, data))
        run.checks.append(judge_moves(ruleset, pos, sol, data, symbols.moves if check_moves else None))
        run.checks.append(judge_outputs(expect, outcome.extracted.outputs, prog.statements,
                                        bool(sc) or bool(substs)))
        for alt in alternatives:
            a_pos, a_p, a_sol = judge_positions(alt, data)
            alt_checks = [a_pos, judge_values(a_p, a_sol, data),
                          judge_moves(alt, a_p, a_sol, data, symbols.moves if check_moves else None)]
            for c in alt_checks:
                c.alternative = alt.describe()
                c.name = f"{c.name} [{alt.describe()}]"
            run.checks += alt_checks
        report.runs.append(run)
    return report
