"""Starting CGSuite: the REPL command from ``--cgsuite-cmd`` or ``$CGS_BRIDGE_CGSUITE_CMD``."""

from __future__ import annotations

import os
import shlex
import shutil

from cgs_bridge.foundation import config
from cgs_bridge.foundation.errors import InputError

CGSUITE_ENV = config.CGSUITE_CMD


def cgsuite_argv(cgsuite_cmd=None) -> list | None:
    """``cgsuite_cmd`` (or ``$CGS_BRIDGE_CGSUITE_CMD``) split like a shell would, or None; a
    relative program path (``../shared/engines/cgsuite/bin/cgsuite-repl``) made absolute.

    Raises:
        InputError: it cannot be split (an unterminated quote) or is empty.
    """
    cmd = cgsuite_cmd or config.get(CGSUITE_ENV)
    if not cmd:
        return None
    where = "--cgsuite-cmd" if cgsuite_cmd else f"${CGSUITE_ENV}"
    try:
        argv = shlex.split(cmd)
    except ValueError as e:
        raise InputError(f"{where} {cmd!r}: {e} (quote it as a shell would)") from None
    if not argv:
        raise InputError(f"{where} is empty")
    found = shutil.which(argv[0])
    if found is None:  # checked before any engine starts
        raise InputError(f"{where} {cmd!r}: {argv[0]} is not an executable program (not on PATH, "
                         "or not an executable file)")
    if os.sep in argv[0]:  # a relative path names a file from here, not from the run folder
        argv[0] = os.path.abspath(found)
    return argv
