"""What ``discover`` found, as Python objects, text and JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Optional

from cgs_bridge.foundation.results import Result


@dataclass
class Found:
    """A formula that holds on every valid position of the box (re-checked by the claim checker).

    ``condition`` is the claim's condition (spec text), ``claim`` the whole ``claim`` line to paste,
    ``checked`` the number of positions the claim checker evaluated, ``region_size`` (region
    formulas) the number of positions in the region."""

    family: str
    condition: str
    claim: str
    complexity: int
    checked: int
    region_size: Optional[int] = None
    reads: str = ""                                 #: the formula as read ("when y == 0: ...")
    evidence: dict = field(default_factory=dict)    #: boxes checked, positions and P-positions


@dataclass
class Artefact:
    """A formula (or structure) that holds on the search box and fails on the larger re-check
    box ``box``: an artefact of the small box, not a finding. ``position`` / ``grundy`` give the
    first counterexample (lexicographic, from the claim checker) when there is one; ``why``
    describes the difference otherwise."""

    family: str
    condition: str
    reads: str
    box: str
    position: list
    grundy: Optional[int]
    why: str = ""

    def text(self) -> str:
        if self.position:
            return (f"{self.reads}: fails on box {self.box}, first at {tuple(self.position)} "
                    f"(grundy {self.grundy})")
        return f"{self.reads}: {self.why} (box {self.box})"


@dataclass
class Miss:
    """A near miss: ``failures`` of ``checked`` positions fail; ``first`` lists the first failing
    positions (lexicographic) with their Grundy values, as the claim checker reports them:
    ``[{"position": [..], "grundy": g}, ...]``."""

    family: str
    condition: str
    claim: str
    complexity: int
    failures: int
    checked: int
    first: list


@dataclass
class Discovery(Result):
    """The report of :func:`cgs_bridge.jobs.discover.discover` for one game, parameter values and box
    (a :class:`~cgs_bridge.foundation.results.Result`; ``exit_code`` 0: the search ran).

    Nothing in it is claimed beyond ``box`` and ``params``."""

    game: str
    params: dict
    box: str
    positions: int
    p_positions: int
    searched: list
    formulas: list = field(default_factory=list)
    more_formulas: int = 0
    near_misses: list = field(default_factory=list)
    regions: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    artefacts: list = field(default_factory=list)
    withheld: list = field(default_factory=list)
    recheck_box: Optional[str] = None
    evidence: dict = field(default_factory=dict)
    slices: list = field(default_factory=list)
    misere: Optional[dict] = None
    partners: Optional[dict] = None
    bfiles: list = field(default_factory=list)
    differences: Optional[dict] = None
    sweep: Optional[dict] = None
    notes: list = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)

    exit_code = 0  #: ``cgs-bridge discover`` exits 0 when the search ran

    def verdict(self) -> str:
        """``3 formulas, 2 near misses, ...``: what was found (the counts of :func:`short_repr`)."""
        return ", ".join(counts(self))

    @property
    def frame(self):
        """A pandas DataFrame, one row per formula found: ``family``, ``condition``, ``claim``,
        ``complexity``, ``checked``."""
        import pandas as pd
        cols = ["family", "condition", "claim", "complexity", "checked"]
        return pd.DataFrame([{c: getattr(f, c) for c in cols} for f in self.formulas], columns=cols)

    def __repr__(self) -> str:
        return short_repr(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, default=str) + "\n"

    def to_text(self) -> str:
        out = [f"discover: {self.game} on box {self.box}: {self.positions:,} valid positions, "
               f"{self.p_positions:,} P-positions",
               "searched: " + "; ".join(self.searched)]
        if self.recheck_box:
            out.append(f"re-check box: {self.recheck_box} (every finding below also holds there; "
                       f"{_evidence(self.evidence)})")
        out.append("")
        out += self._formulas_text()
        if self.near_misses:
            out += ["", "Near misses (failures / positions; first failing positions with their Grundy values):"]
            for m in self.near_misses:
                first = ", ".join(f"{tuple(e['position'])} g={e['grundy']}" for e in m.first)
                out.append(f"  {m.condition}: fails at {m.failures:,} of {m.checked:,}; first: {first}")
        if self.regions:
            out += ["", "Grundy formulas on a region:"]
            for f in self.regions:
                out += [f"  {f.reads}   [{f.region_size:,} positions of the search box]", f"    {f.claim}"]
        for sl in self.slices:
            out += ["", f"Per-slice constants: {sl['text']}:",
                    "  c = " + ", ".join(f"{v}: {c}" for v, c in sl["table"].items())]
            out += [f"    {c}" for c in sl["claims"][:6]]
            if len(sl["claims"]) > 6:
                out.append(f"    ... {len(sl['claims']) - 6} more claim lines (--json lists them)")
        if self.lines:
            out += ["", "Rows and columns of the Grundy table (re-checked position by position on both boxes):"]
            out += [f"  {ln['text']}" for ln in self.lines]
        out += self._structure_text()
        if self.artefacts:
            out += ["", "Artefacts of the small box (hold on the search box, fail on the larger re-check box; "
                        "NOT findings):"]
            out += [f"  {a.text()}" for a in self.artefacts]
        if self.differences:
            from .differences import text as diff_text
            out += diff_text(self.differences)
        if self.sweep:
            out += ["", sweep_text(self.sweep)]
        if self.withheld:
            out += ["", "Not reported (below the least evidence):"] + [f"  {w}" for w in self.withheld]
        if self.bfiles:
            out += ["", "b-files written:"] + [f"  {p}" for p in self.bfiles]
        if self.notes:
            out += ["", "Notes:"] + [f"  {n}" for n in self.notes]
        out += ["", f"Found on box {self.box} (re-checked on {self.recheck_box or 'no larger box'}) with "
                    f"{_params(self.params)}; nothing is claimed beyond them.",
                "time: " + ", ".join(f"{k} {v:.2f} s" for k, v in self.seconds.items())]
        return "\n".join(out) + "\n"

    def _formulas_text(self) -> list:
        if not self.formulas:
            return ["No formula of the searched families holds on every valid position of both boxes."]
        out = ["Formulas that hold on every valid position of the search box and of the re-check box "
               "(re-checked by the claim checker), simplest first; paste a line into the game block:"]
        for f in self.formulas:
            out += [f"  {f.reads or f.condition}", f"    {f.claim}"]
        if self.more_formulas:
            out.append(f"  ... and {self.more_formulas} more that hold (--per-family / --limit show more; "
                       "P formulas that hold all define the same P-positions on the box)")
        return out

    def _structure_text(self) -> list:
        out = []
        if self.misere:
            out += ["", "Misère values against normal-play values:"]
            out += [f"  differ at {d['differ']:,} of {d['positions']:,} positions of box {d['box']}"
                    for d in self.misere["differ"]]
            if self.misere["exceptions"]:
                out.append("  first differences: " + ", ".join(
                    f"{tuple(e['position'])} g={e['grundy']} m={e['misere']}" for e in self.misere["exceptions"][:8]))
            if self.misere["not_finite"]:
                out.append(f"  {self.misere['not_finite']}")
            out += [f"  {t}" for t in self.misere.get("findings", [])]
        if self.partners and (self.partners["unique"] or self.partners["lines"]):
            out += ["", "P-position structure: partner functions (re-checked on both boxes):"]
            out += [f"  {u['text']}" for u in self.partners["unique"] if u["holds_on_recheck"] is not False]
            out += [f"  {ln['text']}" for ln in self.partners["lines"]]
            if self.partners.get("unconfirmed"):
                out.append(f"  ({self.partners['unconfirmed']} more periodic partner sequence(s) not extended "
                           "by the re-check box: not reported)")
        return out


def counts(d) -> list:
    """``["3 formulas", "2 near misses", ...]``: the length of every list field of a report."""
    import dataclasses
    return [f"{len(getattr(d, f.name))} {f.name.replace('_', ' ')}" for f in dataclasses.fields(d)
            if isinstance(getattr(d, f.name), list) and f.name not in ("searched", "notes")]


def short_repr(d) -> str:
    """``Discovery(triangular(k=5) on x=20,y=10,z=20: 3 formulas, 2 near misses, ...)``."""
    params = ", ".join(f"{k}={v}" for k, v in (getattr(d, "params", None) or {}).items())
    game = f"{d.game}({params})" if params and "(" not in str(d.game) else d.game
    return f"{type(d).__name__}({game} on {d.box}: {', '.join(counts(d))})"


def _evidence(ev: dict) -> str:
    parts = [f"box {b['box']}: {b['positions']:,} positions, {b['p_positions']:,} P-positions"
             for b in ev.get("boxes", [])]
    return "; ".join(parts + list(ev.get("notes", [])))


def _params(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items()) if params else "no parameters"


def sweep_text(sweep: dict) -> str:
    out = [f"Sweep of {sweep['param']} over {', '.join(map(str, sweep['values']))} "
           f"(box {sweep['box']} for each value):"]
    for c in sweep["classes"]:
        out.append(f"  {c['claim']}")
        out.append(f"      holds for {sweep['param']} = {', '.join(map(str, c['holds_for']))}"
                   f" (re-checked for each on its box and on a larger box); checked at no other value:")
        for v, ev in c.get("evidence", {}).items():
            out.append(f"        {sweep['param']} = {v}: {_evidence(ev)}")
        out.append("      test further with:")
        out.append(f"      {c['test_further']}")
    arts = sweep.get("artefacts", [])
    if len(arts) > 8:
        out.append(f"  ({len(arts) - 8} more artefacts of the small box: --json lists them)")
    for a in arts[:8]:
        w = f"when {a['when']}: " if a["when"] else ""
        if a.get("why"):
            out.append(f"  {w}{a['condition']}: {a['why']} (NOT a finding)")
            continue
        out.append(f"  artefact of the small box (NOT a finding): {w}{a['condition']} holds for "
                   f"{sweep['param']} = {', '.join(map(str, a['holds_for']))} on box {sweep['box']}, "
                   f"fails at {sweep['param']} = {a['fails_at']} on box {a['box']}, first at "
                   f"{tuple(a['counterexample']) if a['counterexample'] else '?'} (grundy {a['grundy']})")
    if not sweep["classes"]:
        out.append("  no formula holds (on the box and on each value's larger box) on a whole parameter class "
                   "of at least three swept values")
    out.append("  simplest formulas at each value (re-checked there):")
    for v, conds in sweep["per_value"].items():
        out.append(f"    {sweep['param']} = {v}: {'; '.join(conds) if conds else 'none'}")
    return "\n".join(out)
