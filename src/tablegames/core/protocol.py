"""The protocol every game follows: `Game`, `State`, `Action`, `View`, `Event`.

A game is a frozen value holding its options. ``game.start(seed)`` returns the
first `State`; a state lists its legal actions, and ``state.apply(action)``
returns the next state without touching the old one. ``state.step(action)``
does the same and also says what happened, as `Event` values. ``state.view(seat)`` is what one seat may know.

A new game subclasses these bases as ``@attrs.frozen`` classes and fills in the
abstract parts; `tablegames.testing.check_game` then checks the contract.
This module gathers them: `Game` is in `tablegames.core.game`, `State` in
`tablegames.core.state`, `Action` in `tablegames.core.actions`, `View` in
`tablegames.core.views` and `Event` in `tablegames.core.events`.

Examples:
    >>> import tablegames
    >>> state = tablegames.load("kalaha").start()
    >>> state.current_player, state.is_over
    (0, False)
    >>> after = state.step(state.legal_actions()[2])
    >>> [str(event) for event in after.events]
    ['seat 0 sows 4 seeds from pit c', 'seat 0 moves again']
    >>> after.state.current_player
    0
"""

from __future__ import annotations

from tablegames.core.actions import Action
from tablegames.core.events import Event, GameEnded, Transition
from tablegames.core.game import Game
from tablegames.core.outcomes import Outcome, result_text, to_int_tuple, to_seat_set, winners_of
from tablegames.core.state import State
from tablegames.core.views import View, game_over

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameEnded",
    "Outcome",
    "State",
    "Transition",
    "View",
    "game_over",
    "result_text",
    "to_int_tuple",
    "to_seat_set",
    "winners_of",
]
