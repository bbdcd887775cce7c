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

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError, InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.options import check_seed
from tablegames.core.serial import JSONDict, check_header, check_keys, read_int, read_str
from tablegames.kalaha import encoding as _encoding
from tablegames.kalaha.actions import SOWS, Sow
from tablegames.kalaha.io import read_position, read_state
from tablegames.kalaha.options import KalahaOptions
from tablegames.kalaha.schema import json_schemas
from tablegames.kalaha.state import KalahaState
from tablegames.kalaha.view import KalahaView

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from tablegames.core.protocol import View
    from tablegames.core.spaces import Encoding

__all__ = ["Kalaha"]


@attrs.frozen(kw_only=True, cache_hash=True)
class Kalaha(KalahaOptions[KalahaState]):
    """Kalaha (Kalah) for two players: its options (see `KalahaOptions`), and the positions it starts and sets up.

    Examples:
        >>> Kalaha(pits=4, empty_capture=False)
        Kalaha(pits=4, seeds=4, empty_capture=False, players=2)
    """

    encoding: ClassVar[Encoding] = _encoding

    def start(self, seed: int | None = None) -> KalahaState:
        """Return the start position: ``seeds`` in every pit, stores empty, seat 0 to move.

        Kalaha has no chance, so ``seed`` changes nothing; it is accepted so
        that every game starts the same way.

        Raises:
            ConfigError: If ``seed`` is neither None nor an integer from 0 to 2**64 - 1.

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

    def broken_laws(self, state: object) -> tuple[str, ...]:
        """The seeds are conserved, each pit and store holding a count of none or more (see `Game.broken_laws`)."""
        if not isinstance(state, KalahaState):
            return (f"{type(state).__name__} is not a Kalaha state",)
        board = state.board
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
