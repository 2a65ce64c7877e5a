"""The engines under companion.scorers are pure: standard library only, and no I/O modules.

The brief: "no Flask, no I/O, no globals". Every import statement of every scorer module is read.
"""
import ast
import sys
from pathlib import Path

import companion.scorers

SCORERS = Path(companion.scorers.__file__).parent
IO_MODULES = {"os", "io", "pathlib", "sqlite3", "socket", "subprocess", "shutil", "tempfile", "time"}


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_scorers_import_only_the_standard_library_and_each_other():
    bad = []
    for path in sorted(SCORERS.rglob("*.py")):
        for name in imported_modules(path):
            top = name.split(".")[0]
            allowed = name.startswith("companion.scorers") or (
                top in sys.stdlib_module_names and top not in IO_MODULES)
            if not allowed:
                bad.append(f"{path.relative_to(SCORERS)}: {name}")
    assert bad == []
