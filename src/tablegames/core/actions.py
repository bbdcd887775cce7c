"""The base of every game's actions: one decision by one seat, with its notation and JSON form.

This module imports nothing of the rest of the core but how values are written, so the pieces below the
protocol can name it.
"""

from __future__ import annotations

import abc
from typing import ClassVar

from tablegames.core.compiler import PythonType
from tablegames.core.writing import JSONDict, fields_dict, header

__all__ = ["Action"]


class Action(metaclass=PythonType):
    """One decision by one seat.

    Subclasses are frozen attrs values. ``str(action)`` is its notation, which
    ``state.parse_action`` reads back; ``action.to_dict()`` is its JSON form,
    which ``game.action_from_dict`` reads back.
    """

    __slots__ = ()

    #: The ``"type"`` written into the action's dict.
    kind: ClassVar[str]

    def to_dict(self) -> JSONDict:
        """Return the action as a JSON-ready dict with a format header."""
        return {**header("action"), "type": self.kind, **self.json_fields()}

    def json_fields(self) -> JSONDict:
        """Return the action's own fields for `to_dict`: by default its attrs fields as JSON."""
        return fields_dict(self)

    @abc.abstractmethod
    def __str__(self) -> str:
        """Return the action's notation."""
