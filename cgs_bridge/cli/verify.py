"""``cgs-bridge verify``: the main job. Solve in Python, emit the CGSuite and Mathematica
programs into a run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a
command is given, and compare everything position by position."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

from .. import config, engines, progress, report_html
from ..errors import EngineError, InputError
from ..io import atomic_write_text
from .common import add_game_args, box_from_args, progress_callback, ruleset_from_args
from .compare import add_source_args, build, write_html_report

CGSUITE_ENV = "CGS_BRIDGE_CGSUITE_CMD"


def register(sub) -> None:
    p = sub.add_parser("verify", help="solve, emit, run Mathics3/Mathematica (and CGSuite), compare",
                       description="Exit 0 when every engine agrees with Python on every position, 1 "
                                   "on a difference, 2 on input or engine errors (failure, time-out).")
    add_game_args(p)
    add_source_args(p)
    p.add_argument("--run-dir", metavar="DIR", help="folder for the programs and results "
                   "(default runs/<stem>-<time>; an existing non-empty folder is refused)")
    p.add_argument("--mathematica-engine", choices=["auto", "mathics", "wolframscript", "none"],
                   default="auto", help="auto: wolframscript when on PATH, else Mathics3")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per engine run (default 600)")
    p.add_argument("--cgsuite-cmd", metavar="CMD", help="command that starts the CGSuite REPL, e.g. "
                   "'java -cp cgsuite.jar org.cgsuite.lang.Repl' (or set $" + CGSUITE_ENV + ")")
    p.set_defaults(func=run)


def _run_dir(args, stem: str) -> Path:
    if args.run_dir:
        d = Path(args.run_dir)
        if d.exists() and any(d.iterdir()):
            raise InputError(f"run folder {d} exists and is not empty; choose another --run-dir")
    else:
        d = Path("runs") / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
        k = 1
        while d.exists():
            d = d.with_name(f"{d.name}-{k}")
            k += 1
    d.mkdir(parents=True, exist_ok=True)
    return d


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(args) -> int:
    from solvers import solve
    from .. import generate as gen
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset)
    if args.html:
        report_html.check_html_path(args.html)
    engine = None  # resolved before anything is written, so a missing engine leaves no run folder
    if args.mathematica_engine != "none":
        engine, _ = engines.mathematica_engine(None if args.mathematica_engine == "auto" else args.mathematica_engine)
    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=args.misere, progress=progress_callback("solving"))
    timings = [("python solve", time.monotonic() - t0)]
    say(f"python: {len(sol)} valid positions of {ruleset.describe()} on {box} "
        f"in {timings[0][1]:.2f} s")
    stem = gen.file_stem(ruleset, box, args.misere)
    run_dir = _run_dir(args, stem)
    atomic_write_text(run_dir / "python.csv", sol.to_csv_text())
    files = gen.generate_files(ruleset, box, outdir=run_dir, misere=args.misere)
    say(f"emitted {', '.join(p.name for p in files)} into {run_dir}")
    mathematica = None
    if args.mathematica and args.mathematica_engine == "none":
        mathematica = args.mathematica
    elif engine is not None:
        name = engine
        program = run_dir / gen.mathematica_program_name(ruleset, box, args.misere)
        say(f"running {program.name} in {name} (time limit {args.timeout:.0f} s) ...")
        with progress.scope(name):
            res = engines.run_mathematica_file(program, run_dir, name, timeout=args.timeout)
        atomic_write_text(run_dir / f"{name}.log", res.stdout + res.stderr)
        engines.require_success(res, f"{name} on {program.name}")
        mathematica = run_dir / gen.mathematica_csv_name(ruleset, box, args.misere)
        if not mathematica.exists():
            raise EngineError(f"{name} finished but did not write {mathematica.name}; output:\n{res.tail()}")
        say(f"{name}: done in {res.seconds:.1f} s")
        timings.append((f"{name} run", res.seconds))
    cgsuite = args.cgsuite
    cmd = args.cgsuite_cmd or config.get(CGSUITE_ENV)
    script = run_dir / gen.cgsuite_script_name(ruleset, box, args.misere)
    if cmd and not cgsuite:
        say(f"running CGSuite: {cmd} {run_dir} < {script.name} ...")
        text = script.read_text(encoding="utf-8") + "\n:quit\n"
        with progress.scope("cgsuite"):
            res = engines.run(shlex.split(cmd) + [str(run_dir.resolve())], run_dir, args.timeout, None, stdin=text)
        cgsuite = run_dir / "cgsuite.out"
        atomic_write_text(cgsuite, res.stdout)
        engines.require_success(res, "CGSuite")
        timings.append(("CGSuite run", res.seconds))
    comp = build(ruleset, sol, args, cgsuite, mathematica, args.claims)
    if not cgsuite:
        comp.notes.append(
            "CGSuite was not run. To add it: put the folder on CGSuite's class path and run "
            f"{script.name} in a worksheet, or run `java -cp <cgsuite.jar> org.cgsuite.lang.Repl "
            f"{run_dir} < {script}` and save stdout; then `cgs-bridge verify ... --cgsuite FILE` "
            f"(or --cgsuite-cmd / ${CGSUITE_ENV}).")
    report = comp.render(sol, args.shown)
    sys.stdout.write(report)
    for p in comp.write(run_dir, sol):
        say(f"wrote {p}")
    if args.html:
        write_html_report(args, comp, sol, timings, [(p.name, p.read_text(encoding="utf-8")) for p in files])
    return 0 if comp.agree else 1
