"""The registry of emission targets: ``TARGETS`` maps a name to its
:class:`~cgs_bridge.systems.printing.context.Target` (printer class, file naming, template context).

A target lives in one module (its printer, ``files`` and ``context`` functions and a ``TARGET``
record: :mod:`cgs_bridge.systems.cgsuite.printer`, :mod:`cgs_bridge.systems.mathematica.printer`) and one
template folder ``cgs_bridge/systems/<system>/templates/<name>/``. Adding a target (Maple, Lean, ...) means that
module, that folder and one :func:`register` line below; the CLI's ``--target`` choices come from
:data:`TARGETS`.
"""

from __future__ import annotations

from cgs_bridge.systems.printing.context import Target

from .cgsuite import printer as cgsuite
from .mathematica import printer as mathematica

TARGETS: dict = {}


def register(target: Target) -> None:
    """Add ``target`` (registration order is the order of ``--target all``)."""
    TARGETS[target.name] = target


register(cgsuite.TARGET)
register(mathematica.TARGET)
