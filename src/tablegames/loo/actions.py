"""Loo's actions: the play-or-drop decision, taking the Miss, and playing a card.

| action | notation | when |
|---|---|---|
| `Stay()` | ``play`` | deciding: stay in and play the round (L5) |
| `Drop()` | ``drop`` | deciding: drop out; the hand is dead (L5) |
| `TakeMiss()` | ``miss`` | deciding, with option ``miss``: take the Miss, pay the fee, play (L15) |
| `PlayCard(card)` | ``Qh`` | in a trick: lead or follow with a card (L7–L9); ``play Qh`` and ``pam`` read too |

Examples:
    >>> parse_action("drop")
    Drop()
    >>> str(parse_action("play pam"))
    'Jc'
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text
from tablegames.core.protocol import Action
from tablegames.loo.cards import DECK, Card, parse_card

__all__ = ["DROP", "PLAYS", "STAY", "TAKE_MISS", "Drop", "PlayCard", "Stay", "TakeMiss", "parse_action"]


def _card(_: Any, __: Any, value: Any) -> None:
    if not isinstance(value, Card):
        raise InvalidActionError(f"a card play needs a Card, got {brief(value)}")


@attrs.frozen
class Stay(Action):
    """Stay in: play the round with the hand dealt (L5)."""

    kind: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "play"


@attrs.frozen
class Drop(Action):
    """Drop out of the round: the hand is dead, nothing won and nothing risked (L5)."""

    kind: ClassVar[str] = "drop"

    def __str__(self) -> str:
        return "drop"


@attrs.frozen
class TakeMiss(Action):
    """Take the Miss: pay the fee, exchange your hand for the Miss unseen, and play (L15)."""

    kind: ClassVar[str] = "take_miss"

    def __str__(self) -> str:
        return "miss"


@attrs.frozen
class PlayCard(Action):
    """Lead or follow with ``card``."""

    kind: ClassVar[str] = "play_card"
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return str(self.card)


#: The one `Stay`, `Drop` and `TakeMiss`.
STAY = Stay()
DROP = Drop()
TAKE_MISS = TakeMiss()
#: One interned `PlayCard` per card.
PLAYS: dict[Card, PlayCard] = {card: PlayCard(card) for card in DECK}
_WORDS: dict[str, Action] = {"play": STAY, "stay": STAY, "drop": DROP, "miss": TAKE_MISS}


def parse_action(text: object) -> Action:
    """Read any Loo action from its notation (see the table above), in either case.

    Raises:
        InvalidActionError: If ``text`` is not Loo notation.
    """
    words = check_text(text, InvalidActionError, "notation").lower().split()
    if len(words) == 1 and words[0] in _WORDS:
        return _WORDS[words[0]]
    if len(words) == 2 and words[0] == "play":
        words = words[1:]
    if len(words) == 1:
        with contextlib.suppress(InvalidActionError):
            return PLAYS[parse_card(words[0])]
    raise InvalidActionError(f"{brief(text)} is not a Loo action; try play, drop, miss, or a card such as Qh, 10d, pam")
