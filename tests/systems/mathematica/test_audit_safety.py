"""Refusal of unsafe builtins (fast: refusal happens before any engine runs)."""

from __future__ import annotations

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.mathematica.audit import core
from cgs_bridge.systems.mathematica.audit.core import audit_program
from cgs_bridge.systems.mathematica.audit.runner import UNSAFE, unsafe_calls
from cgs_bridge.systems.mathematica.normalize import normalize

UNSAFE_PROGRAMS = [
    'Run["rm -rf ~"]', 'RunProcess[{"ls"}]', 'StartProcess["sh"]', 'Import["http://example.org/x"]',
    'URLFetch["http://example.org"]', 'URLRead["http://example.org"]', 'Put[x, "f"]',
    'PutAppend[x, "f"]', 'Export["f.csv", {1}]', 'DeleteFile["f"]', 'CreateFile["f"]',
    'CopyFile["a", "b"]', 'RenameFile["a", "b"]', 'DeleteDirectory["d"]', 'SetDirectory["/"]',
    'OpenWrite["f"]', 'OpenAppend["f"]', 'WriteString["f", "x"]', 'Get["f.m"]', 'Needs["X`"]',
    'Install["prog"]', 'SystemOpen["f"]', 'Environment["HOME"]', 'ToExpression["Run[\\"ls\\"]"]',
    '<< "file.m"', 'x >> "file"', 'f = Run; f["ls"]',
]


@pytest.mark.parametrize("code", UNSAFE_PROGRAMS)
def test_unsafe_builtin_is_found(code):
    assert unsafe_calls(normalize(f"k = 3;\n{code}\n"))


def test_names_in_strings_comments_and_longer_identifiers_are_not_unsafe():
    norm = normalize('Print["Run Import Export"]; (* DeleteFile *) RunTotal = Exported + 1\n')
    assert unsafe_calls(norm) == []


def test_every_listed_builtin_has_a_reason():
    assert all(isinstance(v, str) and v for v in UNSAFE.values())
    for name in ("Run", "RunProcess", "Import", "URLFetch", "Put", "Export", "DeleteFile",
                 "SetDirectory", "OpenWrite", "Get", "Needs", "ToExpression", "Environment"):
        assert name in UNSAFE


def _ruleset():
    return Ruleset(load_game("triangular"), {"k": "3"})


def test_audit_refuses_unsafe_program_before_running(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("the engine must not run")
    monkeypatch.setattr(core, "run_program", boom)
    with pytest.raises(InputError, match=r"Run at line 2"):
        audit_program('k = 3;\nRun["touch /tmp/x"]\n', _ruleset())


def test_allow_unsafe_runs_and_reports(monkeypatch):
    calls = []

    def fake_run(prog, symbols, **kw):
        calls.append(kw)
        raise InputError("stub engine")  # stop here: only the screen is under test
    monkeypatch.setattr(core, "run_program", fake_run)
    with pytest.raises(InputError, match="stub engine"):
        audit_program('allcases = {{0, 0, 0}};\nGr[p_] := 0;\nEnvironment["HOME"]\n', _ruleset(),
                      allow_unsafe=True)
    assert calls


def test_cli_exit_2_for_unsafe(tmp_path, capsys):
    prog = tmp_path / "p.txt"
    prog.write_text('k = 3; URLFetch["http://example.org"]\n', encoding="utf-8")
    assert main(["audit", str(prog), "--game", "triangular", "-p", "k=3"]) == 2
    assert "--allow-unsafe" in capsys.readouterr().err


def test_also_game_takes_only_declared_params():
    from cgs_bridge.systems.mathematica.audit.entry import alternative_ruleset
    r = alternative_ruleset("triangular", ["k=5", "h=3"])
    assert r.describe() == "triangular(k=5)"
    assert alternative_ruleset("two_inequalities_res", ["k=5"]).describe() == "two_inequalities_res"
