"""Running Walnut on a proof problem and reading its verdicts: ``decide_problem``.

Walnut is found through ``--walnut-home`` (``walnut_home=``), else ``$CGS_BRIDGE_WALNUT_HOME``, else
``../shared/engines/walnut`` beside the working folder (a clone of the project with ``../shared``
beside it, as the README's commands run) when ``java`` is on PATH: a folder holding
``bin/walnut-run``. One problem is one
run of ``bin/walnut-run -w PRIVATE_DIR SCRIPT`` (:func:`cgs_bridge.systems.engines.run`, with the
time limit and the JVM heap ``-Xmx`` as the memory limit), in a private folder whose
``Automata Library/`` holds the project's xor automaton.

The engine-error rules (as for CGSuite; Walnut exits 0 even when a command failed, README of
``../shared/engines/walnut``): any line on stderr, an exit status other than 0, a time-out, output
beyond the limit, fewer ``TRUE``/``FALSE`` results than ``eval`` sentences, a FALSE sentence
without its counterexample automaton, or an automaton contradicting its sentence raise
:class:`~cgs_bridge.foundation.errors.EngineError` quoting the first error: a run with any error
never yields a Decision, so never PROVED.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from cgs_bridge.foundation import config
from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.foundation.io import atomic_write_text
from solvers.logic.formula import Decision, Problem

from . import automata
from .printer import XOR_NAME, print_problem
from .settings import WALNUT_HOME

HOME_ENV = WALNUT_HOME
RUN = Path("bin") / "walnut-run"
_RESULT = re.compile(r"^(TRUE|FALSE)\s*$", re.M)
_STATES = re.compile(r"computed ~:(\d+) states")


#: Where Walnut is looked for when neither ``--walnut-home`` nor the variable names it: the
#: shared engines beside a clone of the project (relative to the working folder).
BESIDE = Path("..") / "shared" / "engines" / "walnut"


def find_home(walnut_home=None) -> Path | None:
    """The Walnut folder named by ``walnut_home`` or ``$CGS_BRIDGE_WALNUT_HOME``, else
    :data:`BESIDE` when it holds ``bin/walnut-run`` and ``java`` is on PATH, else None.

    Raises:
        EngineError: the folder named has no executable ``bin/walnut-run``.
    """
    given = walnut_home or config.get(HOME_ENV)
    if not given:
        import shutil
        beside = BESIDE.resolve()
        return beside if (beside / RUN).is_file() and shutil.which("java") else None
    home = Path(given).expanduser().resolve()
    where = "--walnut-home" if walnut_home else f"${HOME_ENV}"
    run = home / RUN
    if not run.is_file():
        raise EngineError(f"{where} {given}: no {RUN} there (a Walnut 6 folder as in "
                          "../shared/engines/walnut: bin/walnut-run, lib/walnut.jar)")
    return home


#: What to say when ``java`` is missing (issue 48.8).
JAVA_MISSING = ("Java is missing: Walnut runs on a Java 17 runtime, and no `java` is on PATH (on Debian or "
                "Ubuntu: apt-get install openjdk-17-jre-headless; elsewhere any Java 17 or later, e.g. "
                "https://adoptium.net). The embedded prover needs no Java: --prover embedded")


def require_java() -> None:
    """Raise when no ``java`` is on PATH (before Walnut's script would fail with ``java: not
    found``).

    Raises:
        EngineError: :data:`JAVA_MISSING`.
    """
    import shutil
    if not shutil.which("java"):
        raise EngineError(JAVA_MISSING)


def version(home: Path) -> str:
    """``Walnut 6 (commit abcdef1)`` from the folder's ``source/SOURCE_COMMIT`` when present."""
    commit = home / "source" / "SOURCE_COMMIT"
    try:
        return f"Walnut 6 (commit {commit.read_text(encoding='utf-8').strip()[:12]})"
    except OSError:
        return "Walnut 6"


def decide_problem(problem: Problem, *, timeout: float | None = None, memory: int | None = None,
                   walnut_home=None, workdir=None, notes=(), plan=None) -> list:
    """Decide every obligation of ``problem`` with Walnut: one
    :class:`~solvers.logic.formula.Decision` per obligation, in order.

    Args:
        timeout: seconds for the whole run (default :data:`engines.DEFAULT_TIMEOUT`).
        memory: bytes of JVM heap (``-Xmx``; default: Java's own).
        workdir: the run folder (kept: the script ``walnut.txt``, Walnut's output ``walnut.out``
            and the automata it saved); default a private temporary folder, removed.
        notes: lines printed as notes at the top of the script.
        plan: the script of ``problem`` with ``notes``, printed already
            (:func:`~cgs_bridge.systems.walnut.printer.print_problem`); default printed here.
    Raises:
        EngineError: Walnut not found, or the run broke one of the engine-error rules (module).
    """
    home = find_home(walnut_home)
    if home is None and (BESIDE.resolve() / RUN).is_file():
        require_java()   # the folder beside is there: what is missing is Java
    if home is None:
        raise EngineError(f"Walnut not found: give --walnut-home DIR or set ${HOME_ENV} "
                          "(a folder with bin/walnut-run, e.g. ../shared/engines/walnut); or use the "
                          "embedded prover, which needs neither Walnut nor Java: --prover embedded")
    require_java()
    plan = plan or print_problem(problem, notes)
    if workdir is not None:
        return _decide(home, plan, Path(workdir), timeout, memory)
    with tempfile.TemporaryDirectory(prefix="cgs-walnut-") as tmp:
        return _decide(home, plan, Path(tmp), timeout, memory)


def _decide(home: Path, plan, work: Path, timeout, memory) -> list:
    from cgs_bridge.systems import engines
    work.mkdir(parents=True, exist_ok=True)
    atomic_write_text(work / "Automata Library" / f"{XOR_NAME}.txt", automata.xor_automaton(),
                      overwrite=True, make_parent=True)
    for name, text in plan.automata.items():     # the automata of accepts "FILE"(...) claims
        atomic_write_text(work / "Automata Library" / f"{name}.txt", text, overwrite=True)
    script = atomic_write_text(work / "walnut.txt", plan.text, overwrite=True)
    env = {"WALNUT_JAVA_OPTS": f"-Xmx{max(memory >> 20, 64)}m"} if memory else {}
    res = engines.run([str(home / RUN), "-w", str(work), str(script)], work,
                      timeout or engines.DEFAULT_TIMEOUT, None, env=env)
    atomic_write_text(work / "walnut.out", res.stdout, overwrite=True)
    if res.stderr.strip():
        atomic_write_text(work / "walnut.err", res.stderr, overwrite=True)
    results = check_run(res, len(plan.evals))
    states = max((int(n) for n in _STATES.findall(res.stdout)), default=0)
    out = []
    for (name, _, cex, inputs, free), holds in zip(plan.evals, results):
        # no counterexample automaton: the body does not depend on the free variables, so when
        # it fails it fails everywhere, first at all zeros
        found = (_witness(work, cex, inputs, free, plan.numeration) if cex else
                 None if holds or not free else tuple(0 for _ in free))
        if cex and (found is None) != holds:
            raise EngineError(f"Walnut: sentence {name} is {'TRUE' if holds else 'FALSE'} but its "
                              f"counterexample automaton {cex} is "
                              f"{'not empty' if found is not None else 'empty'}; no verdict")
        out.append(Decision(name, holds, found, states, res.seconds, res.stdout))
    return out


def check_run(res, expected: int) -> list:
    """The ``TRUE``/``FALSE`` results of a finished run, in order (``expected`` of them).

    Raises:
        EngineError: the engine-error rules of the module, quoting the first error line.
    """
    from cgs_bridge.systems import engines
    errors = [ln for ln in res.stderr.splitlines() if ln.strip()]
    if errors:
        raise EngineError(f"Walnut reported an error (no verdict from this run): {errors[0].strip()}"
                          + (f"\n  | {errors[1].strip()}" if len(errors) > 1 else ""))
    engines.require_success(res, "Walnut")
    results = [m == "TRUE" for m in _RESULT.findall(res.stdout)]
    if len(results) != expected:
        raise EngineError(f"Walnut printed {len(results)} result(s) for {expected} sentence(s); "
                          f"no verdict from this run. Last output:\n{res.tail(5)}")
    return results


def _read_automaton(path: Path) -> str:
    """The text of an automaton Walnut saved, at most :data:`engines.OUTPUT_LIMIT` bytes (as its
    output). Raises EngineError when larger, unreadable or not UTF-8."""
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.foundation.io import read_input_text
    from cgs_bridge.systems.engines import OUTPUT_LIMIT
    try:
        return read_input_text(path, "Walnut's automaton", limit=OUTPUT_LIMIT)
    except InputError as e:
        raise EngineError(f"{e}; no verdict") from None


def _witness(work: Path, cex: str, inputs: tuple, free: tuple, numeration: str = "msd_2"):
    for folder in ("Result", "Automata Library"):
        path = work / folder / f"{cex}.txt"
        if path.is_file():
            where = f"Walnut's {folder}/{cex}.txt"  # the run's folder may be a temporary one
            aut = automata.read(_read_automaton(path), where)
            try:
                return automata.witness(aut, inputs, free, numeration)
            except EngineError as e:
                raise EngineError(f"{where}: {e}") from None
    raise EngineError(f"Walnut saved no automaton {cex}.txt (in Result/ or Automata Library/)")
