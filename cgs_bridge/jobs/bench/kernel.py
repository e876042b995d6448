"""The benchmark set of issue 6 and the C yardstick ``shared/bench/limit_tri.c``, in one run.

Cases (:data:`CASES`):

- ``tri200``: triangular k=3, bound 200 (2,720,334 positions); yardstick ``limit_tri 3 200``;
- ``tri400``: triangular k=3, bound 400; yardstick ``limit_tri 3 400``;
- ``step``: step bar, f(t) = floor(t/2), y <= 2000, z <= 4000;
- ``hexagon``: the largest uniform bound solved within a time budget (default 60 s);
- ``cli``: ``cgs-bridge solve triangular --bound 200 -o FILE`` as a subprocess, whole command,
  with the caches warm and with empty kernel and numba caches (everything compiles); the ratio
  whole command / kernel solve seconds of the same box (issue 12: within 5x);
- ``check``: ``check triangular -p k=1 --bound 400`` with two claims (seed 003 Conjecture 8.1 and
  ``P iff x xor y xor z == 0``), in process: one solve, then the compiled claims on it; ratio
  (solve + claims) / solve (issue 12: within 2x), kernel and claims module already loaded;
- ``memory``: ``solve triangular --bound 200 -o FILE`` in a fresh process, peak against estimate;
- ``memcheck``: ``check triangular -p k=5 --bound B`` in a fresh process at B = 100 and 500 (1.0e6
  and 1.3e8 box points): peak against the estimate (issue 24: within 1.5x) and bytes a box point.

Each kernel case reports valid positions, solve seconds (excluding compile), compile seconds
(numba compile or cache load in this process, once per kernel), positions per second, peak MiB of
the kernel's arrays, and for the triangular cases the yardstick's seconds, the ratio ours / C and
whether positions, the count of g == x xor y xor z and the checksum agree (computed from our array
in the yardstick's x, z, y order). Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

CASES = ("tri200", "tri400", "step", "hexagon", "cli", "check", "memory", "memcheck")
REPO = Path(__file__).resolve().parents[3]


def default_yardstick() -> Path:
    """``<repo>/../shared/bench/limit_tri.c``."""
    return REPO.parent / "shared" / "bench" / "limit_tri.c"


def build_yardstick(source: Path, workdir: Path):
    """Compile the yardstick with ``gcc -O2 -march=native`` into ``workdir``; return the binary's
    path, or None (with the reason) when gcc or the source is missing or compilation fails."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None, "gcc not found"
    if not Path(source).is_file():
        return None, f"{source} not found"
    out = Path(workdir) / "limit_tri"
    try:
        r = subprocess.run([gcc, "-O2", "-march=native", "-o", str(out), str(source)],
                           capture_output=True, text=True, timeout=YARDSTICK_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f"gcc did not finish in {YARDSTICK_TIMEOUT:g} s"
    if r.returncode != 0:
        return None, f"gcc failed: {r.stderr.strip()[:200]}"
    return out, ""


#: Seconds a yardstick run (or its compilation) may take before it is stopped.
YARDSTICK_TIMEOUT = 300.0


class YardstickError(RuntimeError):
    """The yardstick timed out, failed or printed no summary."""


def run_yardstick(binary: Path, k: int, n: int, timeout: float = YARDSTICK_TIMEOUT) -> dict:
    """Run ``limit_tri k n`` under a time limit; return positions, equal, checksum (ints) and
    seconds (float). Raises :class:`YardstickError` when it times out, fails or prints no
    summary."""
    from cgs_bridge.systems import engines
    r = engines.run([str(binary), str(k), str(n)], Path(binary).parent, timeout=timeout, memory=None)
    if r.timed_out:
        raise YardstickError(f"yardstick stopped after its time limit of {timeout:g} s")
    vals = dict(re.findall(r"(\w+)=(-?[\d.]+)", r.stdout))
    if r.returncode != 0 or not {"positions", "equal", "checksum", "seconds"} <= set(vals):
        raise YardstickError(f"yardstick failed (exit {r.returncode}) or printed no summary")
    return {"positions": int(vals["positions"]), "equal": int(vals["equal"]),
            "checksum": int(vals["checksum"]), "seconds": float(vals["seconds"])}


def _tri_check(g):
    npos = 0
    neq = 0
    chk = 0
    nx, ny, nz = g.shape
    for x in range(nx):
        for z in range(nz):
            for y in range(ny):
                v = g[x, y, z]
                if v >= 0:
                    npos += 1
                    if v == (x ^ y ^ z):
                        neq += 1
                    chk = chk * 1000003 + v
    return npos, neq, chk


_JIT: dict = {}


def _tri_check_fast():
    """``_tri_check`` compiled with numba on first use (the CLI imports this module to list the
    cases: numba is not imported then)."""
    if "f" not in _JIT:
        try:
            from numba import njit
            _JIT["f"] = njit(cache=True)(_tri_check)
        except ImportError:  # pragma: no cover
            _JIT["f"] = _tri_check
    return _JIT["f"]


def triangular_check(grundy: np.ndarray) -> dict:
    """The yardstick's summary of a triangular Grundy array of shape (x, y, z): positions, how
    many equal x xor y xor z, and the checksum (chk = chk*1000003 + g over x, then z, then y,
    wrapping as signed 64-bit)."""
    npos, neq, chk = _tri_check_fast()(np.ascontiguousarray(grundy))
    return {"positions": int(npos), "equal": int(neq), "checksum": int(chk)}


def _solve_case(game: str, params: dict, bound: str) -> dict:
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    r = Ruleset(catalog.load(game), params)
    box = parse_bound(bound, r.coords)
    t0 = time.perf_counter()
    sol = solve(r, box, method="fast")
    total = time.perf_counter() - t0
    st = sol.stats
    return {"box": str(box), "positions": int((sol.grundy >= 0).sum()), "solve": st.solve_seconds,
            "compile": st.compile_seconds, "total": total, "mib": st.bytes / 2 ** 20,
            "grundy": sol.grundy, "fallback": st.fallback}


def _hexagon(budget: float, log) -> dict:
    """Largest uniform bound N of the hexagon solved within ``budget`` seconds: from N = 8, step
    to the largest bound whose time, predicted from the last run's rate per point, stays within
    both 4 times the last run and 85% of the budget; stop when even N + 1 is predicted over."""
    from cgs_bridge.foundation.errors import BoxError
    best, n = None, 8
    while True:
        try:
            res = _solve_case("hexagon", {}, str(n))
        except BoxError as e:
            log(f"  hexagon bound {n}: {e}")
            break
        res.pop("grundy")
        log(f"  hexagon bound {n}: {res['positions']:,} positions, {res['solve']:.2f} s")
        if res["solve"] > budget:
            break
        best = dict(res, bound=n)
        per_point = res["solve"] / (n + 1) ** 6
        cap = min(0.85 * budget, 4 * res["solve"])
        nxt = n + 1
        while per_point * (nxt + 2) ** 6 <= cap:
            nxt += 1
        if per_point * (nxt + 1) ** 6 > budget:
            break
        n = nxt
    return best or {}


def _cli(cold: bool) -> dict:
    exe = shutil.which("cgs-bridge", path=str(Path(sys.executable).parent))
    cmd = [exe] if exe else [sys.executable, "-m", "cgs_bridge.cli.main"]
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ)
        if cold:  # no generated module and no numba machine code cached at all
            env["CGS_BRIDGE_KERNEL_CACHE"] = str(Path(d) / "kernels")
            env["NUMBA_CACHE_DIR"] = str(Path(d) / "numba")
        out = Path(d) / "tri200.csv"
        t0 = time.perf_counter()
        r = subprocess.run(cmd + ["solve", "triangular", "--bound", "200", "-o", str(out)],
                           capture_output=True, text=True, env=env)
        secs = time.perf_counter() - t0
        rows = sum(1 for _ in out.open()) - 1 if r.returncode == 0 else 0
    return {"seconds": secs, "rows": rows, "ok": r.returncode == 0, "stderr": r.stderr.strip()}


def _check_case() -> dict:
    """Seconds of solve, and of solve + check_claims, on triangular k=1, bound 400."""
    from dataclasses import replace

    from cgs_bridge.language import ast as A
    from cgs_bridge.language.checker import check_game
    from cgs_bridge.language.parser import parse_expr
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    g = catalog.load("triangular").game
    extra = A.Claim("nim-sum", parse_expr("P iff x xor y xor z == 0"))
    r = Ruleset(check_game(replace(g, claims=g.claims + (extra,))), {"k": "1"})
    solve(r, parse_bound("2", r.coords)).check_claims()  # loads kernel and claims module
    box = parse_bound("400", r.coords)
    t0 = time.perf_counter()
    sol = solve(r, box)
    solve_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = sol.check_claims()
    check_s = solve_s + time.perf_counter() - t0  # what check does: this solve, then the claims
    status = "; ".join(f"{c.name.split(' (')[0]}: {c.status} ({c.failures:,} failures)"
                       for c in res if c.status != "not applicable")
    return {"solve": solve_s, "check": check_s, "positions": len(sol), "box": str(box),
            "status": status, "methods": {c.method for c in res if c.method}}


# The peak is VmHWM of /proc/self/status (this process image's high-water resident size), not
# ru_maxrss: Linux carries the parent's high-water mark over the fork/exec that starts the driver,
# so after a large case in the bench process ru_maxrss reports the parent's peak.
_MEMORY_DRIVER = """
import sys
import solvers.box as box
from cgs_bridge.cli.main import main
code = main(sys.argv[1:])
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print("MEMORY", code, box.LAST_ESTIMATE, hwm * 1024)
"""


def check_memory_case(bound: int, k: int = 5) -> dict:
    """``cgs-bridge check triangular -p k=K --bound B`` in a fresh process (issue 24): peak
    resident bytes against the memory check's estimate, and peak bytes per box point."""
    from solvers.box import Box
    r = subprocess.run([sys.executable, "-c", _MEMORY_DRIVER, "check", "triangular", "-p", f"k={k}",
                        "--bound", str(bound)], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(REPO)})
    m = re.search(r"MEMORY (\d+) (\d+) (\d+)", r.stdout)
    if not m or m.group(1) not in ("0", "1"):
        return {"ok": False, "why": (r.stderr or r.stdout).strip()[-200:]}
    est, peak = int(m.group(2)), int(m.group(3))
    points = Box(("x", "y", "z"), (bound,) * 3).size
    return {"ok": True, "estimate": est, "peak": peak, "ratio": peak / est, "points": points,
            "per_point": peak / points}


def _check_memory_rows():
    rows, bad = [], 0
    for bound in (100, 500):  # 1.0e6 and 1.3e8 box points
        m = check_memory_case(bound)
        note = (f"peak {m['peak'] / 2**20:,.0f} MiB, estimate {m['estimate'] / 2**20:,.0f} MiB, "
                f"estimate/peak {1 / m['ratio']:.2f} (within 1.5x both ways required), "
                f"{m['per_point']:.2f} bytes a box point" if m["ok"] else f"FAILED: {m['why']}")
        rows.append([f"memcheck {bound}", f"check triangular -p k=5 --bound {bound}",
                     m.get("points"), None, None, None, None, None, None, None, note])
        bad |= 0 if m["ok"] and 1 / 1.5 <= m["ratio"] <= 1.5 else 1
    return rows, bad


def memory_case(bound: int = 200) -> dict:
    """``cgs-bridge solve triangular --bound B -o FILE`` in a fresh process: its peak resident
    bytes (``VmHWM``) against the estimate of the memory check (``solvers.box.LAST_ESTIMATE``:
    resident size at the check plus :func:`solvers.box.command_bytes`). The check is sound when
    ``peak <= 1.5 * estimate``."""
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "tri.csv"
        r = subprocess.run([sys.executable, "-c", _MEMORY_DRIVER, "solve", "triangular", "--bound",
                            str(bound), "-o", str(out)], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
    m = re.search(r"MEMORY (\d+) (\d+) (\d+)", r.stdout)
    if not m or m.group(1) != "0":
        return {"ok": False, "why": r.stderr.strip()[-200:]}
    est, peak = int(m.group(2)), int(m.group(3))
    return {"ok": True, "estimate": est, "peak": peak, "ratio": peak / est}


def _memory_row():
    m = memory_case()
    note = (f"peak {m['peak'] / 2**20:,.0f} MiB, estimate {m['estimate'] / 2**20:,.0f} MiB, "
            f"peak/estimate {m['ratio']:.2f} (<= 1.5 required)" if m["ok"] else f"FAILED: {m['why']}")
    row = ["memory", "solve triangular --bound 200 -o", None, None, None, None, None, None, None,
           None, note]
    return row, 0 if m["ok"] and m["ratio"] <= 1.5 else 1


def _solve_row(case: str, binary) -> tuple[list, int]:
    """The table row of a solve case (tri200, tri400, step) and its status: 0, 1 when the checksum
    differs from the yardstick's, 2 when the yardstick failed."""
    game, params, bound = {"tri200": ("triangular", {"k": "3"}, "200"),
                           "tri400": ("triangular", {"k": "3"}, "400"),
                           "step": ("step", {"f": "floor(t/2)"}, "y=2000,z=4000")}[case]
    res = _solve_case(game, params, bound)
    row = [case, res["box"], res["positions"], res["solve"], res["compile"],
           res["total"], res["positions"] / res["solve"], res["mib"], None, None, ""]
    status = 0
    if case.startswith("tri") and binary is not None:
        try:
            c = run_yardstick(binary, 3, int(bound))
        except YardstickError as e:
            row[10] = str(e)
            return row, 2
        ours = triangular_check(res["grundy"])
        same = all(ours[k] == c[k] for k in ("positions", "equal", "checksum"))
        status = 0 if same else 1
        row[8:] = [c["seconds"], res["solve"] / c["seconds"] if c["seconds"] else None,
                   "match" if same else f"DIFFER ours {ours} C {c}"]
    if res["fallback"]:
        row[10] += f" (reference fallback: {res['fallback']})"
    return row, status


def _check_row(out) -> list:
    res = _check_case()
    ratio = res["check"] / res["solve"]
    out(f"  check/solve: {ratio:.2f}x (solve {res['solve']:.2f} s, solve + claims "
        f"{res['check']:.2f} s); {res['status']}")
    return ["check k=1", res["box"] + " 2 claims", res["positions"], res["solve"], None,
            res["check"], None, None, None, None,
            f"check/solve {ratio:.2f}x ({'/'.join(sorted(res['methods']))} claims)"]


def _cli_rows(out) -> list:
    kern = _solve_case("triangular", {"k": "3"}, "200")["solve"]
    rows = []
    for cold in (False, True):
        r = _cli(cold)
        note = (f"{r['rows']:,} rows, {r['seconds'] / kern:.1f}x the kernel ({kern:.3f} s)"
                if r["ok"] else f"FAILED: {r['stderr'][-200:]}")
        if not cold and r["ok"]:
            out(f"  cli/kernel: {r['seconds'] / kern:.2f}x (whole command {r['seconds']:.2f} s, "
                f"kernel {kern:.3f} s)")
        rows.append([f"cli {'cold' if cold else 'warm'}", "solve triangular --bound 200 -o",
                     r["rows"], None, None, r["seconds"], None, None, None, None,
                     note + (" (empty caches: numba compiles everything)" if cold else "")])
    return rows


def run(cases=CASES, quick: bool = False, yardstick: Path | None = None, hexagon_budget: float = 60.0,
        out=print) -> int:
    """Run ``cases`` and print one table row per case. Returns 1 when a checksum differs from
    the yardstick's, else 0."""
    import numba
    cases = [c for c in cases if not (quick and c == "hexagon")]
    out(f"cgs-bridge bench: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
        f"numba {numba.__version__}{', quick' if quick else ''}")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        binary, why = build_yardstick(yardstick or default_yardstick(), Path(tmp))
        if binary is None:
            out(f"yardstick not run: {why}")
        rows = []
        for case in cases:
            if case in ("tri200", "tri400", "step"):
                row, bad = _solve_row(case, binary)
                status = 2 if bad == 2 else (status or bad)
                rows.append(row)
            elif case == "hexagon":
                res = _hexagon(hexagon_budget, out)
                if res:
                    rows.append([f"hexagon<={hexagon_budget:g}s", res["box"], res["positions"], res["solve"],
                                 res["compile"], res["total"], res["positions"] / res["solve"], res["mib"],
                                 None, None, f"largest uniform bound {res['bound']}"])
            elif case == "memcheck":
                more, bad = _check_memory_rows()
                status = status or bad
                rows += more
            elif case == "memory":
                row, bad = _memory_row()
                status = status or bad
                rows.append(row)
            elif case == "check":
                rows.append(_check_row(out))
            else:
                rows += _cli_rows(out)
        _table(rows, out)
    return status


def _table(rows, out) -> None:
    head = ["case", "box", "positions", "solve s", "compile s", "total s", "pos/s", "peak MiB",
            "C s", "ours/C", "check"]

    def fmt(v, j):
        if v is None:
            return "-"
        if isinstance(v, str):
            return v
        if j == 2:
            return f"{v:,}"
        if j == 6:
            return f"{v / 1e6:.1f}M"
        if j == 9:
            return f"{v:.2f}x"
        return f"{v:.3f}" if j in (3, 4, 5, 8) else f"{v:.1f}"
    table = [head] + [[fmt(v, j) for j, v in enumerate(r)] for r in rows]
    widths = [max(len(t[j]) for t in table) for j in range(len(head) - 1)]
    for t in table:
        out("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in enumerate(zip(t, widths)))
            + "  " + t[-1])
