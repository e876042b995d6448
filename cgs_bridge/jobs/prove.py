"""``cgs-bridge prove`` (issue 32): every claim of a game decided for **all** positions.

A claim is translated into the proof language (:mod:`solvers.logic.formula`, by the translation
that :func:`cgs_bridge.systems.walnut.script.translations` imports) and its obligations are
decided by a prover: Walnut (:mod:`cgs_bridge.systems.walnut.runner`, the ``walnut`` system of the
registry) or the embedded automata prover (``solvers.automata.decide_problem``, issue 33), or both
(``both``: the verdicts and witnesses must agree, else the row is an engine error, never a
verdict).

Verdicts per claim: PROVED (every obligation holds), REFUTED (one fails; the counterexample is
found by the solver on the box the witness bounds, :mod:`cgs_bridge.jobs.prove_refute`), NOT
APPLICABLE (the claim's ``when`` is false), NOT EXPRESSIBLE (the translation names the construct,
or an obligation ``region_closed``/``terminates`` fails: the claim cannot be decided this way),
ENGINE ERROR (the prover failed: never PROVED). Exit codes: 0 every claim proved or not
applicable, 1 a refutation, 2 a claim not expressible or an engine error (2 wins over 1).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cgs_bridge.foundation.errors import CgsBridgeError, EngineError, InputError
from cgs_bridge.foundation.results import Result

PROVED, REFUTED, NOT_APPLICABLE, NOT_EXPRESSIBLE, ENGINE_ERROR = (
    "PROVED", "REFUTED", "NOT APPLICABLE", "NOT EXPRESSIBLE", "ENGINE ERROR")
PROVERS = ("walnut", "embedded", "both")
#: Obligations whose failure means "cannot be decided this way" (exit 2), never REFUTED.
SIDE_CONDITIONS = ("region_closed", "terminates")


@dataclass
class ClaimProof:
    """One claim's row: ``verdict`` (module), ``reason`` and ``where`` (file:line:col) of a claim
    not expressible, ``provers`` run, ``seconds`` (the slowest prover's wall time), ``states``
    (largest automaton reported), ``decisions`` ``{prover: [Decision]}``; for REFUTED:
    ``obligation`` (name and meaning of the failing sentence), ``witness`` (the prover's),
    ``position`` (the smallest position where the claim and the solver differ), ``claim_value``,
    ``true_value``; ``script``: the Walnut script of the claim; ``times``: seconds per prover; ``move``: the move from S to S or the missing move."""

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
    script: str = ""
    times: dict = field(default_factory=dict)
    move: str = ""


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

    def __repr__(self) -> str:
        """``ProveResult(nim_pass: 1 claim(s): 1 proved)``: short (a notebook's text/plain; the
        rows are in ``.rows`` and ``.frame``)."""
        return f"ProveResult({self.verdict()})"

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


def choose_provers(prover: str | None, walnut_home=None) -> tuple:
    """The provers to run: ``walnut``, ``embedded`` or both; default Walnut when found
    (``walnut_home`` or ``$CGS_BRIDGE_WALNUT_HOME``), else the embedded prover.

    Raises:
        InputError: unknown prover. EngineError: Walnut named but not found.
    """
    from cgs_bridge.systems.walnut.runner import find_home
    if prover is None:
        return ("walnut",) if find_home(walnut_home) else ("embedded",)
    if prover not in PROVERS:
        raise InputError(f"unknown prover {prover!r}; choose {', '.join(PROVERS)}")
    return ("walnut", "embedded") if prover == "both" else (prover,)


def _decider(name: str, walnut_home):
    """``decide(problem, timeout, memory, workdir, notes) -> [Decision]`` of one prover.

    Raises:
        EngineError: the embedded prover is not installed in this build.
    """
    if name == "walnut":
        from cgs_bridge.systems.registry import SYSTEMS
        prove = SYSTEMS["walnut"].prover
        return lambda pb, timeout, memory, workdir, notes: prove(
            pb, timeout=timeout, memory=memory, walnut_home=walnut_home, workdir=workdir, notes=notes)
    try:
        from solvers.automata import decide_problem
    except ImportError as e:
        raise EngineError(f"the embedded prover (solvers.automata) is not available in this build: {e}; "
                          "use --prover walnut") from None
    return lambda pb, timeout, memory, workdir, notes: decide_problem(pb, timeout=timeout, memory=memory)


def prove_translations(ruleset, translations, provers=("walnut",), *, timeout=None, memory=None,
                       walnut_home=None, workdir=None) -> ProveResult:
    """Decide translated claims (``translations``: ClaimTranslation records, see
    :func:`cgs_bridge.systems.walnut.script.translations`) with ``provers``.

    Args:
        workdir: a folder that keeps every prover run (``<claim number>_<prover>/``: Walnut's
            script, output and automata); default private temporary folders.
    Returns:
        a :class:`ProveResult`; engine errors become ENGINE ERROR rows (never PROVED).
    """
    if getattr(ruleset, "takebreak", None) is not None:  # issue 49: the octal periodicity theorem
        from .prove_octal import THEOREM, prove_periodic
        provers = (THEOREM,)
        rows = [ClaimProof(**r) for r in prove_periodic(ruleset, [tr.claim for tr in translations])]
    else:
        rows = [_one(ruleset, tr, i, provers, timeout, memory, walnut_home, workdir)
                for i, tr in enumerate(translations, 1)]
    from cgs_bridge.systems.walnut.runner import find_home, version
    home = find_home(walnut_home) if "walnut" in provers else None
    title = (getattr(ruleset.game, "title", "") or ruleset.name).split(":")[0].strip()
    return ProveResult(ruleset.name, ruleset.describe(), dict(ruleset.params),
                       tuple(ruleset.coords), rows, "+".join(provers),
                       version(home) if home else "", title)


def _one(ruleset, tr, number, provers, timeout, memory, walnut_home, workdir) -> ClaimProof:
    row = ClaimProof(tr.claim.name, "", tr.reason, tr.where, tr.kind, problem=tr.problem,
                     claim=tr.claim)
    if tr.status == "not_applicable":
        row.verdict = NOT_APPLICABLE
        return row
    if tr.status != "ok" or tr.problem is None:
        row.verdict = NOT_EXPRESSIBLE
        return row
    from cgs_bridge.systems.walnut.printer import print_problem
    from cgs_bridge.systems.walnut.script import claim_notes
    row.provers = tuple(provers)
    row.script = print_problem(tr.problem, claim_notes(tr.claim, ruleset)).text
    try:
        for name in provers:
            folder = None if workdir is None else f"{workdir}/{number}_{name}"
            t0 = time.monotonic()
            row.decisions[name] = _decider(name, walnut_home)(
                tr.problem, timeout, memory, folder, claim_notes(tr.claim, ruleset))
            if [d.obligation for d in row.decisions[name]] != [o.name for o in tr.problem.obligations]:
                raise EngineError(f"{name} answered {len(row.decisions[name])} decision(s) for "
                                  f"{len(tr.problem.obligations)} obligation(s); no verdict")
            row.times[name] = time.monotonic() - t0
            row.seconds = max(row.seconds, row.times[name])
            row.states = max([row.states] + [d.states for d in row.decisions[name]])
        _judge(ruleset, row)
    except CgsBridgeError as e:
        row.verdict, row.reason = ENGINE_ERROR, str(e)
    return row


def _judge(ruleset, row: ClaimProof) -> None:
    """Set ``row``'s verdict from its decisions (provers compared first)."""
    names = list(row.decisions)
    first = row.decisions[names[0]]
    for other in names[1:]:
        seen = [(d.obligation, d.holds, d.witness) for d in row.decisions[other]]
        if seen != [(d.obligation, d.holds, d.witness) for d in first]:
            raise EngineError(f"the provers disagree: {names[0]} says {_said(first)}; "
                              f"{other} says {_said(row.decisions[other])}; no verdict")
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
                      + ": the claim cannot be decided this way")
        return
    from .prove_refute import refute
    refute(ruleset, row)


def _said(decisions) -> str:
    return "; ".join(f"{d.obligation} {'TRUE' if d.holds else 'FALSE'}"
                     + (f" at {d.witness}" if d.witness is not None else "") for d in decisions)
