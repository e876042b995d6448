"""Discover characterisations of a game's P-positions and Grundy values on a box (issue 15).

:func:`discover` solves the game, searches the formula families exhaustively over small integer
parameters (nim-sums of shifted / floored / reduced coordinates for the P-positions and the Grundy
values, sums and differences of coordinates, the same on described regions, periodic rows and
columns of the Grundy table) and reports, simplest first, the formulas that hold on every valid
position of the box — each as a spec ``claim`` line, re-checked by the claim checker (periodic
rows and columns too: :func:`.periodic.condition`; a finding two families make is listed once) —
with near misses and their first failing positions. A pass flag (``pass once``) is never a heap:
no term uses it and the formula families are searched on each of its values (issue 36). :func:`sweep_classes` (``sweep=`` of :func:`discover`)
repeats the search over values of an int parameter and reports the parameter classes
(``k % 4 == 3``) on which the same formula holds.
"""

from __future__ import annotations

import time

from .run import discover_solution
from . import heaps
from .families import FAMILIES, REGISTRY
from .report import Artefact, Discovery, Found, Miss
from .sweep import parse_sweep, sweep_classes

__all__ = ["discover", "discover_solution", "sweep_classes", "parse_sweep", "Discovery", "Found",
           "Miss", "Artefact", "FAMILIES", "REGISTRY"]


def resolve(game, params=None, bound=None):
    """``(ruleset, box)`` from a catalog name / spec path / CheckedGame / Ruleset / an object with
    a ``ruleset`` attribute (the Python API's ``Game``), parameter values (name -> int or text)
    and a bound (``"20"``, ``"x=20,y=10,z=20"``, an int, a dict or a
    :class:`solvers.box.Box`): :mod:`cgs_bridge.model.resolve`.

    Raises:
        SpecError, ParameterError, BoxError: as :func:`cgs_bridge.model.loading.load_game`,
        :class:`cgs_bridge.model.game.Ruleset` and :func:`solvers.parse_bound`.
    """
    from cgs_bridge.foundation.errors import BoxError
    from cgs_bridge.model.resolve import box_of, ruleset_of
    ruleset = ruleset_of(game, {k: str(v) if isinstance(v, int) else v for k, v in (params or {}).items()})
    if bound is None:
        raise BoxError("discover needs a bound (e.g. bound=20 or 'x=20,y=10,z=20')")
    return ruleset, box_of(ruleset, bound)


def _given(game, params, bound) -> tuple:
    """``(solved or None, ruleset, box)``: an already solved box given as ``game`` (with neither
    parameters nor bound), else :func:`resolve`."""
    from solvers import Solution
    solved = game if isinstance(game, Solution) else getattr(game, "solution", None)
    if isinstance(solved, Solution) and params is None and bound is None:
        return solved, solved.ruleset, solved.box
    return (None, *resolve(game, params, bound))


def _check_families(families) -> None:
    bad = set(families) - set(FAMILIES)
    if bad:
        from cgs_bridge.foundation.errors import ParameterError
        raise ParameterError(f"unknown famil{'ies' if len(bad) > 1 else 'y'} {', '.join(sorted(bad))}; "
                             f"choose among {', '.join(FAMILIES)}")


def discover(game, params=None, bound=None, *, families=FAMILIES, shifts: int = 3, moduli=(2, 3, 4),
             offsets: int = 3, limit: int = 10, near: int = 5, fix_max: int = 2, per_family: int = 3,
             sweep=None, method: str = "auto", progress=None, bfile=None, force: bool = False, against=None,
             prove=False, prover=None, timeout=None, memory=None, automaton=False,
             base="2", max_states=None, **options) -> Discovery:
    """Search the formula families for ``game`` with ``params`` on the box ``bound``.

    Args:
        game, params, bound: see :func:`resolve`; or ``game`` is an already solved
            :class:`solvers.Solution` (or an object with a ``solution`` attribute, the Python
            API's ``Solved``) and ``params``/``bound`` are omitted.
        families: subset of ``FAMILIES`` = ('p', 'grundy', 'linear', 'regions', 'slices',
            'periodic', 'partners', 'misere'), the registry :data:`REGISTRY` (issue 21).
        shifts, moduli, offsets: largest |a| of a term's shift ``c + a``; the m of ``floor(c / m)``
            and ``c % m``; largest |c| added outside a nim-sum or to a sum of coordinates.
        limit, per_family, near: most formulas (and region formulas) reported, of one family among
            them, near misses; fix_max: periodic rows/columns have fixed coordinates <= fix_max.
        sweep: ``"k=1..12"`` or ``("k", [1, 2, ...])``: also search each value of that int
            parameter on the same box and report the classes ``k % M == r`` where a formula holds.
        method: solver method ('auto', 'fast', 'reference'); with 'reference' the claim checker
            also evaluates position by position (else compiled claims).
        bfile: a directory: write rows, the diagonal, partner sequences and P-position counts
            per bound there as OEIS b-files (``b_<name>.txt``); ``force`` replaces existing ones.
        against: other parameter values (``{"k": 7}`` or ``"k=7"``): compare the P-positions with
            the game at those values on the same box and a common re-check box
            (:mod:`.differences`).
        prove, prover, timeout, memory: decide every finding for all positions
            (:mod:`.proofs`), the prover as :func:`cgs_bridge.jobs.prove.choose_provers`, each run within
            ``timeout`` s (default 600) and ``memory`` bytes (ParameterError first, without ``prove``;
            a function parameter lacking a declared property: ParameterError before the search).
        options: the provers' options (``walnut_home``; InputError first for an unknown one).
        automaton, base ("2", "fib"), max_states: the P-positions' automaton too (:mod:`.automaton`),
            proved within the same limits when ``prove``.

    Every finding is re-checked on a larger box (twice every bound, grown until every coordinate
    reaches it: :mod:`.stability`) and reported with its evidence; what fails there is listed
    as an artefact of the small box with its first counterexample. Returns:
        a :class:`Discovery` (``to_text()``, ``to_json()``).
    Raises:
        InputError: a b-file exists (without ``force``) or cannot be written.
        CgsBridgeError subclasses for bad games, parameters, bounds or sweep texts; see
        :func:`solvers.solve` for solver errors.
    """
    _check_options(families, prove, timeout, memory, base if automaton else None, options)
    seconds_each = 600.0 if timeout is None else timeout
    before = _declared(prover, options, seconds_each, memory) if prove else None
    sol, ruleset, box, seconds, families, heap_notes = _solved(game, params, bound, families, method,
                                                               progress, before)
    rep = discover_solution(sol, families, shifts, moduli, offsets, limit, near, fix_max,
                            seconds=seconds, per_family=per_family,
                            check_method="reference" if method == "reference" else "auto",
                            solve_method=method)
    rep.notes += heap_notes + heaps.period_notes(sol)
    rep.differences = _differences(sol, against, method) if against is not None else rep.differences
    if bfile is not None:
        _bfiles(rep, sol, bfile, fix_max, force)
    if sweep is not None:
        _sweep(rep, ruleset, box, sweep, families, (shifts, moduli, offsets, method))
    return _automata(rep, ruleset, (automaton, base, max_states, method),
                     (prove, prover, options, seconds_each, memory))


def _declared(prover, options, timeout, memory):
    """``before(ruleset)`` of :func:`_solved` under ``prove``: the declared properties of the
    function parameters decided before the work, as ``prove`` decides them (a failing one is the
    ParameterError ``prove`` gives, not a refusal after the search); ``options``: the provers'."""
    def before(ruleset):
        from cgs_bridge.jobs.prove import check_declared, choose_provers
        check_declared(ruleset, choose_provers(prover, options), timeout=timeout, memory=memory, **options)
    return before


def _solved(game, params, bound, families, method, progress, before=None) -> tuple:
    """``(solution, ruleset, box, seconds, families, notes)``: the game solved on the box (or the
    given solution, solved again when the misère family needs misère values it lacks); ``before(
    ruleset)`` runs first; ``families`` without ``misere`` where a take-and-break game's box is beyond
    the misère exploration (issue 49, :func:`.heaps.families_for`, said in ``notes``)."""
    from solvers import solve
    solved, ruleset, box = _given(game, params, bound)
    if before is not None:
        before(ruleset)
    families, notes = heaps.families_for(ruleset, box, families)
    misere = "misere" in families
    if solved is not None and misere and solved.misere is None:
        solved = None
    t0 = time.perf_counter()
    sol = solved or solve(ruleset, box, misere=misere, method=method, progress=progress)
    return sol, ruleset, box, {} if solved else {"solve": time.perf_counter() - t0}, families, notes


def _check_options(families, prove, timeout, memory, base=None, options=None) -> None:
    """Before any work: the families are known; ``timeout``/``memory`` belong to ``prove`` and
    follow :mod:`cgs_bridge.foundation.budget`'s rule (issue 46); the automaton's ``base`` (when
    one is learned) is one of :data:`.automaton.BASES`. Raises ParameterError."""
    from cgs_bridge.foundation.budget import check_memory, check_timeout
    from cgs_bridge.foundation.errors import ParameterError
    if not prove and (timeout is not None or memory is not None):
        raise ParameterError("timeout= and memory= limit the proofs of prove=True; give prove=True")
    if base is not None:
        from .automaton import BASES
        if str(base) not in BASES:
            raise ParameterError(f"unknown base {base!r}; choose {' or '.join(BASES)}")
    _check_families(families)
    check_timeout(timeout, "timeout=")
    check_memory(memory, "memory=")
    from cgs_bridge.systems.registry import prover_options
    prover_options(options or {}, ())   # InputError for an option no prover takes


def _automata(rep, ruleset, learn, proving):
    """``rep`` with its findings proved when ``proving[0]`` (``prove, prover, options (of the
    provers), timeout, memory``: :func:`_prove`) and ``rep.automata`` when ``learn[0]`` (``automaton, base,
    max_states, method``): the learned automata (:mod:`.automaton`), proved too when asked."""
    prove, prover, options, timeout, memory = proving
    rep = _prove(rep, ruleset, prover, options, timeout, memory) if prove else rep
    automaton, base, max_states, method = learn
    if not automaton:
        return rep
    from cgs_bridge.jobs.prove import choose_provers
    from .automaton import BASES, MAX_STATES, learn_automata
    provers = choose_provers(prover, options) if prove else None
    t0 = time.perf_counter()
    found = learn_automata(ruleset, BASES[str(base)], max_states=max_states or MAX_STATES,
                           method=method if method != "reference" else "auto", prove=prove,
                           provers=provers, limits=(timeout, memory), **options)
    rep.automata = [f.to_dict() for f in found]
    rep.seconds["automaton"] = time.perf_counter() - t0
    return rep


def _differences(sol, against, method) -> dict:
    """The P-positions of ``sol`` against the game at the parameter values ``against``."""
    from .differences import compare, parse_against
    return compare(sol, parse_against(against, sol.ruleset), method=method)


def _bfiles(rep, sol, bfile, fix_max, force) -> None:
    """``rep.bfiles``: rows, the diagonal, partner sequences and P-position counts written as
    OEIS b-files into the folder ``bfile`` (:mod:`.bfile`)."""
    from .bfile import sequences, write
    tables = (rep.partners or {}).get("tables", {})
    rep.bfiles = write(bfile, sequences(sol, tables, fix_max), overwrite=force)


def _prove(rep, ruleset, prover, options, timeout=None, memory=None):
    """``rep`` with ``rep.proofs``: every finding decided for all positions (:mod:`.proofs`), each
    prover run within ``timeout`` seconds (default 600) and ``memory`` bytes."""
    from .proofs import prove_findings
    t0 = time.perf_counter()
    rep.proofs = heaps.period_proofs(ruleset) + prove_findings(
        rep, ruleset, prover=prover, timeout=600.0 if timeout is None else timeout, memory=memory, **options)
    rep.seconds["prove"] = time.perf_counter() - t0
    return rep


def _sweep(rep, ruleset, box, sweep, families, search) -> None:
    """``rep.sweep``: the parameter classes of :func:`sweep_classes` (``search``: shifts, moduli,
    offsets, method)."""
    name, values = parse_sweep(sweep, ruleset) if isinstance(sweep, str) else sweep
    t1 = time.perf_counter()
    rep.sweep = sweep_classes(ruleset, box, name, values, *search,
                              families=[f for f in families if REGISTRY[f].candidates is not None])
    rep.seconds["sweep"] = time.perf_counter() - t1
