"""One dependency direction, visible in the tree (docs/ARCHITECTURE.md, "Layers").

The layers, lowest first: ``cgs_bridge.foundation`` -> ``cgs_bridge.language`` ->
``cgs_bridge.model`` -> ``solvers`` -> ``cgs_bridge.systems`` -> ``cgs_bridge.jobs`` ->
``cgs_bridge.presentation`` -> the interface (``cgs_bridge`` itself, ``cgs_bridge.api``,
``cgs_bridge.cli``). Every module of ``cgs_bridge`` and ``solvers`` is parsed with :mod:`ast`
(never imported) and every import in it (module top or inside a function) is resolved to a project
module: a module imports only its own layer or lower ones, and no modules import each other in a
circle (a file split to fit the size cap and joined again by imports: issue 35). There is no
exception list.
Also: only ``cgs_bridge/foundation/config.py`` reads environment variables, and the README
documents each.
"""

from __future__ import annotations

import ast

import pytest

from cgs_bridge.foundation import config

import paths

ROOT = paths.ROOT

#: The layers, lowest first (a module is in the first layer whose prefix it has; "interface" last).
LAYERS = ("cgs_bridge.foundation", "cgs_bridge.language", "cgs_bridge.model", "solvers",
          "cgs_bridge.systems", "cgs_bridge.jobs", "cgs_bridge.presentation", "interface")
INTERFACE = ("cgs_bridge", "cgs_bridge.api", "cgs_bridge.cli")


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
    for name in LAYERS[:-1]:
        if module == name or module.startswith(name + "."):
            return name
    if any(module == a or module.startswith(a + ".") for a in INTERFACE):
        return "interface"
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
    rank = LAYERS.index(layer(module))
    for target, line, _lazy in imports(module, source, is_package):
        if LAYERS.index(layer(target)) > rank:
            out.append(f"{module}:{line}: {layer(module)} module imports {target} ({layer(target)})")
    return out


def test_every_module_is_in_a_layer():
    assert "cgs_bridge.model.game" in MODULES and "solvers.kernel" in MODULES
    assert {layer(m) for m in MODULES} == set(LAYERS)


def test_the_tree_shows_the_layers():
    """Nothing but the interface at the top of the package: every other module is in a layer folder."""
    top = {p.name for p in (ROOT / "cgs_bridge").iterdir() if not p.name.startswith(("_", "."))} - {"__init__.py"}
    assert top == {"foundation", "language", "model", "systems", "jobs", "presentation", "api.py", "cli"}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_layers(module):
    path = MODULES[module]
    assert violations(module, path.read_text(encoding="utf-8"), path.name == "__init__.py") == []


def test_the_check_catches_a_wrong_direction():
    """Synthetic sources: the check is not vacuous."""
    assert violations("cgs_bridge.model.game", "def f():\n    from solvers import solve\n")
    assert violations("cgs_bridge.systems.printing.model", "from ...cli import common\n")
    assert violations("solvers.kernel", "from cgs_bridge.cli.common import box_from_args\n")
    assert violations("cgs_bridge.model.game", "def f():\n    from cgs_bridge.systems.printing import model\n")
    assert violations("cgs_bridge.jobs.verify", "from cgs_bridge.presentation import plot\n")
    assert violations("cgs_bridge.language.parser", "from cgs_bridge.model import catalog\n")
    assert not violations("cgs_bridge.cli.solve", "from solvers import solve\n")
    assert not violations("solvers.kernel", "from cgs_bridge.model.box import Box\n")


def import_graph() -> dict:
    """``{module: {project modules it imports, at the top or inside a function}}``."""
    out = {}
    for module, path in MODULES.items():
        found = imports(module, path.read_text(encoding="utf-8"), path.name == "__init__.py")
        out[module] = {target for target, _line, _lazy in found if target != module and target in MODULES}
    return out


def circles(graph: dict) -> list:
    """The import circles of ``graph``: its strongly connected components of more than one module
    (Tarjan's algorithm, iterative), each sorted."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_no_modules_import_each_other_in_a_circle():
    assert circles(import_graph()) == []


def test_the_circle_check_finds_a_planted_circle():
    """The four circles issue 35 removed, as they were (a three-module one among them)."""
    planted = {"a.plot": {"a.plot_input"}, "a.plot_input": {"a.plot", "a.io"}, "a.io": set(),
               "b.builtins": {"b.games"}, "b.games": {"b.evaluator"}, "b.evaluator": {"b.builtins"},
               "c.one": {"c.two"}, "c.two": set()}
    assert circles(planted) == [["a.plot", "a.plot_input"], ["b.builtins", "b.evaluator", "b.games"]]


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
             if m != "cgs_bridge.foundation.config"}
    assert {m: lines for m, lines in found.items() if lines} == {}
    assert _env_reads(ast.parse("import os\nx = os.environ.get('A')\ny = os.getenv('B')\n")) == [2, 3]


def test_config_get_refuses_an_undocumented_name():
    with pytest.raises(KeyError, match="not documented"):
        config.get("CGS_BRIDGE_NOT_A_VARIABLE")


def test_readme_documents_every_variable():
    from cgs_bridge.systems import registry
    assert registry.SYSTEMS   # every system's folder loaded: its settings declare its variables
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    for name in list(config.VARIABLES) + list(config.TEST_VARIABLES):
        assert f"`{name}`" in section, name
