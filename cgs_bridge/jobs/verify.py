"""The main job as a function: solve in Python, emit the CGSuite and Mathematica programs into a
run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a command is given,
and compare everything position by position (application layer; ``cgs-bridge verify`` and
``cgs_bridge.jobs.verify`` call :func:`run_verify`)."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cgs_bridge.foundation import progress as prog
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.foundation.results import Result, render
from cgs_bridge.systems import registry

if TYPE_CHECKING:
    from .compare import Comparison


@dataclass
class VerifyResult(Result):
    """What one verify run produced.

    Attributes:
        comparison: the :class:`~cgs_bridge.jobs.compare.Comparison` (``.agree``, ``.frame``).
        solution: the Python :class:`solvers.Solution`.
        run_dir: the run folder (programs, ``python.csv``, engine logs).
        files: emitted program files.
        problems: ``(side, message)`` for each engine run that failed or timed out after it
            started; its rows were compared anyway (``comparison.incomplete``, verdict
            ``INCOMPLETE: ...``). ``cgs-bridge verify`` exits 2 when there is any.
        timings: ``(what, seconds)`` of the Python solve and each engine run.
        interrupted: Ctrl-C stopped an engine run: what it delivered was compared (an
            INCOMPLETE comparison, its log kept), the engines after it were not started;
            ``exit_code`` is then 130, as for any interrupted command.
    """

    comparison: Comparison
    solution: object
    run_dir: Path
    files: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    timings: list = field(default_factory=list)
    interrupted: bool = False

    @property
    def agree(self) -> bool:
        return self.comparison.agree

    @property
    def frame(self):
        """The differences (see :attr:`cgs_bridge.jobs.compare.Comparison.frame`); empty when all agree."""
        return self.comparison.frame

    @property
    def exit_code(self) -> int:
        """130 after Ctrl-C, 2 when an engine run failed or timed out, else the comparison's (0
        agree, 1 differ)."""
        if self.interrupted:
            return 130
        return 2 if self.problems else self.comparison.exit_code

    def verdict(self) -> str:
        return self.comparison.verdict()

    def plot(self, slice=None):
        """The diff figure (the ``"figure"`` renderer, :func:`cgs_bridge.presentation.plot.diff_figure`):
        where the engines differ from Python, by kind; ``slice`` (``"y=2"``) fixes coordinates as
        in ``cgs-bridge plot``."""
        return render(self, "figure", slice=slice)

    def __repr__(self) -> str:
        return f"VerifyResult(run folder {self.run_dir})\n" + repr(self.comparison)


def make_run_dir(run_dir, stem: str) -> Path:
    """The run folder: ``run_dir`` when given (refused when it exists and is not empty), else
    ``runs/<stem>-<time>`` (suffixed ``-1``, ``-2``, ... when taken).

    Raises:
        InputError: ``run_dir`` exists and is not empty, is not a folder, or cannot be created.
    """
    if run_dir:
        d = Path(run_dir)
        if d.exists() and not d.is_dir():
            raise InputError(f"--run-dir {d} exists and is not a folder; give a new or empty folder")
        try:
            if d.exists() and any(d.iterdir()):
                raise InputError(f"run folder {d} exists and is not empty; choose another --run-dir")
        except OSError as e:
            raise InputError(f"--run-dir {d}: cannot read it: {e.strerror}") from None
    else:
        d = Path("runs") / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
        k = 1
        while d.exists():
            d = d.with_name(f"{d.name}-{k}")
            k += 1
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create run folder {d}: {e.strerror}") from None
    return d


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run_verify(ruleset, box, misere: bool = False, run_dir=None, sources=None, engines=None,
               timeout: float = 600.0, claims=None, table_axes=None, fixed=None, say=_stderr,
               progress=None) -> VerifyResult:
    """Solve ``ruleset`` on ``box``, emit both programs into a run folder, run the engines and
    compare.

    Args:
        ruleset, box: a :class:`~cgs_bridge.model.game.Ruleset` and a :class:`solvers.Box` over its
            coordinates.
        misere: compare misère values too (CGSuite ``MisereNimValue``).
        run_dir: folder for the programs and results (see :func:`make_run_dir`).
        sources: ``{system name: output file}`` for any registered system
            (:data:`cgs_bridge.systems.registry.SYSTEMS`): compared instead of running it
            (``{"cgsuite": "t.out"}``).
        engines: ``{runner option: value}``, the CLI's engine options by their names
            (:attr:`cgs_bridge.systems.base.Runner.option`): ``mathematica_engine`` (``"auto"``:
            wolframscript when on PATH, else Mathics3; ``"mathics"``, ``"wolframscript"``,
            ``"none"``), ``cgsuite_cmd`` (the command starting the CGSuite REPL, default
            ``$CGS_BRIDGE_CGSUITE_CMD``).
        timeout: seconds per engine run.
        claims: published claims typed from a paper (YAML); ``table_axes``/``fixed``: reading
            options of the sources (:func:`cgs_bridge.jobs.compare.compare_sources`).
        say: callable(text) for progress lines (default: stderr).
    Returns:
        a :class:`VerifyResult`; ``comparison.write(run_dir, solution)`` writes the reports. An
        engine run that fails or times out is compared on the rows it delivered (both emitted
        programs write each row as soon as it is known) and named in ``problems``, as is a run
        that ends cleanly but printed no results (an engine error, never a disagreement).
    Raises:
        EngineError: an engine is missing or starts broken
            (:func:`cgs_bridge.systems.mathematica.runner.startup_failure`), a finished
            Mathematica run wrote no or an empty CSV, or CGSuite reported an error (its output quoted).
        InputError: ``run_dir`` not empty, or an unreadable source.
        BoxError, ParameterError, RuleError, EvaluationError: from :func:`solvers.solve`.
    """
    from . import generate as gen
    given = dict(sources or {})
    handles = _prepare(given, dict(engines or {}))
    sol, timings = _solve_timed(ruleset, box, misere, progress, say)
    plan = gen.Plan.of_solution(sol)  # the stem, the file names and the model, decided once
    run_dir = make_run_dir(run_dir, plan.stem)
    atomic_write_text(run_dir / "python.csv", sol.to_csv_text())
    placed: dict = {}
    files = gen.write_plan(plan, outdir=run_dir, placed=placed)
    say(f"emitted {', '.join(p.name for p in files)} into {run_dir}")
    problems: list = []
    stopped = _run_engines(handles, placed, run_dir, timeout, say, problems, timings, given)
    ran = [n for n, h in handles.items() if h is not None and n in given]
    comp = _compare(ruleset, sol, given, problems, ran, dict(claims=claims, table_axes=table_axes, fixed=fixed))
    if stopped and stopped not in given:  # Ctrl-C before the engine delivered a row
        from .compare import SideResult
        comp.sides.append(SideResult(stopped, "nothing delivered before Ctrl-C", 0, 0, complete=False))
    for s in registry.runners():
        comp.notes.extend(s.runner.notes(handles[s.name], placed[s.target.name], run_dir, given.get(s.name)))
        if s.runner.checks and s.name not in dict(problems):  # a cut-off run may not have reached them
            checks = s.runner.checks(handles[s.name], placed[s.target.name], run_dir)
            if checks:
                from .compare import engine_claim_checks
                engine_claim_checks(comp, s.name, checks)
    return VerifyResult(comp, sol, run_dir, files, problems, timings, interrupted=stopped is not None)


def _compare(ruleset, sol, given, problems, ran, options):
    """Compare ``given`` with ``sol``; a side from an engine run (``ran``) that ended without a
    problem yet holds no row while Python has some is an engine error, not a disagreement: it
    is added to ``problems`` ("the engine printed no results") and compared again as partial."""
    from .compare import compare_sources
    comp = compare_sources(ruleset, sol, partial=[side for side, _ in problems], sources=given, **options)
    failed = dict(problems)
    empty = [s for s in comp.sides if s.side in ran and s.side not in failed and s.rows == 0 and len(sol)]
    if not empty:
        return comp
    for s in empty:
        problems.append((s.side, f"{s.side}: the engine printed no results: its run ended without an "
                                 f"error, but {Path(s.source).name} holds no row of the table "
                                 f"({len(sol)} positions expected); its output is kept in "
                                 f"{Path(s.source).parent}"))
    return compare_sources(ruleset, sol, partial=[side for side, _ in problems], sources=given, **options)


def _run_engines(handles, placed, run_dir, timeout, say, problems, timings, given):
    """Run every system that has a runner handle, in run order; ``given[name]`` gets the path of
    what each printed. Returns None, or the name of the system whose run Ctrl-C stopped: its
    output so far is in ``given`` when it wrote any (the runner kept it and its log, as on a
    time-out) and the engines after it are not started."""
    for s in registry.runners():
        if handles[s.name] is None:
            continue
        try:
            given[s.name] = _run_one(s, handles[s.name], placed[s.target.name], run_dir, timeout, say,
                                     problems, timings)
        except KeyboardInterrupt as stop:
            if getattr(stop, "output", None) is not None:
                given[s.name] = stop.output
            if s.name not in dict(problems):
                problems.append((s.name, f"{s.name} was interrupted (Ctrl-C)"))
            say("interrupted: comparing the positions done so far")
            return s.name
    return None


def _solve_timed(ruleset, box, misere: bool, progress, say):
    """Solve with the Python solver (CSV output); say how many positions and how long.
    Returns ``(solution, [("python solve", seconds)])``."""
    from solvers import solve

    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=misere, progress=progress, output="csv")
    timings = [("python solve", time.monotonic() - t0)]
    say(f"python: {len(sol)} valid positions of {ruleset.describe()} on {box} "
        f"in {timings[0][1]:.2f} s")
    return sol, timings


def _prepare(given: dict, chosen: dict) -> dict:
    """``{system: runner handle or None}``: each runner checks its engine choice before any work
    (a missing engine leaves no run folder). Raises InputError for an unknown system or option."""
    unknown = [k for k in given if k not in registry.SYSTEMS]
    if unknown:
        raise InputError(f"unknown system {unknown[0]!r}; known: {', '.join(registry.SYSTEMS)}")
    options = [s.runner.option for s in registry.runners()]
    unknown = [k for k in chosen if k not in options]
    if unknown:
        raise InputError(f"unknown engine option {unknown[0]!r}; known: {', '.join(options)}")
    return {s.name: s.runner.prepare(chosen.get(s.runner.option), given.get(s.name))
            for s in registry.SYSTEMS.values() if s.runner}


def _run_one(system, handle, files, run_dir, timeout, say, problems, timings):
    """Run ``system`` (its runner's ``handle``) on its emitted ``files``; the time goes to
    ``timings``; returns the path of what it printed."""
    scope, label = system.runner.label(handle)
    t1 = time.monotonic()
    with prog.scope(scope):
        out = system.runner.run(handle, files, run_dir, timeout, say, problems)
    timings.append((label, time.monotonic() - t1))
    return out
