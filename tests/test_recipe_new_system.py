"""The recipe docs/recipes/new-system.md, followed in a scratch copy of the package: a toy system
(one folder: a printer emitting a plain-text listing from the Target record, a reader of the
toy's ``x : g`` table) plus one line in the registry's ``NAMES`` is enough for ``generate
--target toy`` to emit it, ``compare --toy FILE`` and ``verify --toy FILE`` to compare it, position
by position, with nothing else edited.

Expected values: a single Nim heap of size x has Grundy value x (Bouton's theorem; the claim of
``nim.game``, seed 001 Section 3.1).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

from paths import ROOT

TOY_SYSTEM = '''
"""A toy system: it prints a table ``x : g`` per line; its emitted "program" is a listing."""

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import read_input_text
from cgs_bridge.language.spec_printer import SpecPrinter
from cgs_bridge.systems.base import System
from cgs_bridge.systems.imported import ImportedTable, in_int64
from cgs_bridge.systems.printing.context import Target, common_context


def files(stem, model):
    return {"listing.txt.j2": stem + ".toy.txt"}


def context(model, box, misere, files):
    return {**common_context(model, box), "output": files["csv"]}


def read(path, ruleset, partial, options):
    import pandas as pd
    rows, lines = [], []
    for i, line in enumerate(read_input_text(path, "toy output").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        left, sep, right = line.partition(":")
        try:
            row = [in_int64(int(v), f"{path}:{i}") for v in left.split()] + [int(right)]
        except ValueError:
            raise InputError(f"{path}:{i}: expected 'c1 c2 ... : g', got {line!r}") from None
        if not sep or len(row) != ruleset.n + 1:
            raise InputError(f"{path}:{i}: expected {ruleset.n} coordinates, ':', a value")
        rows.append(row)
        lines.append(i)
    cols = [f"c{k}" for k in range(ruleset.n)] + ["grundy"]
    return ImportedTable(pd.DataFrame(rows, columns=cols, dtype="int64"), lines)


TARGET = Target("toy", SpecPrinter, files, context, Path(__file__).with_name("templates"))
SYSTEM = System("toy", TARGET, read, "what the toy system printed: 'x : g' lines")
'''

TOY_TEMPLATE = """\
# {{ game }}: {{ title }}
# box: {{ box_text }}
{% for rule in rule_texts %}
rule {{ rule }}
{% endfor %}
print table to {{ output }}
"""


def _scratch(tmp_path):
    """The scratch copy with the recipe applied: the folder, then the one registry line."""
    ignore = shutil.ignore_patterns("__pycache__")
    for pkg in ("cgs_bridge", "solvers"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=ignore)
    toy = tmp_path / "cgs_bridge" / "systems" / "toy"
    (toy / "templates").mkdir(parents=True)
    (toy / "__init__.py").write_text('"""A toy system (docs/recipes/new-system.md)."""\n')
    (toy / "system.py").write_text(textwrap.dedent(TOY_SYSTEM))
    (toy / "templates" / "listing.txt.j2").write_text(TOY_TEMPLATE)
    registry = tmp_path / "cgs_bridge" / "systems" / "registry.py"
    text = registry.read_text()
    assert text.count('    "mathematica",\n') == 1
    registry.write_text(text.replace('    "mathematica",\n', '    "mathematica",\n    "toy",\n'))
    return tmp_path


def _cli(copy, *args, cwd):
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("CGS_BRIDGE_CGSUITE_CMD", None)
    return subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_new_system_is_one_folder_plus_one_registry_line(tmp_path):
    copy = _scratch(tmp_path / "copy")
    work = tmp_path / "work"
    work.mkdir()
    # generate: --target toy is a choice; the toy's file, named by the stem rule, rendered from the Target record
    out = _cli(copy, "generate", "nim", "--bound", "4", "--target", "toy", "-o", "out", cwd=work)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["out/nim_x4.toy.txt"]
    listing = (work / "out" / "nim_x4.toy.txt").read_text()
    assert "# box: x <= 4" in listing and "print table to nim_x4.csv" in listing
    assert listing.count("\nrule ") == 1
    # compare: the toy's side, position by position (Grundy value of a Nim heap x is x)
    (work / "right.txt").write_text("# toy output\n" + "".join(f"{x} : {x}\n" for x in range(5)))
    (work / "wrong.txt").write_text("".join(f"{x} : {x if x != 3 else 1}\n" for x in range(5)))
    agree = _cli(copy, "compare", "nim", "--bound", "4", "--toy", "right.txt", cwd=work)
    assert agree.returncode == 0, agree.stdout + agree.stderr
    assert "VERDICT: all sources agree with python" in agree.stdout and "toy" in agree.stdout
    differ = _cli(copy, "compare", "nim", "--bound", "4", "--toy", "wrong.txt", cwd=work)
    assert differ.returncode == 1, differ.stdout + differ.stderr
    assert "(3): python 3, toy 1" in differ.stdout
    # the API loops over the registry too
    env = {**os.environ, "PYTHONPATH": str(copy)}
    api = subprocess.run([sys.executable, "-c", "import cgs_bridge as cb; c = cb.compare('nim', 4, "
                          "sources={'toy': 'wrong.txt'}); print([s.side for s in c.sides], c.agree)"],
                         cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert api.stdout.split("\n")[0] == "['toy'] False", api.stdout + api.stderr
    # verify: emits every registered target (the toy's listing too) and compares --toy FILE
    run = _cli(copy, "verify", "nim", "--bound", "4", "--mathematica-engine", "none", "--toy",
               "right.txt", "--run-dir", "run", cwd=work)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (work / "run" / "nim_x4.toy.txt").read_text() == listing
    assert (work / "run" / "nim_x4.wl").exists()
    assert "VERDICT: all sources agree with python" in run.stdout
