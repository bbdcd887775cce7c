"""The two builds: the compiled one holds exactly the modules pyproject.toml lists, and they hold no attrs class."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import pickle
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tablegames
from tests.checkout import compiled_beside_sources, stale
from tests.games import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles, as pyproject.toml's mypyc hook lists them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths]


def is_extension(module: str) -> bool:
    origin = importlib.import_module(module).__file__ or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_build_loaded_is_the_one_asked_for() -> None:
    """``TABLEGAMES_BUILD`` (set by CI for each pass) names the build the suite must be testing."""
    wanted = os.environ.get("TABLEGAMES_BUILD")
    if wanted is None:
        pytest.skip("TABLEGAMES_BUILD is not set: the suite runs on whichever build is installed")
    assert wanted in ("compiled", "pure")
    assert tablegames.compiled is (wanted == "compiled")
    assert {module: is_extension(module) for module in compiled_modules()} == dict.fromkeys(
        compiled_modules(), wanted == "compiled"
    )


@pytest.mark.parametrize("module", compiled_modules())
def test_a_compiled_module_holds_no_attrs_class(module: str) -> None:
    """An attrs class cannot be compiled: the values of a compiled module are plain classes."""
    source = (ROOT / "src" / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
    decorated = [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
        for decorator in node.decorator_list
        if ast.unparse(decorator).split(".")[0] in ("attrs", "attr")
    ]
    assert decorated == []


@pytest.mark.parametrize("game", BUILT_IN)
def test_each_game_s_rules_state_and_encoding_are_compiled(game: str) -> None:
    """The compiled build compiles the modules every decision of every built-in game runs through."""
    wanted = [f"tablegames.{game}.{module}" for module in ("rules", "state", "encoding")]
    assert [module for module in wanted if module not in compiled_modules()] == []


def test_plain_values_of_compiled_modules_compare_hash_and_pickle_by_value() -> None:
    """A plain value of a compiled module, native in the compiled build, is equal to and hashes as its copy."""
    state = tablegames.load("loo", players=3).start(seed=5)
    while not state.trick:  # on to a trick with a card in it
        state = state.apply(state.legal_actions()[0])
    assert state.current_player is not None
    follow = state.follow(state.current_player)
    values = [state, *state.trick, follow, *(tablegames.load(name).start(seed=5) for name in ("kalaha", "kalo"))]
    for value in values:
        copy = pickle.loads(pickle.dumps(value))
        assert copy is not value
        assert copy == value
        assert hash(copy) == hash(value)
        assert copy.__replace__() == value


def test_tablegames_runs_without_the_compilers_marks() -> None:
    """``mypy_extensions`` comes with the compiler, not with tablegames: without it tablegames loads and plays."""
    program = """
import sys
sys.modules["mypy_extensions"] = None  # as on a machine that never installed the compiler
import tablegames
from tablegames.core.state import State
state = tablegames.load("kalaha").start()
state = state.apply(state.legal_actions()[0])
print(isinstance(state, State), "mypy_extensions" in sys.modules and sys.modules["mypy_extensions"] is None)
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]


def test_a_checkout_finds_its_compiled_modules_beside_their_sources(tmp_path: Path) -> None:
    """A compiled build in a checkout leaves each module's extension beside its source; the shared library has none."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / "games").mkdir()
    for name in ("games/rules.py", "games/rules" + suffix, "games/view.py", "abc123__mypyc" + suffix):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert compiled_beside_sources(tmp_path) == [(tmp_path / "games" / ("rules" + suffix), tmp_path / "games/rules.py")]
    assert compiled_beside_sources(tmp_path / "games" / "empty") == []


def test_a_source_changed_after_it_was_compiled_is_stale(tmp_path: Path) -> None:
    """The tests would run the compiled module, the old code: such sources are named."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in ("rules", "view"):
        (tmp_path / f"{name}.py").write_text("", encoding="utf-8")
        (tmp_path / f"{name}{suffix}").write_text("", encoding="utf-8")
        os.utime(tmp_path / f"{name}.py", (1_000, 1_000))
        os.utime(tmp_path / f"{name}{suffix}", (2_000, 2_000))
    pairs = compiled_beside_sources(tmp_path)
    assert stale(pairs) == []
    os.utime(tmp_path / "view.py", (3_000, 3_000))
    assert stale(pairs) == [tmp_path / "view.py"]
