"""Walnut 6 (Büchi arithmetic by automata, issue 32): the printer of a proof problem as a Walnut
script (:mod:`.printer`), the xor automaton and the reader of saved automata (:mod:`.automata`),
the runner (:mod:`.runner`: finding Walnut, running it under limits, the engine-error rules) and
:mod:`.system` (the registry record)."""
