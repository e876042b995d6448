"""Position-by-position comparison of imported tables with the Python solution.

Every imported table is keyed by position. Kinds of difference (values are integers; nothing is
tolerated):

- ``value``: both sides have the position, the Grundy (or misère) values differ;
- ``missing``: a valid position of the box that the other side does not report;
- ``invalid``: the other side reports a position inside the box that is not a valid position;
- ``outside box``: the other side reports a position outside the box;
- ``duplicate``: the other side reports a position twice with different values.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pandas as pd

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.foundation.results import Result, position_text, render
from cgs_bridge.model.claims import check_claims, load_claims
from cgs_bridge.systems import registry


@dataclass
class Difference:
    side: str
    kind: str
    position: tuple
    python: int | None = None
    other: int | None = None
    python_misere: int | None = None
    other_misere: int | None = None
    line: int | None = None
    claim: str | None = None

    def describe(self) -> str:
        p = position_text(self.position)
        if self.kind == "claim":  # an engine's check of a spec claim against Python's
            return (f"claim {self.claim!r}: python finds {self.python} failing position(s), "
                    f"{self.side} {self.other}" + (f" [line {self.line}]" if self.line else ""))
        if self.kind == "value":
            text = f"{p}: python {self.python}, {self.side} {self.other}"
            if self.python_misere is not None and self.python_misere != self.other_misere:
                text += f" (misère: python {self.python_misere}, {self.side} {self.other_misere})"
        elif self.kind == "missing":
            text = f"{p}: python {self.python}, {self.side} has no value (missing)"
        elif self.kind == "duplicate":
            text = f"{p}: {self.side} reports it twice with different values"
        else:
            text = f"{p}: {self.side} {self.other}, but the position is {self.kind} for python"
        return text + (f" [line {self.line}]" if self.line else "")


@dataclass
class SideResult:
    """One source's comparison. ``complete`` is False when the source is the output of an engine
    run that failed or timed out: its rows are compared, but a position it did not reach is not
    a difference (``compared`` then says how far it got)."""

    side: str
    source: str
    rows: int
    compared: int
    differences: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    complete: bool = True

    def counts(self) -> dict:
        out: dict = {}
        for d in self.differences:
            out[d.kind] = out.get(d.kind, 0) + 1
        return out

    def counts_text(self) -> str:
        """``2 values, 1 missing``: the counts as words (a noun kind in the plural when more than
        one; issue 48.10)."""
        nouns = {"value", "duplicate"}
        return ", ".join(f"{n} {k}{'s' if n != 1 and k in nouns else ''}" for k, n in self.counts().items())


def compare_table(solution, transcript, side: str, source: str, complete: bool = True) -> SideResult:
    """Compare an imported table (``transcript.frame``: ``c0..``, ``grundy``[, ``misere``]) with
    ``solution`` over ``solution.box``; with ``complete=False`` (the partial output of a failed or
    timed-out run) positions the table lacks are not reported as ``missing``."""
    n = len(solution.ruleset.coords)
    keys = [f"c{i}" for i in range(n)]
    other = transcript.frame.copy()
    other["line"] = transcript.lines if len(transcript.lines) == len(other) else None
    mine = solution.to_frame()
    mine.columns = keys + list(mine.columns[n:])
    has_m = "misere" in other.columns and "misere" in mine.columns
    res = SideResult(side, source, len(other), 0, complete=complete)
    if "misere" in other.columns and "misere" not in mine.columns:
        res.notes.append(f"{side} reports misère values; compare with --misere to check them")
    dup = other[other.duplicated(keys, keep=False)]
    for pos, grp in dup.groupby(keys):
        vals = grp.drop(columns=["line"]).drop_duplicates()
        if len(vals) > 1:
            res.differences.append(Difference(side, "duplicate", tuple(int(v) for v in pos),
                                              line=_int(grp["line"].iloc[1])))
    other = other.drop_duplicates(keys, keep="first")
    merged = mine.merge(other, on=keys, how="outer", suffixes=("_py", "_other"), indicator="where_")
    box = solution.box
    for row in merged.itertuples(index=False):
        r = row._asdict()
        pos = tuple(int(r[k]) for k in keys)
        where = r["where_"]
        if where == "both":
            res.compared += 1
            gp, go = int(r["grundy_py"]), int(r["grundy_other"])
            mp = int(r["misere_py"]) if has_m else None
            mo = int(r["misere_other"]) if has_m else None
            if gp != go or mp != mo:
                res.differences.append(Difference(side, "value", pos, gp, go, mp, mo, _int(r["line"])))
        elif where == "left_only":
            if complete:
                res.differences.append(Difference(side, "missing", pos, python=int(r["grundy_py"])))
        else:
            kind = "outside box" if not box.contains(pos) else "invalid"
            res.differences.append(Difference(side, kind, pos, other=int(r["grundy_other"]),
                                              line=_int(r["line"])))
    order = {"value": 0, "duplicate": 1, "missing": 2, "invalid": 3, "outside box": 4}
    res.differences.sort(key=lambda d: (order[d.kind], d.position))
    return res


def _int(v):
    try:
        return None if v is None or pd.isna(v) else int(v)
    except (TypeError, ValueError):
        return None


COLUMNS = ["side", "kind", "position", "python", "other", "python_misere", "other_misere", "line"]


@dataclass
class Comparison(Result):
    """The whole comparison: the game, box, each side's result, typed claims, and scalars (a
    :class:`~cgs_bridge.foundation.results.Result`: ``verdict()``, ``exit_code``, ``frame``; text
    and HTML drawn by :mod:`cgs_bridge.presentation.results`)."""

    game: str
    box: str
    positions: int
    sides: list = field(default_factory=list)
    claims: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    spec_claims: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        """Every source agrees with python on every position (and every typed claim holds); a
        failing claim of the spec is its own verdict (:attr:`claims_hold`)."""
        return (all(not s.differences and s.complete for s in self.sides)
                and all(c.ok for c in self.claims))

    @property
    def claims_hold(self) -> bool:
        """No claim of the spec fails on the box (python's check, ``spec_claims``)."""
        return all(c.status != "fails" for c in self.spec_claims)

    def claim_rows(self) -> list:
        """One ``(mark, name, text)`` per claim of the spec: ``ok``/``FAIL``/``n/a``, and what
        python found (``fails at 15 of 484 positions, first (1, 0, 1): grundy 2``)."""
        from .checking import first_text
        rows = []
        for c in self.spec_claims:
            if c.status == "fails":
                rows.append(("FAIL", c.name, f"fails at {c.failures} of {c.checked} positions, first {first_text(c)}"))
            elif c.status == "holds":
                rows.append(("ok  ", c.name, f"holds on all {c.checked} positions"))
            else:
                rows.append(("n/a ", c.name, "not applicable" + (f" ({c.note})" if c.note else "")))
        return rows

    def claims_verdict(self) -> str | None:
        """The verdict on the spec's claims, or None when the spec has none: ``2 hold`` (``, 1 not applicable``)
        or ``1 of 2 FAILS: 'Theorem 7.3' at 15 of 484 positions, first (1, 0, 1): grundy 2``."""
        if not self.spec_claims:
            return None
        from .checking import first_text
        bad = [c for c in self.spec_claims if c.status == "fails"]
        if bad:
            return (f"{len(bad)} of {len(self.spec_claims)} FAIL" + ("S" if len(bad) == 1 else "") + ": "
                    + "; ".join(f"{c.name!r} at {c.failures} of {c.checked} positions, first {first_text(c)}"
                                for c in bad))
        held = sum(c.status == "holds" for c in self.spec_claims)
        na = len(self.spec_claims) - held
        return f"{held} hold{'s' if held == 1 else ''}" + (f", {na} not applicable" if na else "")

    @property
    def incomplete(self) -> bool:
        """Some source is the partial output of a failed or timed-out engine run."""
        return any(not s.complete for s in self.sides)

    def verdict(self) -> str:
        """``all sources agree with python``, ``DIFFERENCES FOUND``, or for partial engine output
        ``INCOMPLETE: 180 of 484 positions compared, no difference among them`` (per partial
        source; ``N differences among them`` when some were found)."""
        if not self.incomplete:
            return "all sources agree with python" if self.agree else "DIFFERENCES FOUND"
        parts = []
        named = len(self.sides) > 1  # say what happened to each source, not only the partial one
        for s in self.sides:
            n = len(s.differences)
            diffs = f"{n} difference{'s' if n > 1 else ''}"
            if s.complete:
                if named:
                    parts.append(f"{s.side}: {'agrees on all ' + str(s.compared) + ' positions' if n == 0 else diffs}")
                continue
            found = "no difference among them" if n == 0 else f"{diffs} among them"
            parts.append(f"{s.side + ': ' if named else ''}{s.compared} of {self.positions} positions "
                         f"compared, {found}")
        bad = sum(not c.ok for c in self.claims)
        if bad:
            parts.append(f"{bad} claim{'s' if bad != 1 else ''} differ{'s' if bad == 1 else ''}")
        return "INCOMPLETE: " + "; ".join(parts)

    @property
    def exit_code(self) -> int:
        """0 when every source agrees with python on every position and no claim (typed or of the
        spec) fails, else 1."""
        return 0 if self.agree and self.claims_hold else 1

    def render(self, solution=None, shown: int = 10, more_hint: str = "see comparison.csv") -> str:
        """The text report (the ``"report"`` renderer: template ``report/comparison.txt.j2``);
        ``more_hint`` says where the differences beyond the first ``shown`` are."""
        return render(self, "report", solution=solution, shown=shown, more_hint=more_hint)

    def rows(self) -> list:
        return [asdict(d) for s in self.sides for d in s.differences]

    @property
    def frame(self) -> pd.DataFrame:
        """Every difference as a pandas DataFrame: ``side``, ``kind``, ``position`` (a tuple),
        ``python``, ``other``, ``python_misere``, ``other_misere``, ``line`` (empty when agreed)."""
        frame = pd.DataFrame(self.rows(), columns=COLUMNS)
        for col in COLUMNS[3:]:  # integers stay integers (nullable), empty where a side has none
            frame[col] = frame[col].astype("Int64")
        return frame

    def __repr__(self) -> str:
        head = f"Comparison({self.game} on {self.box}: {self.positions} positions, "
        head += "INCOMPLETE)" if self.incomplete else ("agree)" if self.agree else "DIFFER)")
        lines = [head]
        for s in self.sides:
            counts = ", ".join(f"{n} {k}" for k, n in s.counts().items()) or "no differences"
            lines.append(f"  {s.side} ({s.source}): {s.compared} compared, {counts}")
        for c in self.claims:
            lines.append(f"  claim {getattr(c, 'name', c)}: {'ok' if c.ok else 'FAILS'}")
        return "\n".join(lines)

    def write(self, folder, solution=None, overwrite: bool = True) -> list:
        """Write ``comparison.txt``, ``comparison.csv`` and ``comparison.json`` (atomically);
        ``overwrite=False`` refuses to replace an existing different file (``InputError``, as
        :func:`cgs_bridge.foundation.io.atomic_write_text`)."""
        folder = Path(folder)
        frame = self.frame
        frame["position"] = frame["position"].map(lambda p: " ".join(str(v) for v in p))
        summary = {"game": self.game, "box": self.box, "positions": self.positions, "agree": self.agree,
                   "verdict": self.verdict(), "complete": not self.incomplete,
                   "sides": [{"side": s.side, "source": s.source, "rows": s.rows, "compared": s.compared,
                              "complete": s.complete,
                              "counts": s.counts(), "notes": s.notes} for s in self.sides],
                   "claims": [asdict(c) for c in self.claims], "notes": self.notes,
                   "claims_verdict": self.claims_verdict(),
                   "spec_claims": [{"name": c.name, "status": c.status, "checked": c.checked,
                                    "failures": c.failures} for c in self.spec_claims],
                   "differences": self.rows()}
        return [atomic_write_text(folder / "comparison.txt", self.render(solution), overwrite=overwrite),
                atomic_write_text(folder / "comparison.csv", frame.to_csv(index=False), overwrite=overwrite),
                atomic_write_text(folder / "comparison.json", json.dumps(summary, indent=2, default=list) + "\n",
                                  overwrite=overwrite)]


def compare_sources(ruleset, sol, sources=None, claims=None, table_axes=None, fixed=None,
                    partial=()) -> Comparison:
    """Compare the given sources with ``sol`` (a solved box of ``ruleset``), one side per system
    of the registry (:data:`cgs_bridge.systems.registry.SYSTEMS`, in its order) given a file.

    Args:
        sources: ``{system name: path}`` for any registered system (``{"cgsuite": "t.out",
            "mathematica": "t.csv"}``), each read by its system's reader (``table_axes`` and
            ``fixed``: reading options, e.g. of a CGSuite ``Table`` grid).
        claims: path of published claims typed from a paper (YAML, docs/claims-format.md).
        partial: the sides (``cgsuite``, ``mathematica``) whose file is the partial output of a
            failed or timed-out engine run: compared on the rows received (:func:`compare_table`).
    Raises:
        InputError: an unreadable or malformed source (file and line named), or an unknown
        system.
    """
    given = _sources(sources)
    options = {"table_axes": table_axes, "fixed": fixed}
    comp = Comparison(ruleset.describe(), str(sol.box), len(sol), spec_claims=spec_claim_results(ruleset, sol))
    for name, system in registry.SYSTEMS.items():
        path = given.get(name)
        if not path:
            continue
        part = name in partial
        table = system.read(path, ruleset, part, options)
        comp.sides.append(compare_table(sol, table, name, str(path), not part))
        comp.notes.extend(system.notes(table))
        if table.checks:
            engine_claim_checks(comp, name, [(line, len(failing)) for line, failing in table.checks])
    if claims:
        comp.claims = check_claims(load_claims(claims), sol, str(claims))
    return comp


def spec_claim_results(ruleset, sol) -> list:
    """Python's check of the spec's claims on ``sol`` (:meth:`solvers.Solution.check_claims`), in
    spec order; a claim about misère values is left out when they were not solved."""
    from cgs_bridge.model.game import claim_uses_misere
    claims = [c for c in ruleset.game.claims if sol.misere is not None or not claim_uses_misere(c)]
    return sol.check_claims(limit=3, claims=claims) if claims else []


def engine_claim_checks(comp: Comparison, side: str, checks: list) -> None:
    """Compare an engine's checks of the spec's claims with python's: ``checks`` is ``[(line,
    failing positions it listed)]`` in the order the emitted program checks them (each claim that
    applies, :func:`spec_claim_results` minus the not applicable ones). A different count is a
    cross-check difference (kind ``claim``) of ``side``; checks that cannot be matched to claims
    one to one are only noted."""
    checked = [c for c in comp.spec_claims if c.status in ("holds", "fails")]
    part = next((s for s in comp.sides if s.side == side), None)
    if part is None:
        part = SideResult(side, "claim checks", 0, 0)
        comp.sides.append(part)
    if len(checks) != len(checked):
        part.notes.append(f"{side} printed {len(checks)} claim check(s) for {len(checked)} claim(s) that "
                          "apply: not matched to python's")
        return
    for c, (line, n) in zip(checked, checks):
        if n != c.failures:
            part.differences.append(Difference(side, "claim", (), c.failures, n, line=line, claim=c.name))


def _sources(sources) -> dict:
    """``{system: path}`` of ``sources`` (empty paths dropped); an unknown system is refused."""
    given = {k: v for k, v in (sources or {}).items() if v}
    unknown = [k for k in given if k not in registry.SYSTEMS]
    if unknown:
        raise InputError(f"unknown system {unknown[0]!r}; known: {', '.join(registry.SYSTEMS)}")
    return given
