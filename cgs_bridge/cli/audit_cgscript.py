"""``cgs-bridge audit PROGRAM.cgs``: the CGScript half of the audit command (issue 13): options
and the run. Exit 0 program and spec agree, 1 a difference, 2 input or evaluation error."""

from __future__ import annotations

import sys

from cgs_bridge.foundation.errors import InputError


def add_cgscript_args(p) -> None:
    g = p.add_argument_group("CGScript programs (CGSuite 1.1.1 / 2.x)")
    g.add_argument("--bound", metavar="N | c=N,...",
                   help="judge the class's Options and nim values at every valid position of this box")
    g.add_argument("--class", dest="classes", action="append", default=[], metavar="FILE",
                   help="a CGScript class file the script uses (repeatable)")
    g.add_argument("--class-path", action="append", default=[], metavar="DIR",
                   help="folder searched like CGSuite's class path: DIR/examples/Choco3D.cgs is "
                        "examples.Choco3D (repeatable)")
    g.add_argument("--class-name", metavar="NAME", help="which class to judge when several define Options")
    g.add_argument("--map", action="append", default=[], metavar="ARG=NAME",
                   help="constructor argument ARG is the spec's coordinate or parameter NAME, or a "
                        "constant: an integer, a set {1,3,4} or a list [1,3,4] (repeatable)")
    g.add_argument("--max-steps", type=int, default=200_000_000, metavar="N",
                   help="stop the evaluation after N steps (default 200,000,000)")
    g.add_argument("--port-to", choices=["2.x"], help="write a CGSuite 2.x translation into -o DIR")
    g.add_argument("--package", default="examples", metavar="NAME",
                   help="with --port-to: package folder of ported classes not read from a class path "
                        "(default examples, as in examples.Choco3D(...))")
    g.add_argument("--cgsuite-cmd", metavar="CMD",
                   help="with --port-to: the command that starts CGSuite's REPL; the port is run and compared")


def parse_map(items) -> dict:
    from cgs_bridge.systems.cgsuite.audit.judge import map_constant
    out = {}
    for item in items or []:
        a, eq, b = str(item).partition("=")
        if not eq or not a.strip().isidentifier() or not b.strip():
            raise InputError(f"--map expects ARG=NAME or ARG=CONSTANT, got {item!r}")
        map_constant(b)  # a name, or a constant: an integer, {1,3,4} or [1,3,4] (else InputError)
        out[a.strip()] = b.strip()
    return out


def _scales(items) -> list:
    from cgs_bridge.jobs.audit import parse_scale
    return parse_scale(items)


def run_cgscript(args, text: str) -> int:
    from cgs_bridge.systems.auditing.judge import load_expect

    from .common import box_from_args, parse_params, ruleset_from_args
    if args.subst or args.also_game or args.no_prelude or args.grundy or args.positions or args.moves:
        raise InputError("--subst, --also-game, --no-prelude, --grundy, --positions and --moves apply "
                         "to Mathematica programs only")
    if args.port_to and not args.output:
        raise InputError("--port-to needs -o DIR (the folder the translation is written to)")
    if args.cgsuite_cmd and not args.port_to:
        raise InputError("--cgsuite-cmd needs --port-to 2.x")
    if args.port_to:  # a package is folder names under -o: identifiers only, before anything runs
        from cgs_bridge.systems.cgsuite.audit.port import package_parts
        package_parts(args.package)
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset) if args.bound else None
    expect = load_expect(args.expect) if args.expect else None
    # the untrusted program runs in a separate process, in the sandbox (issue 25 item 3)
    from cgs_bridge.systems.cgsuite.audit.isolated import audit_cgscript_isolated
    request = {"program": args.program, "text": text, "game": args.game,
               "game_name": getattr(args, "game_name", None), "params": parse_params(args.param),
               "spec": ruleset.describe(), "classes": args.classes, "class_path": args.class_path,
               "box": [list(box.coords), list(box.upper)] if box is not None else None,
               "scales": _scales(args.scale), "as_printed": True if args.as_printed else None,
               "expect": expect, "mapping": parse_map(args.map), "class_name": args.class_name,
               "max_steps": args.max_steps, "seconds": args.timeout}
    report = audit_cgscript_isolated(request, sandboxed=not args.no_sandbox, timeout=args.timeout,
                                     memory=int(args.memory * (1 << 30)))
    if args.port_to:
        from cgs_bridge.systems.cgsuite.audit.port_check import port_report
        port_report(report, args.output, force=args.force, cgsuite_cmd=args.cgsuite_cmd,
                    timeout=args.timeout, ruleset=ruleset, box=box, mapping=parse_map(args.map),
                    package=args.package, memory=int(args.memory * (1 << 30)),
                    sandboxed=not args.no_sandbox)
    from cgs_bridge.foundation.results import render
    text_report = render(report, "report")
    paths = []
    if args.output:
        from cgs_bridge.presentation.audit_report import write_cgscript as write_report
        paths = write_report(report, args.output, force=args.force) + report.port_files
    from .audit import print_report
    print_report(args, report, text_report, paths)
    return report.exit_code
