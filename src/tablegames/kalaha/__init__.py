"""Kalaha (Kalah), the two-player sowing game.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> state = Kalaha().start()
    >>> [str(action) for action in state.legal_actions()]
    ['a', 'b', 'c', 'd', 'e', 'f']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.lazy import listing, on_first_use
from tablegames.kalaha import bots as bots  # registers the game's bots (the game never imports them)
from tablegames.kalaha.actions import Sow
from tablegames.kalaha.events import Captured, ExtraMove, GameEnded, Sowed, Swept
from tablegames.kalaha.game import Kalaha
from tablegames.kalaha.state import KalahaState
from tablegames.kalaha.view import KalahaView

if TYPE_CHECKING:
    from tablegames.kalaha.solver import Progress, Solution, Solver, SolveTimeout, solve

__all__ = [
    "Captured",
    "ExtraMove",
    "GameEnded",
    "Kalaha",
    "KalahaState",
    "KalahaView",
    "Progress",
    "Solution",
    "SolveTimeout",
    "Solver",
    "Sow",
    "Sowed",
    "Swept",
    "solve",
]

#: The solver, and the submodules that playing needs none of, are imported on first use.
_SUBMODULES = ("batch", "packed", "solver")
_ON_FIRST_USE = {
    **dict.fromkeys(("Progress", "Solution", "SolveTimeout", "Solver", "solve"), "tablegames.kalaha.solver"),
    **{name: f"{__name__}.{name}" for name in _SUBMODULES},
}
__getattr__ = on_first_use(__name__, _ON_FIRST_USE, globals())
__dir__ = listing(_ON_FIRST_USE, globals())
