"""What ``discover`` found, as Python objects, text and JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Optional

from cgs_bridge.foundation.results import Result, render


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
    proofs: list = field(default_factory=list)  #: ``discover --prove`` (:mod:`.proofs`)
    automata: list = field(default_factory=list)  #: ``discover --automaton`` (:mod:`.automaton`)

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def exit_code(self) -> int:
        """0 when the search ran (and every proof asked for was decided: PROVED, REFUTED, NOT
        EXPRESSIBLE or NOT APPLICABLE); 2 when a prover failed or the provers disagreed."""
        return 2 if any(p["verdict"] == "ENGINE ERROR" for p in self.proofs + self.automata) else 0

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
        """The text report (the ``"report"`` renderer, :mod:`cgs_bridge.presentation.discovery_text`)."""
        return render(self, "report")


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
