"""The bench cases (``cgs-bridge bench``): :mod:`.kernel` (the solver against the C yardstick),
:mod:`.mathics`, :mod:`.cgsuite`, :mod:`.sweep`, :mod:`.discover`."""
