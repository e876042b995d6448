"""Sequences out (issue 21, point 5): rows, diagonals, partner sequences and P-position counts
per bound, in the OEIS b-file format (one ``n a(n)`` line per term, a comment header; see
https://oeis.org/wiki/B-files) for lookup in the OEIS.

Files are written atomically into a directory; an existing file is never overwritten unless
``overwrite`` is given (the CLI's ``--force``).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.escape import bfile_comment
from cgs_bridge.foundation.io import atomic_write_text


def sequences(solution, partners: dict | None = None, fix_max: int = 2) -> dict:
    """``{file stem: (description, offset, [terms])}`` for the solved box."""
    r = solution.ruleset
    names = list(r.coords)
    g = solution.grundy
    d = g.ndim
    out = {}
    for axis in range(d):      # rows: every coordinate but one fixed at small values
        rest = [i for i in range(d) if i != axis]
        for vals in itertools.product(*[range(min(fix_max, g.shape[i] - 1) + 1) for i in rest]):
            sl = [0] * d
            for i, v in zip(rest, vals):
                sl[i] = v
            sl[axis] = slice(None)
            row = g[tuple(sl)]
            valid = np.flatnonzero(row >= 0)
            if len(valid) < 4:
                continue
            lo = int(valid[0])
            run = _run(row, lo)
            tag = "_".join(f"{names[i]}{v}" for i, v in zip(rest, vals))
            out[f"row_{names[axis]}_{tag}"] = (
                f"Grundy values of {r.describe()} along {names[axis]} with "
                + ", ".join(f"{names[i]} = {v}" for i, v in zip(rest, vals)), lo, run)
    n = min(g.shape)
    diag = [int(g[(i,) * d]) for i in range(n)]
    if all(v >= 0 for v in diag):
        out["diagonal"] = (f"Grundy values of {r.describe()} at ({', '.join(['n'] * d)})", 0, diag)
    counts = [int((g[tuple(slice(0, b + 1) for _ in range(d))] == 0).sum()) for b in range(n)]
    out["p_count"] = (f"number of P-positions of {r.describe()} with every coordinate <= n", 0, counts)
    for key, (first, seq) in (partners or {}).items():
        stem = "partner_" + "".join(ch if ch.isalnum() else "_" for ch in key).strip("_")
        out[stem] = (f"the partner {key} of {r.describe()}: the unique value making a P-position", first, seq)
    return out


def _run(row, lo):
    out = []
    for v in row[lo:]:
        if v < 0:
            break
        out.append(int(v))
    return out


def text(description: str, offset: int, terms: list) -> str:
    """The b-file text: ``#`` header lines (the description cut at its line breaks,
    ``foundation.escape.bfile_comment``), then ``n a(n)`` lines from ``offset``."""
    return bfile_comment(description) + "".join(f"{offset + i} {t}\n" for i, t in enumerate(terms))


def write(directory, seqs: dict, overwrite: bool = False) -> list:
    """Write each sequence to ``directory/<stem>.txt`` atomically; return the paths.

    Raises:
        InputError: a file exists (and not ``overwrite``), the directory cannot be made, or a file
        cannot be written (a full disk: the path named, no temporary file left).
    """
    d = Path(directory)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--bfile: cannot create directory {d}: {e.strerror}") from None
    paths = [d / f"b_{stem}.txt" for stem in seqs]
    clash = [p for p in paths if p.exists()]
    if clash and not overwrite:
        raise InputError(f"--bfile: {clash[0]} exists (give --force to replace it)")
    for p, (desc, off, terms) in zip(paths, seqs.values()):  # a full disk: InputError naming p,
        atomic_write_text(p, text(desc, off, terms), overwrite=overwrite)  # its temporary file removed
    return [str(p) for p in paths]
