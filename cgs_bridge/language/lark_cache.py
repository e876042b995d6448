"""Where lark keeps the LALR tables of the specification grammar (the user's cache, lark's own
``cache=``: keyed by the grammar's hash, rebuilt when it changes or the file is unreadable)."""

from __future__ import annotations

import os
from pathlib import Path

from cgs_bridge.foundation import config


def _cache_file(start: str):
    """Where lark keeps the tables of rule ``start`` (False: no cache, the folder cannot be made)."""
    base = config.get(config.XDG_CACHE_HOME) or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "cgs_bridge" / "grammar"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / f"{start}.lark")
