"""Hostile input on the surfaces added since the last red-team round (issue 37): one test per
reproducer class that runs without an outside program (the browser, pdflatex, engine and audit
cases are in tests/presentation/test_hostile_pages.py, tests/systems/test_reaper.py and
tests/cli/test_hostile_audit.py). Each case: a clean exit code, nothing written outside ``-o``,
nothing left behind; and a planted twin where the verdict must be the opposite.

Expected values: the b-file format (OEIS wiki "B-files": ``#`` comment lines, ``n a(n)`` data
lines), the subtraction game S = {1, ..., k} (Grundy value x mod (k + 1), Berlekamp-Conway-Guy,
Winning Ways ch. 4), ECMA-48 (ESC = 0x1b, BEL = 0x07, CSI = ESC [), proc(5) (zombie state Z).
"""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from cgs_bridge.cli.main import main

PARAM = "f=floor(t/2) +\n0 # \\input{/etc/hostname}"
SUBTRACTION = "game big(k: int >= 1 = 3)\n  coordinates x\n  move s in 1..k where s <= x: x = x - s\n"


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def _files(root: Path) -> set:
    return {p.relative_to(root) for p in root.rglob("*")}


# -- class 3: a package name is an identifier, every port file under -o -------------------------

@pytest.mark.parametrize("package", ["../../../x", "/tmp/cgsb-abs-root", "a..b", "ok.na me", "ex.", "1x"])
def test_package_that_is_not_an_identifier_is_refused_before_the_run(tmp_path, capsys, monkeypatch, package):
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    (deep / "Choco3D.cgs").write_text("x := 1;\n")
    monkeypatch.chdir(deep)
    before = _files(tmp_path)
    import cgs_bridge.systems.cgsuite.audit.isolated as isolated
    monkeypatch.setattr(isolated, "audit_cgscript_isolated", lambda *a, **k: pytest.fail("the audit ran"))
    code, out, err = _run(capsys, "audit", "Choco3D.cgs", "--game", "triangular", "-p", "k=3", "--bound", "4",
                          "--port-to", "2.x", "-o", "OUT", "--package", package)
    assert code == 2 and "--package" in err and "identifiers" in err
    assert _files(tmp_path) == before and not Path("/tmp/cgsb-abs-root").exists()


def test_port_files_stay_under_the_package_folders(shared):
    """The twin: an identifier package gives folders under -o; a class-path package ``..`` is
    refused when the port is planned, before anything is written."""
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.systems.cgsuite.audit.core import load_source
    from cgs_bridge.systems.cgsuite.audit.port import port_files
    path = shared / "fixtures" / "cgsuite" / "published" / "examples" / "Choco3D.cgs"
    src = load_source(str(path), package="")
    files, _ = port_files([src], "my_pkg.sub")
    assert [f for f in files if f.endswith("Choco3D.cgs")] == [str(Path("my_pkg", "sub", "Choco3D.cgs"))]
    with pytest.raises(InputError, match="identifiers"):
        port_files([load_source(str(path), package="..")], "examples")


def test_empty_package_means_no_folder():
    from cgs_bridge.systems.cgsuite.audit.port import package_parts
    assert package_parts("") == () and package_parts("a.b_2") == ("a", "b_2")


# -- class 2: TeX comments and b-file comments hold their line --------------------------------

def test_newline_in_a_parameter_stays_in_the_tex_comment(tmp_path, capsys):
    outs = {}
    for name, param in (("hostile", PARAM), ("plain", "f=floor(t/2) + 0")):
        out = tmp_path / f"{name}.tex"
        code, _, _ = _run(capsys, "solve", "step", "-p", param, "--bound", "3", "--format", "latex",
                          "--p-positions", "-o", out)
        assert code == 0
        outs[name] = out.read_text().splitlines()
    assert len(outs["hostile"]) == len(outs["plain"])  # no line added by the parameter's text
    assert [ln for ln in outs["hostile"] if "input" in ln and not ln.startswith("%")] == []


def test_bfile_headers_cannot_forge_data_lines(tmp_path, capsys):
    out = tmp_path / "b"
    code, _, _ = _run(capsys, "discover", "step", "-p", PARAM, "--bound", "6", "--bfile", out, "--quiet")
    assert code == 0
    files = sorted(out.glob("b_*.txt"))
    assert files
    for f in files:
        for ln in f.read_text().splitlines():
            assert ln.startswith("#") or re.fullmatch(r"\d+ -?\d+", ln), (f.name, ln)
    from cgs_bridge.jobs.discover.bfile import text
    forged = text("counts\n5 999\r7 1", 0, [1, 2])
    assert [ln for ln in forged.splitlines() if not ln.startswith("#")] == ["0 1", "1 2"]
    assert "5 999" in forged  # kept as a comment: the text is data, not dropped


# -- class 5: terminal control sequences as visible escapes -----------------------------------

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x9b1A"


def test_control_sequences_of_a_transcript_error_are_shown_escaped(tmp_path, capsys):
    t = tmp_path / "t.out"
    t.write_text(f"Error: {ESCAPES} boom\nat worksheet input line 1:1\n\x1b[1Aresult : program and spec agree\n")
    code, out, err = _run(capsys, "compare", "triangular", "--bound", "1", "--cgsuite", t)
    assert code == 2 and "\\e[2J\\e]0;pwned\\a\\x9b1A" in err
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err)
    from cgs_bridge.systems.cgsuite.reader import CGSuiteRunError, check_error_transcript
    with pytest.raises(CGSuiteRunError) as e:  # the twin: the message itself carries the raw bytes
        check_error_transcript(t.read_text(), str(t))
    assert "\x1b[2J" in str(e.value)


def test_report_on_stdout_is_escaped(monkeypatch, capsys):
    from cgs_bridge.cli import main as cli_main

    def hostile(args):
        print(f"title {ESCAPES}\nresult : fine")
        return 0
    build = cli_main.build_parser

    def parser(argv=None):
        p = build(argv)
        for action in p._subparsers._group_actions:
            action.choices["catalog"].set_defaults(func=hostile)
        return p
    monkeypatch.setattr(cli_main, "build_parser", parser)
    code, out, _ = _run(capsys, "catalog")
    assert code == 0 and out == "title \\e[2J\\e]0;pwned\\a\\x9b1A\nresult : fine\n"


# -- class 6: resources -----------------------------------------------------------------------

def test_workers_capped_by_cells_and_cores():
    from cgs_bridge.jobs.sweep.workers import cap_workers
    with pytest.warns(UserWarning, match=r"--workers 1024: capped at 1 .*1 cell\(s\), 2 core\(s\)"):
        assert cap_workers(1024, 1, 2) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cap_workers(2, 5, 4) == 2 and cap_workers(0, 5, 4) == 0


def test_sweep_with_1024_workers_on_one_cell_starts_one(tmp_path, capsys):
    code, out, err = _run(capsys, "sweep", "triangular", "-p", "k=3", "--bound", "5", "--workers", "1024")
    assert code == 0 and "capped at 1" in err and "1 threads in this process" in out


def test_solve_above_the_work_limit_is_refused_before_solving(tmp_path, capsys, monkeypatch):
    spec = tmp_path / "big.game"
    spec.write_text(SUBTRACTION)
    import solvers
    monkeypatch.setattr(solvers, "_fast_kernel", lambda: pytest.fail("the solve started"))
    monkeypatch.setattr(solvers, "solve_reference", lambda *a: pytest.fail("the solve started"))
    code, out, err = _run(capsys, "solve", spec, "-p", "k=10000000", "--bound", "300")
    assert code == 2 and out == ""
    assert "301 positions" in err and "option tries" in err and "--yes" in err


def test_solve_yes_runs_above_the_limit(tmp_path, capsys, monkeypatch):
    spec = tmp_path / "big.game"
    spec.write_text(SUBTRACTION)
    monkeypatch.setenv("CGS_BRIDGE_MAX_WORK", "50")
    code, _, err = _run(capsys, "solve", spec, "-p", "k=5", "--bound", "20")
    assert code == 2 and "CGS_BRIDGE_MAX_WORK" in err
    code, out, _ = _run(capsys, "solve", spec, "-p", "k=5", "--bound", "20", "--yes")
    rows = [tuple(map(int, ln.split(","))) for ln in out.splitlines()[1:]]
    assert code == 0 and rows == [(x, x % 6) for x in range(21)]  # Winning Ways: x mod (k + 1)


def test_full_disk_under_bfile_is_exit_2_naming_the_file(tmp_path, capsys, monkeypatch):
    import cgs_bridge.foundation.io as fio
    real = fio.os.replace

    def full(src, dst):
        if str(dst).endswith(".txt"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst)
    monkeypatch.setattr(fio.os, "replace", full)
    out = tmp_path / "b"
    code, _, err = _run(capsys, "discover", "nim", "--bound", "6", "--bfile", out, "--quiet")
    assert code == 2 and "No space left on device" in err and str(out / "b_") in err
    assert "internal error" not in err and [p.name for p in out.iterdir()] == []


@pytest.mark.skipif(os.geteuid() != 0 or not Path("/proc/mounts").exists(), reason="mounting a tmpfs needs root")
def test_full_disk_on_a_tiny_tmpfs(tmp_path, capsys):
    disk = tmp_path / "tiny"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)]).returncode:
        pytest.skip("mount -t tmpfs failed")
    try:
        code, _, err = _run(capsys, "discover", "triangular", "-p", "k=3", "--bound", "30", "--bfile",
                            disk / "b", "--quiet")
        assert code == 2 and "No space left on device" in err and str(disk / "b") in err
        assert not [p for p in (disk / "b").iterdir() if p.name.endswith(".tmp")]
    finally:
        subprocess.run(["umount", str(disk)])


def test_temp_file_of_a_killed_unreaped_writer_is_swept(tmp_path, capsys):
    """A writer killed with kill -9 and not yet waited for is a zombie; its temporary file goes on
    the next write. The twin: a live writer's temporary file stays."""
    from cgs_bridge.foundation.io import _host_tag
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        for _ in range(200):  # until the first has exited (a zombie: not waited for)
            if Path(f"/proc/{dead.pid}/stat").read_bytes().split(b") ")[1][:1] == b"Z":
                break
            import time
            time.sleep(0.05)
        stale = tmp_path / f".big.csv.{dead.pid}@{_host_tag()}.abcdefgh.tmp"
        kept = tmp_path / f".big.csv.{live.pid}@{_host_tag()}.abcdefgh.tmp"
        stale.write_text("partial")
        kept.write_text("partial")
        code, _, _ = _run(capsys, "solve", "nim", "--bound", "3", "-o", tmp_path / "big.csv", "--quiet")
        assert code == 0 and not stale.exists() and kept.exists()
    finally:
        live.kill()
        live.wait()
        dead.wait()


# -- class 7: --quiet is the verdict line alone -----------------------------------------------

def test_discover_quiet_is_one_verdict_line(capsys):
    code, out, err = _run(capsys, "discover", "nim", "--bound", "6", "--quiet")
    assert code == 0 and len(out.splitlines()) == 1 and out.startswith("VERDICT: ") and err == ""
    code, loud, _ = _run(capsys, "discover", "nim", "--bound", "6")
    assert len(loud.splitlines()) > 1  # the twin: without --quiet, the report


# -- messages advise only options that exist --------------------------------------------------

def _options_of(command: str) -> set:
    from cgs_bridge.cli.main import build_parser
    sub = build_parser()._subparsers._group_actions[0].choices[command]
    return set(sub._option_string_actions)


def _advised(err: str) -> set:
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", err))


def test_out_of_memory_advises_no_missing_option(capsys, monkeypatch):
    import solvers

    def boom(*a, **k):
        raise MemoryError
    monkeypatch.setattr(solvers, "solve", boom)
    code, _, err = _run(capsys, "solve", "nim", "--bound", "3")
    assert code == 2 and "out of memory" in err
    assert _advised(err) <= _options_of("solve"), err
    assert "--memory" in _options_of("audit") and "--memory" not in _options_of("solve")  # the old advice


@pytest.mark.parametrize("argv", [
    ["solve", "SPEC", "-p", "k=10000000", "--bound", "300"],
    ["explore", "triangular", "--bound", "60", "-o", "OUT/e.html"],
    ["audit", "OUT/p.cgs", "--game", "nim", "--port-to", "2.x", "-o", "OUT/port", "--package", "../x"],
    ["discover", "nim", "--bound", "6", "--bfile", "OUT/b", "--families", "nope"],
])
def test_refusals_advise_only_options_of_their_command(tmp_path, capsys, argv):
    (tmp_path / "p.cgs").write_text("x := 1;\n")
    (tmp_path / "big.game").write_text(SUBTRACTION)
    argv = [a.replace("SPEC", str(tmp_path / "big.game")).replace("OUT", str(tmp_path)) for a in argv]
    code, _, err = _run(capsys, *argv)
    assert code == 2 and err
    assert _advised(err) <= _options_of(argv[0]), err


def test_generate_quiet_prints_no_file_lines(tmp_path, capsys):
    code, out, err = _run(capsys, "generate", "nim", "--bound", "3", "-o", tmp_path / "g", "--quiet")
    assert code == 0 and out == "" and err == "" and len(list((tmp_path / "g").iterdir())) >= 2
    code, out, _ = _run(capsys, "generate", "nim", "--bound", "3", "-o", tmp_path / "h")
    assert len(out.splitlines()) == len(list((tmp_path / "h").iterdir()))  # the twin: one line a file


def test_prove_quiet_is_one_verdict_line(capsys):
    import importlib.util
    if not all(importlib.util.find_spec(m) for m in ("solvers.automata", "solvers.logic.translate")):
        pytest.skip("the embedded prover is not installed")
    code, out, _ = _run(capsys, "prove", "nim", "--prover", "embedded", "--quiet")
    assert code == 0 and len(out.splitlines()) == 1 and out.startswith("VERDICT: ")
    code, loud, _ = _run(capsys, "prove", "nim", "--prover", "embedded")
    assert len(loud.splitlines()) > 1  # the twin: without --quiet, the report
