"""One dependency direction: core <- solvers <- application (docs/ARCHITECTURE.md, "Layers").

Every module of ``cgs_bridge`` and ``solvers`` is parsed with :mod:`ast` (never imported), and
every import in it (module top or inside a function) is resolved to a project module:

- core (``cgs_bridge`` except the application packages) imports neither ``solvers`` nor an
  application module, and imports project modules at module top (one allowed exception, named);
- ``solvers`` imports no application module;
- only ``cgs_bridge/config.py`` reads environment variables, and the README documents each.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cgs_bridge import config

ROOT = Path(__file__).resolve().parent.parent

#: The application layer (everything else under cgs_bridge is core).
APPLICATION = ("cgs_bridge.cli", "cgs_bridge.audit", "cgs_bridge.verify", "cgs_bridge.api",
               "cgs_bridge.sweep", "cgs_bridge.plot", "cgs_bridge.discover", "cgs_bridge.checking",
               "cgs_bridge.report_html", "cgs_bridge.plot_sweep", "cgs_bridge.tables",
               "cgs_bridge.display", "cgs_bridge.explore")
ALLOWED = {"core": {"core"}, "solvers": {"core", "solvers"},
           "application": {"core", "solvers", "application"}}
#: Function-level imports inside the core, each with its reason.
CORE_LAZY_OK = {
    # load_game resolves catalog names, and the catalog loads its files with spec.load_text.
    ("cgs_bridge.spec", "cgs_bridge.catalog"),
}
#: The package's lazy facade: ``cgs_bridge.__getattr__`` serves the Python API (``cb.game``,
#: ``cb.sweep``, ...) from the application module ``cgs_bridge.api`` on first use, so importing
#: a core module never imports the API, the solvers or Dask.
FACADE_OK = {("cgs_bridge", "cgs_bridge.api")}
#: The static check of emitted CGScript reads (inside its function) with the one CGScript grammar,
#: which lives in audit/cgscript/ until the restructuring (issue 19) gives the language a core package.
LANGUAGE_OK = {("cgs_bridge.printing.cgscript_check", "cgs_bridge.audit.cgscript.parse")}


def _modules() -> dict:
    out = {}
    for top in ("cgs_bridge", "solvers"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def layer(module: str) -> str | None:
    if module == "solvers" or module.startswith("solvers."):
        return "solvers"
    if any(module == a or module.startswith(a + ".") for a in APPLICATION):
        return "application"
    if module == "cgs_bridge" or module.startswith("cgs_bridge."):
        return "core"
    return None


def imports(module: str, source: str, is_package: bool) -> list:
    """``[(imported project module, line, inside a function)]`` of ``source``."""
    package = module if is_package else module.rpartition(".")[0]
    tree = ast.parse(source)
    in_function = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_function |= {id(n) for n in ast.walk(node) if n is not node}
    out = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        for name in names:
            if layer(name) is not None:
                out.append((name, node.lineno, id(node) in in_function))
    return out


def violations(module: str, source: str, is_package: bool = False) -> list:
    out = []
    src_layer = layer(module)
    for target, line, lazy in imports(module, source, is_package):
        if lazy and (module, target) in FACADE_OK | LANGUAGE_OK:
            continue
        if layer(target) not in ALLOWED[src_layer]:
            out.append(f"{module}:{line}: {src_layer} module imports {layer(target)} module {target}")
        elif (src_layer == "core" and lazy and target.split(".")[:2] != module.split(".")[:2]
              and (module, target) not in CORE_LAZY_OK):
            out.append(f"{module}:{line}: core module imports {target} inside a function")
    return out


def test_every_module_is_in_a_layer():
    assert "cgs_bridge.game" in MODULES and "solvers.kernel" in MODULES
    assert {layer(m) for m in MODULES} == {"core", "solvers", "application"}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_layers(module):
    path = MODULES[module]
    assert violations(module, path.read_text(encoding="utf-8"), path.name == "__init__.py") == []


def test_the_check_catches_a_wrong_direction():
    """Synthetic sources: the check is not vacuous."""
    assert violations("cgs_bridge.generate", "def f():\n    from solvers import solve\n")
    assert violations("cgs_bridge.printing.model", "from ..cli import common\n")
    assert violations("solvers.kernel", "from cgs_bridge.cli.common import box_from_args\n")
    assert violations("cgs_bridge.game", "def f():\n    from .printing import model\n")
    assert not violations("cgs_bridge.cli.solve", "from solvers import solve\n")
    assert not violations("solvers.kernel", "from cgs_bridge.box import Box\n")


def _env_reads(tree) -> list:
    """Lines reading the environment: ``os.getenv(..)``, ``os.environ.get(..)``,
    ``os.environ[..]`` (load) and ``.. in os.environ``."""
    def is_environ(n):
        return (isinstance(n, ast.Attribute) and n.attr == "environ"
                and isinstance(n.value, ast.Name) and n.value.id == "os")
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            f = n.func
            if (f.attr == "getenv" and isinstance(f.value, ast.Name) and f.value.id == "os") or \
                    (f.attr == "get" and is_environ(f.value)):
                out.append(n.lineno)
        elif isinstance(n, ast.Subscript) and is_environ(n.value) and isinstance(n.ctx, ast.Load):
            out.append(n.lineno)
        elif isinstance(n, ast.Compare) and any(is_environ(c) for c in n.comparators):
            out.append(n.lineno)
    return out


def test_only_config_reads_the_environment():
    found = {m: _env_reads(ast.parse(p.read_text(encoding="utf-8"))) for m, p in MODULES.items()
             if m != "cgs_bridge.config"}
    assert {m: lines for m, lines in found.items() if lines} == {}
    assert _env_reads(ast.parse("import os\nx = os.environ.get('A')\ny = os.getenv('B')\n")) == [2, 3]


def test_config_get_refuses_an_undocumented_name():
    with pytest.raises(KeyError, match="not documented"):
        config.get("CGS_BRIDGE_NOT_A_VARIABLE")


def test_readme_documents_every_variable():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    for name in list(config.VARIABLES) + list(config.TEST_VARIABLES):
        assert f"`{name}`" in section, name
