"""Kalaha positions: the board in sowing order, whose move it is, and the moves the rules allow.

The board is kept flat, in sowing order, as ``board`` (see
`tablegames.kalaha.rules`, which holds the sowing rule).

Examples:
    >>> from tablegames.kalaha import Kalaha, Sow
    >>> state = Kalaha().start().apply(Sow(2))
    >>> state.pits, state.stores, state.current_player
    (((4, 4, 0, 5, 5, 5), (4, 4, 4, 4, 4, 4)), (1, 0), 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text
from tablegames.core.plain import PlainState
from tablegames.kalaha import events as ev
from tablegames.kalaha.actions import LETTERS, SOWS, Sow, pit_letter
from tablegames.kalaha.reasons import KALAHA_REASONS
from tablegames.kalaha.rules import Sowing, sow
from tablegames.kalaha.view import KalahaView

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event
    from tablegames.core.reasons import Reason
    from tablegames.core.serial import JSONDict
    from tablegames.kalaha.options import KalahaOptions

__all__ = ["KalahaState"]


@final
class KalahaState(PlainState):
    """A Kalaha position.

    Build positions with `Kalaha.start` or `Kalaha.position`, which validate;
    the constructor trusts its arguments. Its fourth, ``sowing``, is the
    game's `Sowing`, which a move passes on to the next position; without
    it the position reads it from ``game``.

    A plain class (see `tablegames.core.plain`): the value Kalaha makes at
    every move.

    Attributes:
        game: The game and its options.
        board: Every pit and store in sowing order (see the module docs).
        current_player: The seat to move, None once the game is over.
        is_over: True once the game is over, kept with the state.
    """

    __match_args__ = ("game", "board", "current_player")
    __slots__ = (*__match_args__, "is_over", "_sowing")

    game: Final[KalahaOptions[KalahaState]]
    board: Final[tuple[int, ...]]
    current_player: Final[int | None]
    is_over: Final[bool]
    _sowing: Final[Sowing]  # the game's, which the moves read

    def __init__(
        self,
        game: KalahaOptions[KalahaState],
        board: tuple[int, ...],
        current_player: int | None,
        sowing: Sowing | None = None,
    ) -> None:
        self.game = game
        self.board = board
        self.current_player = current_player
        self.is_over = current_player is None
        self._sowing = game.sowing if sowing is None else sowing

    @property
    def pits(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Seat 0's row, then seat 1's, each in that seat's own pit order."""
        rows = self._sowing.rows
        return self.board[rows[0]], self.board[rows[1]]

    @property
    def stores(self) -> tuple[int, int]:
        """Seat 0's store, then seat 1's."""
        p = self._sowing.pits
        return self.board[p], self.board[2 * p + 1]

    @property
    def scores(self) -> tuple[int, int]:
        """The seeds in each store (H5: the score is the seeds in your store)."""
        return self.stores

    def legal_actions(self) -> tuple[Sow, ...]:
        """Return a `Sow` for each non-empty pit of the mover, in pit order."""
        mover = self.current_player
        if mover is None:
            return ()
        board = self.board
        legal = []
        for place, action in self._sowing.pit_sows[mover]:  # each pit of the mover's, in order
            if board[place]:
                legal.append(action)
        return tuple(legal)

    def is_legal(self, action: object) -> bool:
        """Return True if ``action`` sows a non-empty pit of the mover (same answer as `legal_actions`)."""
        mover = self.current_player
        if type(action) is not Sow or mover is None:
            return False
        pit, p = action.pit, self._sowing.pits
        return pit < p and self.board[mover * (p + 1) + pit] > 0

    def apply(self, action: Action) -> KalahaState:
        """Return the state after ``action``; this state is unchanged (the sowing checks what `is_legal` checks).

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says why and lists what is legal.
        """
        return self.advance(action, None)

    def explain_illegal(self, action: object) -> Reason:
        """Say why a sowing is refused: the pit is empty, or not one of the board's (`KALAHA_REASONS`)."""
        if not isinstance(action, Sow):
            return KALAHA_REASONS.reason("kalaha.not_sow", action=brief(action))
        if action.pit >= self._sowing.pits:
            return KALAHA_REASONS.reason("kalaha.no_pit", pit=action.pit, last=self._sowing.pits - 1)
        return KALAHA_REASONS.reason("kalaha.pit_empty", pit=action.pit)

    def advance(self, action: Action, events: list[Event] | None) -> KalahaState:
        """Sow the pit's seeds, then capture, move again or end the game as the rules say."""
        mover = self.current_player
        sowing = self._sowing
        p = sowing.pits
        if type(action) is not Sow or mover is None:  # is_legal's test, which apply relies on
            raise self._illegal(action)
        pit = action.pit
        board = list(self.board)
        if pit >= p or not board[mover * (p + 1) + pit]:
            raise self._illegal(action)
        to_move = sow(sowing, board, mover, pit, events)
        result = KalahaState(self.game, tuple(board), to_move, sowing)
        if events is not None and to_move == mover:
            events.append(ev.ExtraMove(seat=mover))
        return result

    def view(self, seat: object) -> KalahaView:
        """Return the position as ``seat`` sees it: everything, since Kalaha hides nothing.

        Raises:
            SeatError: If ``seat`` is not 0, 1 or None.
        """
        seat = self.game.check_seat(seat)
        return KalahaView(
            seat=seat,
            current_player=self.current_player,
            scores=self.scores,
            winners=self.winners,
            legal_actions=self.legal_actions() if seat is not None and seat == self.current_player else (),
            pits=self.pits,
            stores=self.stores,
        )

    def parse_action(self, text: object) -> Sow:
        """Read a pit letter (``a`` is pit 0), in either case.

        Raises:
            InvalidActionError: If ``text`` names no pit of this game.

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> Kalaha().start().parse_action("C")
            Sow(pit=2)
        """
        letter = check_text(text, InvalidActionError, "notation").lower()
        p = self._sowing.pits
        if len(letter) != 1 or letter not in LETTERS[:p]:
            raise InvalidActionError(f"{brief(text)} is not a pit; the pits are the letters a to {pit_letter(p - 1)}")
        return SOWS[LETTERS.index(letter)]

    def json_fields(self) -> JSONDict:
        """The board and the seat to move, for `State.to_dict`."""
        rows = self.pits
        return {
            "pits": [list(rows[0]), list(rows[1])],
            "stores": list(self.stores),
            "current_player": self.current_player,
        }
