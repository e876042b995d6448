"""Mathematica's settings (issue 45: a system's settings live in its folder): what every Mathics3
child is given. It declares no variable it reads."""

from __future__ import annotations

#: Mathics3's cap on ``$RecursionLimit`` (default 512): set, never read, for every Mathics3 child
#: (:func:`cgs_bridge.systems.mathematica.runner.run_mathematica_file`) to
#: :data:`MATHICS_RECURSION_LIMIT`, the limit the audit prelude asks for (``prelude.wl``); asking
#: above the cap prints ``$RecursionLimit::limset`` and leaves the limit low.
MATHICS_RECURSION = "MATHICS_MAX_RECURSION_DEPTH"
MATHICS_RECURSION_LIMIT = 100000

#: What cgs_bridge sets for the engines it starts (passing on is not a read): name -> value.
CHILD_VARIABLES = {MATHICS_RECURSION: str(MATHICS_RECURSION_LIMIT)}
