"""The declared properties of a game's function parameters before any claim is decided.

``f: nondecreasing nonnegative function`` is part of the game's definition (seed 001 Definition
2.1 requires both of a step bar's width function), not a hypothesis of one claim: ``check`` and
``solve`` refuse a function lacking one on their box (:func:`solvers.check_function_params`), and
``prove`` refuses it too, before any verdict: first on ``t = 0..64`` (the box the claims'
hypotheses are checked on), then, where the function is linear with floors, decided for every
value by the provers (:func:`solvers.logic.hypotheses.declared_problem`). A claim's own
hypothesis (``when f satisfies halving``) that fails still makes that claim NOT APPLICABLE
(:mod:`cgs_bridge.jobs.prove`).
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import ParameterError


def _refused(ruleset, name: str, prop: str, why: str, how: str) -> ParameterError:
    return ParameterError(f"function parameter {name}(t) = {ruleset.params[name].text} must be {prop} "
                          f"(the game {ruleset.name} declares it so); {why} ({how})")


def check_declared(ruleset, run) -> str:
    """Refuse a function parameter lacking a declared property, else say how each was established.

    Args:
        ruleset: the bound game; run: ``run(problem) ->`` :class:`.prove_decide.Decided`
            (every prover asked for on one problem, within the run's limits).
    Returns:
        the note every claim's row carries ("" when no function parameter declares a property):
        the properties decided for every value, those checked on ``0..64`` only and why.
    Raises:
        ParameterError: a declared property fails on ``0..64`` (the first ``t``) or, decided for
            every value, at the provers' witness (evaluated with the solver's function);
        Disagreement: the provers disagree.
    """
    from cgs_bridge.model.box import Box
    from cgs_bridge.model.fnprops import function_property_fails
    from solvers.logic.hypotheses import declared_problem, failure_text
    from solvers.logic.translate import HYPOTHESIS_BOUND
    box = Box(tuple(ruleset.coords), tuple(HYPOTHESIS_BOUND for _ in ruleset.coords))
    for p in ruleset.game.params:
        for prop in p.qualifiers if p.kind == "function" else ():
            why = function_property_fails(ruleset, p.name, prop, box)
            if why:
                raise _refused(ruleset, p.name, prop, why, f"found on t = 0..{HYPOTHESIS_BOUND}")
    problem, box_only = declared_problem(ruleset)
    notes = [f"the declared property '{f} satisfies {prop}' is checked on t = 0..{HYPOTHESIS_BOUND} "
             f"only ({why})" for f, prop, _, why in box_only]
    if problem is None:
        return "; ".join(notes)
    decided = run(problem)
    if not decided.decisions:      # as a function not linear with floors: the box's word stands
        names = ", ".join(o.name.split("_", 2)[1] + " " + o.name.split("_", 2)[2] for o in problem.obligations)
        return "; ".join(notes + [f"the declared properties {names} are checked on t = 0..{HYPOTHESIS_BOUND} "
                                  f"only (the provers could not decide them: {decided.failures()})"])
    for ob, d in zip(problem.obligations, decided.agreed()):
        _, name, prop = ob.name.split("_", 2)
        if not d.holds:
            raise _refused(ruleset, name, prop, failure_text(ruleset, name, prop, d.witness),
                           f"decided for every value by {'+'.join(decided.decisions)}")
    done = ", ".join(f"{o.name.split('_', 2)[1]} {o.name.split('_', 2)[2]}" for o in problem.obligations)
    return "; ".join([f"declared properties decided for every value: {done}"] + notes)
