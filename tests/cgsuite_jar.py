"""CGSuite 2.2's own CGScript files, read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar``
at run time (nothing of them is copied into the project), for the tests of issue 47."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

LIBRARY = "org/cgsuite/lang/resources/game/"


def extract(shared: Path, target: Path, prefix: str = LIBRARY) -> Path:
    """Write the jar's ``.cgs`` files under ``prefix`` into ``target`` (their paths below the
    prefix kept) and return ``target``; skips the test when the jar is absent."""
    jar = shared / "engines" / "cgsuite" / "lib" / "cgsuite-core.jar"
    if not jar.is_file():
        pytest.skip(f"{jar} is absent")
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            if name.startswith(prefix) and name.endswith(".cgs"):
                out = target / name[len(prefix):]
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(z.read(name))
    return target


def class_path(shared: Path, tmp_path: Path) -> Path:
    """The jar's game library as a class-path folder: ``tmp_path/cp/game/...`` (as CGSuite's
    ``game.graph.GenArcKayles`` is ``game/graph/GenArcKayles.cgs``); returns ``tmp_path/cp``."""
    extract(shared, tmp_path / "cp" / "game")
    return tmp_path / "cp"


def check(rep, name: str):
    """The check ``name`` of an audit report (the first one)."""
    return next(c for _, c in rep.checks if c.name == name)


def summaries(rep) -> list:
    """``name: verdict: summary`` of every check of an audit report (assertion messages)."""
    return [f"{c.name}: {c.verdict}: {c.summary}" for _, c in rep.checks]


def mex(values) -> int:
    """The least nonnegative integer not in ``values`` (the tests' own brute forces)."""
    return next(m for m in range(len(values) + 1) if m not in values)


def run_lines(path, *class_path) -> list:
    """What the interpreter prints for the CGScript 2.x worksheet ``path`` with the ``class_path``
    folders (its error, if any, as the last line): the side the engine's printed lines are checked
    against."""
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.systems.cgsuite.audit.core import class_path_sources, load_source, referenced_names
    from cgs_bridge.systems.cgsuite.cgscript.evaluator import Interpreter
    main = load_source(str(path))
    it = Interpreter("2.x")
    for src in [main] + class_path_sources([str(d) for d in class_path], None, referenced_names(main.program)):
        for c in src.program.classes:
            it.add_class(c, src.package)
    try:
        it.run(main.program.statements)
    except CgsBridgeError as e:
        return list(it.printed) + [str(e)]
    return list(it.printed)
