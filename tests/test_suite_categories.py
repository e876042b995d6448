"""The fast subset cannot grow by accident (docs/recipes/tests.md): every test module is in
``tests/suite_categories.py``, the table names no module that is gone, and the collection hook marks
engine tests ``engine`` even inside fast modules."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import suite_categories as sc


def test_every_test_module_has_a_category():
    missing = [m for m in sc.all_test_modules() if sc.module_category(m) is None]
    assert not missing, ("add these test modules to MODULES in tests/suite_categories.py "
                         "(fast or engine; docs/recipes/tests.md):\n" + "\n".join(missing))


def test_the_table_names_only_existing_modules():
    gone = sorted(set(sc.MODULES) - set(sc.all_test_modules()))
    assert not gone, "remove these from MODULES in tests/suite_categories.py:\n" + "\n".join(gone)
    assert set(sc.MODULES.values()) <= set(sc.CATEGORIES)
    for module, names in sc.TESTS.items():
        assert sc.MODULES.get(module) == sc.FAST, f"TESTS names {module}, which is not a fast module"
        text = (sc.TESTS_DIR / module).read_text(encoding="utf-8")
        for name, cat in names.items():
            assert f"def {name}(" in text, f"TESTS: no test {name} in {module}"
            assert cat in (sc.ENGINE, sc.HEAVY), f"TESTS: {module}::{name} has category {cat}"


def _item(rel, name="test_x", markers=(), fixtures=()):
    return SimpleNamespace(path=sc.TESTS_DIR / rel, name=name, originalname=name.partition("[")[0],
                           fixturenames=list(fixtures),
                           get_closest_marker=lambda m: m if m in markers else None)


@pytest.mark.parametrize("item, expected", [
    (_item("test_layers.py"), sc.FAST),
    (_item("test_readme_shell.py"), sc.ENGINE),                      # an engine module
    (_item("test_not_listed_anywhere.py"), sc.ENGINE),               # unlisted: never fast
    (_item("test_recipe_new_result.py"), sc.FAST),                   # a pattern
    (_item("test_layers.py", markers=("mathics",)), sc.ENGINE),      # engine marker in a fast module
    (_item("test_layers.py", markers=("install",)), sc.ENGINE),
    (_item("test_layers.py", fixtures=("tmp_path", "real_cgsuite")), sc.ENGINE),  # engine fixture
])
def test_category_of_an_item(item, expected):
    assert sc.category(item) == expected


def test_tests_named_in_the_table_take_its_category(monkeypatch):
    monkeypatch.setitem(sc.TESTS, "test_layers.py", {"test_slow_one": sc.HEAVY})
    assert sc.category(_item("test_layers.py", name="test_slow_one[case]")) == sc.HEAVY
    assert sc.category(_item("test_layers.py", name="test_other")) == sc.FAST


def test_collected_tests_carry_their_marker(request):
    # this very test went through conftest's hook
    assert request.node.get_closest_marker("fast") is not None
    assert request.node.get_closest_marker("engine") is None


def test_the_long_tests_named_exist_and_go_first():
    for entry in sc.LONG_FIRST:
        rel, _, name = entry.partition("::")
        text = (sc.TESTS_DIR / rel).read_text(encoding="utf-8")
        assert f"def {name}(" in text, f"LONG_FIRST names {entry}, which is not a test function there"
    items = [_item("test_layers.py", name="test_a"), _item("test_readme_shell.py", name="test_readme_shell_block_runs[block3]"),
             _item("test_layers.py", name="test_b"), _item("test_readme_shell.py", name="test_readme_install_line_runs_as_pasted")]
    sc.first_the_long(items)
    assert [i.name for i in items] == ["test_readme_install_line_runs_as_pasted",
                                       "test_readme_shell_block_runs[block3]", "test_a", "test_b"]


def test_the_suite_draws_fewer_compiling_examples_than_the_deep_run():
    """``pytest -q`` lowers the numba-compiling property budgets; ``CGS_BRIDGE_EXAMPLES=deep``
    (CI's second run) keeps the modules' defaults; ``-m fast`` lowers them further (issue 36)."""
    import conftest
    suite = conftest.example_budgets("not slow and not install", deep=False)
    assert suite == conftest.SUITE_EXAMPLES and int(suite["CGS_BRIDGE_KERNEL_EXAMPLES"]) < 6
    assert conftest.example_budgets("not slow and not install", deep=True) == {}
    assert conftest.example_budgets("fast", deep=False) == conftest.FAST_EXAMPLES
