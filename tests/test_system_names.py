"""No module outside a system's folder names a system (issue 45, item 2: the registry's promise,
docs/recipes/new-system.md: "nothing else names a system").

What "names" means here, checked with ``ast`` on every module of ``cgs_bridge/`` and ``solvers/``
outside the system folders ``cgs_bridge/systems/<name>/`` and the registry's own module (whose
table is the one place the names are listed), the shared packages ``systems/auditing/`` and
``systems/printing/`` included:

- **an import** of a system's folder: ``cgs_bridge.systems.<name>`` or below, absolute or relative,
  at any depth (inside functions too), or ``from cgs_bridge.systems import <name>``;
- **an identifier** (a name, attribute, function, class, argument, keyword or import alias) with a
  system word in it: ``walnut_home``, ``cgsuite_case``, ``MATHICS_CASE``, ``run_mathematica_file``;
- **a code-like string**: a string constant without whitespace with a system word in it: a key
  (``row.decisions["walnut"]``, ``TARGETS["mathematica"]``), a branch on a name
  (``p == "walnut"``), an option (``"--cgsuite-bound"``), a file name (``f"claim{i}_walnut.txt"``),
  a module path, an environment variable (``"CGS_BRIDGE_WALNUT_HOME"``).

A *system word* is the registry's, case-insensitive, between non-letters: every system's name
(:data:`cgs_bridge.systems.registry.NAMES`), its auditor's language (``cgscript``) and the engines
its runner offers (``mathics``, ``wolframscript``). Prose may mention a system, as documentation
does: docstrings, comments and sentences (strings with whitespace, such as a message saying where
a format comes from). The CLI's option declarations may too: in ``cgs_bridge/cli/`` the arguments
of an ``add_argument(...)`` call (``--walnut-home``, its help). Nothing else is excepted: no
module, no line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cgs_bridge.systems import registry

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cgs_bridge"


def system_words() -> tuple:
    """The registry's system words (module docstring), longest first."""
    words = set(registry.NAMES)
    for s in registry.SYSTEMS.values():
        if s.auditor is not None:
            words.add(s.auditor.language)
        if s.runner is not None:
            words.update(c for c in s.runner.choices if c not in ("auto", "none"))
    return tuple(sorted((w.lower() for w in words), key=len, reverse=True))


def _pattern(words) -> re.Pattern:
    return re.compile(r"(?<![a-z])(" + "|".join(map(re.escape, words)) + r")(?![a-z])", re.I)


def scope() -> list:
    """Every module the rule covers (module docstring)."""
    folders = {PACKAGE / "systems" / name for name in registry.NAMES}
    out = []
    for path in sorted([*PACKAGE.rglob("*.py"), *(ROOT / "solvers").rglob("*.py")]):
        if any(f in path.parents for f in folders) or path == PACKAGE / "systems" / "registry.py":
            continue
        out.append(path)
    return out


def _module_name(path: Path) -> tuple:
    """``(dotted name, is a package)`` of a module file under the repository root."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def _absolute(node: ast.ImportFrom, module: str, package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _docstrings(tree) -> set:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _declarations(tree) -> set:
    """Ids of the string constants inside the arguments of ``add_argument(...)`` calls."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None)) == "add_argument":
            out.update(id(c) for c in ast.walk(n) if isinstance(c, ast.Constant))
    return out


def _identifiers(n) -> list:
    if isinstance(n, ast.Name):
        return [n.id]
    if isinstance(n, ast.Attribute):
        return [n.attr]
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [n.name]
    if isinstance(n, ast.arg):
        return [n.arg]
    if isinstance(n, ast.keyword) and n.arg:
        return [n.arg]
    if isinstance(n, ast.alias):
        return [n.asname] if n.asname else []
    return []


def namings(text: str, module: str, package: bool = False, cli: bool = False, words=None) -> list:
    """``[(line, what)]``: where the module's code names a system (module docstring)."""
    words = words or system_words()
    pattern = _pattern(words)
    folders = tuple(f"cgs_bridge.systems.{w}" for w in registry.NAMES)
    tree = ast.parse(text)
    prose, declared = _docstrings(tree), (_declarations(tree) if cli else set())
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            found += [(n.lineno, f"import {a.name}") for a in n.names
                      if any(a.name == f or a.name.startswith(f + ".") for f in folders)]
        elif isinstance(n, ast.ImportFrom):
            base = _absolute(n, module, package)
            targets = [base] + [f"{base}.{a.name}" for a in n.names]
            if any(t == f or t.startswith(f + ".") for t in targets for f in folders):
                found.append((n.lineno, f"from {base} import {', '.join(a.name for a in n.names)}"))
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in prose \
                and id(n) not in declared and not re.search(r"\s", n.value) and pattern.search(n.value):
            found.append((n.lineno, f"string {n.value[:60]!r}"))
        found += [(getattr(n, "lineno", 0), f"identifier {name}") for name in _identifiers(n)
                  if pattern.search(name)]
    return sorted(set(found))


def test_no_module_outside_the_system_folders_names_a_system():
    words = system_words()
    problems = []
    for path in scope():
        module, package = _module_name(path)
        rel = path.relative_to(ROOT)
        cli = rel.parts[:2] == ("cgs_bridge", "cli")
        problems += [f"{rel}:{line}: {what}"
                     for line, what in namings(path.read_text(encoding="utf-8"), module, package, cli, words)]
    assert not problems, "these modules name a system (tests/test_system_names.py says how):\n" + "\n".join(problems)


def test_the_words_and_the_scope_come_from_the_registry():
    words = system_words()
    assert {"cgsuite", "mathematica", "walnut", "cgscript", "mathics"} <= set(words)
    paths = {p.relative_to(ROOT).as_posix() for p in scope()}
    assert "cgs_bridge/jobs/prove.py" in paths and "cgs_bridge/systems/auditing/judge.py" in paths
    assert "solvers/automata/prover.py" in paths and "cgs_bridge/cli/bench.py" in paths
    assert not any(p.startswith(("cgs_bridge/systems/walnut/", "cgs_bridge/systems/cgsuite/")) for p in paths)


PLANTED = '''"""A docstring may say Walnut and CGSuite."""
import cgs_bridge.systems.walnut.runner
from cgs_bridge.systems import cgsuite
from ..systems.mathematica import reader
from .walnut import x

def run(walnut_home=None, **k):
    # a comment may say Mathematica
    if k["prover"] == "walnut":
        return f"claim{1}_walnut.txt"
    message = "Walnut's format, as prose"
    return args.mathics_bound, CGS_BRIDGE_CGSUITE_CMD, "--cgsuite-cmd", run_mathematica_file(), "wolframscript"
'''


@pytest.mark.parametrize("what", [
    "import cgs_bridge.systems.walnut.runner", "from cgs_bridge.systems import cgsuite",
    "from cgs_bridge.systems.mathematica import reader", "identifier walnut_home", "string 'walnut'",
    "string '_walnut.txt'", "identifier mathics_bound", "identifier CGS_BRIDGE_CGSUITE_CMD",
    "string '--cgsuite-cmd'", "identifier run_mathematica_file", "string 'wolframscript'"])
def test_each_kind_of_naming_is_found(what):
    found = [w for _, w in namings(PLANTED, "cgs_bridge.jobs.planted")]
    assert what in found, found


def test_prose_and_neutral_names_are_not_namings():
    found = namings(PLANTED, "cgs_bridge.jobs.planted")
    assert not any("Walnut's format" in w or "docstring" in w or "comment" in w for _, w in found)
    # the twin of the relative import above: from cgs_bridge.jobs, ``.walnut`` is a sibling module
    assert not any(w.startswith("from cgs_bridge.jobs.walnut") for _, w in found)
    assert namings("from cgs_bridge.systems import registry\nimport solvers.automata\nx = 'embedded'\n",
                   "cgs_bridge.jobs.x") == []


def test_option_declarations_are_excepted_in_the_cli_only():
    text = 'p.add_argument("--walnut-home", metavar="DIR", help="Walnut 6 folder")\n'
    assert namings(text, "cgs_bridge.cli.x", cli=True) == []
    assert namings(text, "cgs_bridge.jobs.x") == [(1, "string '--walnut-home'")]
    assert namings('x = "--walnut-home"\n', "cgs_bridge.cli.x", cli=True) == [(1, "string '--walnut-home'")]
