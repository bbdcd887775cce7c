"""What a seat sees of a Kalaha position (everything: Kalaha has no hidden information).

``str(view)`` draws the board from the seat's side of the table: the seat's
own row at the bottom, read left to right from pit ``a``, its store on the
right; the opponent's row on top, its store on the left.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> print(Kalaha(pits=3, seeds=2).start().view(0))
           c   b   a
         [ 2][ 2][ 2]
    [ 0]              [ 0]
         [ 2][ 2][ 2]
           a   b   c
    seat 0 to move: a b c
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.protocol import View, result_text
from tablegames.kalaha.actions import pit_letter

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = ["KalahaView"]


@attrs.frozen
class KalahaView(View):
    """A Kalaha position as one seat sees it.

    Attributes:
        pits: Seat 0's row, then seat 1's, each in its own pit order.
        stores: Seat 0's store, then seat 1's.
    """

    game_name: ClassVar[str] = "kalaha"

    pits: tuple[tuple[int, ...], tuple[int, ...]]
    stores: tuple[int, int]

    def json_fields(self) -> JSONDict:
        """The board as the seat sees it (all of it: Kalaha hides nothing), for `View.to_dict`."""
        return {"pits": [list(self.pits[0]), list(self.pits[1])], "stores": list(self.stores)}

    def observation(self) -> tuple[int, ...]:
        """The position as ``2 x pits + 4`` numbers from this seat's side (the layout: `tablegames.kalaha.encoding`).

        Examples:
            >>> from tablegames.kalaha import Kalaha
            >>> Kalaha(pits=2, seeds=1).start().view(1).observation()
            (1, 1, 0, 1, 1, 0, 0, 1)
        """
        me = 1 if self.seat == 1 else 0
        them = 1 - me
        mover = self.current_player
        return (
            *self.pits[me],
            self.stores[me],
            *self.pits[them],
            self.stores[them],
            int(mover == me),
            int(mover == them),
        )

    def __str__(self) -> str:
        me = 1 if self.seat == 1 else 0
        them = 1 - me
        width = len(self.pits[me])
        pad = " " * 5
        labels = "".join(f"  {pit_letter(pit)} " for pit in range(width))
        top_labels = "".join(f"  {pit_letter(pit)} " for pit in reversed(range(width)))
        top = "".join(f"[{seeds:2}]" for seeds in reversed(self.pits[them]))
        bottom = "".join(f"[{seeds:2}]" for seeds in self.pits[me])
        middle = f"[{self.stores[them]:2}]{' ' * (4 * width + 2)}[{self.stores[me]:2}]"
        lines = [pad + top_labels, pad + top, middle, pad + bottom, pad + labels]
        if self.current_player is None:
            lines.append(f"game over {result_text(self.scores, self.winners)}")
        else:
            moves = " ".join(str(action) for action in self.legal_actions)
            lines.append(f"seat {self.current_player} to move" + (f": {moves}" if moves else ""))
        return "\n".join(line.rstrip() for line in lines)
