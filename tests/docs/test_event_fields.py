"""The formats page lists every event of every game with each of its fields and the field's JSON type."""

from __future__ import annotations

import importlib
import re

import attrs
import pytest

from tablegames.core.events import Event
from tests.docs.test_site import DOCS

#: How a field's annotation is written as JSON, in the page's words.
JSON_TYPES = {
    "int": "integer",
    "int | None": "integer or null",
    "str": "string",
    "bool": "true or false",
    "Card": "card",
    "Card | None": "card or null",
    "tuple[Card, ...]": "list of cards",
    "tuple[Card | None, ...]": "list of cards or nulls",
    "tuple[int, ...]": "list of integers",
    "frozenset[int]": "sorted list of integers",
}
GAMES = ("kalaha", "kalo", "loo")


def _events(game: str) -> dict[str, list[tuple[str, str]]]:
    """Each event type of ``game`` with its fields as ``to_dict`` writes them, and their annotations."""
    module = importlib.import_module(f"tablegames.{game}.events")
    found = {}
    for value in vars(module).values():
        kind = getattr(value, "kind", None)
        if not (isinstance(value, type) and issubclass(value, Event) and value.__module__ == module.__name__):
            continue
        if attrs.has(value) and isinstance(kind, str):
            fields = [field for field in attrs.fields(value) if field.init and not field.name.startswith("_")]
            found[kind] = [(field.name, str(field.type)) for field in fields]
    return found


def _page() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """The events table of the formats page: each game's event type, with its fields and their written types."""
    text = (DOCS / "reference" / "formats.md").read_text()
    table = text[text.index("## Events") : text.index("## Outcomes")]
    rows = {}
    for game, kind, cell in re.findall(r"^\| (Kalaha|Kalo|Loo) \| `(\w+)` \| (.*?) \|", table, re.MULTILINE):
        rows[(game.lower(), kind)] = re.findall(r"`(\w+)`: ([a-z ]+?)(?= \(|, `|$)", cell)
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_event_field_is_listed_with_its_json_type(game: str) -> None:
    """Every event type is on the page, in its game, with every field in order and the type its annotation gives."""
    page = _page()
    for kind, fields in _events(game).items():
        assert (game, kind) in page, f"{game}'s event {kind!r} is not on the formats page"
        assert page[(game, kind)] == [(name, JSON_TYPES[annotation]) for name, annotation in fields], kind
    assert {kind for listed, kind in page if listed == game} == set(_events(game)), "the page lists an event gone"
