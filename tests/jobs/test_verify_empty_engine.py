"""An engine run that ends without an error but prints no results is an engine error (exit 2,
"the engine printed no results"), never a disagreement (issue 35). Stand-in scripts play CGSuite
(``--cgsuite-cmd``), Mathics3 and wolframscript; their twins print nim's table (Grundy value x at
heap x, Bouton) and agree, or print a wrong value and differ (exit 1)."""

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import EngineError

NOTE = "the engine printed no results"


def _script(tmp_path, name: str, body: str):
    f = tmp_path / name
    f.write_text("#!/bin/sh\n" + body)
    f.chmod(0o755)
    return f


def _cgsuite(tmp_path, rows):
    """A CGSuite REPL stand-in: reads its input, prints ``rows`` as the worksheet would, exits 0."""
    printed = "".join(f"echo '[{x},{g}]'\n" for x, g in rows)
    return _script(tmp_path, "repl", "cat > /dev/null\n" + printed + "echo '[]'\nexit 0\n")


@pytest.mark.parametrize("rows, code", [([], 2), ([(0, 0), (1, 1), (2, 2)], 0), ([(0, 0), (1, 1), (2, 3)], 1)])
def test_a_cgsuite_run_that_prints_nothing_is_an_engine_error(tmp_path, capsys, rows, code):
    repl = _cgsuite(tmp_path, rows)
    got = main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r"),
                "--mathematica-engine", "none", "--cgsuite-cmd", str(repl)])
    cap = capsys.readouterr()
    assert got == code, cap.out + cap.err
    assert (NOTE in cap.err) == (code == 2)
    if code == 2:
        assert "VERDICT: INCOMPLETE: 0 of 3 positions compared, no difference" in cap.out


def test_the_api_raises_the_engine_error(tmp_path):
    repl = _cgsuite(tmp_path, [])
    with pytest.raises(EngineError, match=NOTE):
        cb.verify(cb.game("nim"), 2, run_dir=tmp_path / "r",
                  engines={"mathematica_engine": "none", "cgsuite_cmd": str(repl)})


def _mathematica(tmp_path, monkeypatch, engine: str, csv: str | None):
    """Mathics3 or wolframscript played by a script that writes ``csv`` (None: no file) as the
    emitted program's ``nim_x2.csv`` in its folder and exits 0."""
    from cgs_bridge.systems.mathematica import runner as engines
    body = "" if csv is None else f"printf '{csv}' > nim_x2.csv\n"
    fake = _script(tmp_path, engine, body + "exit 0\n")
    prefix = [str(fake)] if engine == "mathics" else [str(fake), "-file"]
    monkeypatch.setattr(engines, "mathics_command", lambda: prefix if engine == "mathics" else None)
    monkeypatch.setattr(engines, "wolframscript_command", lambda: prefix if engine == "wolframscript" else None)


@pytest.mark.parametrize("engine", ["mathics", "wolframscript"])
@pytest.mark.parametrize("csv, code", [(None, 2), ("", 2), ("x,grundy\\n", 2),
                                       ("x,grundy\\n0,0\\n1,1\\n2,2\\n", 0),
                                       ("x,grundy\\n0,0\\n1,1\\n2,0\\n", 1)])
def test_a_mathematica_run_that_prints_nothing_is_an_engine_error(tmp_path, capsys, monkeypatch, engine, csv, code):
    _mathematica(tmp_path, monkeypatch, engine, csv)
    got = main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r"), "--mathematica-engine", engine])
    cap = capsys.readouterr()
    assert got == code, cap.out + cap.err
    assert (NOTE in cap.err) == (code == 2), cap.err
