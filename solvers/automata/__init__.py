"""The embedded automata prover (issue 33): decides sentences of the proof language
(:mod:`solvers.logic.formula`) for all natural numbers with finite automata over tuples of bits,
base 2, most significant digit first, transition tables in numpy. A second implementation beside
Walnut, written for this project: :mod:`.atoms` (linear constraints, xor), :mod:`.dfa` (product,
complement), :mod:`.project` (projection with the leading-zero closure), :mod:`.minimize`,
:mod:`.build` (formula -> automaton), :mod:`.decide` (verdicts and smallest counterexamples)."""

from .decide import decide_problem  # noqa: F401
