"""Helpers that write and validate the JSON dicts of states, actions, views and records.

Every serialized dict starts with a header naming what it is and the format
version: ``{"format": "tablegames.state", "version": 1, ...}``
(`tablegames.core.writing` writes them; its names are here too). Readers check
that the whole input is a JSON value within the limits of
`tablegames.core.inputs`, then the header, reject unknown keys and check each
field's type before anything becomes a value.

Examples:
    >>> header("action")
    {'format': 'tablegames.action', 'version': 1}
    >>> from tablegames.core.errors import InvalidActionError
    >>> read_int({"pit": True}, "pit", InvalidActionError, "action")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidActionError: action field 'pit' must be an integer, got True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from tablegames.core.errors import InvalidActionError, InvalidStateError
from tablegames.core.inputs import MAX_INT, brief, check_json
from tablegames.core.writing import FORMAT_VERSION, JSONDict, fields_dict, header, json_value, record_dict

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from tablegames.core.errors import TablegamesError

__all__ = [
    "FORMAT_VERSION",
    "JSONDict",
    "check_header",
    "check_int",
    "check_keys",
    "fields_dict",
    "header",
    "json_value",
    "read_int",
    "read_int_list",
    "read_notated",
    "read_sequence",
    "read_str",
    "record_dict",
]


class Notated(Protocol):
    """A value with a notation that its class reads back, such as a game's `Card`."""

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read the value from its notation, raising `InvalidActionError` if it cannot."""
        ...


N = TypeVar("N", bound=Notated)


def check_header(data: object, kind: str, error: type[TablegamesError]) -> Mapping[str, Any]:
    """Check that ``data`` is a JSON value within the input limits, and a dict of ``kind`` in a readable version.

    Every reader of a dict starts here, so every dict from outside is checked
    by `tablegames.core.inputs.check_json` before any field is read.

    Args:
        data: The object read from JSON.
        kind: The kind of dict expected (see `header`).
        error: The exception class to raise.

    Returns:
        ``data``, typed as a mapping.

    Raises:
        TablegamesError: ``error``, naming what was wrong.

    Examples:
        >>> from tablegames.core.errors import InvalidStateError
        >>> check_header({"format": "tablegames.game", "version": 9}, "game", InvalidStateError)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: game format version 9 is not readable; this tablegames reads version 1
    """
    if type(data) is not dict:
        raise error(f"a {kind} must be a JSON object (dict), got {type(data).__name__}")
    check_json(data, error, f"the {kind}")
    if data.get("format") != f"tablegames.{kind}":
        raise error(f"expected 'format': 'tablegames.{kind}', got {brief(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise error(
            f"{kind} format version {brief(version)} is not readable; this tablegames reads version {FORMAT_VERSION}"
        )
    return data


def check_keys(data: Mapping[str, Any], allowed: Iterable[str], error: type[TablegamesError], kind: str) -> None:
    """Reject keys of ``data`` that are not in ``allowed`` (header keys are always allowed).

    Raises:
        TablegamesError: ``error``, listing the unknown and the allowed keys.
    """
    known = {"format", "version", *allowed}
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        listed = "[" + ", ".join(brief(key, 40) for key in unknown[:5]) + (", …]" if len(unknown) > 5 else "]")
        raise error(f"unknown {kind} field(s) {listed}; allowed: {sorted(known)}")


def _missing(data: Mapping[str, Any], key: str, error: type[TablegamesError], kind: str) -> Any:
    if key not in data:
        raise error(f"{kind} field {key!r} is missing")
    return data[key]


def read_int(
    data: Mapping[str, Any],
    key: str,
    error: type[TablegamesError],
    kind: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """Read an integer field, rejecting booleans, floats and values out of range.

    Raises:
        TablegamesError: ``error`` when the field is missing, not an int or out of range.
    """
    return check_int(_missing(data, key, error, kind), f"{kind} field {key!r}", error, minimum=minimum, maximum=maximum)


def check_int(
    value: object, what: str, error: type[TablegamesError], *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Check that ``value`` is an integer (not a bool, not a float) within the bounds given.

    Without a bound the range is that of every integer field: at most
    `tablegames.core.inputs.MAX_INT` (2**64 - 1) in size.

    Raises:
        TablegamesError: ``error``, naming ``what``, its range and the value.

    Examples:
        >>> from tablegames.core.errors import ConfigError
        >>> check_int(0, "pits", ConfigError, minimum=1, maximum=26)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: pits must be an integer from 1 to 26, got 0
    """
    low = -MAX_INT if minimum is None else minimum
    high = MAX_INT if maximum is None else maximum
    if type(value) is not int or not low <= value <= high:
        if minimum is None:
            span = "" if maximum is None else f" of at most {maximum}"
        else:
            span = f" of at least {minimum}" if maximum is None else f" from {minimum} to {maximum}"
        raise error(f"{what} must be an integer{span}, got {brief(value)}")
    return value


def read_str(data: Mapping[str, Any], key: str, error: type[TablegamesError], kind: str) -> str:
    """Read a string field.

    Raises:
        TablegamesError: ``error`` when the field is missing or not a string.
    """
    value = _missing(data, key, error, kind)
    if type(value) is not str:
        raise error(f"{kind} field {key!r} must be a string, got {brief(value)}")
    return value


def read_int_list(
    data: Mapping[str, Any],
    key: str,
    error: type[TablegamesError],
    kind: str,
    *,
    length: int | None = None,
    minimum: int | None = None,
) -> tuple[int, ...]:
    """Read a list of integers, optionally of a fixed length and with a lower bound.

    Raises:
        TablegamesError: ``error`` naming the field and the offending entry.
    """
    return int_tuple(_missing(data, key, error, kind), f"{kind} field {key!r}", error, length=length, minimum=minimum)


def int_tuple(
    value: object, what: str, error: type[TablegamesError], *, length: int | None = None, minimum: int | None = None
) -> tuple[int, ...]:
    """Check that ``value`` is a sequence of integers and return it as a tuple.

    Raises:
        TablegamesError: ``error`` naming ``what`` and the offending entry.
    """
    if not isinstance(value, (list, tuple)):
        raise error(f"{what} must be a list of integers, got {brief(value)}")
    if length is not None and len(value) != length:
        raise error(f"{what} must have {length} entries, got {len(value)}")
    for item in value:
        if type(item) is not int or abs(item) > MAX_INT:
            raise error(f"{what} must hold integers only, got {brief(item)}")
        if minimum is not None and item < minimum:
            raise error(f"{what} must hold integers of at least {minimum}, got {item}")
    return tuple(value)


def read_sequence(value: object, what: str) -> Sequence[Any]:
    """``value`` if it is a list (or, from a caller, a tuple), else an `InvalidStateError` naming ``what``."""
    if not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{what} must be a list, got {brief(value)}")
    return value


def read_notated(value: object, kind: type[N], what: str) -> N:
    """``value`` as a ``kind``: one already, or its notation.

    Raises:
        InvalidStateError: Naming ``what``, with ``kind.parse``'s own words for notation it cannot read.

    Examples:
        >>> from tablegames.loo import Card
        >>> read_notated("Qh", Card, "the turned-up card")
        Card(rank=12, suit='h')
        >>> read_notated(12, Card, "the turned-up card")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: the turned-up card must be a card or its notation, got 12
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind.parse(value)
        except InvalidActionError as error:
            raise InvalidStateError(f"{what}: {error}") from None
    raise InvalidStateError(f"{what} must be a {kind.__name__.lower()} or its notation, got {brief(value)}")
