"""``discover --automaton`` (issue 44): the automaton of the P-positions learned from the solved
table, confirmed on a larger box, then proved.

Boxes are boxes of words: every coordinate below ``2^L`` (base 2) or ``F(L+2)`` (Fibonacci), so
that every prefix of the digits is tested against the same suffixes. For ``L = 1, 2, ...`` (while
the box has at most ``max_positions`` positions) the game is solved there and
:func:`solvers.automata.learn.learn` returns the smallest automaton reproducing the table (the
P-positions among the valid positions; invalid points are outside the set); the first automaton
that the next box gives again (the same language) is *confirmed*: learned on box ``L``,
confirmed on box ``L + 1``. None found with at most ``max_states`` states on the boxes tried:
"not automatic at the sizes tried", with those sizes (a finding too, never a guess that only fits
the box).

With ``prove``, the confirmed automaton is written to a file and the claim
``P iff accepts "FILE"(x, y, ...)`` goes to :mod:`cgs_bridge.jobs.prove`; when it is REFUTED the
box grows past the counterexample and the learning runs again, until PROVED or the box limit.
Where the Grundy values on the confirmed box are few (at most :data:`MAX_VALUES`), one automaton
per value is learned and confirmed the same way (reported, not proved).
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.language.automaton_file import AutomatonFile, automaton_text
from solvers.automata.learn import learn, side

BASES = {"2": "msd_2", "fib": "msd_fib"}
#: Most Grundy values that get one automaton each.
MAX_VALUES = 6
#: The largest box learned on (positions), and the most states of an automaton.
MAX_POSITIONS = 1 << 24
MAX_STATES = 200


@dataclass
class AutomatonFinding:
    """One learned set: ``what`` (``P-positions`` or ``grundy == v``), ``numeration``,
    ``automaton`` (None: nothing fits), ``states`` (of the minimal automaton, dead state
    excluded), ``learned`` / ``confirmed`` (upper bounds of the two boxes), ``tried`` (per box:
    its upper bound and the states learned there, None when nothing fit), ``verdict`` (PROVED,
    REFUTED, ..., ``not automatic at the sizes tried``, ``confirmed`` when not proved),
    ``words`` (the set in words where the learner can say it), ``proof`` (the prover's row),
    ``seconds``."""

    what: str
    numeration: str
    automaton: AutomatonFile | None = None
    states: int = 0
    learned: tuple | None = None
    confirmed: tuple | None = None
    tried: list = field(default_factory=list)
    verdict: str = ""
    words: str = ""
    reason: str = ""
    notes: list = field(default_factory=list)
    proof: dict = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict:
        """The finding as plain data (the automaton in the file format of ``accepts`` claims,
        ``automaton_file``)."""
        out = {k: getattr(self, k) for k in ("what", "numeration", "states", "learned", "confirmed",
                                              "tried", "verdict", "words", "reason", "notes", "proof")}
        out["seconds"] = round(self.seconds, 3)
        out["automaton_file"] = self.file_text
        return out

    @property
    def file_text(self) -> str:
        """The automaton in the file format of ``accepts "FILE"`` claims
        (:func:`cgs_bridge.language.automaton_file.automaton_text`; "" when none)."""
        return automaton_text(self.automaton) if self.automaton is not None else ""


def _table(ruleset, depth: int, numeration: str, method: str):
    """``(solution, P table)`` on the box of words of length ``depth`` (a pass flag keeps its
    range 0..1; the table is False beyond it)."""
    from cgs_bridge.model.box import Box
    from solvers import solve
    m = side(depth, numeration)
    flag = getattr(getattr(ruleset.game, "pass_once", None), "flag", None)
    upper = tuple(min(m - 1, 1) if c == flag else m - 1 for c in ruleset.coords)
    sol = solve(ruleset, Box(tuple(ruleset.coords), upper), method=method)
    return sol, upper


def _values(sol, upper, m, value) -> np.ndarray:
    table = np.zeros((m,) * len(upper), dtype=bool)
    inner = tuple(slice(0, u + 1) for u in upper)
    table[inner] = sol.valid & (sol.grundy == value)
    return table


def same_language(a: AutomatonFile, b: AutomatonFile) -> bool:
    """True when ``a`` and ``b`` accept the same tuples (their minimal automata are equal)."""
    from solvers.automata.learn import minimal
    da, db = minimal(a), minimal(b)
    return (da.delta.shape == db.delta.shape and bool((da.delta == db.delta).all())
            and bool((da.accept == db.accept).all()))


def learn_set(ruleset, numeration="msd_2", *, value=0, start=1, max_states=MAX_STATES,
              max_positions=MAX_POSITIONS, method="auto", what=None, tables=None) -> AutomatonFinding:
    """Learn and confirm the automaton of the positions of Grundy value ``value`` (0: the
    P-positions) on growing boxes of words from length ``start`` (see the module).

    Returns an :class:`AutomatonFinding` (``automaton`` None, ``verdict`` "not automatic at the
    sizes tried", when nothing fits). Raises what :func:`solvers.solve` raises."""
    from cgs_bridge.foundation.errors import BoxError
    from solvers.automata.learn import minimal
    t0 = time.perf_counter()
    out = AutomatonFinding(what or ("P-positions" if value == 0 else f"grundy == {value}"), numeration)
    tables = {} if tables is None else tables
    prev = None
    depth = start
    while side(depth, numeration) ** len(ruleset.coords) <= max_positions:
        if depth not in tables:
            try:
                tables[depth] = _table(ruleset, depth, numeration, method)
            except BoxError as e:            # the solver's memory or work limit: the last box
                out.notes.append(f"box {side(depth, numeration) - 1} per coordinate not solved: {e}")
                break
        sol, upper = tables[depth]
        hyp = learn(_values(sol, upper, side(depth, numeration), value), depth, numeration, max_states)
        out.tried.append({"box": upper, "states": minimal(hyp.automaton).states if hyp else None})
        if hyp is not None and prev is not None and same_language(prev[0], hyp.automaton):
            out.automaton, out.learned, out.confirmed = prev[0], prev[1], upper
            out.states = out.tried[-1]["states"]
            out.verdict = "confirmed"
            break
        prev = (hyp.automaton, upper) if hyp is not None else None
        depth += 1
    if out.automaton is None:
        sizes = ", ".join(f"{t['box']}: {t['states'] if t['states'] is not None else 'none'}"
                          for t in out.tried)
        out.verdict = "not automatic at the sizes tried"
        out.reason = (f"no automaton of at most {max_states} states reproduced two successive "
                      f"boxes (states learned per box: {sizes})" + "".join(f"; {n}" for n in out.notes))
    out.seconds = time.perf_counter() - t0
    return out


def learn_automata(ruleset, numeration="msd_2", *, max_states=MAX_STATES,
                   max_positions=MAX_POSITIONS, method="auto", prove=False, provers=None,
                   workdir=None, limits=(600.0, None), **options) -> list:
    """The P-positions' automaton (proved when ``prove``, each prover run within ``limits`` =
    ``(timeout seconds, memory bytes or None)`` with the provers' ``options``) and, where the Grundy values on its confirmed box
    are at most :data:`MAX_VALUES`, one automaton per value: a list of
    :class:`AutomatonFinding`, the P-positions first."""
    tables: dict = {}
    first = learn_set(ruleset, numeration, max_states=max_states, max_positions=max_positions,
                      method=method, tables=tables)
    if prove and first.automaton is not None:
        first = prove_learned(ruleset, first, provers, workdir=workdir,
                              max_states=max_states, max_positions=max_positions, method=method,
                              tables=tables, limits=limits, **options)
    out = [first]
    if first.confirmed is not None:
        depth = max(d for d, (_, up) in tables.items() if up == first.confirmed)
        sol = tables[depth][0]
        values = sorted(set(int(v) for v in np.unique(sol.grundy[sol.valid])))
        if 1 < len(values) <= MAX_VALUES:
            for v in values[1:]:
                out.append(learn_set(ruleset, numeration, value=v, max_states=max_states,
                                     max_positions=max_positions, method=method, tables=tables))
    from .automaton_words import describe
    for f in out:
        sol = next((s for s, up in tables.values() if up == f.confirmed), None)
        f.words = describe(f, ruleset, sol.valid) if sol is not None else ""
    return out


def prove_learned(ruleset, found: AutomatonFinding, provers, *, workdir=None,
                  max_states=MAX_STATES, max_positions=MAX_POSITIONS, method="auto",
                  tables=None, limits=(600.0, None), **options) -> AutomatonFinding:
    """Prove ``found`` (the P-positions' automaton): the claim ``P iff accepts "FILE"(...)``
    decided by ``provers`` (with the provers' ``options``); a refutation grows the box past the counterexample and learns again,
    until PROVED, another verdict, or no box of at most ``max_positions`` positions is left."""
    t0 = time.perf_counter()
    rounds = 0
    while True:
        rounds += 1
        row = _prove_once(ruleset, found, provers, options, workdir, limits)
        found.proof = {"verdict": row.verdict, "provers": "+".join(row.provers),
                       "seconds": round(row.seconds, 3), "rounds": rounds,
                       "position": list(row.position) if row.position else None,
                       "obligation": row.obligation, "reason": row.reason}
        found.verdict, found.reason = row.verdict, row.reason
        if row.verdict != "REFUTED" or row.position is None:
            break
        past = max(row.position) + 1
        start = next(d for d in range(1, 64) if side(d, found.numeration) > past)
        again = learn_set(ruleset, found.numeration, start=start, max_states=max_states,
                          max_positions=max_positions, method=method, tables=tables)
        if again.automaton is None:
            found.verdict = "stopped at its limit"
            found.reason = (f"REFUTED at {tuple(row.position)}; on the boxes past it: {again.reason}")
            break
        again.tried = found.tried + again.tried
        found = again
    found.seconds += time.perf_counter() - t0
    return found


def _prove_once(ruleset, found, provers, options, workdir, limits):
    from cgs_bridge.jobs.checking import with_claims
    from cgs_bridge.jobs.prove import prove_translations
    from cgs_bridge.model.game import Ruleset
    from solvers.logic.translate import translate_claims
    with tempfile.TemporaryDirectory(prefix="cgs-automaton-") as tmp:
        folder = Path(workdir or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        path = (folder / f"{ruleset.name}_ppos.txt").resolve()
        atomic_write_text(path, found.file_text, overwrite=True)
        text = f'P iff accepts "{path}"({", ".join(ruleset.coords)})'
        bound = Ruleset(with_claims(ruleset.checked, [text], keep=False, prefix=""), dict(ruleset.params))
        return prove_translations(bound, translate_claims(bound), provers, timeout=limits[0],
                                  memory=limits[1], **options).rows[0]


def automata_text(found: list) -> list:
    """The report lines of learned automata (dicts of :meth:`AutomatonFinding.to_dict`)."""
    out = ["", "Automata learned from the table (digits most significant first, one track per "
               "coordinate; Walnut's format with --json):"]
    for f in found:
        base = "Fibonacci" if f["numeration"] == "msd_fib" else "base 2"
        if not f["automaton_file"]:
            out += [f"  {f['what']} ({base}): {f['verdict']}", f"      {f['reason']}"]
            continue
        out.append(f"  {f['what']} ({base}): {f['states']} states, learned on box "
                   f"{tuple(f['learned'])}, confirmed on box {tuple(f['confirmed'])}: {f['verdict']}")
        if f["words"]:
            out.append(f"      in words: {f['words']}")
        p = f["proof"]
        if p.get("verdict") == "PROVED":
            out.append(f"      a theorem: {p['provers']}, {p['seconds']:.1f} s"
                       + (f", after {p['rounds'] - 1} refuted guess(es)" if p["rounds"] > 1 else ""))
        elif p.get("verdict") or f["reason"]:
            out.append(f"      {f['reason'] or p.get('reason', '')}")
    return out
