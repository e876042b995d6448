"""Reading the differences a figure marks from the files ``verify``/``compare`` write
(``comparison.json`` or ``comparison.csv``), for ``cgs-bridge plot --kind diff``."""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import load_json

from .colours import KIND_COLOURS


def load_differences(path) -> list:
    """The differences listed in a ``comparison.json`` or ``comparison.csv`` (as written by
    ``verify``/``compare``, :meth:`cgs_bridge.jobs.compare.Comparison.write`), as dicts with ``side``,
    ``kind``, ``position`` (tuple), ``python``, ``other``.

    Raises:
        InputError: unreadable file, unknown suffix, or a row without those fields.
    """
    import pandas as pd

    path = Path(path)
    try:
        if path.suffix.lower() == ".json":
            rows = load_json(path, "comparison.json")["differences"]
        elif path.suffix.lower() == ".csv":
            frame = pd.read_csv(path, dtype={"position": str})
            rows = frame.astype(object).where(frame.notna(), None).to_dict("records")
        else:
            raise InputError(f"{path}: expected comparison.json or comparison.csv")
        out = []
        for k, r in enumerate(rows, 1):
            pos = r["position"]
            pos = tuple(int(v) for v in (pos.split() if isinstance(pos, str) else pos))
            if r["kind"] not in KIND_COLOURS:
                raise InputError(f"{path}: row {k}: unknown kind {r['kind']!r}")
            out.append({"side": r["side"], "kind": r["kind"], "position": pos,
                        "python": r.get("python"), "other": r.get("other")})
        return out
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
        raise InputError(f"cannot read the differences in {path}: {e!r}") from None
