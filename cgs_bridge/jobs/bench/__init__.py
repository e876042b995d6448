"""The bench cases (``cgs-bridge bench``): :mod:`.kernel` (the solver against the C yardstick),
:mod:`.sweep`, :mod:`.discover`, :mod:`.startup`, the proofs' (:mod:`.prove`, :mod:`.prove_sweep`,
:mod:`.automaton`: the registry's provers); a case that runs an outside system is its system's
(:attr:`cgs_bridge.systems.base.System.bench`), handed the jobs it uses by :mod:`.services`."""
