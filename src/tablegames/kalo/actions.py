"""Kalo's actions: every decision of a round, one at a time.

| action | notation | who decides |
|---|---|---|
| `Arrange(slot)` | ``arrange 4`` | before the opening play: the card at ``slot`` comes next in your hand |
| `Ready()` | ``ready`` | you are done arranging |
| `Play(cards)` | ``8c 8h`` | lead or follow with 1–4 cards of one rank |
| `Pass()` | ``pass`` | a follower does not play |
| `ChooseCard(card)` | ``card Qh`` | an effect's card: from your hand (3) or from the discard pile (4, 5) |
| `ChooseSeat(seat)` | ``seat 2`` | an effect's other player (3, 5, 6) |
| `ChooseSlot(slot)` | ``slot 4`` | the slot of the other player's hand a 6 takes |
| `Insert(slot)` | ``insert 0`` | whoever receives a card: where it goes in their hand |

Examples:
    >>> str(Play((Card.parse("8h"), Card.parse("8c"))))
    '8c 8h'
    >>> parse_action("card 10d")
    ChooseCard(card=Card(rank=10, suit='d'))
"""

from __future__ import annotations

import functools
from itertools import repeat
from typing import Any, ClassVar

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text
from tablegames.core.protocol import Action
from tablegames.kalo.cards import DECK, KALO, Card, card_key, rank_of

__all__ = [
    "CARD_CHOICES",
    "PASS",
    "READY",
    "Arrange",
    "ChooseCard",
    "ChooseSeat",
    "ChooseSlot",
    "Insert",
    "Pass",
    "Play",
    "Ready",
    "parse_action",
]


#: The highest slot number a hand can have: no hand reaches 64 cards (a deck has 52).
MAX_SLOT = 63
#: The highest seat number: Kalo is for at most 6 players.
MAX_SEAT = 5


def _index(maximum: int) -> Any:
    def check(_: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or not 0 <= value <= maximum:
            raise InvalidActionError(f"{attribute.name} must be an integer from 0 to {maximum}, got {brief(value)}")

    return check


def _card(_: Any, __: Any, value: Any) -> None:
    if not isinstance(value, Card):
        raise InvalidActionError(f"an effect's card must be a Card, got {brief(value)}")


def _cards(value: Any) -> tuple[Card, ...]:
    if (
        not isinstance(value, (tuple, list, frozenset, set))
        or len(value) > 4
        or not all(map(isinstance, value, repeat(Card, len(value))))
    ):
        raise InvalidActionError(f"a play is a collection of 1 to 4 cards, got {brief(value)}")
    return tuple(sorted(value, key=card_key))


def _one_rank(_: Any, __: Any, cards: tuple[Card, ...]) -> None:
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise InvalidActionError(f"a play is 1 to 4 different cards, got {' '.join(map(str, cards)) or 'none'}")
    if len({card.rank for card in cards}) != 1:
        raise InvalidActionError(f"a play is cards of one rank, got {' '.join(map(str, cards))}")


@attrs.frozen
class Arrange(Action):
    """Before the opening play: move the card at ``slot`` to the next place of your arranged hand."""

    kind: ClassVar[str] = "arrange"
    slot: int = attrs.field(validator=_index(MAX_SLOT))

    def __str__(self) -> str:
        return f"arrange {self.slot}"


@attrs.frozen
class Ready(Action):
    """You are done arranging your hand."""

    kind: ClassVar[str] = "ready"

    def __str__(self) -> str:
        return "ready"


@attrs.frozen
class Play(Action):
    """Lead or follow with ``cards``: 1 to 4 cards of one rank (kept sorted)."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, ...] = attrs.field(converter=_cards, validator=_one_rank)
    #: The notation, written once: plays are interned and shown in every view that offers them.
    _text: str = attrs.field(init=False, eq=False, repr=False)
    #: The rank of the cards (kept with the play: bots and rules ask for it at every turn).
    rank: int = attrs.field(init=False, eq=False, repr=False)

    @_text.default
    def _notation(self) -> str:
        return " ".join(map(str, self.cards))

    @rank.default
    def _rank(self) -> int:
        return rank_of(self.cards[0]) if self.cards else 0  # no cards: the validator, which runs next, refuses them

    @property
    def has_kalo(self) -> bool:
        """True if the Kalo is among the cards."""
        return KALO in self.cards

    def __str__(self) -> str:
        return self._text


@attrs.frozen
class Pass(Action):
    """A follower does not play this time."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class ChooseCard(Action):
    """An effect's card: from your own hand for a 3, from the discard pile for a 4 or 5."""

    kind: ClassVar[str] = "choose_card"
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"card {self.card}"


@attrs.frozen
class ChooseSeat(Action):
    """An effect's other player: who receives (3, 5) or who is robbed (6)."""

    kind: ClassVar[str] = "choose_seat"
    seat: int = attrs.field(validator=_index(MAX_SEAT))

    def __str__(self) -> str:
        return f"seat {self.seat}"


@attrs.frozen
class ChooseSlot(Action):
    """A 6: the slot of the chosen player's hand whose card you take."""

    kind: ClassVar[str] = "choose_slot"
    slot: int = attrs.field(validator=_index(MAX_SLOT))

    def __str__(self) -> str:
        return f"slot {self.slot}"


@attrs.frozen
class Insert(Action):
    """You receive a card: it goes in at ``slot`` (0 is the front; your hand's size is the end)."""

    kind: ClassVar[str] = "insert"
    slot: int = attrs.field(validator=_index(MAX_SLOT))

    def __str__(self) -> str:
        return f"insert {self.slot}"


#: The one `Ready` and the one `Pass`.
READY = Ready()
PASS = Pass()
#: Interned numbered decisions for the slots and seats a game can have (hands never reach 64 cards).
ARRANGES = tuple(Arrange(slot) for slot in range(MAX_SLOT + 1))
INSERTS = tuple(Insert(slot) for slot in range(MAX_SLOT + 1))
SLOTS = tuple(ChooseSlot(slot) for slot in range(MAX_SLOT + 1))
SEATS = tuple(ChooseSeat(seat) for seat in range(MAX_SEAT + 1))
#: One interned `ChooseCard` per card.
CARD_CHOICES: dict[Card, ChooseCard] = {card: ChooseCard(card) for card in DECK}

_NUMBERED: dict[str, type[Arrange | ChooseSeat | ChooseSlot | Insert]] = {
    "arrange": Arrange,
    "seat": ChooseSeat,
    "slot": ChooseSlot,
    "insert": Insert,
}


def parse_action(text: object) -> Action:
    """Read any Kalo action from its notation (see the table above).

    The actions of the texts read most recently are kept (actions are
    values), so replaying a record reads each notation once.

    Raises:
        InvalidActionError: If ``text`` is not Kalo notation.
    """
    return _read_kept(text) if type(text) is str else _read(text)


def _read(text: object) -> Action:
    words = check_text(text, InvalidActionError, "notation").split()
    if not words:
        raise InvalidActionError(f"{brief(text)} is not a Kalo action; try e.g. '8c 8h', 'pass', 'card Qh', 'insert 0'")
    head, rest = words[0].lower(), words[1:]
    if head in ("ready", "pass") and not rest:
        return READY if head == "ready" else PASS
    if head in _NUMBERED:
        if len(rest) != 1 or not rest[0].isascii() or not rest[0].isdigit() or len(rest[0]) > 2:
            what = "seat number, e.g. 'seat 2'" if head == "seat" else f"slot number, e.g. '{head} 3'"
            raise InvalidActionError(f"{brief(text)} is not a Kalo action: {head} takes one {what}")
        return _NUMBERED[head](int(rest[0]))
    if head == "card" and len(rest) == 1:
        return ChooseCard(Card.parse(rest[0]))
    cards = rest if head == "play" else words
    try:
        return Play(tuple(Card.parse(word) for word in cards))
    except InvalidActionError as error:
        raise InvalidActionError(f"{brief(text)} is not a Kalo action: {error}") from None


#: `_read` with the actions of the last texts read kept (a refusal is not kept: it is raised again).
_read_kept = functools.lru_cache(maxsize=4096)(_read)
