"""What happens in a Kalaha move, as `Event` values.

Everything in Kalaha is public, so every seat sees every event whole.

Examples:
    >>> str(Captured(seat=0, pit=1, seeds=5))
    'seat 0 captures 5 seeds at pit b'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.core.plurals import plural
from tablegames.core.protocol import Event, GameEnded
from tablegames.kalaha.actions import pit_letter

__all__ = ["Captured", "ExtraMove", "GameEnded", "Sowed", "Swept"]


def _seeds(count: int) -> str:
    return plural(count, "seed")


class _KalahaEvent(Event):
    """An event of Kalaha: its dict says ``"game": "kalaha"``."""

    __slots__ = ()

    game_name: ClassVar[str | None] = "kalaha"


@attrs.frozen
class Sowed(_KalahaEvent):
    """``seat`` emptied ``pit`` and sowed its ``seeds``."""

    kind: ClassVar[str] = "sowed"

    seat: int
    pit: int
    seeds: int

    def __str__(self) -> str:
        return f"seat {self.seat} sows {_seeds(self.seeds)} from pit {pit_letter(self.pit)}"


@attrs.frozen
class Captured(_KalahaEvent):
    """A last seed in ``seat``'s empty ``pit`` took itself and the opposite seeds, ``seeds`` in all, to the store."""

    kind: ClassVar[str] = "captured"

    seat: int
    pit: int
    seeds: int

    def __str__(self) -> str:
        return f"seat {self.seat} captures {_seeds(self.seeds)} at pit {pit_letter(self.pit)}"


@attrs.frozen
class ExtraMove(_KalahaEvent):
    """The last seed landed in ``seat``'s own store and the game goes on, so ``seat`` moves again."""

    kind: ClassVar[str] = "extra_move"

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} moves again"


@attrs.frozen
class Swept(_KalahaEvent):
    """At the end, ``seat`` put the ``seeds`` left in its own row into its store."""

    kind: ClassVar[str] = "swept"

    seat: int
    seeds: int

    def __str__(self) -> str:
        return f"seat {self.seat} puts the {_seeds(self.seeds)} left in its row into its store"
