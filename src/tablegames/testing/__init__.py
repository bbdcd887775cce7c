"""The conformance kit: `check_game` checks that a game keeps the tablegames contract.

Run it on any game, ours or your own: ``check_game(MyGame(), seeds=range(20))``.
It plays random games to the end and, at every state on the way, checks the
contract of the protocol (see `check_game`). `check_choose_from_state` checks
that a bot reading states in a search's playouts decides as from the view.
Hypothesis strategies that draw reachable states live in
`tablegames.testing.strategies` (they need the ``test`` extra).

Examples:
    >>> import tablegames
    >>> from tablegames.testing import check_game
    >>> report = check_game(tablegames.load("kalaha", pits=3, seeds=2), seeds=range(2))
    >>> report.playouts
    2
"""

from __future__ import annotations

from tablegames.testing.bots import check_choose_from_state
from tablegames.testing.conformance import CheckReport, ConformanceError, check_game

__all__ = ["CheckReport", "ConformanceError", "check_choose_from_state", "check_game"]
