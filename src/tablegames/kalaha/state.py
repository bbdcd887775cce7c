"""Kalaha positions and the sowing rule.

The board is kept flat, in sowing order, as ``board``: seat 0's pits 0 .. p-1,
seat 0's store, seat 1's pits 0 .. p-1, seat 1's store (``p`` = pits). Sowing
always moves up this tuple, round to the start. The opposite of the pit at
flat index ``i`` is at ``2p - i``.

Examples:
    >>> from tablegames.kalaha import Kalaha, Sow
    >>> state = Kalaha().start().apply(Sow(2))
    >>> state.pits, state.stores, state.current_player
    (((4, 4, 0, 5, 5, 5), (4, 4, 4, 4, 4, 4)), (1, 0), 0)
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text
from tablegames.core.protocol import Action, Event, State, game_over
from tablegames.kalaha import events as ev
from tablegames.kalaha.actions import LETTERS, SOWS, Sow, pit_letter
from tablegames.kalaha.view import KalahaView

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict
    from tablegames.kalaha.game import Kalaha

__all__ = ["KalahaState"]


@attrs.frozen
class KalahaState(State):
    """A Kalaha position.

    Build positions with `Kalaha.start` or `Kalaha.position`, which validate;
    the constructor trusts its arguments.

    Attributes:
        game: The game and its options.
        board: Every pit and store in sowing order (see the module docs).
        current_player: The seat to move, None once the game is over.
        is_over: True once the game is over, kept with the state (see `game_over`).
    """

    game: Kalaha
    board: tuple[int, ...]
    current_player: int | None
    is_over: bool = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(game_over, takes_self=True))

    @property
    def pits(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Seat 0's row, then seat 1's, each in that seat's own pit order."""
        rows = self.game._rows
        return self.board[rows[0]], self.board[rows[1]]

    @property
    def stores(self) -> tuple[int, int]:
        """Seat 0's store, then seat 1's."""
        p = self.game.pits
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
        return tuple(compress(SOWS, self.board[self.game._rows[mover]]))

    def is_legal(self, action: object) -> bool:
        """Return True if ``action`` sows a non-empty pit of the mover (same answer as `legal_actions`)."""
        mover = self.current_player
        if type(action) is not Sow or mover is None:
            return False
        pit, p = action.pit, self.game.pits
        return pit < p and self.board[mover * (p + 1) + pit] > 0

    def apply(self, action: Action) -> KalahaState:
        """Return the state after ``action``; this state is unchanged (the sowing checks what `is_legal` checks).

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says why and lists what is legal.
        """
        return self._advance(action, None)

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, Sow):
            return f"{brief(action)} is not a Kalaha action (a Sow of a pit)"
        if action.pit >= self.game.pits:
            return f"there is no pit {action}: the pits are a to {pit_letter(self.game.pits - 1)}"
        return f"pit {action} of seat {self.current_player} is empty"

    def _advance(self, action: Action, events: list[Event] | None) -> KalahaState:
        mover = self.current_player
        game = self.game
        p = game.pits
        if type(action) is not Sow or mover is None:  # is_legal's test, which apply relies on
            raise self._illegal(action)
        pit = action.pit
        first = mover * (p + 1)  # the mover's pit 0 on the board
        sown = first + pit
        board = [*self.board]
        if pit >= p or not (seeds := board[sown]):
            raise self._illegal(action)
        board[sown] = 0
        sowings = game._sowings[mover][pit]  # by seeds, up to one fewer than the places of a route
        if seeds < len(sowings):
            reached, last = sowings[seeds]
        else:  # every place of the route gets a seed a lap, then the rest are sown
            laps, rest = divmod(seeds, len(sowings))
            for spot in game._routes[mover][: len(sowings)]:
                board[spot] += laps
            reached, last = sowings[rest]
        for spot in reached:
            board[spot] += 1
        if events is not None:
            events.append(ev.Sowed(seat=mover, pit=pit, seeds=seeds))
        to_move: int | None = 1 - mover
        if last == p:
            to_move = mover
        elif last < p and board[first + last] == 1:
            spot = first + last
            opposite = 2 * p - spot
            if game.empty_capture or board[opposite]:
                taken = board[opposite] + 1
                board[first + p] += taken  # the mover's store
                board[spot] = board[opposite] = 0
                if events is not None:
                    events.append(ev.Captured(seat=mover, pit=last, seeds=taken))
                if not any(board[game._rows[1 - mover]]):
                    to_move = None  # the capture emptied the opponent's row
        # Sowing only adds to the opponent's row, so only a capture can empty it. The mover's row is empty
        # when every pit is; the pit after the sown one, which the sowing filled unless it captured, is seen first.
        if to_move is None or not ((pit + 1 < p and board[sown + 1]) or any(board[game._rows[mover]])):
            to_move = None
            for seat, row in enumerate(game._rows):  # each seat's store is the place after its row
                left = sum(board[row])
                if left:
                    board[row.stop] += left
                    board[row] = [0] * p
                    if events is not None:
                        events.append(ev.Swept(seat=seat, seeds=left))
        result = KalahaState(game, tuple(board), to_move)
        if events is not None:
            if to_move == mover:
                events.append(ev.ExtraMove(seat=mover))
            elif to_move is None:
                events.append(ev.GameEnded(scores=result.scores, winners=result.winners))
        return result

    def view(self, seat: int | None) -> KalahaView:
        """Return the position as ``seat`` sees it: everything, since Kalaha hides nothing.

        Raises:
            SeatError: If ``seat`` is not 0, 1 or None.
        """
        self.game.check_seat(seat)
        return KalahaView(
            seat=seat,
            current_player=self.current_player,
            scores=self.scores,
            winners=self.winners,
            legal_actions=self.legal_actions() if seat is not None and seat == self.current_player else (),
            pits=self.pits,
            stores=self.stores,
        )

    def parse_action(self, text: str) -> Sow:
        """Read a pit letter (``a`` is pit 0), in either case.

        Raises:
            InvalidActionError: If ``text`` names no pit of this game.

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> Kalaha().start().parse_action("C")
            Sow(pit=2)
        """
        letter = check_text(text, InvalidActionError, "notation").lower()
        p = self.game.pits
        if len(letter) != 1 or letter not in LETTERS[:p]:
            raise InvalidActionError(f"{brief(text)} is not a pit; the pits are the letters a to {pit_letter(p - 1)}")
        return SOWS[LETTERS.index(letter)]

    def _fields(self) -> JSONDict:
        rows = self.pits
        return {
            "pits": [list(rows[0]), list(rows[1])],
            "stores": list(self.stores),
            "current_player": self.current_player,
        }

    def __str__(self) -> str:
        return str(self.view(None))
