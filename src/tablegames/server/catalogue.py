"""The game catalogue: every game a server offers, and the seats a table of one may have.

`describe_games` is what ``GET /api/games`` answers; `seat_kinds` checks the
seats a table request asks for against the game's players and bots (its
refusal of a seat is stated once in `SEATS`, for a client to say in its
player's language), and `guarded` calls a game's readers on what a client sent.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

import tablegames
from tablegames import TablegamesError
from tablegames.core.reasons import Catalogue
from tablegames.server.errors import BadRequestError

if TYPE_CHECKING:
    from tablegames import Game, State
    from tablegames.core.serial import JSONDict

__all__ = ["HUMAN", "SEATS", "describe_games", "guarded", "seat_kinds"]

LOG = logging.getLogger("tablegames.server")
#: The seat kind of a person, in a table request's ``seats``.
HUMAN = "human"

#: The refusals of a table request's seats (`tablegames.core.reasons`): a seat naming a bot the game does not
#: have, its fields the game's name, the kinds not known and the game's bots.
SEATS = Catalogue(
    {
        "table.unknown_bots": lambda *, game, unknown, bots: (
            f"unknown bot(s) {list(unknown)} for {game!r}: a seat is {HUMAN!r} or one of its bots: {', '.join(bots)}"
        ),
    }
)


def describe_games() -> list[JSONDict]:
    """Every registered game with its default options, its number of players and its bots.

    ``options`` are the defaults at the game's default number of players;
    ``options_by_players`` the defaults for each number it may be played by
    (some options follow it: Loo's ``rounds`` is twice the players).

    Examples:
        >>> [game["name"] for game in describe_games()][:3]
        ['kalaha', 'kalo', 'loo']
        >>> describe_games()[0]["bots"]
        ['random', 'heuristic', 'search']
        >>> describe_games()[2]["options_by_players"]["3"]["rounds"]
        6
    """
    games = []
    for name in tablegames.names():
        try:
            game = tablegames.load(name)
        except TablegamesError:  # pragma: no cover - a registered game whose defaults fail
            continue
        fewest, most = type(game).min_players, type(game).max_players
        by_players = {str(game.players): game.options()}
        if "players" in game.options():
            for players in range(fewest, most + 1):
                with contextlib.suppress(TablegamesError):
                    by_players[str(players)] = tablegames.load(name, players=players).options()
        games.append(
            {
                "name": name,
                "options": game.options(),
                "options_by_players": dict(sorted(by_players.items(), key=lambda item: int(item[0]))),
                "players": {"min": fewest, "max": most},
                "bots": list(game.bots()),
            }
        )
    return games


def guarded(what: str, read: Any, *args: Any, **kwargs: Any) -> Any:
    """Call a game's reader on client input: its typed errors pass; anything else is its bug, and a 400 here.

    Examples:
        >>> guarded("the number", int, "7")
        7
        >>> guarded("the number", int, "seven")
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: the number cannot be read
    """
    try:
        return read(*args, **kwargs)
    except TablegamesError:
        raise
    except Exception as error:
        LOG.warning("reading %s raised %r instead of a TablegamesError", what, error)
        raise BadRequestError(f"{what} cannot be read") from None


def seat_kinds(game: Game[State], seats: tuple[str, ...] | None) -> tuple[str, ...]:
    """The kind of each seat of a table of ``game``: ``seats`` checked, or a person against the default bot.

    Raises:
        BadRequestError: If there are not as many seats as players.
        ConfigError: If a seat names a bot the game does not have.

    Examples:
        >>> seat_kinds(tablegames.load("kalaha"), None)
        ('human', 'heuristic')
        >>> seat_kinds(tablegames.load("kalaha"), ("human",))
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: kalaha with 2 players needs 2 seats, got 1
        >>> seat_kinds(tablegames.load("kalaha"), ("human", "oracle"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: unknown bot(s) ['oracle'] for 'kalaha': a seat is 'human' or one of ...
    """
    bots = game.bots()
    if seats is None:
        default = "heuristic" if "heuristic" in bots else "random"
        return (HUMAN,) + (default,) * (game.players - 1)
    if len(seats) != game.players:
        raise BadRequestError(f"{game.name} with {game.players} players needs {game.players} seats, got {len(seats)}")
    unknown = sorted({kind for kind in seats if kind != HUMAN and kind not in bots})
    if unknown:
        reason = SEATS.reason("table.unknown_bots", game=game.name, unknown=tuple(unknown), bots=tuple(bots))
        raise tablegames.ConfigError.from_reason(reason)
    return seats
