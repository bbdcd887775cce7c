"""Kalaha's one action, `Sow`, and its notation.

A pit is named by its number ``0 .. pits-1`` in the API and by a letter in
notation: pit 0 is ``a``, pit 1 is ``b``, and so on (see the rules page, H6).

Examples:
    >>> Sow(2)
    Sow(pit=2)
    >>> str(Sow(2))
    'c'
    >>> Sow(2).to_dict()
    {'format': 'tablegames.action', 'version': 1, 'type': 'sow', 'pit': 2}
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief
from tablegames.core.protocol import Action

__all__ = ["LETTERS", "MAX_PITS", "Sow", "pit_letter"]

#: The pit letters in order; their count bounds the ``pits`` option.
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: The most pits a row may have (one per letter).
MAX_PITS = len(LETTERS)


def pit_letter(pit: int) -> str:
    """Return the notation letter of pit number ``pit``.

    Examples:
        >>> pit_letter(0), pit_letter(5)
        ('a', 'f')
    """
    return LETTERS[pit]


def _check_pit(_: Any, __: Any, pit: Any) -> None:
    if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < MAX_PITS:
        raise InvalidActionError(f"a pit is an integer from 0 to {MAX_PITS - 1}, got {brief(pit)}")


@attrs.frozen
class Sow(Action):
    """Take every seed from one of the mover's pits and sow them.

    Attributes:
        pit: The pit number in the mover's own row, ``0 .. pits-1``, counted
            from the pit farthest from the mover's store.
    """

    kind: ClassVar[str] = "sow"

    pit: int = attrs.field(validator=_check_pit)

    def __str__(self) -> str:
        return LETTERS[self.pit]


#: One interned `Sow` per pit number; legal_actions hands these out.
SOWS: tuple[Sow, ...] = tuple(Sow(pit) for pit in range(MAX_PITS))
