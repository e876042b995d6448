"""``cgs-bridge generate``: emit CGSuite 2.x and Mathematica programs for a game and a box.

``cgs-bridge generate GAME [-p NAME=VALUE] --bound B --target cgsuite|mathematica|all -o DIR
[--misere] [--mathematica-form fast|papers] [--force]`` writes the files (atomically; a different
existing file is an error unless ``--force``) and prints their paths. ``cgs-bridge generate --all``
writes every catalog game at its default parameters and small boxes (each catalog file's ``box
generated``) into ``generated/`` (or ``-o DIR``); with ``--check`` it writes nothing and exits 1
listing the files of that folder that differ from what the generator emits now, are missing, or are
extra.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.systems.registry import TARGETS

from .common import box_from_args, ruleset_from_args


def register(sub) -> None:
    p = sub.add_parser("generate", help="emit CGSuite and Mathematica programs",
                       description="Write CGSuite 2.x (class + worksheet script) and Mathematica (.wl) programs "
                       "for GAME on the box --bound, and print their paths. --all: every catalog game "
                       "at documented defaults into generated/ (see generated/README.md); --all --check: "
                       "compare instead, exit 1 listing differing, missing or extra files.")
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="a catalog name (see 'cgs-bridge catalog') or a spec file")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                   help="parameter value: an integer, or for a function parameter an expression in t; repeatable")
    p.add_argument("--game-name", metavar="NAME", help="which game of a multi-game spec file (default: the last)")
    p.add_argument("--bound", metavar="N | c=N,...", help="inclusive upper bound of the table: one number "
                   "for every coordinate, or per coordinate (x=6,y=4,z=6); --target walnut needs none (its "
                   "script is about every position)")
    p.add_argument("--target", choices=[*TARGETS, "all"], default="all",
                   help="which programs to emit (default: all)")
    p.add_argument("-o", "--output", metavar="DIR", help="output folder (default: '.'; with --all: generated)")
    p.add_argument("--misere", action="store_true", help="also emit misère values (MisereNimValue)")
    for t in _with_forms():   # --<target>-form: a target's program forms (Target.forms)
        p.add_argument(f"--{t.name}-form", choices=t.forms, default=t.forms[0], help=t.forms_help)
    p.add_argument("--force", action="store_true", help="replace existing files that differ")
    p.add_argument("--all", action="store_true", help="every catalog game into generated/ (see generated/README.md)")
    p.add_argument("--check", action="store_true", help="with --all: compare instead of writing; exit 1 on any difference")
    p.set_defaults(func=run)


def _with_forms() -> list:
    """The targets that print more than one program form."""
    return [t for t in TARGETS.values() if t.forms]


def _forms(args) -> dict:
    """``{target: form}`` chosen by the ``--<target>-form`` options."""
    return {t.name: getattr(args, f"{t.name}_form") for t in _with_forms()}


def _targets(choice: str) -> tuple:
    return tuple(TARGETS) if choice == "all" else (choice,)


def run(args) -> int:
    from cgs_bridge.foundation.io import atomic_write_text
    from cgs_bridge.jobs.generate import catalog_files, check_folder, generate_files
    if args.check and not args.all:
        raise InputError("--check works with --all only")
    if args.all:
        if args.game or args.param or args.bound or args.misere or any(
                f != TARGETS[t].forms[0] for t, f in _forms(args).items()):
            names = ["GAME", "-p", "--bound", "--misere", *(f"--{t}-form" for t in _forms(args))]
            raise InputError(f"--all takes no {', '.join(names[:-1])} or {names[-1]} (it uses the "
                             "documented defaults)")
        folder = Path(args.output or "generated")
        if args.check:
            problems = check_folder(folder)
            for status, name in problems if not args.quiet else ():
                print(f"{status}: {folder / name}")
            if problems:
                print(f"{len(problems)} file(s) of {folder} do not match the generator; "
                      "run 'cgs-bridge generate --all --force' and commit", file=sys.stderr)
                return 1
            print(f"{folder}: all {len(catalog_files())} files match the generator")
            return 0
        files = catalog_files()
        if not args.force:
            for name, text in files.items():
                path = folder / name
                if path.exists() and path.read_bytes() != text.encode("utf-8"):
                    raise InputError(f"{path} exists and differs; pass --force to replace it")
        for name, text in files.items():
            written = atomic_write_text(folder / name, text, overwrite=args.force, make_parent=True)
            if not args.quiet:
                print(written)
        extra = [s for s in check_folder(folder) if s[0] == "extra"]
        for _, name in extra:
            print(f"warning: {folder / name} is not emitted by the generator (remove it?)", file=sys.stderr)
        return 0
    if not args.game:
        raise InputError("give a GAME (or --all)")
    unbounded = all(TARGETS[t].boxless for t in _targets(args.target))   # about every position: no box
    if not args.bound and not unbounded:
        raise InputError("--bound is required: the box of the emitted table")
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset) if args.bound else None
    paths = generate_files(ruleset, box, _targets(args.target), Path(args.output or "."),
                           misere=args.misere, overwrite=args.force, form=_forms(args))
    for path in paths if not args.quiet else ():  # --quiet: no 'wrote' lines
        print(path)
    return 0
