"""Reading Kalaha positions: from the rows and stores a person sets up, and from a state's dict.

Every count is checked, the seeds must add up to what the game puts in play,
and the position must be one play can reach (H5: no row empty while the
other is not).

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> state = read_position(Kalaha(pits=2, seeds=1), ((1, 0), (0, 1)), (1, 1), 0)
    >>> state.board
    (1, 0, 1, 0, 1, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.errors import InvalidStateError
from tablegames.core.inputs import brief
from tablegames.core.serial import check_keys, int_tuple
from tablegames.kalaha.state import KalahaState

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames.kalaha.options import KalahaOptions

__all__ = ["read_position", "read_state"]


def read_position(
    game: KalahaOptions[KalahaState], rows: Sequence[Sequence[int]], stores: Sequence[int], to_move: int | None
) -> KalahaState:
    """The position of ``game`` with ``rows``, ``stores`` and ``to_move``, checked (see `Kalaha.position`).

    Raises:
        InvalidStateError: If a count, a row or the seat to move is wrong, the
            seeds do not add up, or the position could not stand.
    """
    if not isinstance(rows, (list, tuple)) or len(rows) != 2:
        raise InvalidStateError(f"rows must be two rows (seat 0's, then seat 1's), got {brief(rows)}")
    row0 = int_tuple(rows[0], "seat 0's row", InvalidStateError, length=game.pits, minimum=0)
    row1 = int_tuple(rows[1], "seat 1's row", InvalidStateError, length=game.pits, minimum=0)
    store0, store1 = int_tuple(stores, "stores", InvalidStateError, length=2, minimum=0)
    total = sum(row0) + sum(row1) + store0 + store1
    if total != 2 * game.pits * game.seeds:
        raise InvalidStateError(
            f"the position holds {total} seeds; Kalaha with {game.pits} pits of {game.seeds} "
            f"holds {2 * game.pits * game.seeds} (2 x pits x seeds)"
        )
    empty0, empty1 = not any(row0), not any(row1)
    if empty0 != empty1:
        full, empty = (1, 0) if empty0 else (0, 1)
        raise InvalidStateError(
            f"seat {empty}'s row is empty but seat {full}'s is not; the game would have ended when the row was emptied"
        )
    if empty0 and to_move is not None:
        raise InvalidStateError(f"both rows are empty, so the game is over and nobody is to move, got {brief(to_move)}")
    if not empty0 and (type(to_move) is not int or to_move not in (0, 1)):
        raise InvalidStateError(f"the seat to move must be 0 or 1 while the game goes on, got {brief(to_move)}")
    return KalahaState(game=game, board=(*row0, store0, *row1, store1), current_player=to_move)


def read_state(game: KalahaOptions[KalahaState], data: Mapping[str, Any]) -> KalahaState:
    """The state a dict holds (its header already checked by `Game.from_dict`): its pits, stores and seat to move.

    Raises:
        InvalidStateError: If a field is missing, unknown or wrong.
    """
    check_keys(data, ("game", "options", "pits", "stores", "current_player"), InvalidStateError, "state")
    missing = [key for key in ("pits", "stores", "current_player") if key not in data]
    if missing:
        raise InvalidStateError(f"a Kalaha state needs the field(s) {missing}")
    return read_position(game, rows=data["pits"], stores=data["stores"], to_move=data["current_player"])
