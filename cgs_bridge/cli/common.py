"""Options and helpers shared by commands: the game argument, ``-p``, ``--bound``, outputs."""

from __future__ import annotations

import argparse
import sys

from cgs_bridge.model.params import parse_params
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.resolve import box_of, ruleset_of


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


def ruleset_from_args(args) -> Ruleset:
    """Load the game named by ``args.game`` and bind ``-p`` values (warnings on stderr)."""
    return ruleset_of(args.game, parse_params(args.param), getattr(args, "game_name", None),
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
