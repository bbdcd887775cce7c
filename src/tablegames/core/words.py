"""How tablegames says things to people: counts of things, and a game with its options on one line.

Examples:
    >>> plural(1, "card"), plural(3, "card"), plural(2, "reply", "replies")
    ('1 card', '3 cards', '2 replies')
    >>> describe_game("kalaha", {"pits": 6, "empty_capture": True})
    'kalaha (pits=6, empty_capture=true)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["describe_game", "plural"]


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless the count is one: ``1 card``, ``2 cards``."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def describe_game(name: str, options: Mapping[str, Any]) -> str:
    """A game and its options in one line, the values as JSON: ``kalo (players=4, play_limit=500)``."""
    import json  # only describing a game needs it

    listed = ", ".join(f"{key}={json.dumps(value)}" for key, value in options.items())
    return f"{name} ({listed})" if listed else name
