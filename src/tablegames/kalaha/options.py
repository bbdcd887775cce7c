"""Kalaha's options and what they fix: the size of the board, the seeds, the capture rule and the sowing routes.

`KalahaOptions` is the part of the game that the rules, the state and the
encoding read; `tablegames.kalaha.Kalaha` adds to it what starts, sets up and
reads positions. Keeping the two apart lets every module below the game name
the options without importing the game.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> game = Kalaha(pits=2)
    >>> isinstance(game, KalahaOptions), game.routes[0][:5]
    (True, (0, 1, 2, 3, 4))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

import attrs

from tablegames.core.options import bool_option, int_option, players_option
from tablegames.core.protocol import Game, State
from tablegames.kalaha.actions import MAX_PITS
from tablegames.kalaha.reasons import KALAHA_REASONS
from tablegames.kalaha.rules import Sowing

if TYPE_CHECKING:
    from tablegames.core.reasons import Catalogue
    from tablegames.core.serial import JSONDict

__all__ = ["KalahaOptions"]

#: The game's state class (`tablegames.kalaha.KalahaState`), named by the game.
S = TypeVar("S", bound=State, covariant=True)


@attrs.frozen(kw_only=True, cache_hash=True)
class KalahaOptions(Game[S]):
    """Kalaha's options, checked, with the sowing routes they fix.

    Attributes:
        pits: Pits in each player's row (1 to 26; the sheet's board has 6).
        seeds: Seeds in each pit at the start (1 to 1,000; the sheet uses 4).
        empty_capture: Ruling H4. True (the sheet): a last seed in an empty
            pit of your own row always captures, taking the opposite pit's
            seeds too if there are any. False: it captures only when the
            opposite pit holds seeds.
        players: Always 2.
        sowing: Where each pit's seeds go, worked out once from the options
            (`tablegames.kalaha.rules.Sowing`).
    """

    name: ClassVar[str] = "kalaha"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    reasons: ClassVar[Catalogue] = KALAHA_REASONS

    pits: int = attrs.field(default=6, validator=int_option(1, MAX_PITS))
    seeds: int = attrs.field(default=4, validator=int_option(1, 1000))
    empty_capture: bool = attrs.field(default=True, validator=bool_option)
    players: int = attrs.field(default=2, validator=players_option("Kalaha", 2, 2))
    sowing: Sowing = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:  # after the validators, so that Sowing gets checked options
        object.__setattr__(self, "sowing", Sowing(self.pits, self.empty_capture))

    @property
    def routes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's sowing route as indices into ``KalahaState.board``, listed twice over.

        A route runs through the seat's own pits, its store and the opponent's
        pits, skipping the opponent's store; it has ``2 * pits + 1`` places.

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> Kalaha(pits=2).routes[1][:5]
            (3, 4, 5, 0, 1)
        """
        return self.sowing.routes

    def options(self) -> JSONDict:
        """Return the options as keyword arguments.

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> Kalaha().options()
            {'pits': 6, 'seeds': 4, 'empty_capture': True, 'players': 2}
        """
        return {"pits": self.pits, "seeds": self.seeds, "empty_capture": self.empty_capture, "players": self.players}
