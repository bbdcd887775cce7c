"""Importing tablegames and starting its games leaves out what only some programs use; the names still work."""

from __future__ import annotations

import json
import subprocess
import sys

import tablegames
import tablegames.kalaha

_PROBE = """
import json, sys
import tablegames
for name in ("kalaha", "kalo", "loo"):
    tablegames.load(name).start(seed=1)
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_and_starting_the_games_skips_the_arena_solver_bots_and_events() -> None:
    """A fresh ``import tablegames`` that starts each game loads no process pool, solver, bot or sampler."""
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, check=True).stdout))
    left_out = {
        "concurrent.futures",
        "multiprocessing",
        "statistics",
        "tablegames.core.arena",
        "tablegames.kalaha.solver",
        "tablegames.kalaha.bots",
        "tablegames.kalo.bots",
        "tablegames.loo.bots",
        "tablegames.kalo.sampling",
        "tablegames.loo.sampling",
    }
    assert not left_out & loaded, sorted(left_out & loaded)


def test_the_names_imported_on_first_use_work_as_before() -> None:
    """`tablegames.simulate`, `ArenaResult` and the solver's names are there, listed by ``dir``, and importable."""
    from tablegames import ArenaResult, simulate
    from tablegames.kalaha import Solver, solve

    assert simulate is tablegames.simulate
    assert ArenaResult is tablegames.core.arena.ArenaResult
    assert (Solver, solve) == (tablegames.kalaha.solver.Solver, tablegames.kalaha.solver.solve)
    assert {"simulate", "ArenaResult"} <= set(dir(tablegames))
    assert "solve" in dir(tablegames.kalaha)
