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


def decider(name: str, walnut_home):
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
    return lambda pb, timeout, memory, workdir, notes: _bounded(decide_problem, pb, timeout, memory)


def _bounded(decide, problem, timeout, memory) -> list:
    """The embedded prover's run with its address space bounded too (issue 46): the process may
    grow by at most ``memory`` bytes while it runs (:func:`cgs_bridge.foundation.budget.within`,
    in the main thread), besides the prover's own estimate of its transition tables."""
    from cgs_bridge.foundation.budget import GIB, within
    from cgs_bridge.foundation.errors import AutomatonLimitError

    def exhausted():
        return AutomatonLimitError(f"the embedded prover ran out of memory: this run may add at most "
                                   f"{memory / GIB:g} GiB (--memory) to the process's address space")
    with within(None, memory, None, exhausted):
        return decide(problem, timeout=timeout, memory=memory)


def decide(problem, provers, limits, folder=None, notes=(), get=decider) -> Decided:
    """Run every prover of ``provers`` on ``problem``, each under ``limits`` (``timeout``,
    ``memory``, ``walnut_home``); ``folder(prover)`` names a prover's run folder (or None).
    ``get(name, walnut_home)`` returns a prover's decide function (:func:`decider`)."""
    out = Decided()
    for name in provers:
        t0 = time.monotonic()
        try:
            got = get(name, limits.get("walnut_home"))(
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
