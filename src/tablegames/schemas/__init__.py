"""The JSON Schemas of the built-in games' formats as files, for frontends in any language.

This folder holds ``<game>.<kind>.schema.json`` for each built-in game and
each format (`tablegames.core.schemas.KINDS`: state, view, action, event,
record): `Game.json_schemas` of the game with its default options, written
as indented JSON. A frontend reads them from the installed package, from the
repository, or from a server (``GET /api/schemas/<game>/<kind>``).
``python -m tablegames.schemas`` writes them anew; the tests fail when a file
differs from what the game gives.

Examples:
    >>> import json
    >>> json.loads(path("kalaha", "action").read_text())["title"]
    'tablegames: a kalaha action'
"""

from __future__ import annotations

import json
from pathlib import Path

import tablegames
from tablegames.core.schemas import KINDS

__all__ = ["FOLDER", "GAMES", "path", "texts", "write"]

#: Where the files are: this package's folder.
FOLDER = Path(__file__).resolve().parent
#: The games whose schemas are kept here.
GAMES = ("kalaha", "kalo", "loo")


def path(game: str, kind: str) -> Path:
    """The file of ``game``'s schema of ``kind`` (``"state"``, ``"view"``, ``"action"``, ``"event"``, ``"record"``)."""
    return FOLDER / f"{game}.{kind}.schema.json"


def texts() -> dict[Path, str]:
    """What each file should hold: every built-in game's schemas, as `Game.json_schemas` gives them."""
    found = {}
    for game in GAMES:
        documents = tablegames.load(game).json_schemas()
        for kind in KINDS:
            found[path(game, kind)] = json.dumps(documents[kind], indent=2, ensure_ascii=False) + "\n"
    return found


def write() -> list[Path]:
    """Write every file anew; return the paths written."""
    written = []
    for where, text in texts().items():
        where.write_text(text, encoding="utf-8")
        written.append(where)
    return written
