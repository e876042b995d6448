"""The take-and-break bench (issue 49): nim sequences of Grundy's game (``4!.0``) and the octal game
``0.127`` (periodic only after heap 46,577: Gangolli and Plambeck) by the compiled kernels of
:mod:`solvers.heapkernel`, against the C program ``takebreak.c`` beside this module (the same two
methods; compiled here with ``gcc -O2 -march=native``), in one run.

- ``heaps``: both games to N = 10^6 by the sparse-space method, ours and C's seconds, the ratio and
  whether the checksums agree; then Grundy's game to N = 10^5 by the direct method, ours and C's;
- ``heaps-direct``: Grundy's game to N = 10^6 by the direct method (ours; about a quarter of an
  hour on a busy 2-core machine) against the sparse method on the same N in the same run: issue
  49's target is sparse at least 10x faster;
- ``heaps-far``: as far as a budget (default ten minutes) allows, one sparse run per game, its N
  chosen from the time at 10^6 (the method's time grows about linearly in N), with its seconds.

Memory: the kernels hold the values (int32, 4 bytes a heap), the class bits (1 byte a heap), the
rare heaps (8 bytes each) and a 256 KiB table; each row prints them for its N. Nothing here asserts
a time.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).with_name("takebreak.c")
GAMES = (("grundys_game", "4!.0"), ("octal_127", "0.127"))
TIMEOUT = 3600.0


def build(workdir) -> tuple:
    """``(binary, "")`` or ``(None, why)``: ``takebreak.c`` compiled into ``workdir``."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None, "gcc not found"
    out = Path(workdir) / "takebreak"
    r = subprocess.run([gcc, "-O2", "-march=native", "-o", str(out), str(SOURCE)], capture_output=True,
                       text=True, timeout=300)
    return (out, "") if r.returncode == 0 else (None, f"gcc failed: {r.stderr.strip()[:200]}")


def checksum(g: np.ndarray) -> int:
    """sum of g(n) * (n % 1000003 + 1) mod 2^64, as takebreak.c prints it."""
    n = np.arange(len(g), dtype=np.uint64)
    return int((g.astype(np.uint64) * (n % np.uint64(1000003) + np.uint64(1))).sum(dtype=np.uint64))


def ours(code: str, method: str, N: int) -> dict:
    """One solve by our kernels (compiled before the clock starts): seconds, checksum, the sparse
    method's mask, domain and rare class, and the bytes of its arrays."""
    from cgs_bridge.language.takebreak import parse_code
    from solvers.heaps import run_kernel
    c = parse_code(code)
    run_kernel(c, method, 3000, np.zeros(3001, np.int32), prefix=100)     # compile or load
    g = np.zeros(N + 1, np.int32)
    t0 = time.perf_counter()
    info = run_kernel(c, method, N, g)
    seconds = time.perf_counter() - t0
    rare = info.get("rare", 0)
    return {"seconds": seconds, "checksum": checksum(g), "max": int(g.max()), "info": info,
            "bytes": g.nbytes + (N + 1 + 8 * rare if method == "sparse" else 0) + 4 * (1 << 16)}


def theirs(binary, code: str, method: str, N: int, info: dict) -> dict:
    """The C program on the same sequence and method (the mask ours chose)."""
    from solvers.heaps import PREFIX
    args = [str(binary), method, str(N), str(PREFIX), code]
    if method == "sparse":
        args += [str(info["mask"]), str(info["domain"]), str(info["rare_class"])]
    r = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT)
    m = re.search(r"checksum=(\d+) rare=(\d+) seconds=([\d.]+) bytes=(\d+)", r.stdout)
    if r.returncode != 0 or m is None:
        return {"error": (r.stderr or r.stdout).strip()[:200]}
    return {"checksum": int(m.group(1)), "seconds": float(m.group(3)), "bytes": int(m.group(4))}


def row(name, code, method, N, binary) -> dict:
    mine = ours(code, method, N)
    c = theirs(binary, code, method, N, mine["info"]) if binary else {"error": "no C build"}
    return {"game": name, "code": code, "method": method, "N": N, "ours": mine, "c": c,
            "ratio": mine["seconds"] / c["seconds"] if c.get("seconds") else None,
            "agree": None if "checksum" not in c else c["checksum"] == mine["checksum"]}


def heaps_case(N: int = 10 ** 6, direct_N: int = 10 ** 5, show=print, workdir=None) -> list:
    """The ``heaps`` case (module): rows for both games by sparse, then Grundy's game by direct at
    ``direct_N``; each row is shown (``show(text)``) as soon as it is measured."""
    import tempfile
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        binary, why = build(workdir or tmp)
        if why:
            show(f"heaps    takebreak.c not built: {why}")
        for name, code, method, n in [(g, c, "sparse", N) for g, c in GAMES] + [(*GAMES[0], "direct", direct_N)]:
            rows.append(row(name, code, method, n, binary))
            show(text(rows[-1]))
    return rows


def direct_case(N: int = 10 ** 6) -> dict:
    """The ``heaps-direct`` case: Grundy's game to ``N`` by the direct and the sparse method (ours)."""
    name, code = GAMES[0]
    return {"game": name, "N": N, "direct": ours(code, "direct", N), "sparse": ours(code, "sparse", N)}


def far_case(budget: float = 600.0, workdir=None) -> list:
    """The ``heaps-far`` case: per game, one sparse run at the N its time at 10^6 says fits 90% of
    ``budget`` seconds (rounded down to a multiple of 10^6)."""
    import tempfile
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        binary, _ = build(workdir or tmp)
        for name, code in GAMES:
            base = ours(code, "sparse", 10 ** 6)
            N = max(10 ** 6, int(0.9 * budget / base["seconds"]) * 10 ** 6)
            r = row(name, code, "sparse", N, binary)
            r["within"] = r["ours"]["seconds"] <= budget
            out.append(r)
    return out


def text(r) -> str:
    """One report line of a row."""
    o, c = r["ours"], r["c"]
    theirs_text = (f"C {c['seconds']:.2f} s, ours/C {r['ratio']:.2f}x, checksums "
                   f"{'agree' if r['agree'] else 'DIFFER'}" if "seconds" in c else f"C: {c.get('error')}")
    extra = ""
    if r["method"] == "sparse":
        i = o["info"]
        extra = f"; {i['rare']:,} rare heaps (mask {i['mask']}, domain {i['domain']}), {i['pairs']:,} pairs searched"
    within = "" if "within" not in r else f" ({'within' if r['within'] else 'OVER'} the budget)"
    return (f"heaps    {r['game']} ({r['code']}) to N = {r['N']:,} by {r['method']}: ours {o['seconds']:.2f} s"
            f"{within}, max value {o['max']}, {o['bytes'] / 2 ** 20:.1f} MiB ({o['bytes'] / (r['N'] + 1):.2f} "
            f"bytes a heap); {theirs_text}{extra}")
