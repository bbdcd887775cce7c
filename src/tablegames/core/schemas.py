"""JSON Schemas (2020-12) of a game's JSON formats: its state, view, action, event and record dicts.

A frontend in another language validates what it reads, or generates its
types, from these documents (`Game.json_schemas` gives a game's five; the
package ships them as files, and ``tablegames serve`` serves them). They are
built from the library's own definitions:

- an **action** or an **event** from the attrs fields its `to_dict` writes,
  each field's annotation giving its JSON type (`FIELD_TYPES`), one
  alternative per action or event type;
- a **state** or a **view** from the header every state or view has and the
  game's own fields, which each game states once in its ``schema`` module
  beside the code that writes them (its tests check the two agree);
- a **record** from the record's own fields, with the game's state schema
  for a ``start`` state.

What a schema cannot say (a seat within the player count, seeds that add
up, a card in one place only) the readers still check: a dict a schema
accepts may still be refused by ``game.from_dict``, never the other way
round.

Examples:
    >>> from tablegames.kalaha.actions import Sow
    >>> action_schema([Sow])["oneOf"][0]["properties"]["pit"]
    {'type': 'integer'}
    >>> nullable(CARD)["anyOf"][1]
    {'type': 'null'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.writing import FORMAT_VERSION, public_fields

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from types import ModuleType

    from tablegames.core.actions import Action
    from tablegames.core.events import Event
    from tablegames.core.writing import JSONDict

__all__ = [
    "BOOLEAN",
    "CARD",
    "COUNT",
    "DIALECT",
    "FIELD_TYPES",
    "INTEGER",
    "KINDS",
    "SEED",
    "STRING",
    "action_schema",
    "array",
    "closed",
    "declared",
    "document",
    "event_schema",
    "nullable",
    "open_schemas",
    "options_schema",
    "record_schema",
    "schemas",
    "state_schema",
    "view_schema",
]

#: The JSON Schema dialect of every document here.
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The formats a game has a schema of, in the order `Game.json_schemas` gives them.
KINDS = ("state", "view", "action", "event", "record")

INTEGER: JSONDict = {"type": "integer"}
COUNT: JSONDict = {"type": "integer", "minimum": 0}
STRING: JSONDict = {"type": "string"}
BOOLEAN: JSONDict = {"type": "boolean"}
#: A seed: a deal's, or a match's.
SEED: JSONDict = {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}
#: A card in notation (``"Qh"``, ``"10s"``), read in either case.
CARD: JSONDict = {"type": "string", "pattern": "^(10|[2-9JjQqKkAa])[CcDdHhSs]$"}


def nullable(schema: JSONDict) -> JSONDict:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: JSONDict, *, length: int | None = None, unique: bool = False) -> JSONDict:
    """A list of ``items``; of exactly ``length`` of them if given; with no repeats if ``unique``."""
    schema: JSONDict = {"type": "array", "items": items}
    if length is not None:
        schema["minItems"] = schema["maxItems"] = length
    if unique:
        schema["uniqueItems"] = True
    return schema


def closed(properties: Mapping[str, JSONDict], *, optional: Iterable[str] = ()) -> JSONDict:
    """An object with exactly these keys (those in ``optional`` may be left out) and no others."""
    left_out = set(optional)
    return {
        "type": "object",
        "properties": dict(properties),
        "required": [name for name in properties if name not in left_out],
        "additionalProperties": False,
    }


#: The JSON type of each annotation an action's or an event's field has (a set is a sorted list).
FIELD_TYPES: dict[str, JSONDict] = {
    "int": INTEGER,
    "int | None": nullable(INTEGER),
    "str": STRING,
    "bool": BOOLEAN,
    "Card": CARD,
    "Card | None": nullable(CARD),
    "tuple[Card, ...]": array(CARD),
    "tuple[Card | None, ...]": array(nullable(CARD)),
    "tuple[int, ...]": array(INTEGER),
    "frozenset[int]": array(INTEGER, unique=True),
}


def _header(kind: str) -> dict[str, JSONDict]:
    return {"format": {"const": f"tablegames.{kind}"}, "version": {"const": FORMAT_VERSION}}


def _fields(value_type: type) -> dict[str, JSONDict]:
    """The schema of each public attrs field of ``value_type``, as `fields_dict` writes them."""
    found = {}
    for field in public_fields(value_type):
        annotation = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        if annotation not in FIELD_TYPES:
            raise TypeError(f"{value_type.__name__}.{field.name}: no JSON type for {annotation!r}")
        found[field.name] = FIELD_TYPES[annotation]
    return found


def declared(module: ModuleType, base: type) -> tuple[type[Any], ...]:
    """The classes a module exports (its ``__all__``) that are ``base``'s with a ``kind``: its actions or events.

    Examples:
        >>> from tablegames.core import events
        >>> declared(events, events.Event)
        (<class 'tablegames.core.events.GameEnded'>,)
    """
    found = (getattr(module, name) for name in getattr(module, "__all__", ()))
    return tuple(
        kind
        for kind in found
        if isinstance(kind, type) and issubclass(kind, base) and isinstance(getattr(kind, "kind", None), str)
    )


def action_schema(types: Iterable[type[Action]]) -> JSONDict:
    """One alternative per action type: its header, ``"type"`` and fields."""
    return {"oneOf": [closed({**_header("action"), "type": {"const": kind.kind}, **_fields(kind)}) for kind in types]}


def event_schema(types: Iterable[type[Event]]) -> JSONDict:
    """One alternative per event type: its header, its game (unless every game has it), type, sentence, fields."""
    alternatives = []
    for kind in types:
        game = {} if kind.game_name is None else {"game": {"const": kind.game_name}}
        properties = {**_header("event"), **game, "type": {"const": kind.kind}, "text": STRING, **_fields(kind)}
        alternatives.append(closed(properties))
    return {"oneOf": alternatives}


def options_schema(options: Mapping[str, object]) -> JSONDict:
    """A game's options, every one of them, each of the JSON type of its value in ``options``.

    Examples:
        >>> options_schema({"pits": 6, "empty_capture": True})["properties"]
        {'pits': {'type': 'integer'}, 'empty_capture': {'type': 'boolean'}}
    """
    return closed({name: BOOLEAN if isinstance(value, bool) else INTEGER for name, value in options.items()})


def state_schema(
    game: str, options: Mapping[str, object], fields: Mapping[str, JSONDict], *, optional: Iterable[str] = ()
) -> JSONDict:
    """A state of ``game``: the header, the game's name and ``options`` (as `options_schema`), then its ``fields``."""
    head = {**_header("state"), "game": {"const": game}, "options": options_schema(options)}
    return closed({**head, **fields}, optional=optional)


def view_schema(game: str, fields: Mapping[str, JSONDict]) -> JSONDict:
    """A view of ``game``: the fields every view has, then the game's own ``fields``."""
    common = {
        **_header("view"),
        "game": {"const": game},
        "seat": nullable(COUNT),
        "current_player": nullable(COUNT),
        "is_over": BOOLEAN,
        "scores": array(INTEGER),
        "winners": array(COUNT, unique=True),
        "legal_actions": array(STRING),
    }
    return closed({**common, **fields})


def record_schema(game: str, state: JSONDict) -> JSONDict:
    """A record of ``game``: its options (as in its ``state``), the seed or the start ``state``, every action."""
    properties = {
        **_header("record"),
        "game": {"const": game},
        "options": state.get("properties", {}).get("options", {"type": "object"}),
        "seed": SEED,
        "start": state,
        "actions": array(STRING),
    }
    record = closed(properties, optional=("seed", "start"))
    record["oneOf"] = [{"required": ["seed"]}, {"required": ["start"]}]
    return record


def document(game: str, kind: str, schema: JSONDict) -> JSONDict:
    """``schema`` as a document of its own: the dialect and a title first."""
    return {"$schema": DIALECT, "title": f"tablegames: a {game} {kind}", **schema}


def schemas(
    game: str,
    *,
    state: JSONDict,
    view: Mapping[str, JSONDict],
    actions: Iterable[type[Action]],
    events: Iterable[type[Event]],
) -> dict[str, JSONDict]:
    """The five documents of a game, from its state schema, its view's own fields, and its action and event types."""
    built = {
        "state": state,
        "view": view_schema(game, view),
        "action": action_schema(actions),
        "event": event_schema(events),
        "record": record_schema(game, state),
    }
    return {kind: document(game, kind, built[kind]) for kind in KINDS}


def open_schemas(game: str) -> dict[str, JSONDict]:
    """The five documents of a game that states no fields of its own: each format's header, any other fields."""
    loose: Any = {"type": "object"}
    head = ["format", "version"]
    built = {
        kind: {**loose, "properties": {**_header(kind), "game": {"const": game}}, "required": [*head, "game"]}
        for kind in ("state", "view")
    }
    built["action"] = {**loose, "properties": _header("action"), "required": [*head, "type"]}
    built["event"] = {**loose, "properties": _header("event"), "required": [*head, "type", "text"]}
    built["record"] = record_schema(game, built["state"])
    return {kind: document(game, kind, built[kind]) for kind in KINDS}
