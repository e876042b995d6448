"""The CGScript audit in a separate process, inside the OS sandbox (issue 25 item 3).

The published program is untrusted: :func:`audit_cgscript_isolated` runs the whole evaluation
(:func:`~.core.audit_cgscript`: the interpreter and the judge) in a child Python process
(``python -m cgs_bridge.systems.cgsuite.audit.isolated REQUEST RESULT``) under bubblewrap
(:func:`cgs_bridge.systems.sandbox.wrap`: no network, no host files but the Python installation, the
cgs_bridge package and the class files, read-only) with the CPU-time, address-space, file-size
and process limits of :class:`cgs_bridge.systems.sandbox.Limits` (``--timeout``, ``--memory``). Without
``sandboxed`` (``--no-sandbox``) the child runs without bubblewrap, still under the CPU and
address-space limits.

Results come back on a channel the program cannot imitate: the child writes the verdicts as JSON
to a file the program has no means to write (CGScript has no file or process access; what it
prints is data inside that JSON), stamped with a per-run secret the program never sees. The parent
parses the program itself (parsing runs nothing) for the report's sources.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import tempfile
from pathlib import Path

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.systems.auditing.judge import Check

RESULT_NAME = "result.json"


def _code_roots() -> list:
    """Folders the child needs read-only: the cgs_bridge and solvers packages, site-packages."""
    pkg = Path(__file__).resolve().parents[3]  # the cgs_bridge package folder
    roots = [pkg, pkg.parent / "solvers"]
    roots += [Path(p).resolve() for p in sys.path if p and ("site-packages" in p or "dist-packages" in p)]
    return [r for r in dict.fromkeys(roots) if r.is_dir()]


def audit_cgscript_isolated(request: dict, sandboxed: bool = True, timeout: float = 600.0,
                            memory: int = 4 << 30):
    """Run the CGScript audit described by ``request`` in a sandboxed child process.

    Args:
        request: ``program`` (path), ``text``, ``game`` and ``game_name`` and ``params`` (the
            spec, as on the command line), ``classes``, ``class_path``, ``box`` (``[coords,
            upper]`` or None), ``scales``, ``as_printed``, ``expect``, ``printed``, ``mapping``,
            ``class_name``, ``max_steps``.
        sandboxed: False runs the child without bubblewrap (``--no-sandbox``).
        timeout: seconds of CPU and wall-clock time; memory: bytes of address space.
    Returns:
        a :class:`~.core.CGScriptReport` (sources parsed here, verdicts from the child).
    Raises:
        InputError: the program or a class file does not parse (before anything runs).
        EngineError: no sandbox (without ``sandboxed=False``), or the child stopped without a
            result (a limit: the message names it).
    """
    from cgs_bridge.systems import engines
    from cgs_bridge.systems import sandbox as sb

    from .core import CGScriptReport, class_path_sources, load_source, wanted_names
    main = load_source(request["program"], request["text"])
    sources = [main] + [load_source(p) for p in request.get("classes", ())]
    sources += class_path_sources(request.get("class_path", ()), None, wanted_names(sources))
    if sandboxed:
        sb.require()
    nonce = secrets.token_hex(16)
    with tempfile.TemporaryDirectory(prefix="cgsb-cgs-") as tmp:
        scratch = sb.make_scratch(tmp)
        child_request = {**request, "nonce": nonce, "files": _files(request)}
        (scratch / "request.json").write_text(json.dumps(child_request), encoding="utf-8")
        pkg_parent = Path(__file__).resolve().parents[4]
        argv = [sys.executable, "-I", "-c",
                (f"import sys; sys.path[:0] = {[str(pkg_parent)]!r}; "
                 "from cgs_bridge.systems.cgsuite.audit.isolated import child; child()"),
                str(scratch / "request.json"), str(scratch / RESULT_NAME)]
        read_only = _code_roots()
        limits = sb.Limits(cpu_seconds=int(timeout) + 5, memory=int(memory), file_size=64 << 20)
        env = {"PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        if sandboxed:
            res = engines.run(argv, scratch, timeout + 30, sandbox=limits, read_only=read_only, env=env)
        else:
            res = engines.run(argv, scratch, timeout + 30, memory=int(memory), env=env)
        result = _read_result(scratch / RESULT_NAME, nonce, res, timeout, memory)
    if "error" in result:
        raise (InputError if result.get("input_error") else EngineError)(str(result["error"]))
    report = CGScriptReport(request["program"], request["spec"], sources)
    report.checks = [(label, Check(c["name"], c["verdict"], c["summary"], c["rows"])) for label, c in result["checks"]]
    report.printed = result["printed"]
    report.notes = result["notes"]
    return report


def _files(request: dict) -> dict:
    """The files the child reads, as text (it sees no host file): ``classes`` (one per ``--class``),
    ``class_path`` (``[relative path, text]`` per class-path folder) and ``game`` (a spec file)."""
    def read(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read {path}: {e}") from None
    out = {"classes": [[Path(p).name, read(Path(p))] for p in request.get("classes", ())],
           "class_path": [[[str(f.relative_to(d)), read(f)] for f in sorted(Path(d).rglob("*.cgs"))]
                          for d in request.get("class_path", ())], "game": None}
    if Path(request["game"]).is_file():
        out["game"] = [Path(request["game"]).name, read(Path(request["game"]))]
    return out


def _materialize(req: dict, root: Path) -> dict:
    """Write the request's files under ``root`` (the child's scratch); ``req`` with their paths."""
    files = req.get("files") or {}
    classes = []
    for k, (name, text) in enumerate(files.get("classes", ())):
        (root / f"class{k}").mkdir()
        classes.append(str(root / f"class{k}" / name))
        Path(classes[-1]).write_text(text, encoding="utf-8")
    dirs = []
    for k, entries in enumerate(files.get("class_path", ())):
        dirs.append(str(root / f"cp{k}"))
        for rel, text in entries:
            target = Path(dirs[-1]) / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        Path(dirs[-1]).mkdir(exist_ok=True)
    game = req["game"]
    if files.get("game"):
        game = str(root / files["game"][0])
        Path(game).write_text(files["game"][1], encoding="utf-8")
    return {**req, "classes": classes, "class_path": dirs, "game": game}


def _read_result(path: Path, nonce: str, res, timeout: float, memory: int) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or data.get("nonce") != nonce:
        if res.timed_out:
            why = f"it did not finish within --timeout {timeout:g} s"
        elif res.returncode is not None and res.returncode < 0:
            why = (f"it was stopped by signal {-res.returncode} (the CPU-time limit of --timeout "
                   f"{timeout:g} s or the address-space limit of --memory {memory / (1 << 30):g} GiB)")
        else:
            why = f"it exited with status {res.returncode}: {res.stderr.strip()[-300:] or 'no message'}"
        raise EngineError(f"the CGScript evaluation stopped before its verdicts: {why}")
    return data


def _checks_json(report) -> list:
    def rows(c):
        return [{k: str(v) for k, v in r.items()} for r in c.rows]
    return [[label, {"name": c.name, "verdict": c.verdict, "summary": c.summary, "rows": rows(c)}]
            for label, c in report.checks]


def child() -> None:
    """Entry of the child process: ``REQUEST RESULT`` paths in ``sys.argv``."""
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits

    from .core import audit_cgscript
    req_path, out_path = sys.argv[1], sys.argv[2]
    req = _materialize(json.loads(Path(req_path).read_text(encoding="utf-8")), Path(req_path).parent)
    sys.setrecursionlimit(20000)
    ruleset = Ruleset(load_game(req["game"], req.get("game_name")), req.get("params") or {})
    box = None
    if req.get("box"):
        from solvers import Box
        box = Box(tuple(req["box"][0]), tuple(req["box"][1]))
    limits = Limits(steps=req.get("max_steps", 200_000_000), seconds=req.get("seconds", 600.0))
    for name in ("int_bits", "chars", "items"):
        if req.get(name):
            setattr(limits, name, int(req[name]))
    try:
        report = audit_cgscript(req["program"], ruleset, text=req["text"], classes=req.get("classes", ()),
                                class_path=req.get("class_path", ()), box=box, scales=req.get("scales", ()),
                                as_printed=req.get("as_printed"), expect=req.get("expect"),
                                mapping=req.get("mapping"), limits=limits, class_name=req.get("class_name"),
                                printed=req.get("printed"))
        result = {"nonce": req["nonce"], "checks": _checks_json(report), "printed": report.printed,
                  "notes": report.notes}
    except CgsBridgeError as e:  # raised again by the parent, same type and message
        result = {"nonce": req["nonce"], "error": str(e), "input_error": isinstance(e, InputError)}
    except (MemoryError, RecursionError) as e:
        msg = "stopped: out of memory (--memory)" if isinstance(e, MemoryError) else "stopped: nested too deeply"
        result = {"nonce": req["nonce"], "checks": [["", {"name": "evaluation", "verdict": "error",
                                                          "summary": msg, "rows": []}]],
                  "printed": {}, "notes": []}
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(result, f)
    os.replace(tmp, out_path)
