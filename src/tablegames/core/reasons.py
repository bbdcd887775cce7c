"""Why an action or a game's options are refused, as a value: a key and fields any language can tell, and English.

A refusal's text is composed from parts (a seat, a card, a count), and a
player reading it in German or Swedish needs those parts, not the English
sentence. So a game states each of its refusals once, in a `Catalogue`: a
key such as ``"kalaha.pit_empty"``, the fields it takes, and its English
template. `State.refusal` answers with a `Reason` made from it; its fields are
language-neutral (seats and counts as integers, cards in notation like
``"Qh"``, suits as letters), its ``str`` is the English sentence, and
`Reason.to_dict` is what the server sends, for a client to say the same in
the player's language. A game's options are refused the same way: the
refusals every game's options share are stated in
`tablegames.core.options.CONFIG` (``"config.integer"``), and
`ConfigError.reason` carries them.

Examples:
    >>> import tablegames
    >>> state = tablegames.load("kalaha").start()
    >>> state = state.apply(state.parse_action("c"))
    >>> reason = state.refusal(state.parse_action("c"))
    >>> reason.key, reason.values, str(reason)
    ('kalaha.pit_empty', {'pit': 2}, 'pit c is empty')
    >>> reason.to_dict()
    {'key': 'kalaha.pit_empty', 'fields': {'pit': 2}}
"""

from __future__ import annotations

import inspect
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeAlias

import attrs

__all__ = ["CORE", "Catalogue", "Field", "Reason", "said"]

#: The value of a reason's field: a seat, count, pit or rank (int), a card, suit or name (str), a flag, a list of
#: cards (a tuple of notation), or None (no card yet).
Field: TypeAlias = str | int | bool | tuple[str, ...] | None


def _frozen(fields: Mapping[str, Field] | Iterable[tuple[str, Field]]) -> tuple[tuple[str, Field], ...]:
    """The fields as sorted pairs, lists made tuples: a hashable value, equal for equal fields."""
    pairs = fields.items() if isinstance(fields, Mapping) else fields
    return tuple(sorted((name, tuple(value) if isinstance(value, list) else value) for name, value in pairs))


@attrs.frozen
class Reason:
    """Why an action, or a game's options, are refused: a key, its language-neutral fields, and the English sentence.

    Attributes:
        key: What kind of refusal, ``"<game>.<name>"`` (``"core.…"`` for the
            cases every game shares, ``"config.…"`` for its options): the key
            of the template in the game's `Catalogue` and of the client's
            words for it.
        fields: The parts of the sentence, as sorted ``(name, value)`` pairs
            (given as a mapping, they are sorted): seats, counts, pits and
            ranks as integers, cards in notation, suits as letters.
        text: The sentence in English, as ``str(reason)`` gives it.

    Examples:
        >>> reason = Reason("loo.not_in_hand", {"card": "Qh"}, "Qh is not in your hand")
        >>> str(reason), reason.values
        ('Qh is not in your hand', {'card': 'Qh'})
        >>> reason == Reason("loo.not_in_hand", [("card", "Qh")], "Qh is not in your hand")
        True
    """

    key: str
    fields: tuple[tuple[str, Field], ...] = attrs.field(converter=_frozen)
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def values(self) -> dict[str, Field]:
        """The fields as a dict, by name.

        Examples:
            >>> said("not now").values
            {'text': 'not now'}
        """
        return dict(self.fields)

    def to_dict(self) -> dict[str, Any]:
        """The key and fields as JSON-ready values, as the server sends them (lists for tuples).

        Examples:
            >>> Reason("kalo.not_in_hand", {"cards": ("Qh", "3c")}, "Qh 3c are not in your hand").to_dict()
            {'key': 'kalo.not_in_hand', 'fields': {'cards': ['Qh', '3c']}}
        """
        return {
            "key": self.key,
            "fields": {name: list(value) if isinstance(value, tuple) else value for name, value in self.fields},
        }


def _field_names(template: str | Callable[..., str]) -> tuple[str, ...]:
    """The fields a template takes: the placeholders of a string, the keyword-only parameters of a function."""
    if isinstance(template, str):
        return tuple(sorted({name for _, name, _, _ in string.Formatter().parse(template) if name}))
    parameters = inspect.signature(template).parameters.values()
    return tuple(sorted(each.name for each in parameters if each.kind is inspect.Parameter.KEYWORD_ONLY))


@attrs.frozen(eq=False)
class Catalogue:
    """A game's refusals, each stated once: its key, the fields it takes, and its English template.

    A template is a string whose placeholders are the fields (``"pit {pit}
    is empty"``), or a function of keyword-only fields returning the English
    sentence (where a field is shown otherwise than as it is, or the
    sentence is composed from parts).

    Attributes:
        templates: The English template of each key.

    Examples:
        >>> catalogue = Catalogue({"demo.busy": "seat {seat} is busy", "demo.many": lambda *, n: f"{n} too many"})
        >>> catalogue.fields("demo.busy"), catalogue.fields("demo.many")
        (('seat',), ('n',))
        >>> str(catalogue.reason("demo.many", n=3))
        '3 too many'
        >>> catalogue.reason("demo.busy", seat=1, card="Qh")
        Traceback (most recent call last):
        ...
        TypeError: demo.busy takes the fields ('seat',), not ('card', 'seat')
    """

    templates: Mapping[str, str | Callable[..., str]]
    _fields: dict[str, tuple[str, ...]] = attrs.field(init=False)

    @_fields.default
    def _all_fields(self) -> dict[str, tuple[str, ...]]:
        return {key: _field_names(template) for key, template in self.templates.items()}

    def __contains__(self, key: object) -> bool:
        return key in self.templates

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)

    def keys(self) -> tuple[str, ...]:
        """Every key of the catalogue, in the order stated.

        Examples:
            >>> CORE.keys()[:2]
            ('core.game_over', 'core.text')
        """
        return tuple(self.templates)

    def fields(self, key: str) -> tuple[str, ...]:
        """The names of the fields ``key`` takes, sorted.

        Raises:
            KeyError: If the catalogue has no such key.

        Examples:
            >>> CORE.fields("core.turn")
            ('current', 'seat')
        """
        return self._fields[key]

    def reason(self, key: str, /, **fields: Field) -> Reason:
        """The reason ``key`` with these fields, its English made from the template.

        Raises:
            KeyError: If the catalogue has no such key.
            TypeError: If the fields are not exactly the template's.

        Examples:
            >>> str(CORE.reason("core.turn", current=0, seat=1))
            "it is seat 0's decision, not seat 1's"
        """
        template = self.templates[key]
        if tuple(sorted(fields)) != self._fields[key]:
            raise TypeError(f"{key} takes the fields {self._fields[key]}, not {tuple(sorted(fields))}")
        text = template.format(**fields) if isinstance(template, str) else template(**fields)
        return Reason(key, fields, text)


#: The refusals every game shares: the game is over, text given for an action, an action of another game, a
#: refused action the game does not explain, a reason a game gives as plain text, and acting out of turn.
CORE = Catalogue(
    {
        "core.game_over": "{action} cannot be played: the game is over",
        "core.text": "apply takes an action, not text: read {action} with parse_action",
        "core.foreign": "{action} is not an action of {game}",
        "core.not_legal": "{action} is not a legal action for seat {seat}",
        "core.said": "{text}",
        "core.turn": "it is seat {current}'s decision, not seat {seat}'s",
        "core.turn_over": "it is nobody's: the game is over, not seat {seat}'s",
    }
)


def said(text: str) -> Reason:
    """A reason given only as English text (by a game that states no catalogue): the key ``core.said``.

    Examples:
        >>> said("the dragon is asleep")
        Reason(key='core.said', fields=(('text', 'the dragon is asleep'),), text='the dragon is asleep')
    """
    return CORE.reason("core.said", text=text)
