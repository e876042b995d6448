"""The ``cgs-bridge`` command line: one module per command, registered in :mod:`.main`."""
