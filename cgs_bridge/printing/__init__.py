"""Printers: one class per target language over the spec AST (``_print_<Node>`` dispatch, a
precedence table, a table of known functions), see :mod:`cgs_bridge.printing.base`."""
