"""What ``discover`` found, as Python objects, text and JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Optional


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
class Discovery:
    """The report of :func:`cgs_bridge.discover.discover` for one game, parameter values and box.

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
    sweep: Optional[dict] = None
    notes: list = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)

    def _repr_html_(self) -> str:  # notebook: a table per kind of finding (cgs_bridge.display)
        from ..display import discovery_html
        return discovery_html(self)

    def __repr__(self) -> str:
        from ..display import short_repr
        return short_repr(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, default=str) + "\n"

    def to_text(self) -> str:
        out = [f"discover: {self.game} on box {self.box}: {self.positions:,} valid positions, "
               f"{self.p_positions:,} P-positions",
               "searched: " + "; ".join(self.searched)]
        out.append("")
        if self.formulas:
            out.append("Formulas that hold on every valid position of the box (re-checked by the claim "
                       "checker), simplest first; paste a line into the game block:")
            out += [f"  {f.claim}" for f in self.formulas]
            if self.more_formulas:
                out.append(f"  ... and {self.more_formulas} more that hold (--per-family / --limit show more; "
                           "P formulas that hold all define the same P-positions on the box)")
        else:
            out.append("No formula of the searched families holds on every valid position of the box.")
        if self.near_misses:
            out += ["", "Near misses (failures / positions; first failing positions with their Grundy values):"]
            for m in self.near_misses:
                first = ", ".join(f"{tuple(e['position'])} g={e['grundy']}" for e in m.first)
                out.append(f"  {m.condition}: fails at {m.failures:,} of {m.checked:,}; first: {first}")
        if self.regions:
            out += ["", "Grundy formulas on a region (hold wherever the region's condition does):"]
            for f in self.regions:
                out.append(f"  [{f.region_size:,} positions] {f.claim}")
        if self.lines:
            out += ["", "Rows and columns of the Grundy table (re-checked position by position; not claims):"]
            out += [f"  {ln['text']}" for ln in self.lines]
        if self.sweep:
            out += ["", sweep_text(self.sweep)]
        if self.notes:
            out += ["", "Notes:"] + [f"  {n}" for n in self.notes]
        out += ["", f"Found on box {self.box} with {_params(self.params)}; nothing is claimed beyond them.",
                "time: " + ", ".join(f"{k} {v:.2f} s" for k, v in self.seconds.items())]
        return "\n".join(out) + "\n"


def _params(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items()) if params else "no parameters"


def sweep_text(sweep: dict) -> str:
    out = [f"Sweep of {sweep['param']} over {', '.join(map(str, sweep['values']))} "
           f"(box {sweep['box']} for each value):"]
    for c in sweep["classes"]:
        out.append(f"  {c['claim']}")
        out.append(f"      holds for {sweep['param']} = {', '.join(map(str, c['holds_for']))}"
                   f" (re-checked for each); checked at no other value; test further with:")
        out.append(f"      {c['test_further']}")
    if not sweep["classes"]:
        out.append("  no formula holds on a whole parameter class of at least three swept values")
    out.append("  simplest formulas at each value (re-checked there):")
    for v, conds in sweep["per_value"].items():
        out.append(f"    {sweep['param']} = {v}: {'; '.join(conds) if conds else 'none'}")
    return "\n".join(out)
