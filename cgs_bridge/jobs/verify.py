"""The main job as a function: solve in Python, emit the CGSuite and Mathematica programs into a
run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a command is given,
and compare everything position by position (application layer; ``cgs-bridge verify`` and
``cgs_bridge.jobs.verify`` call :func:`run_verify`)."""

from __future__ import annotations

import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from cgs_bridge.foundation import progress as prog
from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.foundation.results import Result, render
from cgs_bridge.systems import engines
from cgs_bridge.systems.cgsuite.runner import CGSUITE_ENV, cgsuite_argv  # noqa: F401  (re-exported)


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
    """

    comparison: "Comparison"  # cgs_bridge.jobs.compare.Comparison
    solution: object
    run_dir: Path
    files: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    timings: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return self.comparison.agree

    @property
    def frame(self):
        """The differences (see :attr:`cgs_bridge.jobs.compare.Comparison.frame`); empty when all agree."""
        return self.comparison.frame

    @property
    def exit_code(self) -> int:
        """2 when an engine run failed or timed out, else the comparison's (0 agree, 1 differ)."""
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


def run_verify(ruleset, box, misere: bool = False, run_dir=None, mathematica_engine: str = "auto",
               mathematica=None, cgsuite=None, cgsuite_cmd=None, timeout: float = 600.0,
               claims=None, table_axes=None, fixed=None, say=_stderr, progress=None) -> VerifyResult:
    """Solve ``ruleset`` on ``box``, emit both programs into a run folder, run the engines and
    compare.

    Args:
        ruleset, box: a :class:`~cgs_bridge.model.game.Ruleset` and a :class:`solvers.Box` over its
            coordinates.
        misere: compare misère values too (CGSuite ``MisereNimValue``).
        run_dir: folder for the programs and results (see :func:`make_run_dir`).
        mathematica_engine: ``"auto"`` (wolframscript when on PATH, else Mathics3), ``"mathics"``,
            ``"wolframscript"`` or ``"none"`` (then ``mathematica``, a CSV, may be given).
        cgsuite: a saved CGSuite transcript; ``cgsuite_cmd``: the command starting the CGSuite REPL
            (default ``$CGS_BRIDGE_CGSUITE_CMD``), run with the run folder as class path.
        timeout: seconds per engine run.
        claims: published claims typed from a paper (YAML); ``table_axes``/``fixed``: see
            :func:`cgs_bridge.jobs.compare.import_cgsuite`.
        say: callable(text) for progress lines (default: stderr).
    Returns:
        a :class:`VerifyResult`; ``comparison.write(run_dir, solution)`` writes the reports. An
        engine run that fails or times out is compared on the rows it delivered (both emitted
        programs write each row as soon as it is known) and named in ``problems``.
    Raises:
        EngineError: an engine is missing or starts broken (:func:`engines.startup_failure`), a
            finished Mathematica run wrote no CSV, or CGSuite reported an error (its own output
            quoted).
        InputError: ``run_dir`` not empty, or an unreadable source.
        BoxError, ParameterError, RuleError, EvaluationError: from :func:`solvers.solve`.
    """
    from solvers import solve

    from . import generate as gen
    from .compare import compare_sources
    argv = cgsuite_argv(cgsuite_cmd)  # before any work: an unsplittable command is an input error
    engine = None  # resolved before anything is written, so a missing engine leaves no run folder
    if mathematica_engine != "none":
        engine, _ = engines.mathematica_engine(None if mathematica_engine == "auto" else mathematica_engine)
    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=misere, progress=progress, output="csv")
    timings = [("python solve", time.monotonic() - t0)]
    say(f"python: {len(sol)} valid positions of {ruleset.describe()} on {box} "
        f"in {timings[0][1]:.2f} s")
    stem = gen.file_stem(ruleset, box, misere)
    run_dir = make_run_dir(run_dir, stem)
    atomic_write_text(run_dir / "python.csv", sol.to_csv_text())
    files = gen.generate_files(ruleset, box, outdir=run_dir, misere=misere)
    say(f"emitted {', '.join(p.name for p in files)} into {run_dir}")
    problems: list = []
    checks: list = []
    if mathematica and mathematica_engine == "none":
        pass
    elif engine is not None:
        t1 = time.monotonic()
        with prog.scope(engine):
            mathematica = _run_mathematica(ruleset, box, misere, run_dir, engine, timeout, say, problems)
        timings.append((f"{engine} run", time.monotonic() - t1))
        checks = _claim_checks((run_dir / f"{engine}.log").read_text(encoding="utf-8"))
    script = run_dir / gen.cgsuite_script_name(ruleset, box, misere)
    if argv and not cgsuite:
        t1 = time.monotonic()
        with prog.scope("cgsuite"):
            cgsuite = _run_cgsuite(argv, script, run_dir, timeout, say, problems)
        timings.append(("CGSuite run", time.monotonic() - t1))
    comp = compare_sources(ruleset, sol, cgsuite, mathematica, claims, table_axes, fixed,
                           partial=[side for side, _ in problems])
    if checks:
        held = sum(c == "{}" for c in checks)
        comp.notes.append(f"the Mathematica program checked {len(checks)} claim(s) of the spec as the papers "
                          f"do: {held} printed {{}} (holds on the box)"
                          + ("" if held == len(checks) else f", {len(checks) - held} listed positions "
                             f"where it fails (see {engine}.log)"))
    if not cgsuite:
        comp.notes.append(
            "CGSuite was not run. To add it: put the folder on CGSuite's class path and run "
            f"{script.name} in a worksheet, or run `java -cp <cgsuite.jar> org.cgsuite.lang.Repl "
            f"{run_dir} < {script}` and save stdout; then `cgs-bridge verify ... --cgsuite FILE` "
            f"(or --cgsuite-cmd / ${CGSUITE_ENV}).")
    return VerifyResult(comp, sol, run_dir, files, problems, timings)


def _claim_checks(log: str) -> list:
    """The claim checks the emitted ``.wl`` printed after its table: lines that are lists."""
    return [ln.strip() for ln in log.splitlines() if ln.strip().startswith("{")]


def _failure(res, what: str) -> str | None:
    """The message of a failed or timed-out run (the engine's own last output), or None.

    Raises:
        EngineError: the engine printed more than :data:`engines.OUTPUT_LIMIT` and was stopped
        (its output is not compared, even in part).
    """
    if res.truncated:
        engines.require_success(res, what)
    try:
        engines.require_success(res, what)
    except EngineError as e:
        return str(e)
    return None


def _run_mathematica(ruleset, box, misere, run_dir, name, timeout, say, problems) -> Path:
    """Run the emitted ``.wl``; return the CSV it wrote (row by row, flushed, so a failed or
    timed-out run leaves the rows computed so far: then ``("mathematica", message)`` is appended
    to ``problems`` and the rows are compared as partial output)."""
    from . import generate as gen
    program = run_dir / gen.mathematica_program_name(ruleset, box, misere)
    say(f"running {program.name} in {name} (time limit {timeout:.0f} s) ...")
    res = engines.run_mathematica_file(program, run_dir, name, timeout=timeout)
    atomic_write_text(run_dir / f"{name}.log", res.stdout + res.stderr)
    out = run_dir / gen.mathematica_csv_name(ruleset, box, misere)
    failed = _failure(res, f"{name} on {program.name}")
    if failed:
        problems.append(("mathematica", failed))
        return out
    if not out.exists():
        raise EngineError(f"{name} finished but did not write {out.name}; output:\n{res.tail()}")
    say(f"{name}: done in {res.seconds:.1f} s")
    return out


def _run_cgsuite(argv, script, run_dir, timeout, say, problems) -> Path:
    """Feed the emitted script and ``:quit`` to the CGSuite REPL (``CMD FOLDER``); return the
    saved stdout. Input ending without ``:quit`` (EndOfFileException, exit 1) is not a failure;
    any other failure or time-out appends ``("cgsuite", message)`` to ``problems``.

    Raises:
        CGSuiteRunError: the REPL printed a Java exception (its evaluation errors go to stderr).
    """
    from cgs_bridge.systems.cgsuite.reader import EOF_EXCEPTION, check_error_transcript, java_exceptions
    say(f"running CGSuite: {shlex.join(argv)} {run_dir} < {script.name} ...")
    text = script.read_text(encoding="utf-8") + "\n:quit\n"
    res = engines.run(argv + [str(run_dir.resolve())], run_dir, timeout, None, stdin=text)
    out = run_dir / "cgsuite.out"
    atomic_write_text(out, res.stdout)
    if res.stderr.strip():
        atomic_write_text(run_dir / "cgsuite.err", res.stderr)
        check_error_transcript(res.stderr, str(run_dir / "cgsuite.err"))
    if not res.timed_out and res.returncode == 1 and java_exceptions(res.stderr) == [EOF_EXCEPTION]:
        return out  # the REPL read its whole input; it ends this way without :quit
    failed = _failure(res, "CGSuite")
    if failed:
        problems.append(("cgsuite", failed))
    return out
