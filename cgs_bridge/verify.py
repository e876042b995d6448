"""The main job as a function: solve in Python, emit the CGSuite and Mathematica programs into a
run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a command is given,
and compare everything position by position (application layer; ``cgs-bridge verify`` and
``cgs_bridge.verify`` call :func:`run_verify`)."""

from __future__ import annotations

import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import config, engines
from . import progress as prog
from .errors import EngineError, InputError
from .io import atomic_write_text

CGSUITE_ENV = config.CGSUITE_CMD


@dataclass
class VerifyResult:
    """What one verify run produced.

    Attributes:
        comparison: the :class:`~cgs_bridge.compare.Comparison` (``.agree``, ``.frame``).
        solution: the Python :class:`solvers.Solution`.
        run_dir: the run folder (programs, ``python.csv``, engine logs).
        files: emitted program files.
        timings: ``(what, seconds)`` of the Python solve and each engine run.
    """

    comparison: "Comparison"  # cgs_bridge.compare.Comparison
    solution: object
    run_dir: Path
    files: list = field(default_factory=list)
    timings: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return self.comparison.agree

    @property
    def frame(self):
        """The differences (see :attr:`cgs_bridge.compare.Comparison.frame`); empty when all agree."""
        return self.comparison.frame

    def plot(self, slice=None):
        """The diff figure (:func:`cgs_bridge.plot.diff_figure`): where the engines differ from
        Python, by kind; ``slice`` (``"y=2"``) fixes coordinates as in ``cgs-bridge plot``."""
        from . import plot as figures
        return figures.diff_figure(self.solution, self.comparison,
                                   figures.parse_slice(slice, self.solution.box))

    def _repr_html_(self) -> str:
        """Notebook display: the verdict and per-engine table of the HTML report."""
        return self.comparison._repr_html_()

    def __repr__(self) -> str:
        return f"VerifyResult(run folder {self.run_dir})\n" + repr(self.comparison)


def make_run_dir(run_dir, stem: str) -> Path:
    """The run folder: ``run_dir`` when given (refused when it exists and is not empty), else
    ``runs/<stem>-<time>`` (suffixed ``-1``, ``-2``, ... when taken).

    Raises:
        InputError: ``run_dir`` exists and is not empty.
    """
    if run_dir:
        d = Path(run_dir)
        if d.exists() and any(d.iterdir()):
            raise InputError(f"run folder {d} exists and is not empty; choose another --run-dir")
    else:
        d = Path("runs") / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
        k = 1
        while d.exists():
            d = d.with_name(f"{d.name}-{k}")
            k += 1
    d.mkdir(parents=True, exist_ok=True)
    return d


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run_verify(ruleset, box, misere: bool = False, run_dir=None, mathematica_engine: str = "auto",
               mathematica=None, cgsuite=None, cgsuite_cmd=None, timeout: float = 600.0,
               claims=None, table_axes=None, fixed=None, say=_stderr, progress=None) -> VerifyResult:
    """Solve ``ruleset`` on ``box``, emit both programs into a run folder, run the engines and
    compare.

    Args:
        ruleset, box: a :class:`~cgs_bridge.game.Ruleset` and a :class:`solvers.Box` over its
            coordinates.
        misere: compare misère values too (CGSuite ``MisereNimValue``).
        run_dir: folder for the programs and results (see :func:`make_run_dir`).
        mathematica_engine: ``"auto"`` (wolframscript when on PATH, else Mathics3), ``"mathics"``,
            ``"wolframscript"`` or ``"none"`` (then ``mathematica``, a CSV, may be given).
        cgsuite: a saved CGSuite transcript; ``cgsuite_cmd``: the command starting the CGSuite REPL
            (default ``$CGS_BRIDGE_CGSUITE_CMD``), run with the run folder as class path.
        timeout: seconds per engine run.
        claims: published claims typed from a paper (YAML); ``table_axes``/``fixed``: see
            :func:`cgs_bridge.compare.import_cgsuite`.
        say: callable(text) for progress lines (default: stderr).
    Returns:
        a :class:`VerifyResult`; ``comparison.write(run_dir, solution)`` writes the reports.
    Raises:
        EngineError: an engine is missing, fails or times out (its own output quoted).
        InputError: ``run_dir`` not empty, or an unreadable source.
        BoxError, ParameterError, RuleError, EvaluationError: from :func:`solvers.solve`.
    """
    from solvers import solve
    from . import generate as gen
    from .compare import compare_sources
    engine = None  # resolved before anything is written, so a missing engine leaves no run folder
    if mathematica_engine != "none":
        engine, _ = engines.mathematica_engine(None if mathematica_engine == "auto" else mathematica_engine)
    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=misere, progress=progress)
    timings = [("python solve", time.monotonic() - t0)]
    say(f"python: {len(sol)} valid positions of {ruleset.describe()} on {box} "
        f"in {timings[0][1]:.2f} s")
    stem = gen.file_stem(ruleset, box, misere)
    run_dir = make_run_dir(run_dir, stem)
    atomic_write_text(run_dir / "python.csv", sol.to_csv_text())
    files = gen.generate_files(ruleset, box, outdir=run_dir, misere=misere)
    say(f"emitted {', '.join(p.name for p in files)} into {run_dir}")
    if mathematica and mathematica_engine == "none":
        pass
    elif engine is not None:
        mathematica = _run_mathematica(ruleset, box, misere, run_dir, engine, timeout, say, timings)
    cmd = cgsuite_cmd or config.get(CGSUITE_ENV)
    script = run_dir / gen.cgsuite_script_name(ruleset, box, misere)
    if cmd and not cgsuite:
        say(f"running CGSuite: {cmd} {run_dir} < {script.name} ...")
        text = script.read_text(encoding="utf-8") + "\n:quit\n"
        with prog.scope("cgsuite"):
            res = engines.run(shlex.split(cmd) + [str(run_dir.resolve())], run_dir, timeout, None, stdin=text)
        timings.append(("CGSuite run", res.seconds))
        cgsuite = run_dir / "cgsuite.out"
        atomic_write_text(cgsuite, res.stdout)
        engines.require_success(res, "CGSuite")
    comp = compare_sources(ruleset, sol, cgsuite, mathematica, claims, table_axes, fixed)
    if not cgsuite:
        comp.notes.append(
            "CGSuite was not run. To add it: put the folder on CGSuite's class path and run "
            f"{script.name} in a worksheet, or run `java -cp <cgsuite.jar> org.cgsuite.lang.Repl "
            f"{run_dir} < {script}` and save stdout; then `cgs-bridge verify ... --cgsuite FILE` "
            f"(or --cgsuite-cmd / ${CGSUITE_ENV}).")
    return VerifyResult(comp, sol, run_dir, files, timings)


def _run_mathematica(ruleset, box, misere, run_dir, name, timeout, say, timings) -> Path:
    from . import generate as gen
    program = run_dir / gen.mathematica_program_name(ruleset, box, misere)
    say(f"running {program.name} in {name} (time limit {timeout:.0f} s) ...")
    with prog.scope(name):
        res = engines.run_mathematica_file(program, run_dir, name, timeout=timeout)
    timings.append((f"{name} run", res.seconds))
    atomic_write_text(run_dir / f"{name}.log", res.stdout + res.stderr)
    engines.require_success(res, f"{name} on {program.name}")
    out = run_dir / gen.mathematica_csv_name(ruleset, box, misere)
    if not out.exists():
        raise EngineError(f"{name} finished but did not write {out.name}; output:\n{res.tail()}")
    say(f"{name}: done in {res.seconds:.1f} s")
    return out
