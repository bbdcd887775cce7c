"""The game-agnostic core: protocol, errors, seats, registry and `Match`.

The arena (`simulate`, `ArenaResult`) and tournaments (`tournament`,
`TournamentResult`) are imported on first use: they bring in process pools,
which most programs never start. So are `play_bots`, `Match` and `Ply`,
which loading and starting a game does not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.bots import Bot, RandomBot, choose_for
from tablegames.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    MatchError,
    MissingExtraError,
    SeatError,
    TablegamesError,
)
from tablegames.core.lazy import listing, on_first_use
from tablegames.core.protocol import Action, Event, Game, GameEnded, Outcome, State, Transition, View, winners_of
from tablegames.core.registry import load, names, register, state_from_dict, unregister
from tablegames.core.seats import next_seat, seats_from

if TYPE_CHECKING:
    from tablegames.core.arena import ArenaResult, simulate
    from tablegames.core.match import Match, Ply
    from tablegames.core.runs import play_bots
    from tablegames.core.tournament import TournamentResult, tournament

__all__ = [
    "Action",
    "ArenaResult",
    "Bot",
    "ConfigError",
    "Event",
    "Game",
    "GameEnded",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "Match",
    "MatchError",
    "MissingExtraError",
    "Outcome",
    "Ply",
    "RandomBot",
    "SeatError",
    "State",
    "TablegamesError",
    "TournamentResult",
    "Transition",
    "View",
    "choose_for",
    "load",
    "names",
    "next_seat",
    "play_bots",
    "register",
    "seats_from",
    "simulate",
    "state_from_dict",
    "tournament",
    "unregister",
    "winners_of",
]

#: Names imported from their module on first use, and the module that has each.
LAZY: dict[str, str] = {
    "play_bots": "tablegames.core.runs",
    "Match": "tablegames.core.match",
    "Ply": "tablegames.core.match",
    "ArenaResult": "tablegames.core.arena",
    "simulate": "tablegames.core.arena",
    "TournamentResult": "tablegames.core.tournament",
    "tournament": "tablegames.core.tournament",
}
__getattr__ = on_first_use(__name__, LAZY, globals())
__dir__ = listing(LAZY, globals())
