"""``cgs-bridge audit``: judge a published program against a specification with its language's
auditor (docs/audit.md): every registered system's auditor (:func:`cgs_bridge.systems.registry.auditors`)
adds its own options and is found by ``--language`` or the program's file name or content. Exit 0
when program and spec agree everywhere, 1 when a difference is found, 2 for input or engine errors
(including a time-out)."""

from __future__ import annotations

import sys

from .common import deprecated_alias, positive


def register(sub) -> None:
    from cgs_bridge.systems.registry import auditors
    p = sub.add_parser(
        "audit", help="run a published Mathematica program and judge it against a spec",
        description="Normalise a program copied from a paper (Ψ, curly quotes, ≥, →, display code), "
                    "refuse unsafe builtins, run it in Mathics3 (or wolframscript), or evaluate a "
                    "CGScript program, in a scratch folder with a time limit, and compare its "
                    "positions, Grundy values, move function and printed outputs with the spec's "
                    "solver. See docs/audit.md.")
    p.add_argument("program", metavar="PROGRAM", help="text file holding the program exactly as printed")
    p.add_argument("--game", required=True, metavar="GAME", help="catalog name or spec file to judge against")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                   help="spec parameter (repeatable), e.g. -p k=3")
    p.add_argument("--game-name", metavar="NAME", help="which game of a multi-game spec file")
    p.add_argument("--language", choices=["auto", *[a.language for a in auditors()]], default="auto",
                   help="language of PROGRAM (default: from the file name, else its content)")
    p.add_argument("--bound", metavar="N | c=N,...",
                   help="the audit's box: every valid position of it is judged (default: from the "
                        "run's size)")
    p.add_argument("--scale", action="append", default=[], metavar="NAME=N[,NAME=N]",
                   help="run with the top-level assignment NAME = <int> replaced (e.g. ss=40), or the "
                        "top-level call f[<int>] (e.g. 'ppo[6]'); one run per --scale; without "
                        "--scale the program runs as printed; the size also gives the audit's box")
    p.add_argument("--as-printed", action="store_true", help="with --scale, also run it unchanged")
    p.add_argument("--expect", metavar="FILE", help="YAML file of the outputs the paper printed")
    p.add_argument("--printed", choices=["grundy", "p-positions"],
                   help="what the program prints, judged on the audit's box: grundy (the Grundy values "
                        "over x = 0..N, a list indexed by the position) or p-positions (a list of the "
                        "P-positions); for programs that only print")
    p.add_argument("--timeout", type=positive(), default=600.0, metavar="S",
                   help="seconds per run (default 600; more than 0, at most a week); the reading of "
                        "the program in this process too")
    p.add_argument("--memory", type=positive(), default=4.0, metavar="GiB",
                   help="address-space limit per run in GiB (default 4; 1 MiB to 1024 GiB); the "
                        "reading of the program in this process too")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run without the bubblewrap sandbox (the program can then read and write "
                        "whatever you can); the audit refuses to run without it otherwise")
    p.add_argument("-o", "--output", metavar="REPORT_DIR",
                   help="write report.txt, report.json, differences.csv and the normalised program there")
    p.add_argument("--force", action="store_true", help="replace different existing report files")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML report (verdict, "
                   "runs, checks, differences, programs, versions, timings)")
    taken = {flag for action in p._actions for flag in action.option_strings}
    for a in auditors():
        group = p.add_argument_group(f"{a.language} programs")
        for flags, keywords in a.arguments:
            if not set(flags) & taken:  # an option two auditors share is declared once
                keywords = dict(keywords)
                old = keywords.pop("deprecated", ())
                action = group.add_argument(*flags, **keywords)
                for flag in old:  # an earlier round's spelling: hidden, with a one-line note
                    deprecated_alias(group, flag, action)
                taken |= {*flags, *old}
    p.set_defaults(func=run)


def _own_options(p_args, language: str) -> None:
    """Refuse an option of another auditor given a value other than its default."""
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.systems.registry import auditor, auditors
    mine = {_dest(f, k) for f, k in auditor(language).arguments}
    for a in auditors():
        for flags, keywords in a.arguments:
            dest = _dest(flags, keywords)
            if dest not in mine and getattr(p_args, dest, None) not in (None, False, [], keywords.get("default")):
                raise InputError(f"{flags[0]} applies to {a.language} programs only")


def _dest(flags, keywords) -> str:
    return keywords.get("dest") or flags[0].lstrip("-").replace("-", "_")


def run(args) -> int:
    from pathlib import Path

    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.foundation.io import read_input_text
    from cgs_bridge.foundation.results import render
    from cgs_bridge.jobs.audit import MAX_PROGRAM
    from cgs_bridge.model.params import parse_params
    from cgs_bridge.systems.registry import auditor, detect_language

    from .common import ruleset_from_args
    text = read_input_text(args.program, "program", limit=MAX_PROGRAM)
    if args.output and Path(args.output).exists() and not Path(args.output).is_dir():
        raise InputError(f"-o {args.output}: exists and is not a folder")  # before any run
    language = args.language if args.language != "auto" else detect_language(args.program, text)
    _own_options(args, language)
    a = auditor(language)
    ruleset = ruleset_from_args(args)
    if args.html:
        from cgs_bridge.presentation import report_html
        report_html.check_html_path(args.html, overwrite=args.force)
    common = {"bound": args.bound, "scale": args.scale, "as_printed": args.as_printed,
              "expect": args.expect, "printed": args.printed, "timeout": args.timeout, "memory": args.memory,
              "no_sandbox": args.no_sandbox, "game": args.game, "game_name": args.game_name,
              "params": parse_params(args.param)}
    report = a.audit(args.program, text, ruleset, **common, **a.options(args, ruleset))
    text_report = render(report, "report")
    wrote = []
    if args.output:
        wrote += a.write(report, args.output, force=args.force) + list(getattr(report, "port_files", []))
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
