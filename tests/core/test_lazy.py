"""Importing tablegames and starting its games leaves out what only some programs use; the names still work."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import tablegames
import tablegames.kalaha

_PROBE = """
import sys
import tablegames
for name in ("kalaha", "kalo", "loo"):
    tablegames.load(name).start(seed=1)
print("\\n".join(sorted(sys.modules)))
"""


def test_importing_and_starting_the_games_skips_the_arena_solver_bots_and_events() -> None:
    """A fresh ``import tablegames`` that starts each game loads no process pool, solver, bot, sampler or events.

    Nor `Match` or the core's bots, nor the games' encodings (action indices and observations) and their
    layouts, views and readers of states, nor the standard library's ``json``, ``string`` and ``random``
    (the deals seed the generator underneath it): loading and starting a game needs none.
    """
    loaded = set(
        subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, check=True, text=True).stdout.split()
    )
    left_out = {
        "concurrent.futures",
        "json",
        "random",
        "string",
        "multiprocessing",
        "statistics",
        "tablegames.core.arena",
        "tablegames.core.bots",
        "tablegames.core.match",
        "tablegames.core.words",
        "tablegames.core.layouts",
        "tablegames.kalaha.encoding",
        "tablegames.kalo.encoding",
        "tablegames.loo.encoding",
        "tablegames.kalaha.view",
        "tablegames.kalo.view",
        "tablegames.loo.view",
        "tablegames.kalo.reading",
        "tablegames.loo.reading",
        "tablegames.kalaha.solver",
        "tablegames.kalaha.bots",
        "tablegames.kalo.bots",
        "tablegames.loo.bots",
        "tablegames.kalo.sampling",
        "tablegames.loo.sampling",
        "tablegames.kalaha.events",
        "tablegames.kalo.events",
        "tablegames.loo.events",
    }
    assert not left_out & loaded, sorted(left_out & loaded)


_RACE = """
import sys, threading, tablegames
failures = []
for name in ("kalaha", "kalo", "loo"):
    state = tablegames.load(name).start(seed=1)
    action = state.legal_actions()[0]
    ready = threading.Event()
    def first_step():
        ready.wait()
        try:
            state.step(action)
            assert state.view(0).seat == 0
        except Exception as error:
            failures.append(f"{name}: {error!r}")
    threads = [threading.Thread(target=first_step) for _ in range(32)]
    for thread in threads:
        thread.start()
    ready.set()
    for thread in threads:
        thread.join()
print("\\n".join(failures))
"""


def test_threads_collecting_events_for_the_first_time_at_once_all_get_them() -> None:
    """32 threads each make a game's first ``step`` and view at the same moment: every one gets them, none an error.

    The events and the views are imported on first use; a thread must never
    see the module half run.
    """
    done = subprocess.run([sys.executable, "-c", _RACE], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_the_names_imported_on_first_use_work_as_before() -> None:
    """`tablegames.simulate`, `ArenaResult`, the solver's names, views, encodings and layouts are there as before."""
    from tablegames import ArenaResult, simulate
    from tablegames.kalaha import Solver, solve

    kalo_view = importlib.import_module("tablegames.kalo.view")

    assert simulate is tablegames.simulate
    assert ArenaResult is tablegames.core.arena.ArenaResult
    assert (Solver, solve) == (tablegames.kalaha.solver.Solver, tablegames.kalaha.solver.solve)
    assert {"simulate", "ArenaResult"} <= set(dir(tablegames))
    assert "solve" in dir(tablegames.kalaha)
    from tablegames.kalaha import Sowed

    assert Sowed is importlib.import_module("tablegames.kalaha.events").Sowed
    assert "Sowed" in dir(tablegames.kalaha)
    from tablegames.kalo import EffectView, KaloView, SlotView
    from tablegames.loo import LooView

    assert (EffectView, KaloView, SlotView) == (kalo_view.EffectView, kalo_view.KaloView, kalo_view.SlotView)
    assert LooView is importlib.import_module("tablegames.loo.view").LooView
    assert tablegames.kalaha.KalahaView is importlib.import_module("tablegames.kalaha.view").KalahaView
    assert {"KaloView", "SlotView"} <= set(dir(tablegames.kalo))
    assert "LooView" in dir(tablegames.loo)
    assert "KalahaView" in dir(tablegames.kalaha)
    for name in ("kalaha", "kalo", "loo"):
        encoding = importlib.import_module(f"tablegames.{name}.encoding")
        game = tablegames.load(name)
        view = game.start(seed=1).view(0)
        assert game.encoding is not None
        assert view.encoding is not None
        assert game.encoding.observe is view.encoding.observe is encoding.observe
        assert game.encoding_version == encoding.VERSION
    from tablegames.core.spaces import ActionTable, DealLayout

    layouts = importlib.import_module("tablegames.core.layouts")
    assert (ActionTable, DealLayout) == (layouts.ActionTable, layouts.DealLayout)
    assert {"ActionTable", "DealLayout"} <= set(dir(importlib.import_module("tablegames.core.spaces")))


def test_import_tablegames_itself_imports_nothing_else() -> None:
    """``import tablegames`` loads neither the core nor attrs nor typing: each name is imported when first used."""
    probe = "import json, sys; import tablegames; print(json.dumps(sorted(sys.modules)))"
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, check=True).stdout))
    assert {"tablegames.core", "attrs", "attr", "typing"}.isdisjoint(loaded)


def test_every_top_level_name_is_the_core_s() -> None:
    """Each name of ``tablegames`` is the object the core defines, even after the arena's modules are imported."""
    code = """
import importlib, tablegames, tablegames.core.arena, tablegames.core.tournament
for name in set(tablegames.__all__) - {"__version__"}:
    value = getattr(tablegames, name)
    home = tablegames.core.LAZY.get(name)
    assert value is getattr(importlib.import_module(home) if home else tablegames.core, name), name
    assert not isinstance(value, type(tablegames)), name
"""
    subprocess.run([sys.executable, "-c", code], check=True)


_KALO_TABLES = """
import tablegames
from tablegames.kalo import state
game = tablegames.load("kalo")
start = game.start(seed=1)
made = [bool(state._OF_SIZE)]
while start.phase == "arrange":
    start = start.apply(start.legal_actions()[-1])
start.legal_actions()
print(made + [bool(state._OF_SIZE), len(state._PLAYS)])
"""


def test_kalo_makes_its_tables_of_plays_when_a_play_phase_first_asks() -> None:
    """Starting a Kalo game (arranging comes first) makes no rank table; the first decisions of a play phase do."""
    done = subprocess.run([sys.executable, "-c", _KALO_TABLES], capture_output=True, check=True, text=True)
    assert done.stdout.split() == ["[False,", "True,", "195]"]
