"""The audit as a whole: normalise, screen, run (once as printed and/or once per ``--scale``),
judge every run, and decide the exit code.

:func:`audit_program` is the entry point used by ``cgs-bridge audit`` and the tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cgs_bridge.foundation import progress
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.systems.auditing.declared import judge_declared
from cgs_bridge.systems.auditing.judge import (
    Check,
    judge_engine,
    judge_outputs,
    judge_unevaluated,
    solve_box,
    valid_positions,
)
from cgs_bridge.systems.auditing.printed import judge_printed
from cgs_bridge.systems.auditing.report import ProgramAudit
from cgs_bridge.systems.auditing.values import parse_wl
from cgs_bridge.systems.auditing.verdict import completion, exit_code
from cgs_bridge.systems.mathematica.normalize import CHARACTERS, Normalized, normalize, strip_comments, substitute
from cgs_bridge.systems.mathematica.sizes import apply_scale, audit_box
from cgs_bridge.systems.mathematica.wlread import load_parser
from cgs_bridge.systems.mathematica.wlscan import incomplete

from .extract import Symbols, detect_symbols
from .groups import judge_group
from .hints import candidates, engine_limit, limits_text
from .runner import RunOutcome, refuse_unsafe, run_program, statically_missing, unsafe_calls
from .targets import parse_targets


@dataclass
class RunReport:
    """One run: its ``label`` (``as printed`` or ``ss=40``), the program that ran, its engine
    outcome and its checks."""

    label: str
    scale: dict
    program: Normalized
    outcome: RunOutcome | None
    checks: list = field(default_factory=list)
    #: where the audit's box of this run comes from (``--bound``, ``--scale``, the program's size)
    box_how: str = ""


@dataclass
class AuditReport(ProgramAudit):
    """Everything an audit found: inputs, normalisation, safety, symbols, runs; ``exit_code`` is 0
    (agree everywhere), 1 (a difference) or 2 (an engine error or time-out in some run). A
    :class:`~cgs_bridge.systems.auditing.report.ProgramAudit`: text and HTML by the presentation
    layer."""

    language = "mathematica"

    program_path: str
    game: str
    printed: str
    normalized: Normalized
    symbols: Symbols
    safety: Check
    normalization: Check
    runs: list = field(default_factory=list)

    def programs(self) -> list:
        return [("program as printed", self.printed), ("normalised program", self.normalized.text)]

    @property
    def checks(self) -> list:
        """All checks, run checks prefixed with their run label."""
        out = [("", self.normalization), ("", self.safety)]
        for r in self.runs:
            out += [(r.label, c) for c in r.checks]
        return out

    def verdict(self) -> str:
        """The result line of the report (:data:`cgs_bridge.systems.auditing.report.RESULT`)."""
        from cgs_bridge.systems.auditing.report import RESULT
        return RESULT[self.exit_code]

    @property
    def frame(self):
        """Every difference row: columns run, check, position, program, spec, detail (text)."""
        from cgs_bridge.systems.auditing.report import to_frame
        return to_frame(self)

    @property
    def exit_code(self) -> int:
        """The verdict rules (:func:`cgs_bridge.systems.auditing.verdict.exit_code`): 2 when a run failed,
        the program stopped the audit, something stayed symbolic or a check could not be made;
        else 1 on a difference; else 0."""
        return exit_code(self.runs, self.checks)


def _assigned(norm: Normalized, name: str) -> bool:
    """Does the program define ``name`` anywhere (``f[x_] /; c := ...``, inside a ``Module``, a
    ``Part`` assignment)? Read by Mathics3's parser; a statement it refuses by a pattern."""
    from cgs_bridge.systems.mathematica import wlread
    pattern = re.compile(r"(?<![\w`$])" + re.escape(name) + r"\s*(\[[^\]]*\]\s*)?:?=(?!=)")
    for st in norm.statements:
        node = wlread.parse_one(st.text)
        if name in (wlread.definitions(node) if node is not None else set()) or (
                node is None and pattern.search(strip_comments(st.text))):
            return True
    return False


def require_checkable(norm: Normalized, symbols: Symbols) -> None:
    """Refuse a program the audit could check nothing of: no statements, or nothing that could
    compute Grundy values (no delayed definition ``:=`` and no indexed assignment anywhere; a
    program whose printed results the user names with ``--printed`` may only print), or a
    ``--grundy``/``--positions`` name it never assigns. Other programs run: their symbols are
    found by evidence (:func:`cgs_bridge.systems.mathematica.launcher_choose._choose`).

    Raises:
        InputError: naming what is missing and the option that names it.
    """
    if not norm.statements:
        raise InputError("the program is empty (no statements after normalisation): there is "
                         "nothing to audit")
    code = "\n".join(strip_comments(st.text) for st in norm.statements)
    computes = (":=" in code or re.search(r"\]\s*=(?![=!])", code)
                or re.search(r"(&|Function\[)", code))  # a pure function assigned or mapped
    given = [f"the {what} {name!r} given by {opt} is not defined in the program"
             for what, name, opt, role in (("Grundy function", symbols.grundy, "--grundy", "grundy"),
                                           ("position list", symbols.positions, "--positions", "positions"))
             if symbols.how.get(role) == "given" and not _assigned(norm, name)]
    if given or not (computes or symbols.printed):
        why = given or ["it defines no function (f[x_] := ...), sets no indexed value (a[n] = ..., "
                        "t[[i]] = ...) and assigns no pure function (... &)"]
        raise InputError("the program cannot be audited: " + "; ".join(why) + candidates(norm))


def syntax_check(outcome) -> Check:
    """An engine ``Syntax::`` message means part of the program was not run as printed."""
    lines = [ln for ln in outcome.extracted.other if re.match(r"\s*Syntax::", ln)]
    if lines:
        return Check("syntax", "error", "the engine could not parse part of the program: "
                     + " | ".join(lines[:3]))
    return Check("syntax", "agree", "the engine parsed every statement")


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
                  alternatives=(), sandboxed: bool = True, bound: str | None = None,
                  printed: str | None = None, limits: dict | None = None) -> AuditReport:
    """Audit the printed program ``text`` against ``ruleset`` (a bound spec).

    Args:
        scales: dicts name -> value; one run each, with the top-level ``name = <int>`` replaced.
        substs: ``(old, new)`` exact-text edits applied to every run (sizes written as literals).
        as_printed: also run without scaling (default: only when ``scales`` is empty).
        expect: entries from :func:`cgs_bridge.systems.auditing.judge.load_expect`.
        alternatives: other bound specs (another reading of an ambiguous text); each run is also
            judged against them (positions, values, moves), shown but not counted in the exit code.
        sandboxed: run in the OS sandbox (:mod:`cgs_bridge.systems.sandbox`); False only on request
            (``--no-sandbox``).
        bound: ``--bound`` text; the audit's box (else from the run's size, :mod:`.sizes`).
        grundy, positions, moves: a name or a call (``"gr[#, k]"``, ``"opts[##]"``,
            ``"cases[5, 1]"``; :mod:`.targets`); None: found by evidence.
        printed: what the program prints (``grundy``, ``p-positions``:
            :mod:`cgs_bridge.systems.auditing.declared`), judged on the box; None: printed results
            are identified by the program's own values (:mod:`cgs_bridge.systems.auditing.printed`).
        limits: the engine's limits for every run, ``{"iteration_limit": N, "recursion_limit":
            M}`` (``--iteration-limit``, ``--recursion-limit``; None: the engine's and the
            prelude's), set after the prelude and before the program.
    Returns:
        an :class:`AuditReport` (see ``exit_code``).
    Raises:
        InputError: unsafe builtins (without ``allow_unsafe``), a ``--grundy``/``--moves``/
            ``--positions`` text that is not a name or a call, a ``--scale`` symbol the program
            does not assign, a ``--subst`` text not found exactly once, a program that ends
            inside an open bracket, string or comment ("incomplete: ..."), a limit out of its
            bounds (:func:`.hints.limits_text`), all before any run.
        EngineError: the engine is missing.
    """
    from cgs_bridge.systems.auditing.reading import ReadingBudget
    from cgs_bridge.systems.engines import DEFAULT_MEMORY
    memory = memory if memory is not None else DEFAULT_MEMORY
    limits_text(limits)  # bounds checked before any run
    load_parser()  # the parser's own import is outside the reading's --memory
    reading = ReadingBudget(timeout, memory, len(text))  # the reading in this process (issue 46)
    with reading.step("normalising it and reading its statements"):
        norm, safety, normalization = _normalized(text, substs, allow_unsafe)
        targets = parse_targets(grundy, positions, moves)
        symbols = detect_symbols(norm, *(targets[r].head if targets[r] else None
                                         for r in ("grundy", "positions", "moves")))
        symbols.calls = {r: t for r, t in targets.items() if t is not None and t.is_call}
        symbols.printed = printed
        require_checkable(norm, symbols)
        plans = _run_plans(norm, scales, substs, as_printed)
    report = AuditReport(program_path, ruleset.describe(), text, norm, symbols, safety, normalization)
    for label, sc, prog in plans:
        report.runs.append(_audit_run(label, sc, prog, ruleset, symbols, bound, alternatives, expect,
                                      scaled=bool(sc) or bool(substs), engine=engine,
                                      timeout=timeout, memory=memory, reading=reading,
                                      use_prelude=use_prelude, check_moves=check_moves,
                                      sandboxed=sandboxed, engine_limits=limits))
    return report


def _normalized(text: str, substs, allow_unsafe: bool) -> tuple:
    """Check the text is complete, normalise it, apply ``substs`` and refuse unsafe builtins
    (unless ``allow_unsafe``). Returns ``(normalized program, safety check, normalization check)``."""
    plain = text
    for _, ch, rep in CHARACTERS:
        plain = plain.replace(ch, rep)
    why = incomplete(plain)
    if why:
        raise InputError(f"incomplete: {why}; the text was cut off (copy the whole program)")
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
    return norm, safety, normalization


def _run_plans(norm, scales, substs, as_printed) -> list:
    """The runs to make, as ``(label, scale dict, program)``: as printed (or with ``--subst``) when
    asked or when there are no scales, then one per scale with its assignments replaced."""
    plans = []
    if as_printed or (as_printed is None and not scales):
        plans.append(("as printed" if not substs else "with --subst", {}, norm))
    for sc in scales:
        prog = norm
        for name, value in sc.items():
            try:
                prog = apply_scale(prog, name, value)
            except ValueError as e:
                raise InputError(f"--scale {name}={value}: {e}") from None
        plans.append((",".join(f"{k}={v}" if not k.endswith("[]") else f"{k[:-2]}[{v}]"
                               for k, v in sc.items()), sc, prog))
    return plans


def _audit_run(label, sc, prog, ruleset, symbols, bound, alternatives, expect, scaled, check_moves,
               **run_kw) -> RunReport:
    """One run: the audit's box and the spec's solutions on it, the engine run, every check."""
    with run_kw["reading"].step("finding its size"):
        box, how = audit_box(ruleset, prog, sc, bound)
    sols = []
    for r in [ruleset, *alternatives]:
        sol, err = solve_box(r, box) if box is not None else (None, None)
        if err is not None:
            raise InputError(err.summary)
        sols.append(sol)
    checked = sorted({p for sol in sols if sol is not None for p in valid_positions(sol)})
    with progress.scope(f"audit run {label}"):
        outcome = run_program(prog, symbols, box=checked, allow_unsafe=True, moves=check_moves,
                              coords=ruleset.n, **run_kw)
    run = RunReport(label, sc, prog, outcome, box_how=how)
    ex = outcome.extracted
    data = ex.data
    chosen = _chosen(data, symbols)
    grundy = chosen["grundy"][0]
    moves = chosen["moves"][0] if check_moves else None
    run.checks.append(judge_engine(outcome))
    done = completion(ex)
    limit = engine_limit(outcome, how, prog, run_kw.get("engine_limits"))
    if limit is not None and done.verdict == "error" and "$Aborted" in done.summary:
        n = sorted(ex.status)[0] if ex.status else "?"
        done = Check("completion", "error", f"statement {n} was stopped by the engine's limit (see "
                     "engine-limit), not by the program; the program's other statements and the "
                     "audit's checks ran after it")
    run.checks.append(done)
    run.checks.append(syntax_check(outcome))
    if limit is not None:
        run.checks.append(limit)
    with run_kw["reading"].step("finding the builtins it calls"):
        missing, origins = statically_missing(prog, outcome.engine), symbol_origins(prog)
    run.checks.append(judge_unevaluated(data, missing, outcome.prelude, outcome.engine, ex.outputs,
                                        origins))
    for r, sol in zip([ruleset, *alternatives], sols):
        group = judge_group(r, sol, how, data, chosen, checked, grundy, moves, check_moves,
                             candidates(prog), symbols.printed)
        if sol is not None and symbols.printed:
            group.append(judge_declared([(f"printed line {i}", t) for i, t in enumerate(ex.other, 1)]
                                        + [(f"the value of statement {k}", ex.outputs[k]) for k in sorted(ex.outputs)],
                                        sol, symbols.printed, r.n))
        elif sol is not None:
            values = parse_wl(data["values"]) if data.get("values") and grundy else None
            group.append(judge_printed(ex.other + [ex.outputs[k] for k in sorted(ex.outputs)], sol,
                                       checked, values if isinstance(values, list) else None, r.n))
        if r is not ruleset:
            for c in group:
                c.alternative = r.describe()
                c.name = f"{c.name} [{r.describe()}]"
            run.checks += group
        else:
            run.checks += group
            run.checks.append(judge_outputs(expect, ex.outputs, prog.statements, scaled))
    return run


def _chosen(data: dict, symbols: Symbols) -> dict:
    """The symbols the run judged (the launcher's ``symbols`` line: role -> (name, how)); without
    it (a run stopped before the checks, wolframscript) the names from the text."""
    import json
    try:
        chosen = json.loads(data["symbols"])
        out = {role: tuple(chosen[role]) for role in ("grundy", "moves", "positions")}
        for role in ("ppositions", "win"):
            if chosen.get(role):
                out[role] = tuple(chosen[role])
    except (KeyError, ValueError, TypeError, IndexError):
        return {role: (getattr(symbols, role), symbols.how.get(role, "default"))
                for role in ("grundy", "moves", "positions")}
    for role, (name, how, *_) in out.items():  # the report's symbol line shows the first run's
        if not symbols.how.get(f"{role}-run"):
            symbols.how[f"{role}-run"] = f"{name} ({how})" if name else how
    return out


def symbol_origins(norm: Normalized) -> dict:
    """For each symbol the program assigns: where (``assigned at line L``, ``local to a Block/
    Module/With at line L``), for the unevaluated check's messages."""
    out: dict = {}
    for st in norm.statements:
        code = strip_comments(st.text)
        for m in re.finditer(r"\b(Block|Module|With)\[\s*\{([^{}]*)\}", code):
            for name in re.findall(r"[A-Za-z$][\w$]*", m.group(2).split("=")[0] if "=" not in m.group(2)
                                   else ",".join(v.split("=")[0] for v in m.group(2).split(","))):
                out.setdefault(name, f"local to a {m.group(1)} in the statement at line {st.line}: "
                                     "not bound when the function is called after the program")
        for m in re.finditer(r"(?<![\w$`])([A-Za-z$][\w$]*)\s*:?=(?![=!])", code):
            out.setdefault(m.group(1), f"assigned in the statement at line {st.line}")
    return out
