"""How values are written as JSON: the header every dict carries, and the dicts of actions, events and results.

Every serialized dict starts with a header naming what it is and the format
version: ``{"format": "tablegames.state", "version": 1, ...}``. Reading
them back, with every field checked, is `tablegames.core.serial`'s; this
module raises nothing, so that the values it writes (an `Action`, say) need
nothing of the errors that refuse them.

Examples:
    >>> header("action")
    {'format': 'tablegames.action', 'version': 1}
"""

from __future__ import annotations

import math
from typing import Any

import attrs

__all__ = ["FORMAT_VERSION", "JSONDict", "fields_dict", "header", "json_value", "public_fields", "record_dict"]

#: The format version written into every dict; readers accept this version.
FORMAT_VERSION = 1

#: A JSON object as Python sees it.
JSONDict = dict[str, Any]


def header(kind: str) -> JSONDict:
    """Return the header every serialized dict of ``kind`` starts with.

    Args:
        kind: What the dict holds: ``"state"``, ``"action"``, ``"view"``,
            ``"event"``, ``"game"``, ``"outcome"`` or ``"record"``.

    Returns:
        ``{"format": "tablegames.<kind>", "version": FORMAT_VERSION}``.
    """
    return {"format": f"tablegames.{kind}", "version": FORMAT_VERSION}


def json_value(value: object) -> Any:
    """A value as JSON, the way actions and events write their fields.

    None, bools, ints and strings stay as they are; tuples and lists become
    lists; sets become sorted lists; anything else (a card, say) is written
    as its notation, ``str(value)``.

    Examples:
        >>> json_value((1, frozenset({3, 2}), None))
        [1, [2, 3], None]
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [json_value(item) for item in value]
    if isinstance(value, (frozenset, set)):
        return sorted(json_value(item) for item in value)
    return str(value)


def record_dict(value: Any) -> JSONDict:
    """The attrs fields of a result record as JSON: a number that is not finite (an unknown interval) is null.

    Examples:
        >>> import math
        >>> @attrs.frozen
        ... class Figure:
        ...     mean: float
        ...     error: float
        >>> record_dict(Figure(0.5, math.inf))
        {'mean': 0.5, 'error': None}
    """
    return attrs.asdict(value, value_serializer=_finite)


def _finite(_: Any, __: Any, value: Any) -> Any:
    return None if isinstance(value, float) and not math.isfinite(value) else value


def fields_dict(value: Any) -> JSONDict:
    """The public attrs fields ``value`` is made from, as JSON (see `json_value`): the dict of an action or event.

    Examples:
        >>> from tablegames.kalaha import Captured
        >>> fields_dict(Captured(seat=0, pit=1, seeds=5))
        {'seat': 0, 'pit': 1, 'seeds': 5}
    """
    return {field.name: json_value(getattr(value, field.name)) for field in public_fields(type(value))}


def public_fields(kind: type) -> list[attrs.Attribute[Any]]:
    """The attrs fields of ``kind`` that its dict holds: those its ``__init__`` takes, but for private ones.

    Examples:
        >>> from tablegames.kalaha import Captured
        >>> [field.name for field in public_fields(Captured)]
        ['seat', 'pit', 'seeds']
    """
    return [field for field in attrs.fields(kind) if field.init and not field.name.startswith("_")]
