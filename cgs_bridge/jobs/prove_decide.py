"""One proof problem decided by every prover asked for, each within the run's limits (issue 50,
item 5): a prover that fails (time-out, out of memory, an error line) is reported with its reason
and never hides the answer of another; provers that answer must agree on every sentence and
witness, else the run is an engine error, never a verdict.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cgs_bridge.foundation.errors import CgsBridgeError, EngineError

#: Obligations whose failure means "cannot be decided this way" (exit 2), never REFUTED.
SIDE_CONDITIONS = ("region_closed", "terminates")


class Disagreement(EngineError):
    """Two provers, or a prover and the solver, answer differently: exit 2, never a verdict."""


@dataclass
class Decided:
    """What the provers said about one problem: ``decisions`` ``{prover: [Decision]}`` of those
    that answered, ``errors`` ``{prover: message}`` of those that failed, ``times`` ``{prover:
    seconds}`` of each run."""

    decisions: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)
    times: dict = field(default_factory=dict)

    def agreed(self) -> list:
        """The decisions every answering prover gave (the first's, after comparing).

        Raises:
            EngineError: no prover answered (each reason quoted), or two answered differently.
        """
        if not self.decisions:
            raise EngineError("; ".join(f"{p}: {e}" for p, e in self.errors.items()) or "no prover ran")
        names = list(self.decisions)
        first = self.decisions[names[0]]
        for other in names[1:]:
            seen = [(d.obligation, d.holds, d.witness) for d in self.decisions[other]]
            if seen != [(d.obligation, d.holds, d.witness) for d in first]:
                raise Disagreement(f"the provers disagree: {names[0]} says {said(first)}; "
                                  f"{other} says {said(self.decisions[other])}; no verdict")
        return first


def said(decisions) -> str:
    """``closed TRUE; reach FALSE at (1, 2)``: what one prover answered."""
    return "; ".join(f"{d.obligation} {'TRUE' if d.holds else 'FALSE'}"
                     + (f" at {d.witness}" if d.witness is not None else "") for d in decisions)


def decider(name: str, options):
    """``decide(problem, timeout, memory, workdir, notes) -> [Decision]`` of one prover of the
    registry (:func:`cgs_bridge.systems.registry.prover`), with the provers' ``options``.

    Raises:
        InputError: unknown prover. EngineError: its module is not available in this build.
    """
    from cgs_bridge.systems.registry import prover
    entry = prover(name)
    return lambda pb, timeout, memory, workdir, notes: entry.decide(
        pb, {**(options or {}), "timeout": timeout, "memory": memory, "workdir": workdir, "notes": notes})


def decide(problem, provers, limits, folder=None, notes=(), get=decider) -> Decided:
    """Run every prover of ``provers`` on ``problem``, each under ``limits`` (``timeout``,
    ``memory``, and the provers' options); ``folder(prover)`` names a prover's run folder (or
    None). ``get(name, options)`` returns a prover's decide function (:func:`decider`)."""
    out = Decided()
    options = {k: v for k, v in limits.items() if k not in ("timeout", "memory")}
    for name in provers:
        t0 = time.monotonic()
        try:
            got = get(name, options)(
                problem, limits.get("timeout"), limits.get("memory"),
                folder(name) if folder else None, notes)
            if [d.obligation for d in got] != [o.name for o in problem.obligations]:
                raise EngineError(f"{name} answered {len(got)} decision(s) for "
                                  f"{len(problem.obligations)} obligation(s); no verdict")
            out.decisions[name] = got
        except CgsBridgeError as e:
            out.errors[name] = str(e)
        out.times[name] = time.monotonic() - t0
    return out
