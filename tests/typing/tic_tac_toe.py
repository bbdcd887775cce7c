"""Tic-tac-toe written against the public hooks alone, and checked by the conformance kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames import Action, Event, Game, InvalidActionError, InvalidStateError, State, View, register, unregister
from tablegames.core.options import check_seed
from tablegames.core.serial import JSONDict, check_header, check_keys, read_int, read_int_list
from tablegames.testing import check_game

if TYPE_CHECKING:
    from collections.abc import Mapping

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@attrs.frozen
class Mark(Action):
    """Mark square ``square`` (0 to 8, row by row); notation its number."""

    kind: ClassVar[str] = "mark"
    square: int

    def __str__(self) -> str:
        return str(self.square)


@attrs.frozen
class BoardView(View):
    """Everything: tic-tac-toe hides nothing."""

    game_name: ClassVar[str] = "tic-tac-toe"
    board: tuple[int, ...]

    def json_fields(self) -> JSONDict:
        """The board: -1 for an empty square, else the seat that marked it."""
        return {"board": list(self.board)}


@attrs.frozen
class TicTacToe(Game["Board"]):
    """Tic-tac-toe for two: three marks in a line win."""

    name: ClassVar[str] = "tic-tac-toe"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def options(self) -> JSONDict:
        """No options."""
        return {}

    def start(self, seed: int | None = None) -> Board:
        """The empty board, seat 0 to mark."""
        check_seed(seed)
        return Board(game=self, board=(-1,) * 9)

    def action_from_dict(self, data: object) -> Mark:
        """Read a mark from its dict."""
        checked = check_header(data, "action", InvalidActionError)
        check_keys(checked, ("type", "square"), InvalidActionError, "action")
        if checked.get("type") != Mark.kind:
            raise InvalidActionError(f"tic-tac-toe has one action type, 'mark'; got {checked.get('type')!r}")
        return Mark(read_int(checked, "square", InvalidActionError, "action", minimum=0, maximum=8))

    def read_state(self, data: Mapping[str, Any]) -> Board:
        """Read the board, checking that the marks alternate."""
        check_keys(data, ("game", "options", "board"), InvalidStateError, "state")
        board = read_int_list(data, "board", InvalidStateError, "state", length=9, minimum=-1)
        if max(board) > 1:
            raise InvalidStateError(f"a square holds -1 (empty), 0 or 1, got {max(board)}")
        if not 0 <= board.count(0) - board.count(1) <= 1:
            raise InvalidStateError("seat 0 marks first and the seats take turns")
        return Board(game=self, board=board)


@attrs.frozen
class Board(State):
    """The nine squares: -1 empty, else the seat that marked it."""

    game: TicTacToe
    board: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        """The seat with three in a line, if any."""
        for a, b, c in LINES:
            if self.board[a] != -1 and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    @property
    def current_player(self) -> int | None:
        """Seat 0 after an even number of marks, until a line or a full board."""
        if self.winner is not None or -1 not in self.board:
            return None
        return self.board.count(0) - self.board.count(1)

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for the seat with a line."""
        return tuple(int(self.winner == seat) for seat in range(2))

    def legal_actions(self) -> tuple[Mark, ...]:
        """The empty squares in order."""
        if self.current_player is None:
            return ()
        return tuple(Mark(square) for square in range(9) if self.board[square] == -1)

    def advance(self, action: Action, events: list[Event] | None) -> Board:
        """Mark the square."""
        assert isinstance(action, Mark)
        assert self.current_player is not None
        board = list(self.board)
        board[action.square] = self.current_player
        return Board(game=self.game, board=tuple(board))

    def view(self, seat: int | None) -> BoardView:
        """The whole board, with the legal marks for the seat to mark."""
        self.game.check_seat(seat)
        legal = self.legal_actions() if seat is not None and seat == self.current_player else ()
        return BoardView(seat, self.current_player, self.scores, self.winners, legal, board=self.board)

    def parse_action(self, text: str) -> Mark:
        """Read a square's number."""
        if not (isinstance(text, str) and len(text.strip()) == 1 and text.strip() in "012345678"):
            raise InvalidActionError(f"{text!r} is not a square; write 0 to 8")
        return Mark(int(text))

    def explain_illegal(self, action: object) -> str:
        """Say which square is taken."""
        if isinstance(action, Mark) and 0 <= action.square <= 8:
            return f"square {action.square} is taken"
        return f"{action} is not a square of the board"

    def json_fields(self) -> JSONDict:
        """The board as a list."""
        return {"board": list(self.board)}


def checked() -> int:
    """Register the game (records name it), run the conformance kit on it; return how many games it played."""
    register(TicTacToe.name, TicTacToe)
    try:
        return check_game(TicTacToe(), seeds=range(3)).playouts
    finally:
        unregister(TicTacToe.name)
