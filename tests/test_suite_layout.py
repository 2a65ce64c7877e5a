"""The suite's own shape: a test module imports support modules and fixtures, never another test
module (CONTRIBUTING.md, "Tests"), and the support modules sit on one import path."""
import ast
import tomllib
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TEST_MODULE = ("test_", "bench_")


def imported(path: Path) -> set:
    """Every name ``path`` imports, each dotted part on its own ("a.b" gives a and b), and what
    it takes from a module (``from tests.scorers import test_vote`` is an import of test_vote)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(part for alias in node.names for part in alias.name.split("."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.update(node.module.split("."))
            names.update(alias.name for alias in node.names)
    return names


def test_no_test_module_imports_another():
    modules = {p.stem for p in TESTS.rglob("*.py") if p.name.startswith(TEST_MODULE)}
    found = {str(p.relative_to(TESTS)): sorted(imported(p) & modules)
             for p in TESTS.rglob("*.py") if p.name.startswith(TEST_MODULE) or p.name == "conftest.py"}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_check_sees_an_import_of_a_test_module(tmp_path):
    module = tmp_path / "test_x.py"
    module.write_text("import os\nfrom test_round import DICE\nfrom tests.scorers import test_vote\n")
    assert {"test_round", "test_vote"} <= imported(module)


def test_one_import_path_for_the_support_modules():
    options = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert options.get("pythonpath", []) in ([], ["tests"])


def test_no_module_imports_from_a_conftest():
    """Several folders have a conftest.py: which one ``conftest`` names depends on the tests run
    together. Helpers come from the support modules (table_support, browser_support, ...)."""
    found = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py")
                   if "conftest" in imported(p))
    assert found == []
