"""``cgs-bridge verify``: the main job. Solve in Python, emit the CGSuite and Mathematica
programs into a run folder, run the Mathematica program (Mathics3 by default) and CGSuite when a
command is given, and compare everything position by position."""

from __future__ import annotations

import sys

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.foundation.results import render
from cgs_bridge.systems.registry import runners

from .common import (add_game_args, box_from_args, positive, progress_callback, published_claims,
                     ruleset_from_args)
from .compare import add_source_args, check_inputs, quiet_verdict, sources_of, write_html_report


def register(sub) -> None:
    p = sub.add_parser("verify", help="solve, emit, run Mathics3/Mathematica (and CGSuite), compare",
                       description="Exit 0 when every engine agrees with Python on every position, 1 "
                                   "on a difference, 2 on input or engine errors (failure, time-out).")
    add_game_args(p)
    add_source_args(p)
    p.add_argument("--run-dir", metavar="DIR", help="folder for the programs and results "
                   "(default runs/<stem>-<time>; an existing non-empty folder is refused)")
    engine_options = sorted((s.runner for s in runners()), key=lambda r: not r.choices)
    for r in engine_options[:1]:  # --mathematica-engine (a choice) before --timeout, as always
        _add_engine_option(p, r)
    p.add_argument("--timeout", type=positive(), default=600.0, help="seconds per engine run (default 600)")
    for r in engine_options[1:]:  # --cgsuite-cmd CMD, ...
        _add_engine_option(p, r)
    p.set_defaults(func=run)


def _add_engine_option(p, runner) -> None:
    """The option choosing a system's engine: ``--<option> {choices,none}`` or ``--<option> CMD``."""
    flag = "--" + runner.option.replace("_", "-")
    if runner.choices:
        p.add_argument(flag, choices=[*runner.choices, "none"], default=runner.choices[0], help=runner.help)
    else:
        p.add_argument(flag, metavar="CMD", help=runner.help)


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(args) -> int:
    from cgs_bridge.jobs.verify import run_verify
    ruleset = ruleset_from_args(args, published=True)
    box = box_from_args(args, ruleset)
    check_inputs(args)  # before any engine starts
    if args.run_dir:
        from pathlib import Path
        if Path(args.run_dir).exists() and not Path(args.run_dir).is_dir():
            raise InputError(f"--run-dir {args.run_dir}: exists and is not a folder")
    res = run_verify(ruleset, box, misere=args.misere, run_dir=args.run_dir, timeout=args.timeout,
                     claims=published_claims(args), table_axes=args.table_axes, fixed=args.fixed,
                     say=(lambda _t: None) if args.quiet else say,
                     progress=progress_callback("solving"), sources=sources_of(args),
                     engines={s.runner.option: getattr(args, s.runner.option) for s in runners()})
    comp, sol, run_dir = res.comparison, res.solution, res.run_dir
    sys.stdout.write(quiet_verdict(comp) if args.quiet else render(res, "report", shown=args.shown))
    for p in comp.write(run_dir, sol):
        if not args.quiet:
            say(f"wrote {p}")
    if args.html:
        write_html_report(args, comp, sol, res.timings,
                          [(p.name, p.read_text(encoding="utf-8")) for p in res.files])
    if res.interrupted:  # Ctrl-C: what was done is kept (engine output, log, INCOMPLETE comparison)
        print("\n".join(msg for _, msg in res.problems) + f"\n{comp.verdict()}\ncgs-bridge verify: "
              f"interrupted; what was done is kept in {run_dir}", file=sys.stderr)
        return 130
    if res.problems:  # an engine failed or timed out: its rows were compared, the verdict says how far
        raise EngineError("\n".join(msg for _, msg in res.problems) + f"\n{comp.verdict()}")
    return comp.exit_code
