"""The wire format: how the server writes JSON, and how it reads what a client sends.

Everything a client sends is read here before anything else looks at it:
the body must be a JSON object of known fields, each of the right type and
in range, or the request fails with a `BadRequestError` naming the field.
The game-specific parts (options, an action, a start state) then go through
the game's own readers (``tablegames.load``, ``state.parse_action``,
``game.action_from_dict``, ``game.from_dict``).

Examples:
    >>> read_create({"game": "kalaha", "seats": ["human", "heuristic"], "names": ["Ada", None], "seed": 7})
    ... # doctest: +NORMALIZE_WHITESPACE
    CreateRequest(game='kalaha', options={}, seats=('human', 'heuristic'), seed=7, start=None,
                  bot_delay=None, open=False, names=('Ada', None))
    >>> read_action({"action": "c", "decisions": 2})
    ActionRequest(action='c', decisions=2)
    >>> read_action({"action": "c", "seat": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.server.errors.BadRequestError: unknown field(s) ['seat'] in an action request; its fields: ...
    >>> dumps({"b": [1, None], "a": "é"})
    '{"b":[1,null],"a":"é"}'
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.extras import require
from tablegames.core.inputs import parse_json
from tablegames.server.errors import BadRequestError
from tablegames.server.tokens import SEEDS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablegames.core.serial import JSONDict

__all__ = [
    "MAX_SEED",
    "PROTOCOL_VERSION",
    "ActionRequest",
    "CreateRequest",
    "dumps",
    "read_action",
    "read_checks",
    "read_create",
    "read_json",
    "read_since",
]

#: The version of the wire protocol, shown by ``GET /api``.
PROTOCOL_VERSION = 1
#: Seeds a client may give, and the server draws, are ``0 <= seed < MAX_SEED``: 2**53, below which every
#: JSON reader (JavaScript's ``JSON.parse`` included) reads an integer exactly, so a record saved by any
#: client replays the same deal.
MAX_SEED = SEEDS


_orjson = require("orjson", "web")


def dumps(data: object) -> str:
    """Write ``data`` as compact JSON, keys in the order given; the same data always gives the same text.

    The text is what ``json.dumps(data, separators=(",", ":"), ensure_ascii=False)``
    writes, written by orjson (a part of the ``web`` extra), several times faster.

    Raises:
        TypeError: If ``data`` holds a value JSON cannot carry: a key that is
            not a string, an integer beyond 64 bits, a Python object. (NaN and
            the infinities would be written as ``null``; the server's data holds
            no such number.)
    """
    result: bytes = _orjson.dumps(data)
    return result.decode()


def read_json(raw: bytes | str, what: str = "the body") -> object:
    """Read a request body or message as JSON, with the library's limits for outside input.

    Raises:
        BadRequestError: If it is not UTF-8 JSON, names a key twice in one object, or breaks a limit of
            `tablegames.core.inputs` (nesting, sizes; NaN and Infinity are not JSON either).

    Examples:
        >>> read_json(b'{"game": "loo"}')
        {'game': 'loo'}
        >>> read_json(b"[" * 5000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: the body is nested deeper than 32 levels...
        >>> read_json(b'{"action": "a", "action": "b"}')
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: the body names the key(s) ['action'] more than once; name each once
    """
    value = parse_json(raw, BadRequestError, what)
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8")
    if "{" in raw:
        json.loads(raw, object_pairs_hook=lambda pairs: _unique(pairs, what))
    return value


def _unique(pairs: list[tuple[str, Any]], what: str) -> None:
    """Refuse an object that names a key twice: which one was meant cannot be told, so neither is taken."""
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        twice = sorted({key for key in keys if keys.count(key) > 1})
        raise BadRequestError(f"{what} names the key(s) {twice} more than once; name each once")


def _object(data: object, what: str, fields: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise BadRequestError(f"{what} is a JSON object, got {type(data).__name__}")
    unknown = sorted(str(key) for key in data if key not in fields)
    if unknown:
        raise BadRequestError(f"unknown field(s) {unknown} in {what}; its fields: {', '.join(fields)}")
    return data


def _int(data: Mapping[str, Any], key: str, *, minimum: int, maximum: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or not minimum <= value <= maximum:
        raise BadRequestError(f"{key} is an integer from {minimum} to {maximum}, got {value!r}")
    return value


@attrs.frozen
class CreateRequest:
    """A request to create a table, its fields checked for type (the game checks the rest).

    Attributes:
        game: The game's name.
        options: The game's options.
        seats: ``"human"`` or a bot's name for each seat; None for the default.
        seed: The game's seed, or None.
        start: A start state (a state dict), or None.
        bot_delay: The pause before each bot move in seconds, or None for the server's.
        open: Whether anyone may claim a free seat.
        names: The name each seat's player goes by (None for none, and for a bot's seat), or None.
    """

    game: str
    options: dict[str, Any]
    seats: tuple[str, ...] | None
    seed: int | None
    start: object
    bot_delay: float | None
    open: bool
    names: tuple[str | None, ...] | None = None


_CREATE_FIELDS = ("game", "options", "seats", "seed", "start", "bot_delay", "open", "names")
#: The longest name a player may go by, in characters.
MAX_NAME = 24


def read_name(value: object) -> str | None:
    """A player's name as given: trimmed, 1 to `MAX_NAME` characters of text; None for null or only spaces.

    Raises:
        BadRequestError: If it is not a string or null, is longer, or holds control characters.

    Examples:
        >>> read_name("  Ada "), read_name(None), read_name("   ")
        ('Ada', None, None)
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRequestError(f"a name is a string of at most {MAX_NAME} characters, or null")
    name = " ".join(value.split())
    if len(name) > MAX_NAME or any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise BadRequestError(f"a name is at most {MAX_NAME} characters of text (letters, digits, spaces, signs)")
    return name or None


def read_create(body: object) -> CreateRequest:
    """Read the body of ``POST /api/tables``.

    Raises:
        BadRequestError: If a field is missing, unknown or of the wrong type.
    """
    data = _object(body, "a table request", _CREATE_FIELDS)
    game = data.get("game")
    if not isinstance(game, str):
        raise BadRequestError(f"game is a game's name (GET /api/games lists them), got {game!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadRequestError(f"options is a JSON object of the game's options, got {options!r}")
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats)):
        raise BadRequestError(f'seats is a list of "human" or bot names, one per seat, got {seats!r}')
    seed = _int(data, "seed", minimum=0, maximum=MAX_SEED - 1)
    start = data.get("start")
    if seed is not None and start is not None:
        raise BadRequestError("give a seed or a start state, not both")
    delay = data.get("bot_delay")
    if delay is not None and (type(delay) not in (int, float) or not 0 <= delay < float("inf")):
        raise BadRequestError(f"bot_delay is a number of seconds of at least 0, got {delay!r}")
    is_open = data.get("open", False)
    if not isinstance(is_open, bool):
        raise BadRequestError(f"open is true or false, got {is_open!r}")
    names = data.get("names")
    if names is not None and not isinstance(names, list):
        raise BadRequestError("names is a list with a name (or null) per seat")
    return CreateRequest(
        game=game,
        options=options,
        seats=None if seats is None else tuple(seats),
        seed=seed,
        start=start,
        bot_delay=None if delay is None else float(delay),
        open=is_open,
        names=None if names is None else tuple(read_name(name) for name in names),
    )


@attrs.frozen
class ActionRequest:
    """A seat's action: its notation or its dict, and the seat's count of decisions so far, if given.

    Attributes:
        action: The action's notation, or its dict.
        decisions: If given, the action is taken only if the seat has made exactly
            this many decisions: a repeated request (a double click, a retry) cannot act twice.
    """

    action: str | JSONDict
    decisions: int | None = None


def read_action(body: object, *, fields: tuple[str, ...] = ("action", "decisions")) -> ActionRequest:
    """Read an action request: the body of ``POST .../actions``, or an ``action`` message.

    Raises:
        BadRequestError: If ``action`` is missing or neither text nor an object, or a field is unknown.
    """
    data = _object(body, "an action request", fields)
    action = data.get("action")
    if not isinstance(action, (str, dict)):
        raise BadRequestError(f"action is an action's notation (text) or its dict, got {action!r}")
    decisions = _int(data, "decisions", minimum=0, maximum=2**31)
    return ActionRequest(action=action, decisions=decisions)


def read_checks(actions: list[str], limit: int) -> list[str]:
    """Read the ``action`` parameters of ``GET .../check``: one to ``limit`` actions in notation.

    Raises:
        BadRequestError: If there is none, or more than ``limit``.

    Examples:
        >>> read_checks(["Qh", "Kd"], 64)
        ['Qh', 'Kd']
        >>> read_checks([], 64)
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: name the actions to check: ?action=<notation>&action=...
    """
    if not actions:
        raise BadRequestError("name the actions to check: ?action=<notation>&action=...")
    if len(actions) > limit:
        raise BadRequestError(f"at most {limit} actions are checked at once, got {len(actions)}")
    return actions


def read_since(text: str | None) -> int:
    """Read a ``since`` parameter: how many of its events the client has (0 if not given).

    Raises:
        BadRequestError: If it is not a whole number from 0.

    Examples:
        >>> read_since(None), read_since("12")
        (0, 12)
        >>> read_since("-1")
        Traceback (most recent call last):
        ...
        tablegames.server.errors.BadRequestError: since is a whole number of events from 0, got '-1'
    """
    if text is None:
        return 0
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise BadRequestError(f"since is a whole number of events from 0, got {text!r}")
    return int(text)
