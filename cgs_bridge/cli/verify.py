"""``cgs-bridge verify``: the main job. Solve in Python, emit the CGSuite and Mathematica
programs into a run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a
command is given, and compare everything position by position."""

from __future__ import annotations

import sys

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.foundation.results import render
from cgs_bridge.systems.cgsuite.runner import CGSUITE_ENV

from .common import add_game_args, box_from_args, positive, progress_callback, ruleset_from_args
from .compare import add_source_args, check_inputs, write_html_report


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
    p.add_argument("--timeout", type=positive(), default=600.0, help="seconds per engine run (default 600)")
    p.add_argument("--cgsuite-cmd", metavar="CMD", help="command that starts the CGSuite REPL, e.g. "
                   "'java -cp cgsuite.jar org.cgsuite.lang.Repl' (or set $" + CGSUITE_ENV + ")")
    p.set_defaults(func=run)


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(args) -> int:
    from cgs_bridge.jobs.verify import run_verify
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset)
    check_inputs(args)  # before any engine starts
    if args.run_dir:
        from pathlib import Path
        if Path(args.run_dir).exists() and not Path(args.run_dir).is_dir():
            raise InputError(f"--run-dir {args.run_dir}: exists and is not a folder")
    res = run_verify(ruleset, box, misere=args.misere, run_dir=args.run_dir,
                     mathematica_engine=args.mathematica_engine, mathematica=args.mathematica,
                     cgsuite=args.cgsuite, cgsuite_cmd=args.cgsuite_cmd, timeout=args.timeout,
                     claims=args.claims, table_axes=args.table_axes, fixed=args.fixed,
                     say=(lambda _t: None) if args.quiet else say,
                     progress=progress_callback("solving"))
    comp, sol, run_dir = res.comparison, res.solution, res.run_dir
    sys.stdout.write(f"VERDICT: {comp.verdict()}\n" if args.quiet else render(res, "report", shown=args.shown))
    for p in comp.write(run_dir, sol):
        if not args.quiet:
            say(f"wrote {p}")
    if args.html:
        write_html_report(args, comp, sol, res.timings,
                          [(p.name, p.read_text(encoding="utf-8")) for p in res.files])
    if res.problems:  # an engine failed or timed out: its rows were compared, the verdict says how far
        raise EngineError("\n".join(msg for _, msg in res.problems) + f"\n{comp.verdict()}")
    return comp.exit_code
