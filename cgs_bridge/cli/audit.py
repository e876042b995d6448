"""``cgs-bridge audit``: run a published Mathematica program as printed and judge it against a
specification (docs/audit.md). Exit 0 when program and spec agree everywhere, 1 when a difference
is found, 2 for input or engine errors (including a time-out)."""

from __future__ import annotations

import sys

from .common import positive


def register(sub) -> None:
    p = sub.add_parser(
        "audit", help="run a published Mathematica program and judge it against a spec",
        description="Normalise a program copied from a paper (Ψ, curly quotes, ≥, →, display code), "
                    "refuse unsafe builtins, run it in Mathics3 (or wolframscript) in a scratch folder "
                    "with a time limit, and compare its positions, Grundy values, move function and "
                    "printed outputs with the spec's solver. See docs/audit.md.")
    p.add_argument("program", metavar="PROGRAM", help="text file holding the program exactly as printed")
    p.add_argument("--game", required=True, metavar="GAME", help="catalog name or spec file to judge against")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                   help="spec parameter (repeatable), e.g. -p k=3")
    p.add_argument("--game-name", metavar="NAME", help="which game of a multi-game spec file")
    p.add_argument("--also-game", action="append", default=[], metavar="GAME",
                   help="also judge every run against this spec (another reading of an ambiguous "
                        "text); shown in the report, not counted in the exit code; takes the -p "
                        "values it declares; repeatable")
    p.add_argument("--scale", action="append", default=[], metavar="NAME=N[,NAME=N]",
                   help="run with the top-level assignment NAME = <int> replaced (e.g. ss=40), or the "
                        "top-level call f[<int>] (e.g. 'ppo[6]'); one run per --scale; without "
                        "--scale the program runs as printed; the size also gives the audit's box")
    p.add_argument("--as-printed", action="store_true", help="with --scale, also run it unchanged")
    p.add_argument("--subst", action="append", default=[], metavar="OLD=>NEW",
                   help="replace exact text of the normalised program (sizes written as literals, e.g. "
                        "'{a,0,20}=>{a,0,6}'); reported; repeatable")
    p.add_argument("--expect", metavar="FILE", help="YAML file of the outputs the paper printed")
    p.add_argument("--engine", choices=["auto", "mathics", "wolframscript"], default="auto")
    p.add_argument("--timeout", type=positive(), default=600.0, metavar="S", help="seconds per run (default 600)")
    p.add_argument("--memory", type=positive(), default=4.0, metavar="GB", help="address-space limit per run")
    p.add_argument("--allow-unsafe", action="store_true",
                   help="skip the up-front screen of shell, network, file and code-loading builtins "
                        "(the sandbox and the engine's removal of those builtins still apply)")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run without the bubblewrap sandbox (the program can then read and write "
                        "whatever you can); the audit refuses to run without it otherwise")
    p.add_argument("--no-prelude", action="store_true",
                   help="do not load the Mathics3 compatibility prelude (BitXor etc.)")
    p.add_argument("--no-moves", action="store_true", help="skip the move-function check")
    p.add_argument("--grundy", metavar="NAME|CALL",
                   help="the program's Grundy function (default: found by evidence): a name (Gr), or a "
                        "call with # where the position goes ('gr[#, 3]', 'gr[#, k]': k as the program "
                        "passed it) or ## where its coordinates go ('g[##]')")
    p.add_argument("--positions", metavar="NAME|CALL",
                   help="the program's position list (default: found by evidence): a name (allcases) "
                        "or a call that returns it ('positions[5]', 'cases[5, 1]')")
    p.add_argument("--moves", metavar="NAME|CALL",
                   help="the program's move function (default: found by evidence): a name (move), or "
                        "a call with # or ## as for --grundy ('opts[#, k]', 'opts[##]')")
    p.add_argument("-o", "--output", metavar="REPORT_DIR",
                   help="write report.txt, report.json, differences.csv, normalized.wl there")
    p.add_argument("--force", action="store_true", help="replace different existing report files")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML report (verdict, "
                   "runs, checks, differences, programs, versions, timings)")
    p.add_argument("--language", choices=["auto", *languages()], default="auto",
                   help="language of PROGRAM (default: from the file name, else its content)")
    from .audit_cgscript import add_cgscript_args
    add_cgscript_args(p)
    p.set_defaults(func=run)


def languages() -> list:
    """The ``--language`` choices: the audited systems' languages (the registry's order)."""
    from cgs_bridge.systems.registry import auditors
    return [a.language for a in auditors()]


def run(args) -> int:
    from cgs_bridge.foundation.io import read_input_text
    from cgs_bridge.jobs.audit import detect_language

    from .audit_cgscript import run_cgscript
    text = read_input_text(args.program, "program", limit=4 << 20)
    if args.output:  # -o REPORT_DIR: the same rule as compare/generate -o, checked before any run
        from pathlib import Path

        from cgs_bridge.foundation.errors import InputError
        if Path(args.output).exists() and not Path(args.output).is_dir():
            raise InputError(f"-o {args.output}: exists and is not a folder")
    language = args.language if args.language != "auto" else detect_language(args.program, text)
    if language == "cgscript":
        return run_cgscript(args, text)
    return run_mathematica(args, text)


def run_mathematica(args, text: str) -> int:
    from cgs_bridge.foundation.results import render
    from cgs_bridge.jobs.audit import audit_program, parse_scale, parse_subst
    from cgs_bridge.presentation.audit_report import write_mathematica as write_report
    from cgs_bridge.systems.auditing.judge import load_expect

    from .common import ruleset_from_args
    if not args.no_sandbox:
        from cgs_bridge.systems import sandbox
        sandbox.require()
    ruleset = ruleset_from_args(args)
    if args.html:
        from cgs_bridge.presentation import report_html
        report_html.check_html_path(args.html, overwrite=args.force)
    expect = load_expect(args.expect) if args.expect else None
    alternatives = [alternative_ruleset(g, args.param) for g in args.also_game]
    report = audit_program(
        text, ruleset, program_path=args.program, scales=parse_scale(args.scale),
        substs=parse_subst(args.subst), as_printed=True if args.as_printed else None, expect=expect,
        engine=args.engine, timeout=args.timeout, memory=int(args.memory * (1 << 30)),
        allow_unsafe=args.allow_unsafe, use_prelude=not args.no_prelude, grundy=args.grundy,
        positions=args.positions, moves=args.moves, check_moves=not args.no_moves,
        alternatives=alternatives, sandboxed=not args.no_sandbox, bound=args.bound)
    text_report = render(report, "report")
    wrote = []
    if args.output:
        wrote += write_report(report, args.output, force=args.force)
    if args.html:
        page = report_html.audit_page(report, command=getattr(args, "command_line", None))
        wrote.append(report_html.write_html(args.html, page, overwrite=args.force))
    print_report(args, report, text_report, wrote)
    return report.exit_code


def print_report(args, report, text: str, wrote: list) -> None:
    """The report on standard output and the files written on standard error; with ``--quiet``
    the verdict line alone (``VERDICT: ...``)."""
    if args.quiet:
        print(f"VERDICT: {report.verdict()}")
        return
    if wrote:
        print(f"wrote {', '.join(str(p) for p in wrote)}", file=sys.stderr)
    sys.stdout.write(text)


def alternative_ruleset(source: str, params: list):
    """A spec for ``--also-game``, bound to those ``-p`` values it declares."""
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.model.loading import load_game

    from .common import parse_params
    checked = load_game(source)
    declared = {p.name for p in checked.game.params}
    return Ruleset(checked, {k: v for k, v in parse_params(params).items() if k in declared})
