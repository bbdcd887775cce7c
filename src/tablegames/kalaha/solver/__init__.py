"""The exact Kalaha solver: perfect play from any position, with endgame tables and the search underneath.

`solve` and `Solver` (in `tablegames.kalaha.solver.solving`) are the
interface; `tablegames.kalaha.solver.endgame` builds the tables of every
position with few seeds left, and `tablegames.kalaha.solver.search` is the
alpha-beta engine both use.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> from tablegames.kalaha.solver import solve
    >>> solution = solve(Kalaha(pits=3, seeds=2).start())
    >>> solution.winner, solution.scores
    (0, (8, 4))
"""

from __future__ import annotations

from tablegames.kalaha.solver.endgame import MAX_ENDGAME_SEEDS, EndgameBuild, EndgameTable, table_bytes
from tablegames.kalaha.solver.search import Engine, Progress, SolveTimeout
from tablegames.kalaha.solver.solving import (
    AUTO_ENDGAME_BYTES,
    DEFAULT_TABLE_SIZE,
    SLOT_BYTES,
    Solution,
    Solver,
    auto_endgame,
    clear_endgame_cache,
    solve,
)

__all__ = [
    "AUTO_ENDGAME_BYTES",
    "DEFAULT_TABLE_SIZE",
    "MAX_ENDGAME_SEEDS",
    "SLOT_BYTES",
    "EndgameBuild",
    "EndgameTable",
    "Engine",
    "Progress",
    "Solution",
    "SolveTimeout",
    "Solver",
    "auto_endgame",
    "clear_endgame_cache",
    "solve",
    "table_bytes",
]
