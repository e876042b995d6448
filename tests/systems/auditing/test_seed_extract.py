"""The one extractor of the seeds' programs (cgs_bridge/systems/auditing/seeds.py), used by the tests, the
bench and examples/seed_program.py: read from ../shared/seeds at test time (skips without it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cgs_bridge.systems.auditing import seeds

import paths

ROOT = paths.ROOT


def test_each_program_the_audit_uses_is_found(shared):
    for name, (seed, example) in seeds.PROGRAMS.items():
        text = seeds.program(seed, example, shared / "seeds")
        assert text and text.endswith("\n"), name
    # seed 003 prints the counts 977 and 2257 under Example 8.3's program: outputs are left out
    ex83 = seeds.program("003", "8.3", shared / "seeds")
    assert "nimequal" in ex83 and not any(ln.strip("Ψ ") in ("977", "2257") for ln in ex83.split("\n"))


def test_cgscript_class_and_script(shared):
    cls = seeds.program("003", "8.2", shared / "seeds", class_only=True)
    script = seeds.program("003", "8.2", shared / "seeds")
    assert cls.startswith("class Choco3D extends ImpartialGame") and cls.count("\n") == 1
    assert script.lstrip("Ψ").startswith("x:=20;") and "class " not in script
    assert seeds.program("003", "9.9", shared / "seeds") is None
    assert seeds.program("003", "8.4", shared / "seeds", class_only=True) is None


@pytest.mark.parametrize("argv", [["003", "8.3"], ["003", "8.2", "--class"], ["002", "2.2"]])
def test_example_script_prints_the_package_extraction(shared, argv):
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "seed_program.py"), *argv,
                          "--seeds", str(shared / "seeds")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == seeds.program(argv[0], argv[1], shared / "seeds", class_only="--class" in argv)


def test_example_script_names_a_missing_example(shared):
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "seed_program.py"), "003", "9.9",
                          "--seeds", str(shared / "seeds")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "no 'Example 9.9' heading" in run.stderr
