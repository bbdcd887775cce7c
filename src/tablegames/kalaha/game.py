"""The Kalaha game: its options, the start position and any position you set up.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> game = Kalaha(pits=3, seeds=2)
    >>> game.start().pits
    ((2, 2, 2), (2, 2, 2))
    >>> state = game.position(rows=((0, 1, 3), (2, 0, 0)), stores=(4, 2), to_move=1)
    >>> state.stores, state.current_player
    ((4, 2), 1)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.options import bool_option, check_seed, int_option, players_option
from tablegames.core.protocol import Game
from tablegames.core.serial import JSONDict, check_header, check_keys, read_int, read_str
from tablegames.kalaha import encoding as _encoding
from tablegames.kalaha.actions import MAX_PITS, SOWS, Sow
from tablegames.kalaha.io import read_position, read_state
from tablegames.kalaha.reasons import KALAHA_REASONS
from tablegames.kalaha.schema import json_schemas
from tablegames.kalaha.state import KalahaState
from tablegames.kalaha.view import KalahaView

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from tablegames.core.protocol import State, View
    from tablegames.core.reasons import Catalogue
    from tablegames.core.spaces import Encoding

__all__ = ["Kalaha"]

#: Places of ``KalahaState.board``, in order.
Places = tuple[int, ...]


@attrs.frozen(kw_only=True, cache_hash=True)
class Kalaha(Game[KalahaState]):
    """Kalaha (Kalah) for two players.

    Attributes:
        pits: Pits in each player's row (1 to 26; the sheet's board has 6).
        seeds: Seeds in each pit at the start (1 to 1,000; the sheet uses 4).
        empty_capture: Ruling H4. True (the sheet): a last seed in an empty
            pit of your own row always captures, taking the opposite pit's
            seeds too if there are any. False: it captures only when the
            opposite pit holds seeds.
        players: Always 2.
    """

    name: ClassVar[str] = "kalaha"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    encoding: ClassVar[Encoding] = _encoding
    reasons: ClassVar[Catalogue] = KALAHA_REASONS

    pits: int = attrs.field(default=6, validator=int_option(1, MAX_PITS))
    seeds: int = attrs.field(default=4, validator=int_option(1, 1000))
    empty_capture: bool = attrs.field(default=True, validator=bool_option)
    players: int = attrs.field(default=2, validator=players_option("Kalaha", 2, 2))
    # What sowing reads on every move, worked out once per board size (see `_routes`).
    _routes: tuple[Places, Places] = attrs.field(init=False, eq=False, repr=False)
    _sowings: tuple[tuple[tuple[tuple[Places, int], ...], ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: Each seat's pits as a slice of ``KalahaState.board``.
    _rows: tuple[slice, slice] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        routes, sowings = _routes(self.pits)
        object.__setattr__(self, "_routes", routes)
        object.__setattr__(self, "_sowings", sowings)
        object.__setattr__(self, "_rows", (slice(0, self.pits), slice(self.pits + 1, 2 * self.pits + 1)))

    @property
    def routes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's sowing route as indices into ``KalahaState.board``, listed twice over.

        A route runs through the seat's own pits, its store and the opponent's
        pits, skipping the opponent's store; it has ``2 * pits + 1`` places.

        Examples:
            >>> Kalaha(pits=2).routes[1][:5]
            (3, 4, 5, 0, 1)
        """
        return self._routes

    def options(self) -> JSONDict:
        """Return the options as keyword arguments.

        Examples:
            >>> Kalaha().options()
            {'pits': 6, 'seeds': 4, 'empty_capture': True, 'players': 2}
        """
        return {"pits": self.pits, "seeds": self.seeds, "empty_capture": self.empty_capture, "players": self.players}

    def start(self, seed: int | None = None) -> KalahaState:
        """Return the start position: ``seeds`` in every pit, stores empty, seat 0 to move.

        Kalaha has no chance, so ``seed`` changes nothing; it is accepted so
        that every game starts the same way.

        Raises:
            ConfigError: If ``seed`` is neither an integer nor None.

        Examples:
            >>> Kalaha(pits=4).start().pits
            ((4, 4, 4, 4), (4, 4, 4, 4))
        """
        check_seed(seed)
        row = (self.seeds,) * self.pits
        return KalahaState(game=self, board=(*row, 0, *row, 0), current_player=0)

    def position(
        self,
        rows: Sequence[Sequence[int]],
        stores: Sequence[int] = (0, 0),
        to_move: int | None = 0,
    ) -> KalahaState:
        """Set up any position of this game.

        The position must hold the game's ``2 * pits * seeds`` seeds in all:
        the options say how many seeds are in play.

        Args:
            rows: Seat 0's row, then seat 1's, each in that seat's own pit
                order (pit 0 farthest from its store).
            stores: Seat 0's store, then seat 1's.
            to_move: The seat to move; None exactly when both rows are empty
                (a finished game).

        Returns:
            The position as a state.

        Raises:
            InvalidStateError: If a count is negative, a row has the wrong
                length, the seeds do not add up to ``2 * pits * seeds``, or the
                position could not stand (one row empty while the other is not:
                the game would already have ended, H5).

        Examples:
            >>> from tablegames import InvalidStateError
            >>> try:
            ...     Kalaha(pits=2).position(rows=((1, 0), (0, 0)), stores=(7, 8))
            ... except InvalidStateError as error:
            ...     print(error)
            seat 1's row is empty but seat 0's is not; the game would have ended when the row was emptied
        """
        return read_position(self, rows, stores, to_move)

    def sample_state(self, view: View, rng: random.Random) -> KalahaState:
        """Return the position ``view`` shows: Kalaha hides nothing, so there is nothing to sample.

        The state is built with `position` from the view's pits, stores and
        seat to move, so ``state.view(view.seat) == view``; ``rng`` is not used.

        Raises:
            InvalidStateError: If ``view`` is not a view of a position of this game.

        Examples:
            >>> import random
            >>> game = Kalaha(pits=3, seeds=2)
            >>> state = game.start().apply(Sow(1))
            >>> game.sample_state(state.view(1), random.Random(0)) == state
            True
        """
        del rng
        if not isinstance(view, KalahaView):
            raise InvalidStateError(f"Kalaha samples states from Kalaha views, got {type(view).__name__}")
        return self.position(rows=view.pits, stores=view.stores, to_move=view.current_player)

    def broken_laws(self, state: State) -> tuple[str, ...]:
        """The seeds are conserved, each pit and store holding a count of none or more (see `Game.broken_laws`)."""
        board = state.board  # type: ignore[attr-defined]
        total = 2 * self.pits * self.seeds
        if sum(board) != total or any(type(count) is not int or count < 0 for count in board):
            return (f"Kalaha's {total} seeds are not conserved as counts: {board}",)
        return ()

    def json_schemas(self) -> dict[str, JSONDict]:
        """JSON Schemas of this game's state, view, action, event and record dicts (`tablegames.kalaha.schema`)."""
        return json_schemas(self.options())

    def read_state(self, data: Mapping[str, Any]) -> KalahaState:
        """Read a Kalaha state's pits, stores and seat to move (see `tablegames.kalaha.io.read_state`)."""
        return read_state(self, data)

    def action_from_dict(self, data: object) -> Sow:
        """Read a `Sow` from its dict.

        Raises:
            InvalidActionError: If the dict is not a sow of a pit of this game.

        Examples:
            >>> Kalaha(pits=3).action_from_dict({"format": "tablegames.action", "version": 1, "type": "sow", "pit": 5})
            Traceback (most recent call last):
            ...
            tablegames.core.errors.InvalidActionError: action field 'pit' must be an integer from 0 to 2, got 5
        """
        checked = check_header(data, "action", InvalidActionError)
        check_keys(checked, ("type", "pit"), InvalidActionError, "action")
        kind = read_str(checked, "type", InvalidActionError, "action")
        if kind != Sow.kind:
            raise InvalidActionError(f"Kalaha has one action type, 'sow'; got {brief(kind)}")
        return SOWS[read_int(checked, "pit", InvalidActionError, "action", minimum=0, maximum=self.pits - 1)]


@functools.cache
def _routes(p: int) -> tuple[tuple[Places, Places], tuple[tuple[tuple[tuple[Places, int], ...], ...], ...]]:
    """Each seat's sowing route on a board of ``p`` pits a row, and what each sowing of it does.

    A route is flat board indices: own pits, own store, the opponent's pits
    (their store skipped), written twice so a slice from any pit never needs
    to wrap. ``sowings[seat][pit][seeds]``, for fewer seeds than a route has
    places, holds the places that ``seeds`` seeds sown from the pit reach and
    the place on the route where the last one falls (``p`` is the store).
    """
    first, other = (0, p + 1), (p + 1, 0)
    routes = tuple(
        (*range(first[seat], first[seat] + p + 1), *range(other[seat], other[seat] + p)) * 2 for seat in (0, 1)
    )
    span = 2 * p + 1  # the places of a route
    sowings = tuple(
        tuple(
            tuple((route[pit + 1 : pit + 1 + seeds], (pit + seeds) % span) for seeds in range(span)) for pit in range(p)
        )
        for route in routes
    )
    return (routes[0], routes[1]), sowings
