"""Kalaha's state and view fields as JSON Schemas, from which `tablegames.core.schemas` makes its five documents.

Examples:
    >>> documents = json_schemas({"pits": 6})
    >>> documents["view"]["properties"]["stores"]
    {'type': 'array', 'items': {'type': 'integer', 'minimum': 0}, 'minItems': 2, 'maxItems': 2}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.actions import Action
from tablegames.core.events import Event
from tablegames.core.schemas import COUNT, array, declared, nullable, schemas, state_schema
from tablegames.kalaha import actions, events

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablegames.core.writing import JSONDict

__all__ = ["json_schemas"]

#: The board: seat 0's row then seat 1's, and the two stores.
BOARD: dict[str, JSONDict] = {"pits": array(array(COUNT), length=2), "stores": array(COUNT, length=2)}


def json_schemas(options: Mapping[str, object]) -> dict[str, JSONDict]:
    """Kalaha's five schemas, by format (`tablegames.core.schemas.KINDS`), for games with ``options``."""
    state = state_schema("kalaha", options, {**BOARD, "current_player": nullable(COUNT)})
    return schemas("kalaha", state=state, view=BOARD, actions=declared(actions, Action), events=declared(events, Event))
