"""What ``import tablegames`` offers: every public name, the games and their submodules, on first use."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import tablegames


def test_the_names_imported_on_first_use_are_the_defining_modules_own() -> None:
    """`tablegames.simulate`, `ArenaResult`, the solver's names, views, events and encodings are their modules' own."""
    from tablegames import ArenaResult, simulate
    from tablegames.kalaha import Solver, Sowed, solve
    from tablegames.kalo import EffectView, KaloView, SlotView
    from tablegames.loo import LooView

    kalo_view = importlib.import_module("tablegames.kalo.view")
    assert simulate is importlib.import_module("tablegames.core.arena").simulate
    assert ArenaResult is importlib.import_module("tablegames.core.arena").ArenaResult
    solver = importlib.import_module("tablegames.kalaha.solver")
    assert (Solver, solve) == (solver.Solver, solver.solve)
    assert Sowed is importlib.import_module("tablegames.kalaha.events").Sowed
    assert (EffectView, KaloView, SlotView) == (kalo_view.EffectView, kalo_view.KaloView, kalo_view.SlotView)
    assert LooView is importlib.import_module("tablegames.loo.view").LooView
    for name in ("kalaha", "kalo", "loo"):
        encoding = importlib.import_module(f"tablegames.{name}.encoding")
        game = tablegames.load(name)
        view = game.start(seed=1).view(0)
        assert game.encoding is encoding
        assert len(view.observation()) == game.observation_size
        assert game.encoding_version == encoding.VERSION


_FRESH = """
import tablegames
print(tablegames.kalaha.Kalaha(pits=6, seeds=4).pits, tablegames.kalaha.bots.__name__, tablegames.loo.sampling.__name__)
print(" ".join(dir(tablegames)))
print(" ".join(dir(tablegames.kalaha)))
print(" ".join(dir(tablegames.kalo)))
print(" ".join(dir(tablegames.loo)))
"""


def test_the_games_and_their_submodules_are_there_right_after_import_tablegames() -> None:
    """``tablegames.kalaha.Kalaha`` and ``tablegames.kalaha.bots`` work at once, and ``dir()`` lists them."""
    done = subprocess.run([sys.executable, "-c", _FRESH], capture_output=True, check=True, text=True)
    first, top, kalaha, kalo, loo = done.stdout.splitlines()
    assert first == "6 tablegames.kalaha.bots tablegames.loo.sampling"
    assert {"kalaha", "kalo", "loo", "load", "Match", "__version__"} <= set(top.split())
    assert not [name for name in top.split() if name.startswith("_") and name != "__version__"]
    assert {"Kalaha", "bots", "solver", "Solver", "KalahaView"} <= set(kalaha.split())
    assert {"Kalo", "bots", "encoding", "KaloView"} <= set(kalo.split())
    assert {"Loo", "bots", "encoding", "LooView"} <= set(loo.split())
    for listed in (kalaha, kalo, loo):
        assert not [name for name in listed.split() if name.startswith("_")]


_PLAYED = """
import sys, tablegames, tablegames.core
for name in ("kalaha", "kalo", "loo"):
    tablegames.load(name).start(seed=1).view(0)
offered = set(tablegames.core.LAZY.values())
for package in (tablegames.kalaha, tablegames.kalo, tablegames.loo):
    offered.update(getattr(package, "_ON_FIRST_USE", {}).values())
assert "tablegames.kalaha.solver" in offered
print(" ".join(sorted(name for name in offered if name in sys.modules)))
"""


def test_what_the_packages_offer_on_first_use_is_not_imported_by_playing() -> None:
    """Loading, starting and viewing every game imports none of the modules the packages import on first use.

    A name offered on first use whose module playing imports anyway would be
    a lazy entry that defers nothing.
    """
    done = subprocess.run([sys.executable, "-c", _PLAYED], capture_output=True, check=True, text=True)
    assert done.stdout.split() == []


@pytest.mark.parametrize(("package", "name"), [("tablegames", "chess"), ("tablegames.kalaha", "Chess")])
def test_an_unknown_name_is_an_attribute_error(package: str, name: str) -> None:
    """Asking a package for a name it does not have raises `AttributeError`, naming the package."""
    with pytest.raises(AttributeError, match=package):
        getattr(importlib.import_module(package), name)


def test_every_top_level_name_is_the_core_s() -> None:
    """Each name of ``tablegames`` is the object the core defines, even after the arena's modules are imported."""
    code = """
import importlib, tablegames, tablegames.core.arena, tablegames.core.tournament
for name in set(tablegames.__all__) - {"__version__", "compiled"}:
    value = getattr(tablegames, name)
    home = tablegames.core.LAZY.get(name)
    assert value is getattr(importlib.import_module(home) if home else tablegames.core, name), name
    assert not isinstance(value, type(tablegames)), name
"""
    subprocess.run([sys.executable, "-c", code], check=True)
