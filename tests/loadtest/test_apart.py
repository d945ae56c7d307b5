"""The load generators stay out of the package that serves: nothing in `tafel.server` (or the
store) imports `tafel.loadtest`, so a server never carries them."""

from __future__ import annotations

import ast
from pathlib import Path

import tafel

PACKAGE = Path(tafel.__file__).parent


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
    return names


def test_the_server_imports_no_load_generator() -> None:
    modules = sorted((PACKAGE / "server").glob("*.py")) + sorted((PACKAGE / "store").glob("*.py"))
    assert modules
    for module in modules:
        loadtest = {name for name in imported(module) if name.startswith("tafel.loadtest")}
        assert not loadtest, f"{module.name} imports {loadtest}"
