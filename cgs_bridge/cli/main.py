"""``cgs-bridge``: entry point. Each command lives in its own module of this package exposing
``register(subparsers)``; the module's parser sets ``func(args) -> int`` (the exit code). Only the
module of the command that runs is imported (:data:`COMMANDS` holds the one-line help the
top-level ``--help`` lists), so a command starts without loading the others.

Exit codes: 0 success / agreement, 1 a claim, check or comparison found a difference,
2 usage or input error (:class:`cgs_bridge.foundation.errors.CgsBridgeError`), printed without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import shlex
import sys
import warnings

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.foundation.escape import terminal

#: Command modules, in help order, with the help line of each (the module's parser says the same;
#: tests/cli/test_startup.py checks it).
COMMANDS = {
    "catalog": "list the catalog games",
    "solve": "Grundy values over a box, as CSV",
    "check": "check the rules and the claims of a game on a box",
    "generate": "emit CGSuite and Mathematica programs",
    "compare": "compare CGSuite / Mathematica output with Python, position by position",
    "verify": "solve, emit, run Mathics3/Mathematica (and CGSuite), compare",
    "audit": "run a published Mathematica program and judge it against a spec",
    "bench": "benchmark the fast solver against the C yardstick",
    "cache": "show or empty the compiled-kernel cache",
    "sweep": "solve and check a grid of parameter values and bounds (Dask)",
    "discover": "search formula families for P-positions and Grundy values on a box",
    "plot": "figures: Grundy grids, P-positions, differences, sweep failures (PNG/SVG)",
    "explore": "write a self-contained HTML page to browse a solved box",
    "prove": "prove or refute claims for every position (Walnut / embedded prover)",
}


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):  # no abbreviated long options: --claim is not --claims
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message):
        """A usage error, exit 2: the "did you mean" of a misspelt option first (issue 48.10: the
        hint is what the reader needs), then the error, then the command's usage (issue 36)."""
        hint = self.suggestion()
        sys.stderr.write(hint.lstrip("\n") + "\n" if hint else "")
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        self.print_usage(sys.stderr)
        self.exit(2)

    #: the command line being parsed (set by :func:`main`), for "did you mean" on a misspelt option
    argv: list = []

    def suggestion(self) -> str:
        """``; did you mean --bound?`` for each option of the command line this parser does not
        know but that is close to one it does (difflib), else ``""``."""
        import difflib
        known = [o for o in self._option_string_actions if o.startswith("--")]
        hints = []
        for token in self.argv:
            name = token.split("=", 1)[0]
            if name.startswith("--") and name not in self._option_string_actions:
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.7)
                if close:
                    hints.append(f"unknown option {name}: did you mean {close[0]}?")
        return "".join(f"\n{self.prog}: {h}" for h in dict.fromkeys(hints))


def build_parser(argv=None) -> argparse.ArgumentParser:
    """The parser; with ``argv``, only the command it names gets its full parser (its module is
    imported), the others a stub with their help line; without, every command's full parser."""
    parser = _Parser(prog="cgs-bridge", description="Cross-validate impartial games between "
                     "Python, CGSuite 2.x and Mathematica from one specification.")
    from cgs_bridge import __version__
    parser.add_argument("--version", action="version", version=f"cgs-bridge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    wanted = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    for name, help in COMMANDS.items():
        if wanted is None or name == wanted:
            importlib.import_module(f"{__package__}.{name}").register(sub)
        else:
            sub.add_parser(name, help=help, add_help=False)
    for command in sub.choices.values():  # --quiet on every command (progress lines off)
        if "--quiet" not in command._option_string_actions:
            command.add_argument("--quiet", action="store_true", help="print only the verdict: no progress "
                                 "lines, no report body, no 'wrote' lines")
    return parser


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    _Parser.argv = argv
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # the command's own usage (not the top-level one), with a "did you mean"
        command = _subparsers(parser).get(getattr(args, "command", None), parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    from cgs_bridge.foundation import progress
    progress.set_quiet(getattr(args, "quiet", False))
    args.command_line = shlex.join(["cgs-bridge"] + argv)
    with _warnings_as_lines(args.command), _escaped_stdout(), _terminate_as_interrupt():
        return _run(args)


class Terminated(KeyboardInterrupt):
    """SIGTERM (``timeout``, ``kill``) while a command runs: raised in the main thread as Ctrl-C is,
    so every ``finally`` and every Ctrl-C path runs (engines and their process groups stopped,
    temporary folders such as ``cgs-walnut-*`` removed, finished work kept); exit 143 (issue 46)."""


#: Set when SIGTERM arrived during the command (the Ctrl-C paths may raise their own
#: ``KeyboardInterrupt`` after it, e.g. ``EngineInterrupted``).
_SIGTERM = {"seen": False}


def _on_sigterm(signum, frame):
    _SIGTERM["seen"] = True
    raise Terminated()


@contextlib.contextmanager
def _terminate_as_interrupt():
    """While a command runs in the main thread, SIGTERM raises :class:`Terminated`; the handler
    before it is put back afterwards."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _SIGTERM["seen"] = False
    old = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old if old is not None else signal.SIG_DFL)


class _EscapedStream:
    """A text stream that shows control characters written to it as visible escapes
    (``foundation.escape.terminal``: ESC, BEL, CR, C1, ...; line feeds and tabs kept), so no
    report text from a program or a transcript can drive the user's terminal (issue 37)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text) -> int:
        from cgs_bridge.foundation.escape import terminal
        self._stream.write(terminal(text))
        return len(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


@contextlib.contextmanager
def _escaped_stdout():
    """While a command runs, what it prints on standard output goes through :class:`_EscapedStream`
    (standard error carries progress lines, which use carriage returns: messages there are escaped
    one by one)."""
    saved = sys.stdout
    sys.stdout = _EscapedStream(saved)
    try:
        yield
    finally:
        sys.stdout = saved


def _subparsers(parser) -> dict:
    """``{command name: its parser}``."""
    return next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})


def _run(args) -> int:
    """Run the command of ``args``; every error becomes one line and an exit code."""
    try:
        from .options import check_ranges
        check_ranges(args)
        return int(args.func(args) or 0)
    except CgsBridgeError as e:
        print(f"cgs-bridge {args.command}: error: {terminal(e)}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt as e:
        if isinstance(e, Terminated) or _SIGTERM["seen"]:
            print("cgs-bridge: terminated (SIGTERM)", file=sys.stderr)
            return 143
        print("cgs-bridge: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print(f"cgs-bridge {args.command}: error: out of memory; try a smaller box (the budget of one "
              "solve is $CGS_BRIDGE_MAX_MEMORY)", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - no traceback reaches a user (README: exit codes)
        return _internal_error(args.command, e)


@contextlib.contextmanager
def _warnings_as_lines(command: str):
    """While a command runs, Python warnings (e.g. the solver's "using the reference solver")
    reach the user as one line ``cgs-bridge COMMAND: warning: ...``, not with the Python source
    file and line."""
    def show(message, category, filename, lineno, file=None, line=None):
        print(f"cgs-bridge {command}: warning: {terminal(message)}", file=file or sys.stderr)

    with warnings.catch_warnings():
        warnings.showwarning = show
        yield


def _internal_error(command: str, e: Exception) -> int:
    """Report an unexpected exception in one line, exit 2; ``CGS_BRIDGE_DEBUG=1`` shows the
    traceback."""
    from cgs_bridge.foundation import config
    if config.get(config.DEBUG):
        import traceback
        traceback.print_exc()
    what = terminal(f"{type(e).__name__}: {e}".splitlines()[0][:300], keep_newlines=False)
    print(f"cgs-bridge {command}: internal error ({what}). This is a bug in cgs-bridge: please "
          f"report it with the command line and its input files (CGS_BRIDGE_DEBUG=1 shows the "
          f"traceback).", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
