"""Every shell line of README.md runs as written (issue 23).

Each ```bash block is run line by line (a trailing backslash joins lines) with ``bash`` in a scratch
folder laid out like a fresh clone: ``examples/`` and ``tests/`` of this repository, ``../shared``
beside it when present, and the project's ``cgs-bridge`` and ``python3`` first on PATH. Lines of
one block run in order in the same folder, so a later line may read what an earlier one wrote (as a
reader following the README does). The exit status expected is 0 unless the line ends with a
comment ``# exit N`` (the README says so to the reader). Every block writes only under ``runs/``
(ignored by git): a file it leaves anywhere else fails it. Lines that cannot run here are skipped
with the reason: the installation lines (the first one runs as pasted in
:func:`test_readme_install_line_runs_as_pasted`, marked ``install``: a fresh venv; the second runs
this test suite, and ``.ci/run`` runs it verbatim), a line naming an outside cluster, and lines
reading ``../shared`` when it is absent. The published Mathematica programs' audits (about 2 minutes each in Mathics3 on the shared
machine) run in the ``slow`` variant, which runs every line of their blocks (``pytest -m slow``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

README = ROOT / "README.md"
SHARED = ROOT.parent / "shared"
EXIT = re.compile(r"#\s*exit (\d)\b")


def shell_blocks(text: str) -> list:
    """Each ```bash block as a list of command lines (continuations joined, comments dropped)."""
    blocks = []
    for body in re.findall(r"^```bash\n(.*?)^```", text, flags=re.S | re.M):
        lines, cur = [], ""
        for raw in body.split("\n"):
            if cur:
                raw = cur + " " + raw.strip()
                cur = ""
            if raw.rstrip().endswith("\\"):
                cur = raw.rstrip()[:-1].rstrip()
                continue
            if raw.strip() and not raw.lstrip().startswith("#"):
                lines.append(raw.strip())
        blocks.append(lines)
    return blocks


def why_skipped(line: str):
    if line.startswith("python3 -m venv"):
        return "installs into a fresh venv (tests/systems/test_engine_startup.py, marked install, does it)"
    if "pdflatex" in line and not shutil.which("pdflatex"):
        return "pdflatex is not installed (.ci/run installs texlive-latex-base)"
    if "--scheduler" in line:
        return "needs an outside Dask cluster (tcp://cluster-head:8786 is an example address)"
    if "../shared" in line or "seed_program.py" in line:
        if not SHARED.is_dir():
            return "../shared (seed papers, CGSuite) is not beside the repository"
        if "cgsuite-repl" in line and not shutil.which("java"):
            return "java is not installed (CGSuite needs Java 17)"
    return None


#: Lines run only by the slow variant (minutes in Mathics3 each).
SLOW = ("cgs-bridge audit runs/ex83.txt", "cgs-bridge audit runs/ex71.txt")
#: Where the examples write (README "Examples"; ignored by git, as verify's run folders).
OUTPUTS = "runs"


def expected_exit(line: str) -> int:
    m = EXIT.search(line)
    return int(m.group(1)) if m else 0


BLOCKS = shell_blocks(README.read_text(encoding="utf-8"))


def test_readme_has_shell_lines():
    lines = [ln for b in BLOCKS for ln in b]
    assert len(lines) >= 30
    # every command of the CLI appears in the README's shell lines
    for cmd in ("solve", "check", "verify", "compare", "audit", "sweep", "discover", "plot"):
        assert any(ln.startswith(f"cgs-bridge {cmd} ") for ln in lines), cmd
    # inputs come from examples/ or ../shared, never from files a fresh clone lacks
    for ln in lines:
        assert "<" not in ln.split("#")[0].replace("<<", ""), ln


def bin_dirs() -> str:
    """The project's scripts folder, and that of the environment Mathics3 is installed in (the same
    in a fresh clone's .venv; a shared environment here)."""
    dirs = [Path(sys.executable).parent]
    try:
        import mathics
        dirs.append(Path(mathics.__file__).resolve().parents[4] / "bin")
    except ImportError:
        pass
    return os.pathsep.join(str(d) for d in dirs)


@pytest.fixture
def clone(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("examples", "tests"):
        shutil.copytree(ROOT / name, repo / name, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "golden"))
    if SHARED.is_dir():
        (tmp_path / "shared").symlink_to(SHARED.resolve())
    return repo


def files_under(folder: Path) -> set:
    """Every file and folder under ``folder`` (relative paths), but byte-code caches (ignored by
    git: ``__pycache__/``)."""
    return {p.relative_to(folder) for p in folder.rglob("*") if "__pycache__" not in p.parts}


def run_block(index: int, clone, slow: bool) -> None:
    before = files_under(clone)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dirs()}{os.pathsep}{env.get('PATH', '')}"
    env.pop("CGS_BRIDGE_CGSUITE_CMD", None)
    ran, failures, skipped = 0, [], []
    for line in BLOCKS[index]:
        reason = why_skipped(line)
        if not reason and not slow and line.startswith(SLOW):
            reason = "a published program audited in Mathics3 (minutes): pytest -m slow runs it"
        if reason:
            skipped.append(f"{line}: {reason}")
            continue
        t0 = time.monotonic()
        p = subprocess.run(["bash", "-c", line], cwd=clone, env=env, capture_output=True, text=True,
                           timeout=1800)
        print(f"{time.monotonic() - t0:6.1f} s  exit {p.returncode}  {line}")
        ran += 1
        if p.returncode != expected_exit(line):
            failures.append(f"{line}\n  exit {p.returncode} (expected {expected_exit(line)})\n"
                            f"  stdout: {p.stdout[-800:]}\n  stderr: {p.stderr[-1500:]}")
    for s in skipped:
        print("skipped:", s)
    stray = sorted(str(p) for p in files_under(clone) - before if p.parts[0] != OUTPUTS)
    if stray:
        failures.append(f"the block wrote outside {OUTPUTS}/ (README: every example writes under it): {stray[:10]}")
    assert not failures, "\n\n".join(failures)
    if not ran:
        pytest.skip("; ".join(skipped))


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=[f"block{i + 1}" for i in range(len(BLOCKS))])
def test_readme_shell_block_runs(index, clone):
    run_block(index, clone, slow=False)


SLOW_BLOCKS = [i for i, b in enumerate(BLOCKS) if any(ln.startswith(SLOW) for ln in b)]


@pytest.mark.slow
@pytest.mark.parametrize("index", SLOW_BLOCKS, ids=[f"block{i + 1}" for i in SLOW_BLOCKS])
def test_readme_shell_block_runs_with_slow_lines(index, clone):
    run_block(index, clone, slow=True)


INSTALL = BLOCKS[0][0]
TEST_COMMAND = BLOCKS[1][0]


def test_install_and_test_lines_put_cgs_bridge_on_path_and_ci_runs_the_test_line():
    """The README's two first commands leave ``cgs-bridge`` and ``pytest`` on PATH (the venv is
    activated), and CI runs the test command exactly as the README prints it."""
    for line in (INSTALL, TEST_COMMAND):
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e "), line
    assert INSTALL.endswith("&& cgs-bridge verify triangular -p k=3 --bound 4")
    assert TEST_COMMAND.endswith("&& pytest -q -n auto")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TEST_COMMAND in ci.splitlines()
    # the README's test command deselects the slow, the published-size and the fresh-venv install
    # tests: CI runs the last two after it, and the property tests at their deep budgets (issue 36)
    assert "not slow and not install and not published" in pyproject_addopts()
    assert 'pytest -q -n auto -m "published or install"' in ci.splitlines()
    assert "CGS_BRIDGE_EXAMPLES=deep pytest" in ci


def pyproject_addopts() -> str:
    """The ``addopts`` line of pyproject.toml (tomllib is Python 3.11+; the project runs on 3.10)."""
    return re.search(r"^addopts = (.*)$", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M).group(1)


@pytest.mark.install
@pytest.mark.mathics
def test_readme_install_line_runs_as_pasted(tmp_path):
    """The first README command, as pasted, in a copy of the project (fresh venv; pip's cache
    reused): it installs, activates the venv and runs ``cgs-bridge verify`` by name, which must
    agree. Then the plain install (no extras) audits a program using ``IntegerPart`` (moved here
    from tests/systems/test_engine_startup.py so CI installs once): Mathics3 has every builtin."""
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("cgs_bridge", "solvers", "examples"):
        shutil.copytree(ROOT / name, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, repo / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not Path(p, "cgs-bridge").exists())  # not the suite's own
    p = subprocess.run(["bash", "-c", INSTALL], cwd=repo, env=env, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-3000:]
    assert "VERDICT: all sources agree with python" in p.stdout
    program = ROOT / "tests" / "data" / "audit" / "integerpart_tri.wl"
    r = subprocess.run([str(repo / ".venv" / "bin" / "cgs-bridge"), "audit", str(program), "--game", "triangular",
                        "-p", "k=3", "--mathematica-engine", "mathics"], env=env, cwd=tmp_path, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "Not able to load" not in r.stdout + r.stderr
    assert "values        as printed   AGREE" in r.stdout and "unevaluated   as printed   AGREE" in r.stdout
