"""The size rule (DEVELOPERS.md "Design", issue 19): no module of ``cgs_bridge/`` or ``solvers/`` over
400 lines, no function over 60 lines, so each reads at a glance.

Lines of a module: ``len(text.splitlines())``. Lines of a function (methods and nested functions
included): ``end_lineno - lineno + 1`` of its ``def`` node as :mod:`ast` parses it (decorators not
counted). There is no exception list. Tests are exempt.
"""

from __future__ import annotations

import ast

import paths

ROOT = paths.ROOT
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60

def _sources(root):
    for top in ("cgs_bridge", "solvers"):
        for path in sorted((root / top).rglob("*.py")):
            yield path.relative_to(root).as_posix(), path.read_text(encoding="utf-8")


def long_modules(root=ROOT) -> list[str]:
    """``["path: N lines"]`` of every module over :data:`MAX_MODULE_LINES`."""
    return [f"{rel}: {n} lines" for rel, text in _sources(root)
            if (n := len(text.splitlines())) > MAX_MODULE_LINES]


def long_functions(root=ROOT) -> list[str]:
    """``["path:line name: N lines"]`` of every function or method over :data:`MAX_FUNCTION_LINES`."""
    out = []
    for rel, text in _sources(root):
        for node in ast.walk(ast.parse(text, rel)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    out.append(f"{rel}:{node.lineno} {node.name}: {n} lines")
    return out


def test_no_module_over_400_lines():
    too_long = long_modules()
    assert not too_long, "split these modules (at most 400 lines each):\n" + "\n".join(too_long)


def test_no_function_over_60_lines():
    too_long = long_functions()
    assert not too_long, "split these functions (at most 60 lines each):\n" + "\n".join(too_long)


def test_the_measures_draw_the_line_where_the_rule_does(tmp_path):
    # The rule cannot pass vacuously: a scratch tree with modules and functions on both sides of it.
    (tmp_path / "cgs_bridge").mkdir()
    (tmp_path / "solvers").mkdir()
    lines = [f"a{i} = {i}" for i in range(401)]
    (tmp_path / "cgs_bridge" / "big.py").write_text("\n".join(lines) + "\n")
    (tmp_path / "cgs_bridge" / "fits.py").write_text("\n".join(lines[:400]) + "\n")
    body = [f"        x{i} = {i}" for i in range(60)]
    (tmp_path / "solvers" / "meth.py").write_text("\n".join(["class A:", "    @staticmethod", "    def f():"]
                                                           + body) + "\n")
    (tmp_path / "solvers" / "fits.py").write_text("\n".join(["def g():"] + [b[4:] for b in body[:59]]) + "\n")
    assert long_modules(tmp_path) == ["cgs_bridge/big.py: 401 lines"]
    assert long_functions(tmp_path) == ["solvers/meth.py:3 f: 61 lines"]
