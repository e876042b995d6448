"""Seed 003's CGScript 1.1.1 programs ported with ``audit --port-to 2.x`` run unchanged in the real
CGSuite 2.2 (fixture ``real_cgsuite``) and print what the paper printed; a CGSuite run that crashes
is an engine error (exit 2), never a verdict; the JVM runs in the bubblewrap sandbox under
``--memory`` (issue 18 items 3-5).

Expected outputs come from the paper (seed 003): Ex 8.2 and Ex 8.6 print two empty sets, Ex 8.4
prints 977 and 2257, Ex 8.8 prints the 53 P-positions listed under Ex 8.7
(``tests/data/seed003_ex87_ppositions.txt``). The programs are read from ``../shared/seeds``.
"""

from __future__ import annotations

import re

import pytest
from test_audit_cgscript import _script_after_class, seed_program

from cgs_bridge.cli.main import main
from cgs_bridge.systems.cgsuite.audit import port as port_module
from cgs_bridge.systems.cgsuite.audit.core import class_path_sources, load_source
from cgs_bridge.systems.cgsuite.audit.port import port_files
from cgs_bridge.systems.cgsuite.audit.port_check import cgsuite_failure
from cgs_bridge.systems.engines import EngineResult

MARK = "== example "


@pytest.fixture
def classpath(shared, tmp_path):
    """Ex 8.2's class as printed (one line), in ``examples/Choco3D.cgs`` of a class-path folder."""
    d = tmp_path / "cp"
    (d / "examples").mkdir(parents=True)
    (d / "examples" / "Choco3D.cgs").write_text(seed_program(shared, "8.2"), encoding="utf-8")
    return d


def _port(classpath, folder, name: str, text: str) -> str:
    """Port one published script (and the class it uses) into ``folder``; the script's text."""
    (classpath / f"{name}.txt").write_text(text, encoding="utf-8")
    main_src = load_source(str(classpath / f"{name}.txt"))
    sources = [main_src] + class_path_sources([classpath], None, {"Choco3D"})
    files, _ = port_files(sources)
    for rel, body in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(body, encoding="utf-8")
    return files[f"{name}_2x.cgs"]


def _printed(stdout: str) -> dict:
    out, cur = {}, None
    for line in stdout.splitlines():
        if line.startswith(f'"{MARK}'):
            cur = line.strip('"')[len(MARK):]
            out[cur] = []
        elif cur is not None and line.startswith('"'):
            out[cur].append(line.strip('"'))
    return out


def test_four_seed003_ports_print_the_papers_outputs(real_cgsuite, shared, classpath, tmp_path, data):
    folder = tmp_path / "port"
    folder.mkdir()
    texts = {"8.2": _script_after_class(shared), "8.4": seed_program(shared, "8.4"),
             "8.6": seed_program(shared, "8.6"), "8.8": seed_program(shared, "8.8")}
    lines = []
    for ex, text in texts.items():
        script = _port(classpath, folder, "ex" + ex.replace(".", ""), text)
        assert "return" not in (folder / "examples" / "Choco3D.cgs").read_text()
        lines += [f'System.Print("{MARK}{ex}");', script]
    (folder / "all.cgs").write_text("\n".join(lines), encoding="utf-8")
    res = real_cgsuite.run(folder, folder / "all.cgs")       # one JVM for the four programs
    assert cgsuite_failure(EngineResult([], res.returncode, res.stdout, res.stderr, 0.0)) is None, res.stdout[-3000:]
    got = _printed(res.stdout)
    assert [ln.rsplit("-> ", 1)[1] for ln in got["8.2"]] == ["{}", "{}"]
    assert [ln.rsplit("-> ", 1)[1] for ln in got["8.4"]] == ["977", "2257"]
    assert [ln.rsplit("-> ", 1)[1] for ln in got["8.6"]] == ["{}", "{}"]
    paper = {tuple(map(int, t.split(","))) for t in
             re.findall(r"\((\d+,\d+,\d+)\)", data.joinpath("seed003_ex87_ppositions.txt").read_text())}
    printed = {tuple(map(int, t.split(","))) for t in re.findall(r"\[(\d+,\d+,\d+)\]", got["8.8"][0])}
    assert len(paper) == 53 and printed == paper


def _audit_ex86(classpath, shared, tmp_path, *extra):
    (tmp_path / "ex86.txt").write_text(seed_program(shared, "8.6"), encoding="utf-8")
    out = tmp_path / "out"
    code = main(["audit", str(tmp_path / "ex86.txt"), "--game", "triangular", "-p", "k=5",
                 "--class-path", str(classpath), "--scale", "x=6,y=3,z=6", "--port-to", "2.x",
                 "-o", str(out), *extra])
    return code, (out / "report.txt").read_text() if (out / "report.txt").exists() else ""


def _sandbox_or_skip():
    from cgs_bridge.systems import sandbox
    if sandbox.unavailable_reason():
        pytest.skip(f"no bubblewrap sandbox: {sandbox.unavailable_reason()}")


def test_audit_runs_the_port_in_the_sandboxed_real_cgsuite(real_cgsuite, shared, classpath, tmp_path):
    """Ex 8.6 (k = 5) through the REPL in bubblewrap, 1 GiB of address space: prints {} {}."""
    _sandbox_or_skip()
    code, report = _audit_ex86(classpath, shared, tmp_path, "--cgsuite-cmd", real_cgsuite.repl_cmd_text,
                               "--memory", "1")
    line = next(ln for ln in report.splitlines() if ln.startswith("cgsuite "))
    assert code == 0 and "AGREE" in line, report[:3000]


def test_a_crashed_cgsuite_run_is_an_engine_error(real_cgsuite, shared, classpath, tmp_path, monkeypatch):
    """The port as it was before issue 18 (``return`` kept in the methods): CGSuite 2.2 prints
    ``scala.MatchError`` on the loop line and then the still-empty sets ``{}`` ``{}``, the very
    lines the original printed. That is a crash, not agreement: the audit exits 2 naming it."""
    from cgs_bridge.systems.cgsuite.audit import port_check
    monkeypatch.setattr(port_module, "_tail_values", lambda body, where: body)
    # our own 2.x interpretation of the port now refuses `return` first: skip it, so that the real
    # engine is what meets the `return`
    monkeypatch.setattr(port_check, "_run_port", lambda *a, **k: [])
    code, report = _audit_ex86(classpath, shared, tmp_path, "--cgsuite-cmd", real_cgsuite.repl_cmd_text,
                               "--no-sandbox")
    line = next(ln for ln in report.splitlines() if ln.startswith("cgsuite "))
    assert code == 2 and "ERROR" in line and "scala.MatchError" in report, report[:3000]


def test_jvm_that_cannot_start_under_the_limit_is_named(real_cgsuite, tmp_path):
    """JVM sizes meant for 4 GiB under a 1 GiB address-space limit (the sandbox's rlimit): the JVM
    refuses to start, and the message names the limit; the derived sizes start it."""
    _sandbox_or_skip()
    from cgs_bridge.systems import sandbox
    from cgs_bridge.systems.cgsuite import jvm
    from cgs_bridge.systems.engines import run
    scratch = sandbox.make_scratch(tmp_path)
    limits = sandbox.Limits(cpu_seconds=120, memory=1 << 30)
    argv = list(real_cgsuite.repl_cmd) + [str(scratch)]
    ro = jvm.host_paths()
    bad = run(argv, scratch, 120, stdin="1 + 1\n:quit\n", env=jvm.environment(4 << 30, str(scratch)),
              sandbox=limits, read_only=ro)
    why = cgsuite_failure(bad, 1 << 30)
    assert why and "1.00 GiB (--memory)" in why, bad.tail()
    good = run(argv, scratch, 120, stdin="1 + 1\n:quit\n", env=jvm.environment(1 << 30, str(scratch)),
               sandbox=limits, read_only=ro)
    assert cgsuite_failure(good, 1 << 30) is None and "> 2" in good.stdout, good.tail()


def test_memory_below_what_a_jvm_needs_is_refused_before_starting(real_cgsuite, shared, classpath, tmp_path,
                                                                  capsys):
    code, _ = _audit_ex86(classpath, shared, tmp_path, "--cgsuite-cmd", real_cgsuite.repl_cmd_text,
                          "--memory", "0.25")
    assert code == 2 and "0.25 GiB (--memory)" in capsys.readouterr().err


RET_CLASS = """class Ret(n) extends ImpartialGame
  override def Options begin
    var result := MutableList();
    for m from 0 to n - 1 do
      result.Add(Ret(m));
    end
    return result;
  end
end
"""
#: Two statements CGSuite 2.2 refuses: a method body with ``return``, a nimber ``*x1`` of a name.
REFUSED = ["examples.Ret(2).NimValue", "x1 := 2; *x1 + *0"]


def _interpreter_refuses(tmp_path, statement: str) -> bool:
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.systems.cgsuite.audit.core import _interpreter
    from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, Limits
    try:  # refused when the class is read (the 2.x dialect check) or when the statement runs
        classes = ([load_source(str(tmp_path / "examples" / "Ret.cgs"), package="examples", dialect="2.x")]
                   if "Ret(" in statement else [])
        it = _interpreter(classes, "2.x", Limits(), None)
        it.run(load_source("s.cgs", statement + "\n", dialect="2.x").program.statements)
    except (CgsBridgeError,) + PYTHON_ERRORS:
        return True
    return False


@pytest.fixture
def refused_folder(tmp_path):
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "Ret.cgs").write_text(RET_CLASS, encoding="utf-8")
    return tmp_path


def test_real_cgsuite_refuses_return_and_bare_nimber_of_a_name(real_cgsuite, refused_folder):
    """What the ports must avoid (issue 18), pinned on the real engine: ``return`` in a method body
    is a ``scala.MatchError``; ``*x1`` is "Not a method or member variable". The REPL goes on after
    each error, so one session shows both."""
    res = real_cgsuite.repl(refused_folder, "\n".join(REFUSED) + "\n")
    assert "scala.MatchError" in res.stdout and "Not a method or member variable" in res.stdout, res.stdout


@pytest.mark.parametrize("statement", REFUSED)
def test_interpreter_refuses_what_the_real_cgsuite_refuses(refused_folder, statement):
    assert _interpreter_refuses(refused_folder, statement)
