"""Kalo's options and what they fix: the players, the rulings, the target score and the actions a game can hold.

`KaloOptions` is the part of the game that the rules, the state, the readers
and the encoding read; `tablegames.kalo.Kalo` adds to it what starts, deals,
sets up and reads states. Keeping the two apart lets every module below the
game name the options without importing the game.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> game = Kalo(players=4)
    >>> isinstance(game, KaloOptions), game.target
    (True, 20)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

import attrs

from tablegames.cards import DealtGame
from tablegames.core.errors import InvalidActionError
from tablegames.core.options import bool_option, int_option, players_option
from tablegames.core.protocol import State
from tablegames.kalo.actions import ChooseCard, ChooseSeat, Play
from tablegames.kalo.cards import removed_cards
from tablegames.kalo.reasons import KALO_REASONS

if TYPE_CHECKING:
    from tablegames.core.protocol import Action
    from tablegames.core.reasons import Catalogue
    from tablegames.core.serial import JSONDict

__all__ = ["KaloOptions"]

#: The game's state class (`tablegames.kalo.KaloState`), named by the game.
S = TypeVar("S", bound=State, covariant=True)


@attrs.frozen(kw_only=True, cache_hash=True)
class KaloOptions(DealtGame[S]):
    """Kalo's options, checked, with the target score they fix.

    Attributes:
        players: 3 to 6.
        kalo_in_combinations: Ruling K5. False (default): the Kalo is always
            played alone. True: it may also be played in a combination of 2s,
            which then also ends the trick at once.
        play_limit: Ruling K11. A round that reaches this many plays ends as
            if every player holding cards were blocked (each scores 1), so that
            no round can go on for ever; 1 to 10,000 (a round has some 40 to
            60 plays).
        rounds: None (default): the game goes on until a total reaches
            5 x players (K12). A number from 1 to 1,000: the game also ends
            after that many rounds, so ``rounds=1`` is a game of one round,
            scored as that round's points (for agents that learn or search
            one round). It is among `options` only when set, so games and
            saved states without it read as before.
    """

    name: ClassVar[str] = "kalo"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    reasons: ClassVar[Catalogue] = KALO_REASONS

    players: int = attrs.field(default=4, validator=players_option("Kalo", 3, 6))
    kalo_in_combinations: bool = attrs.field(default=False, validator=bool_option)
    play_limit: int = attrs.field(default=500, validator=int_option(1, 10_000))
    rounds: int | None = attrs.field(default=None, validator=attrs.validators.optional(int_option(1, 1000)))

    @property
    def target(self) -> int:
        """The total that ends the game: 5 x players (K12).

        Examples:
            >>> from tablegames.kalo import Kalo
            >>> Kalo(players=3).target
            15
        """
        return 5 * self.players

    def options(self) -> JSONDict:
        """Return the options as keyword arguments.

        Examples:
            >>> from tablegames.kalo import Kalo
            >>> Kalo(players=3).options()
            {'players': 3, 'kalo_in_combinations': False, 'play_limit': 500}
        """
        options: JSONDict = {
            "players": self.players,
            "kalo_in_combinations": self.kalo_in_combinations,
            "play_limit": self.play_limit,
        }
        if self.rounds is not None:
            options["rounds"] = self.rounds
        return options

    def fitting(self, action: Action) -> Action:
        """Return ``action`` if it can belong to this game: its seat is a seat here, its cards are not removed.

        `Kalo.action_from_dict` and ``parse_action`` read every action through
        this, so an action that could never be legal in this game is refused
        as input rather than as an illegal move.

        Raises:
            InvalidActionError: If the action names a seat the game does not
                have, or a card removed for its number of players (K1).

        Examples:
            >>> from tablegames.kalo import Kalo
            >>> from tablegames.kalo.actions import parse_action
            >>> Kalo(players=3).fitting(parse_action("7c 7d"))
            Traceback (most recent call last):
            ...
            tablegames.core.errors.InvalidActionError: 7c is removed from a game of 3 players (K1), so no play holds it
        """
        if isinstance(action, ChooseSeat) and action.seat >= self.players:
            raise InvalidActionError(
                f"seat {action.seat} is not a seat of this game: its seats are 0 to {self.players - 1}"
            )
        cards = action.cards if isinstance(action, Play) else (action.card,) if isinstance(action, ChooseCard) else ()
        removed = [card for card in cards if card in removed_cards(self.players)]
        if removed:
            raise InvalidActionError(
                f"{removed[0]} is removed from a game of {self.players} players (K1), so no play holds it"
            )
        return action
