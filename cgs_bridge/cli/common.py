"""Options and helpers shared by commands: the game argument, ``-p``, ``--bound``, outputs."""

from __future__ import annotations

import argparse
import sys

from cgs_bridge.model.params import parse_params
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.resolve import box_of, ruleset_of
from cgs_bridge.jobs.checking import is_published


def add_game_args(p, bound: bool = True, bound_required: bool = True) -> None:
    """Add ``GAME``, ``-p NAME=VALUE`` (repeatable), ``--game-name`` and ``--bound``."""
    p.add_argument("game", metavar="GAME", help="a catalog name (see 'cgs-bridge catalog') or a spec file")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                   help="parameter value: an integer, or for a function parameter an expression in t "
                        "(e.g. -p 'f=floor(t/4)'); repeatable")
    p.add_argument("--game-name", metavar="NAME", help="which game of a multi-game spec file (default: the last)")
    if bound:
        p.add_argument("--bound", required=bound_required, metavar="N | c=N,...",
                       help="inclusive upper bound: one number for every coordinate, or per coordinate "
                            "(x=20,y=10,z=20)")


class _DeprecatedAlias(argparse.Action):
    """Stores the value as the option it stands for does, after a one-line note on stderr."""

    def __init__(self, option_strings, dest, new: str = "", **kwargs):
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"cgs-bridge: {option_string} is deprecated; use {self.new}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def deprecated_alias(p, flag: str, action) -> None:
    """Add ``flag`` to parser or group ``p`` as a hidden old spelling of the option ``action``
    (what ``add_argument`` returned): same destination and choices; using it prints
    ``cgs-bridge: FLAG is deprecated; use NEW`` on stderr (one name per option, issue 35)."""
    p.add_argument(flag, dest=action.dest, choices=action.choices, metavar=action.metavar,
                   default=argparse.SUPPRESS, help=argparse.SUPPRESS, action=_DeprecatedAlias,
                   new=action.option_strings[0])


def game_parser(sub, name: str, help: str, description: str, **game_args):
    """A subcommand's parser with the game arguments (:func:`add_game_args`, given ``game_args``)."""
    p = sub.add_parser(name, help=help, description=description)
    add_game_args(p, **game_args)
    return p


#: The one spelling of claims on the command line (issue 36): ``--claim TEXT`` (repeatable) and
#: ``--claims FILE``; every command that takes claims adds them with :func:`add_claim_args`.
CLAIM_TEXT, CLAIMS_FILE = "--claim", "--claims"


#: The one rule of every command (issue 48.6), stated in each command's --help.
CLAIM_RULE = "added to the game's own claims (every command checks or proves both)"


def add_claim_args(p, text_help: str = "an extra claim in the spec language, e.g. "
                   "'P iff x xor y xor z == 0'; repeatable", published: bool = False) -> None:
    """Add ``--claim TEXT`` (repeatable) and ``--claims FILE``: a file of claims, one per line (an
    expression, or a ``claim "name" [when C]: E`` statement as ``discover`` prints it), or with
    ``published`` also a published-claims file (``.yaml``/``.yml``). Both are added to the game's
    own claims, in every command (:data:`CLAIM_RULE`)."""
    p.add_argument(CLAIM_TEXT, action="append", default=[], metavar="TEXT",
                   help=f"{text_help}; {CLAIM_RULE}")
    p.add_argument(CLAIMS_FILE, metavar="FILE", help=(
        "a file of claims, one per line: an expression, or claim \"NAME\" [when C]: EXPRESSION as discover "
        "prints it (# starts a comment)"
        + ("; or published claims typed from a paper (YAML, docs/claims-format.md)" if published else "")
        + f"; {CLAIM_RULE}"))


def claims_file(args, published: bool = False):
    """``args.claims`` when it is a file of spec-language claims (None otherwise, or when absent).

    Raises:
        InputError: no such file, a folder, or a published-claims file (:func:`is_published`)
            given to a command that does not check them.
    """
    from pathlib import Path

    from cgs_bridge.foundation.errors import InputError
    path = getattr(args, "claims", None)
    if path is not None and not Path(path).exists():
        raise InputError(f"--claims {path}: no such file")
    if path is not None and Path(path).is_dir():
        raise InputError(f"--claims {path}: is a folder, not a file")
    if path is None or not is_published(path):
        return path
    if published:
        return None
    raise InputError(f"--claims {path}: published claims (YAML, docs/claims-format.md) are checked by "
                     "compare and verify; this command takes a file of spec-language claims, one per line")


def published_claims(args):
    """``args.claims`` when it names a published-claims file (:func:`is_published`), else None."""
    path = getattr(args, "claims", None)
    return path if path is not None and is_published(path) else None


def checked_from_args(args, published: bool = False, keep: bool = True):
    """The game of ``args.game`` with the claims of ``--claim`` and ``--claims`` added
    (:func:`cgs_bridge.jobs.checking.with_claim_args`).

    Raises:
        SpecError, InputError: as :func:`cgs_bridge.model.loading.load_game` and
            :func:`cgs_bridge.jobs.checking.with_claim_args`; InputError from :func:`claims_file`.
    """
    from cgs_bridge.jobs.checking import with_claim_args
    from cgs_bridge.model.loading import load_game
    return with_claim_args(load_game(args.game, getattr(args, "game_name", None)),
                           getattr(args, "claim", None) or [], claims_file(args, published), keep=keep)


def claim_texts(args) -> list:
    """The spec-language claims of ``--claim`` and ``--claims FILE``, in order; the file's claims
    are checked against the game first, so that an error names file:line:column.

    Raises:
        SpecError, InputError: as :func:`checked_from_args`.
    """
    from cgs_bridge.jobs.checking import claims_from_file
    path = claims_file(args)
    if path is None:
        return list(args.claim or [])
    checked_from_args(args)
    return list(args.claim or []) + [t for _, t in claims_from_file(path)]


def ruleset_from_args(args, published: bool = False) -> Ruleset:
    """Load the game named by ``args.game`` with the claims of ``--claim``/``--claims`` (when
    the command has them; ``plot --claim NAME`` names a claim of a sweep table and is not one)
    and bind ``-p`` values (warnings on stderr)."""
    game = args.game
    if isinstance(getattr(args, "claim", None), list) and (args.claim or claims_file(args, published)):
        game = checked_from_args(args, published)
    return ruleset_of(game, parse_params(args.param), getattr(args, "game_name", None),
                      warn=lambda w: print(f"warning: {w}", file=sys.stderr))


def box_from_args(args, ruleset):
    """The box of ``--bound`` (:func:`cgs_bridge.model.resolve.box_of`)."""
    return box_of(ruleset, args.bound)


def progress_callback(label: str):
    """A ``progress(done, total)`` callback drawing one line on a terminal (:mod:`cgs_bridge.foundation.progress`);
    None when standard error is not a terminal or with ``--quiet``."""
    from cgs_bridge.foundation import progress
    return progress.callback(label)



def positive(kind=float, allow_zero: bool = False):
    """An argparse ``type`` accepting a number > 0 (>= 0 with ``allow_zero``); argparse turns
    the ValueError into a usage error (exit 2) naming the option."""
    def parse(text: str):
        import argparse
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if v != v or v in (float("inf"),) or v < 0 or (v == 0 and not allow_zero):
            raise argparse.ArgumentTypeError(f"must be {'>= 0' if allow_zero else '> 0'}, got {text}")
        return v
    return parse


def add_prover_args(p, help: str, both: str, prefix: str = "") -> None:
    """``--prover`` (the registry's provers and ``both``: :data:`cgs_bridge.systems.registry.PROVERS`)
    and each prover's own options (:data:`~cgs_bridge.systems.registry.PROVER_OPTIONS`, their help
    after ``prefix``), read back by :func:`prover_options`."""
    from cgs_bridge.systems.registry import PROVER_OPTIONS, PROVERS
    p.add_argument("--prover", choices=[*PROVERS, both], help=help)
    for name, (_, metavar, text) in PROVER_OPTIONS.items():
        p.add_argument("--" + name.replace("_", "-"), metavar=metavar, help=prefix + text)


def prover_options(args) -> dict:
    """``{option: value}`` of the provers' options on the command line (:func:`add_prover_args`)."""
    from cgs_bridge.systems.registry import PROVER_OPTIONS
    return {name: getattr(args, name) for name in PROVER_OPTIONS}
