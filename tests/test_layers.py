"""The library's layers: core ← cards ← games ← (testing, adapters), no import circles, no imports hidden in functions.

Each module's imports of other tablegames modules are read from its source:
those a module runs when it is imported (the top level, outside
``if TYPE_CHECKING:``), and those inside functions. The rules checked are
the architecture's: the core imports no game, the cards import the core
only, no game imports another, and the library imports its own modules and
the standard library at the top, where an import circle cannot hide; inside
a function it imports an optional extra only.
"""

from __future__ import annotations

import ast
import sys
from typing import TYPE_CHECKING

import pytest

import tablegames
from tests.games import BUILT_IN as GAMES
from tests.games import SRC

if TYPE_CHECKING:
    from pathlib import Path

#: The library's layers, whose modules these rules cover (the frontends load optional extras on demand).
LIBRARY = ("core", "cards", *GAMES, "testing", "adapters")


def _module_name(path: Path) -> str:
    parts = ("tablegames", *path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in SRC.rglob("*.py")}


def _imported(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    """The tablegames modules an import statement in ``module`` imports."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
            base = ".".join(
                [*package.split(".")[: len(package.split(".")) - node.level + 1], *([base] if base else [])]
            )
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
    found = []
    for name in names:
        while name not in MODULES and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in MODULES and name != module:
            found.append(name)
    return found


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports(module: str) -> tuple[set[str], set[str]]:
    """The modules ``module`` imports when it is imported, and those it imports inside functions."""
    at_import: set[str] = set()
    in_functions: set[str] = set()

    def walk(node: ast.AST, where: set[str] | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for inner in child.orelse:
                    walk(inner, where)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)) and where is not None:
                where.update(_imported(child, module))
            inside = in_functions if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else where
            walk(child, inside)

    walk(ast.parse(MODULES[module].read_text()), at_import)
    return at_import, in_functions


IMPORTS = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "tablegames"


def _library(module: str) -> bool:
    return _layer(module) in LIBRARY


@pytest.mark.parametrize("module", sorted(filter(_library, MODULES)))
def test_a_library_module_imports_tablegames_only_at_its_top(module: str) -> None:
    """No module of the core, the games, the testing kit or the adapters imports a tablegames module in a function."""
    assert IMPORTS[module][1] == set()


def _imported_in_functions(module: str) -> set[str]:
    """The top-level names of the packages ``module`` imports absolutely inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import):
                    found.update(alias.name.split(".")[0] for alias in inner.names)
                elif isinstance(inner, ast.ImportFrom) and not inner.level:
                    found.add((inner.module or "").split(".")[0])
    return found


@pytest.mark.parametrize("module", sorted(filter(_library, MODULES)))
def test_a_library_module_imports_no_standard_module_in_a_function(module: str) -> None:
    """Inside a function a library module imports an optional extra only, never the standard library."""
    assert sorted(_imported_in_functions(module) & sys.stdlib_module_names) == []


def test_the_game_packages_are_the_games_tablegames_offers() -> None:
    """Every package with a ``rules.py`` is a built-in game, and every built-in game such a package.

    The built-in games are those whose class is tablegames' own; a game a
    program registers is not one of them.
    """
    classes = [type(tablegames.load(name)) for name in tablegames.names()]
    built_in = sorted(kind.__module__.split(".")[1] for kind in classes if kind.__module__.startswith("tablegames."))
    assert tuple(built_in) == GAMES


def test_the_core_imports_no_game_and_no_game_imports_another() -> None:
    """The core knows no game, the server, the CLI or an adapter; cards know the core; a game knows both, no other."""
    wrong = []
    for module, (at_import, in_functions) in IMPORTS.items():
        layer = _layer(module)
        for imported in at_import | in_functions:
            other = _layer(imported)
            if layer == "core" and other not in ("core", "tablegames"):
                wrong.append((module, imported))
            if layer == "cards" and other not in ("core", "cards"):
                wrong.append((module, imported))
            if layer in GAMES and other in GAMES and other != layer:
                wrong.append((module, imported))
    assert wrong == []


def _typing_imports(module: str) -> set[str]:
    """The modules ``module`` imports for a type checker only, under ``if TYPE_CHECKING:``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for inner in node.body:
                for each in ast.walk(inner):
                    if isinstance(each, (ast.Import, ast.ImportFrom)):
                        found.update(_imported(each, module))
    return found


def test_the_library_s_modules_import_each_other_in_no_circle() -> None:
    """Following the imports a module runs when imported never leads back to it."""
    graph = {module: {each for each in IMPORTS[module][0] if _library(each)} for module in MODULES if _library(module)}
    _no_circle(graph)


@pytest.mark.parametrize("layer", LIBRARY)
def test_a_layer_s_modules_import_each_other_in_no_circle_even_for_a_type_checker(layer: str) -> None:
    """Within a layer, not even the imports only a type checker reads lead back to a module: it reads one way, down.

    A game's rules, state and encoding name its options class, never the game
    class that builds their states; a view makes its own numbers.
    """
    modules = [module for module in MODULES if _layer(module) == layer]
    graph = {
        module: {each for each in IMPORTS[module][0] | _typing_imports(module) if each in modules} for module in modules
    }
    _no_circle(graph)


def _no_circle(graph: dict[str, set[str]]) -> None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError(" -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
