"""Walnut 6 as a prover of the registry (:class:`~solvers.logic.prover.Prover`, issue 45): ``prove
--prover walnut``. Available when its folder is found (``--walnut-home``, ``$CGS_BRIDGE_WALNUT_HOME``
or ``../shared/engines/walnut`` with ``java`` on PATH: :func:`.runner.find_home`); its listing is
the Walnut script of a problem (:func:`.printer.print_problem`, printed once per problem and notes
and shared by the run and the proof folder), and the proof folder keeps per claim the script,
Walnut's output and the xor automaton."""

from __future__ import annotations

from functools import lru_cache

from solvers.logic.prover import Prover


@lru_cache(maxsize=32)
def plan(problem, notes: tuple = ()):
    """The Walnut script of ``problem`` with ``notes`` (:func:`.printer.print_problem`), printed
    once: the run that decides it and the listing of the proof share it."""
    from .printer import print_problem
    return print_problem(problem, notes)


def decide(problem, limits: dict) -> list:
    """:func:`.runner.decide_problem` within ``limits`` (``timeout``, ``memory``, ``workdir``,
    ``notes``, ``walnut_home``). Raises EngineError (module :mod:`.runner`)."""
    from .runner import decide_problem
    notes = tuple(limits.get("notes") or ())
    return decide_problem(problem, timeout=limits.get("timeout"), memory=limits.get("memory"),
                          walnut_home=limits.get("walnut_home"), workdir=limits.get("workdir"),
                          notes=notes, plan=plan(problem, notes))


def availability(options: dict) -> tuple:
    """``(True, "")`` when Walnut's folder is found (:func:`.runner.find_home`), else ``(False,
    why)``. Raises EngineError: ``walnut_home`` names a folder without ``bin/walnut-run``."""
    from . import runner
    if runner.find_home(options.get("walnut_home")):
        return True, ""
    if (runner.BESIDE.resolve() / runner.RUN).is_file():
        return False, runner.JAVA_MISSING
    return False, (f"Walnut not found: give --walnut-home DIR or set ${runner.HOME_ENV} (a folder with "
                   "bin/walnut-run, e.g. ../shared/engines/walnut)")


def version(options: dict) -> str:
    """``Walnut 6 (commit abcdef1)`` of the folder found, "" when none is."""
    from . import runner
    home = runner.find_home(options.get("walnut_home"))
    return runner.version(home) if home else ""


def listing(problem, notes=()) -> str:
    """The Walnut script of ``problem`` with ``notes``."""
    return plan(problem, tuple(notes)).text


def files(number: int, row, script: str) -> dict:
    """Claim ``number``'s Walnut script and Walnut's output, and the xor automaton it needs."""
    from .automata import xor_automaton
    return {f"claim{number}_walnut.txt": script, f"claim{number}_walnut.out": row.decisions["walnut"][0].output,
            "xor.txt": xor_automaton()}


PROVER = Prover(
    name="walnut", decide=decide, availability=availability, version=version, title="Walnut",
    label="Walnut", listing=listing, files=files, owns=r"xor\.txt|claim[0-9]+_walnut\.(txt|out)",
    listing_titles={"md": "In Walnut (with xor.txt in Automata Library/):",
                    "html": "The sentences as the provers read them (Walnut 6 syntax)",
                    "tex": ("In Walnut 6's syntax (with \\texttt{xor.txt} in \\texttt{Automata Library/}); "
                            "the embedded prover reads the same sentences.")})
