"""The formats page lists each game's state and view keys exactly as the game's JSON Schemas state them."""

from __future__ import annotations

import re

import pytest

import tablegames
from tests.docs.test_site import DOCS

GAMES = ("kalaha", "kalo", "loo")
COMMON = {
    "state": {"format", "version", "game", "options"},
    "view": {"format", "version", "game", "seat", "current_player", "is_over", "scores", "winners", "legal_actions"},
}


def _listed(kind: str, game: str) -> set[str]:
    """The keys of ``game``'s table in the page's section on ``kind`` (states or views)."""
    text = (DOCS / "reference" / "formats.md").read_text(encoding="utf-8")
    heading = {"state": "## States {#states}", "view": "## Views {#views}"}[kind]
    section = text[text.index(heading) :]
    section = section[: section.index("\n## ", 1)]
    part = section[section.index(f"### {game.capitalize()}") :]
    part = part[: part.index("\n### ", 1)] if "\n### " in part[1:] else part
    keys: set[str] = set()
    for cell in re.findall(r"^\| ((?:`\w+`(?:, )?)+) \|", part, re.MULTILINE):
        keys |= set(re.findall(r"`(\w+)`", cell))
    return keys


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["state", "view"])
def test_the_page_lists_every_key_the_schema_has(kind: str, game: str) -> None:
    """Each game's table on the page holds the keys of its schema, besides those every state or view has."""
    schema = tablegames.load(game).json_schemas()[kind]
    own = set(schema["properties"]) - COMMON[kind]
    listed = _listed(kind, game)
    if game == "kalaha" and kind == "view":
        listed = {"pits", "stores"}  # the page says it in a sentence: the view has the state's pits and stores
        assert "the view has the state's `pits` and `stores`" in (DOCS / "reference" / "formats.md").read_text()
    assert listed == own
