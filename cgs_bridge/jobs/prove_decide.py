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

    def failures(self) -> str:
        """Why the provers failed: one prover's message as it is (it names its prover where that
        matters, e.g. Java missing for Walnut), several each after its prover's name."""
        if len(self.errors) == 1:
            return next(iter(self.errors.values()))
        return "; ".join(f"{p}: {e}" for p, e in self.errors.items())

    def agreed(self) -> list:
        """The decisions every answering prover gave (the first's, after comparing).

        Raises:
            EngineError: no prover answered (each reason quoted), or two answered differently.
        """
        if not self.decisions:
            raise EngineError(self.failures() or "no prover ran")
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


#: The ``--prover`` choice that runs every available prover and compares them.
ALL = "both"


def choose_provers(prover: str | None, options=None) -> tuple:
    """The provers to run: ``prover`` (a name of :data:`cgs_bridge.systems.registry.PROVERS`), or
    :data:`ALL` (every available prover, in registry order), or by default the first available
    one (Walnut when found, else the embedded prover). ``options``: the provers' options
    (``{"walnut_home": DIR}``); availability is asked only of the provers it may choose.

    Raises:
        InputError: unknown prover. EngineError: an option names something unusable; no prover
        is available; ``both`` with fewer than two available (each reason named).
    """
    from cgs_bridge.systems.registry import PROVERS
    from cgs_bridge.systems.registry import prover as entry
    options = options if isinstance(options, dict) else {}
    if prover is not None and prover != ALL:
        entry(prover)
        return (prover,)
    found, why = [], {}
    for name in PROVERS:
        ok, reason = entry(name).availability(options)
        if ok and prover is None:
            return (name,)
        if ok:
            found.append(name)
        else:
            why[name] = reason
    if prover is None or len(found) < 2:
        from cgs_bridge.foundation.errors import EngineError
        raise EngineError((f"--prover {ALL} compares every available prover, and only "
                           f"{', '.join(found) or 'none'} is available" if prover else "no prover is available")
                          + "".join(f"; {p}: {r}" for p, r in why.items()))
    return tuple(found)
