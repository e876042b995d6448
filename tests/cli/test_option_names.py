"""One name per option across the CLI and the API (issue 35): the Mathematica engine is
``--mathematica-engine`` in every command and ``engines={"mathematica_engine": ...}`` in
``cb.verify`` and ``cb.audit``; an earlier round's spelling (``audit --engine``) still reads,
hidden, with a one-line deprecation note. (The claim options' one spelling, ``--claim`` and
``--claims``, is tested by tests/cli/test_claim_options.py.)"""

import argparse
import inspect

import pytest

import cgs_bridge as cb
from cgs_bridge import api
from cgs_bridge.cli.main import build_parser, main
from cgs_bridge.foundation.errors import InputError


def _commands() -> dict:
    p = build_parser()
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


def _visible(parser) -> dict:
    """``{--flag: dest}`` of the options ``--help`` shows."""
    return {f: a.dest for a in parser._actions if a.help != argparse.SUPPRESS
            for f in a.option_strings if f.startswith("--")}


def test_every_visible_option_has_one_destination_and_every_destination_one_flag():
    flags, dests = {}, {}
    for name, parser in _commands().items():
        for flag, dest in _visible(parser).items():
            flags.setdefault(flag, set()).add(dest)
            dests.setdefault(dest, set()).add(flag)
    assert {f: d for f, d in flags.items() if len(d) > 1} == {}
    assert {d: f for d, f in dests.items() if len(f) > 1} == {}


def test_the_mathematica_engine_has_one_name_in_every_command():
    commands = _commands()
    spelled = {name: sorted(f for f, d in _visible(p).items() if "engine" in d) for name, p in commands.items()}
    assert spelled["verify"] == spelled["audit"] == ["--mathematica-engine"]
    assert all(flags in ([], ["--mathematica-engine"]) for flags in spelled.values()), spelled


def test_the_api_takes_the_cli_names():
    dests = {name: set(_visible(p).values()) | {"param"} for name, p in _commands().items()}
    # {system: file}, {runner option: value}; progress=: the CLI's lines unless --quiet
    aggregates = {"g", "sources", "engines", "options", "kwargs", "progress", "game_params"}   # k=5: -p
    for fn, command in ((api.verify, "verify"), (api.compare, "compare"), (api.prove, "prove"),
                        (api.sweep, "sweep")):
        names = set(inspect.signature(fn).parameters) - aggregates
        # a repeatable option (--claim, -p/--param) is a plural keyword (claims=, params=)
        # claims_file= is --claims FILE (claims= being the texts of --claim)
        names = {"claims" if n == "claims_file" else n for n in names}
        missing = {n for n in names if n not in dests[command] and n.removesuffix("s") not in dests[command]}
        assert not missing, (command, missing)


def test_verify_takes_the_engine_option_by_its_one_name(tmp_path):
    with pytest.raises(InputError, match="unknown engine option 'engine'"):
        cb.verify(cb.game("nim"), 1, run_dir=tmp_path / "r", engines={"engine": "none"})


def test_audit_takes_engines_and_refuses_the_old_keyword(tmp_path):
    program = tmp_path / "p.wl"
    program.write_text("g[x_] := x\n")
    with pytest.raises(InputError, match="engines=\\{'mathematica_engine'"):
        cb.audit(program, cb.game("nim"), engine="mathics", no_sandbox=True)
    with pytest.raises(InputError, match="mathematica_engine 'maple'"):
        cb.audit(program, cb.game("nim"), engines={"mathematica_engine": "maple"}, no_sandbox=True)
    with pytest.raises(InputError, match="unknown engine option 'cgsuite_cmd'"):
        cb.audit(program, cb.game("nim"), engines={"cgsuite_cmd": "x"}, no_sandbox=True)


@pytest.mark.parametrize("argv, dest, value, note", [
    (["audit", "p.wl", "--game", "nim", "--engine", "mathics"], "mathematica_engine", "mathics",
     "--engine is deprecated; use --mathematica-engine"),
])
def test_an_old_spelling_reads_with_a_note_and_is_hidden(argv, dest, value, note, capsys):
    args = build_parser(argv).parse_args(argv)
    assert getattr(args, dest) == value
    assert note in capsys.readouterr().err
    new = build_parser(argv).parse_args([a if a != argv[-2] else "--" + dest.replace("_", "-") for a in argv])
    assert getattr(new, dest) == value and capsys.readouterr().err == ""
    with pytest.raises(SystemExit):
        main([argv[0], "--help"])
    shown = capsys.readouterr().out
    assert argv[-2] + " " not in shown.replace(argv[-2] + "-", "") and "--" + dest.replace("_", "-") in shown
