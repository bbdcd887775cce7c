"""Kalaha (Kalah), the two-player sowing game.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> state = Kalaha().start()
    >>> [str(action) for action in state.legal_actions()]
    ['a', 'b', 'c', 'd', 'e', 'f']
"""

from __future__ import annotations

from tablegames.kalaha.actions import Sow
from tablegames.kalaha.events import Captured, ExtraMove, GameEnded, Sowed, Swept
from tablegames.kalaha.game import Kalaha
from tablegames.kalaha.solver import Progress, Solution, Solver, solve
from tablegames.kalaha.state import KalahaState
from tablegames.kalaha.view import KalahaView

__all__ = [
    "Captured",
    "ExtraMove",
    "GameEnded",
    "Kalaha",
    "KalahaState",
    "KalahaView",
    "Progress",
    "Solution",
    "Solver",
    "Sow",
    "Sowed",
    "Swept",
    "solve",
]
