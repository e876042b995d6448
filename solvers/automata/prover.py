"""The embedded automata prover as a registry entry (:class:`~solvers.logic.prover.Prover`, issue
45): ``prove --prover embedded``. It needs nothing outside Python, so it is always available; its
version is the project's. Listed in :data:`cgs_bridge.systems.registry.PROVERS`."""

from __future__ import annotations

from solvers.logic.prover import Prover


def decide(problem, limits: dict) -> list:
    """:func:`solvers.automata.decide_problem` within ``limits`` (``timeout``, ``memory``):
    :func:`bounded`.

    Raises:
        AutomatonLimitError: a limit reached (the automaton's size named)."""
    import solvers.automata as automata   # read when called: a test may put a stand-in there
    return bounded(automata.decide_problem, problem, limits.get("timeout"), limits.get("memory"))


def bounded(decide, problem, timeout, memory) -> list:
    """``decide(problem, timeout=, memory=)`` with the process's address space bounded too (issue
    46): it may grow by at most ``memory`` bytes while the prover runs
    (:func:`cgs_bridge.foundation.budget.within`, in the main thread), besides the prover's own
    estimate of its transition tables."""
    from cgs_bridge.foundation.budget import GIB, within
    from cgs_bridge.foundation.errors import AutomatonLimitError

    def exhausted():
        return AutomatonLimitError(f"the embedded prover ran out of memory: this run may add at most "
                                   f"{memory / GIB:g} GiB (--memory) to the process's address space")
    with within(None, memory, None, exhausted):
        return decide(problem, timeout=timeout, memory=memory)


PROVER = Prover(name="embedded", decide=decide, title="the embedded automata prover",
                label="Embedded prover", ours=True)
