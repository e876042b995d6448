"""``cgs-bridge prove`` (issue 32): every claim of a game decided for **all** positions.

A claim is translated into the proof language (:mod:`solvers.logic.formula`, by
:func:`cgs_bridge.jobs.prove_run.translations`) and its obligations are decided by the provers of
the registry (:data:`cgs_bridge.systems.registry.PROVERS`: each a
:class:`~solvers.logic.prover.Prover`), one or ``both`` (every available prover: the verdicts and
witnesses must agree, else the row is an engine error, never a verdict).

Verdicts per claim: PROVED (every obligation holds), REFUTED (one fails; the counterexample is
found by the solver on the box the witness bounds, :mod:`cgs_bridge.jobs.prove_refute`), NOT
APPLICABLE (the claim's ``when`` is false), NOT EXPRESSIBLE (the translation names the construct,
or an obligation ``region_closed``/``terminates`` fails: the claim cannot be decided this way),
ENGINE ERROR (the prover failed: never PROVED). Exit codes: 0 every claim proved or not
applicable, 1 a refutation, 2 a claim not expressible or an engine error (2 wins over 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.foundation.results import Result

from .prove_decide import ALL, SIDE_CONDITIONS, Disagreement, choose_provers  # noqa: F401  (ALL: public here too)

PROVED, REFUTED, NOT_APPLICABLE, NOT_EXPRESSIBLE, ENGINE_ERROR = (
    "PROVED", "REFUTED", "NOT APPLICABLE", "NOT EXPRESSIBLE", "ENGINE ERROR")


@dataclass
class ClaimProof:
    """One claim's row: ``verdict`` (module), ``reason`` and ``where`` (file:line:col) of a claim
    not expressible, ``provers`` run, ``seconds`` (the slowest prover's wall time), ``states``
    (largest automaton reported), ``decisions`` ``{prover: [Decision]}``; for REFUTED:
    ``obligation`` (name and meaning of the failing sentence), ``witness`` (the prover's),
    ``position`` (the smallest position where the claim and the solver differ), ``claim_value``,
    ``true_value``; ``listings``: ``{prover: the claim's problem in its input language, with the
    claim's notes}`` of the provers that ran and print one; ``times``: seconds per prover; ``move``: the move from S to S or the missing move;
    ``errors``: ``{prover: message}`` of a prover that failed while another answered (issue 50:
    one prover's time-out never hides the other's verdict); ``confirmation``: how the solver
    confirmed the counterexample; ``hypotheses``: how the claim's hypotheses were established;
    ``box_failure``: the box check's least failing position when its sum exceeds the box's side;
    ``least``: ``position`` is shown to be the smallest counterexample."""

    name: str
    verdict: str
    reason: str = ""
    where: str = ""
    kind: str = ""
    provers: tuple = ()
    seconds: float = 0.0
    states: int = 0
    decisions: dict = field(default_factory=dict)
    obligation: str = ""
    witness: tuple | None = None
    position: tuple | None = None
    claim_value: str = ""
    true_value: str = ""
    problem: object = None
    claim: object = None
    listings: dict = field(default_factory=dict)
    times: dict = field(default_factory=dict)
    move: str = ""
    errors: dict = field(default_factory=dict)
    confirmation: str = ""
    hypotheses: str = ""
    box_failure: tuple | None = None
    least: bool = True


@dataclass
class ProveResult(Result):
    """The verdict of every claim of one game at one choice of parameters (a
    :class:`~cgs_bridge.foundation.results.Result`)."""

    game: str
    describe: str
    params: dict
    coords: tuple
    rows: list
    prover: str
    engine: str = ""
    title: str = ""
    #: the checked game (``ast.Game``: its positions and moves, for the proof's definition)
    spec: object = None
    #: ``{prover: its version line}`` of the provers that have one (``engine`` joins them)
    engines: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        """``ProveResult(nim_pass: 1 claim(s): 1 proved)``: short (a notebook's text/plain; the
        rows are in ``.rows`` and ``.frame``)."""
        return f"ProveResult({self.verdict()})"

    def __str__(self) -> str:
        """The rows, as ``prove`` prints them (``print(result)``, issue 48.7)."""
        from cgs_bridge.foundation.results import render
        return render(self, "report")

    @property
    def exit_code(self) -> int:
        verdicts = {r.verdict for r in self.rows}
        if verdicts & {NOT_EXPRESSIBLE, ENGINE_ERROR}:
            return 2
        return 1 if REFUTED in verdicts else 0

    def verdict(self) -> str:
        counts = {}
        for r in self.rows:
            counts[r.verdict] = counts.get(r.verdict, 0) + 1
        if not self.rows:
            return f"{self.describe}: no claims to prove"
        parts = ", ".join(f"{n} {v.lower()}" for v, n in counts.items())
        return f"{self.describe}: {len(self.rows)} claim(s): {parts}"

    @property
    def frame(self):
        import pandas as pd
        cols = ["claim", "verdict", "reason", "where", "provers", "seconds", "states",
                "obligation", "witness", "position", "claim_value", "true_value"]
        return pd.DataFrame([[r.name, r.verdict, r.reason, r.where, "+".join(r.provers),
                              round(r.seconds, 3), r.states, r.obligation, r.witness, r.position,
                              r.claim_value, r.true_value] for r in self.rows], columns=cols)


def _decider(name: str, options):
    """``decide(problem, timeout, memory, workdir, notes) -> [Decision]`` of one prover
    (:func:`.prove_decide.decider`; tests replace this name).

    Raises:
        InputError, EngineError: as :func:`cgs_bridge.systems.registry.prover`.
    """
    from .prove_decide import decider
    return decider(name, options)


def _decided_rows(ruleset, translations, provers, timeout, memory, options, workdir) -> list:
    """The rows of :func:`prove_translations` for a game the provers translate: the declared
    properties first (:func:`check_declared`), then each claim, with the box check that confirms
    refutations."""
    from cgs_bridge.model.game import claim_uses_misere

    from .prove_box import BoxCheck
    declared = check_declared(ruleset, provers, timeout=timeout, memory=memory, workdir=workdir,
                              **options)
    check = BoxCheck(ruleset, any(claim_uses_misere(tr.claim) for tr in translations))
    limits = {"timeout": timeout, "memory": memory, **options}
    rows = [_one(ruleset, tr, i, provers, limits, workdir, check) for i, tr in enumerate(translations, 1)]
    for row in rows:
        if declared and row.verdict != NOT_APPLICABLE:
            row.hypotheses = "; ".join(x for x in (row.hypotheses, declared) if x)
    return rows


def prove_translations(ruleset, translations, provers=None, *, timeout=None, memory=None,
                       workdir=None, **options) -> ProveResult:
    """Decide translated claims (``translations``: ClaimTranslation records, see
    :func:`cgs_bridge.jobs.prove_run.translations`) with ``provers`` (default
    :func:`choose_provers`'s).

    Args:
        workdir: a folder that keeps every prover run (``<claim number>_<prover>/``: Walnut's
            script, output and automata; ``..._smallest``, ``..._hypotheses`` for the sentences
            of a refutation and of hypotheses); default private temporary folders.
        options: the provers' options (:data:`cgs_bridge.systems.registry.PROVER_OPTIONS`, e.g.
            ``walnut_home``).
    Returns:
        a :class:`ProveResult`; engine errors become ENGINE ERROR rows (never PROVED).
    Raises:
        InputError: an option no prover takes.
        ParameterError: a function parameter lacks a property the game declares
            (:func:`check_declared`), before any claim is decided.
    """
    from cgs_bridge.systems.registry import prover, prover_options
    provers = tuple(provers) if provers is not None else choose_provers(None, options)
    options = prover_options(options, provers)
    if getattr(ruleset, "takebreak", None) is not None:  # issue 49: the octal periodicity theorem
        from .prove_octal import THEOREM, prove_periodic
        provers, engines = (THEOREM,), {}
        rows = [ClaimProof(**r) for r in prove_periodic(ruleset, [tr.claim for tr in translations])]
    else:
        rows = _decided_rows(ruleset, list(translations), provers, timeout, memory, options, workdir)
        engines = {p: v for p in provers if (v := prover(p).version(options))}
    title = (getattr(ruleset.game, "title", "") or ruleset.name).split(":")[0].strip()
    return ProveResult(ruleset.name, ruleset.describe(), dict(ruleset.params),
                       tuple(ruleset.coords), rows, "+".join(provers),
                       "; ".join(engines.values()), title, ruleset.game, engines)


def check_declared(ruleset, provers=None, *, timeout=None, memory=None, workdir=None, **options) -> str:
    """The declared properties of ``ruleset``'s function parameters, on ``0..64`` and decided for
    every value by ``provers`` (default :func:`choose_provers`'s; ``options``: the provers' options)
    where the function is linear with floors (:func:`.prove_declared.check_declared`; ``workdir``:
    keeps the runs in ``declared_<prover>/``). Returns the note each claim's row carries.

    Raises:
        ParameterError: one fails (the witness, and how it was found); Disagreement: the provers
            disagree; InputError: an option no prover takes."""
    from cgs_bridge.systems.registry import prover_options

    from .prove_decide import decide
    from .prove_declared import check_declared as check
    provers = tuple(provers) if provers is not None else choose_provers(None, options)
    limits = {"timeout": timeout, "memory": memory, **prover_options(options, provers)}
    folder = None if workdir is None else (lambda name: f"{workdir}/declared_{name}")
    return check(ruleset, lambda problem: decide(problem, provers, limits, folder, (f"game {ruleset.name}",),
                                                 get=lambda name, opts: _decider(name, opts)))


def _runner(ruleset, tr, number, provers, limits, workdir):
    """``run(problem, tag) -> Decided``: every prover on one problem of this claim."""
    from solvers.logic.translate import claim_notes

    from .prove_decide import decide

    def run(problem, tag=""):
        suffix = f"_{tag}" if tag else ""
        folder = None if workdir is None else (lambda name: f"{workdir}/{number}_{name}{suffix}")
        return decide(problem, provers, limits, folder, claim_notes(tr.claim, ruleset),
                      get=lambda name, options: _decider(name, options))
    return run


def _one(ruleset, tr, number, provers, limits, workdir, check) -> ClaimProof:
    row = ClaimProof(tr.claim.name, "", tr.reason, tr.where, tr.kind, problem=tr.problem,
                     claim=tr.claim)
    if tr.status == "not_applicable":
        row.verdict = NOT_APPLICABLE
        return row
    run = _runner(ruleset, tr, number, provers, limits, workdir)
    try:
        if not _hypotheses_hold(ruleset, tr, row, run):
            return row
        if _box_refutes(ruleset, tr, row, check):
            return row
        if tr.status != "ok" or tr.problem is None:
            row.verdict = NOT_EXPRESSIBLE
            return row
        row.provers = tuple(provers)
        row.listings = _listings(ruleset, tr, provers)
        decided = run(tr.problem)
        row.decisions = dict(decided.decisions)
        row.errors.update(decided.errors)
        row.times = dict(decided.times)
        row.seconds = max([0.0] + [decided.times[p] for p in decided.decisions])
        row.states = max([0] + [d.states for ds in decided.decisions.values() for d in ds])
        _judge(ruleset, row, tr, decided.agreed(), run, limits)
        row.seconds = max([row.seconds] + [row.times[p] for p in row.decisions])
        _against_box(row)
    except CgsBridgeError as e:
        if row.box_failure is None or isinstance(e, Disagreement):
            row.verdict, row.reason = ENGINE_ERROR, str(e)
        else:   # the provers could not decide, but the solver found the claim false on the box
            _box_counterexample(ruleset, tr, row, str(e))
    return row


def _listings(ruleset, tr, provers) -> dict:
    """``{prover: the claim's problem in its input language, with the claim's notes}`` of the
    provers that print one (each printed once: the prover's run reads the same)."""
    from cgs_bridge.systems.registry import prover
    from solvers.logic.translate import claim_notes
    notes = tuple(claim_notes(tr.claim, ruleset))
    return {p: prover(p).listing(tr.problem, notes) for p in provers if prover(p).listing}


def _against_box(row) -> None:
    """The solver's failure on the box contradicts a PROVED, and must not precede the provers'
    smallest counterexample.

    Raises:
        Disagreement: the provers and the solver disagree."""
    found = row.box_failure
    if found is None:
        return
    p = found[0]
    if row.verdict == PROVED:
        raise Disagreement(f"the provers prove {row.name!r}, but the solver finds it false at {p}; "
                          "the provers and the solver disagree; no verdict")
    if row.verdict == REFUTED and (sum(p), p) < (sum(row.position), row.position):
        raise Disagreement(f"the provers name {row.position} as the smallest counterexample of "
                          f"{row.name!r}, but the solver finds it false at {p}, before it; the provers "
                          "and the solver disagree; no verdict")


def _box_counterexample(ruleset, tr, row, why: str) -> None:
    """REFUTED at the box check's least failing position (coordinate sum above the box's side:
    a counterexample, not shown to be the smallest) when the provers could not decide."""
    from .prove_refute import refute_from_box
    refute_from_box(ruleset, row, tr.kind if tr.status == "ok" else "", row.box_failure, None)
    row.obligation = row.move = ""   # named only at the least failing position
    row.least = False
    row.confirmation = (f"found by the solver on the small box checked before the provers (the claim "
                        f"is false there); not shown to be the smallest counterexample: a position "
                        f"outside the box may have a smaller coordinate sum, and the provers did not "
                        f"decide ({why})")


def _hypotheses_hold(ruleset, tr, row, run) -> bool:
    """Decide the claim's hypotheses (``when f satisfies halving``) for every value
    (:mod:`solvers.logic.hypotheses`); False (row NOT APPLICABLE) when one fails. The declared
    properties of function parameters are the game's: :func:`check_declared`, before any claim.

    Raises:
        EngineError: no prover could decide them, or the provers disagree."""
    box_only = getattr(tr, "box_only", ())
    if box_only:
        row.hypotheses = "; ".join(f"{'the hypothesis' if o == 'claim' else 'the declared property'} "
                                   f"'{f} satisfies {prop}' is checked on the box 0..64 only ({why})"
                                   for f, prop, o, why in box_only)
    problem = getattr(tr, "hypotheses", None)
    if problem is None:
        return True
    decided = run(problem, "hypotheses")
    row.errors.update({f"{p} (hypotheses)": e for p, e in decided.errors.items()})
    from solvers.logic.hypotheses import failure_text
    for ob, d in zip(problem.obligations, decided.agreed()):
        origin, name, prop = ob.name.split("_", 2)
        if not d.holds:
            row.verdict = NOT_APPLICABLE
            row.reason = (f"{'the hypothesis' if origin == 'claim' else 'the declared property'} "
                          f"'{name} satisfies {prop}' fails for {name}(t) = {ruleset.params[name].text}: "
                          f"{failure_text(ruleset, name, prop, d.witness)} (decided for every value "
                          f"by {'+'.join(decided.decisions)})")
            return False
    done = ", ".join(f"{o.name.split('_', 2)[1]} {o.name.split('_', 2)[2]}" for o in problem.obligations)
    row.hypotheses = "; ".join(x for x in (f"decided for every value: {done}", row.hypotheses) if x)
    return True


def _unestablished(tr) -> bool:
    """A hypothesis of the claim is checked on a box only (its function is not linear with
    floors): the claim is then never reported refuted (issue 50, item 4)."""
    return any(origin == "claim" for _, _, origin, _ in getattr(tr, "box_only", ()))


def _box_refutes(ruleset, tr, row, check) -> bool:
    """The box check (:mod:`.prove_box`): True (row REFUTED) when the claim fails at a position
    of coordinate sum at most the box's side; never while a hypothesis of the claim is checked on
    a box only.
    A failure of larger sum is kept in ``row.box_failure``."""
    if _unestablished(tr):
        return False
    from .prove_refute import refute_from_box
    try:
        found, least = check.failures(tr.claim)
    except CgsBridgeError:
        return False
    row.box_failure = found
    if least is None:
        return False
    refute_from_box(ruleset, row, tr.kind if tr.status == "ok" else "", least, check)
    return True


def _judge(ruleset, row: ClaimProof, tr, first, run, limits) -> None:
    """Set ``row``'s verdict from the agreed decisions ``first``."""
    failing = [d for d in first if not d.holds]
    if not failing:
        row.verdict = PROVED
        return
    # a failing side condition voids the argument: never a refutation, whatever else fails
    failed = next((d for d in failing if d.obligation in SIDE_CONDITIONS), failing[0])
    ob = next(o for o in row.problem.obligations if o.name == failed.obligation)
    row.obligation = f"{ob.name}: {ob.meaning}" if ob.meaning else ob.name
    row.witness = failed.witness
    if ob.name in SIDE_CONDITIONS:
        row.verdict = NOT_EXPRESSIBLE
        row.reason = (f"the side condition {row.obligation} fails"
                      + (f" at {failed.witness}" if failed.witness else "")
                      + ": the claim cannot be decided this way"
                      + ("; the induction needs every move to lower the coordinate sum with no coordinate "
                         "raised, so a game whose moves raise a coordinate while an earlier one falls "
                         "(lexicographic descent, as CGSuite's GenMem) is refused" if ob.name == "terminates" else ""))
        return
    if _unestablished(tr):
        row.verdict = NOT_EXPRESSIBLE
        row.reason = (f"the claim fails ({row.obligation} at {failed.witness}), but {row.hypotheses}: "
                      "a claim whose hypothesis is not established is never reported refuted")
        return
    from .prove_refute import refute
    refute(ruleset, row, tr.kind, run, limits)
