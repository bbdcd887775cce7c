"""The WebSocket's messages as a machine-readable contract: JSON Schemas of every frame, and AsyncAPI 3.

``GET /api/asyncapi.json`` serves `asyncapi`: the channel
``/api/tables/{id}/ws``, the messages the server sends on it (`snapshot`,
`update`, `table`, `error`, `pong`) and those a client may send (`auth`,
`action`, `ping`), each with its JSON Schema (2020-12). The bodies they
share with HTTP (a table's summary, an error) are the schemas of
`tablegames.server.contract`, referred to, not repeated.

Examples:
    >>> document = asyncapi()
    >>> document["asyncapi"], sorted(document["components"]["messages"])[:3]
    ('3.0.0', ['action', 'auth', 'error'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import tablegames
from tablegames.server.contract import DIALECT, SCHEMAS
from tablegames.server.wire import PROTOCOL_VERSION

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = ["FRAMES", "MESSAGES", "asyncapi"]

_COUNT = {"type": "integer", "minimum": 0}
#: The schema format of every payload: JSON Schema 2020-12.
SCHEMA_FORMAT = "application/schema+json;version=draft-2020-12"


def _ref(name: str) -> JSONDict:
    return {"$ref": f"#/components/schemas/{name}"}


def _frame(kind: str, properties: dict[str, Any], required: list[str] | None = None) -> JSONDict:
    every = {"type": {"const": kind}, **properties}
    return {
        "type": "object",
        "properties": every,
        "required": ["type", *(list(properties) if required is None else required)],
        "additionalProperties": False,
    }


_snapshot = SCHEMAS["Snapshot"]
#: What the server sends, by type.
FRAMES: dict[str, JSONDict] = {
    "snapshot": _frame("snapshot", _snapshot["properties"], _snapshot["required"]),
    "update": _frame(
        "update",
        {
            "view": _snapshot["properties"]["view"],
            "events": _snapshot["properties"]["events"],
            "next": _COUNT,
            "decisions": _COUNT,
        },
        ["view", "events", "next"],
    ),
    "table": _frame("table", {"table": _ref("Table")}),
    "error": _frame("error", {"error": SCHEMAS["ErrorAnswer"]["properties"]["error"]}),
    "pong": _frame("pong", {}),
}
#: What a client may send, by type.
MESSAGES: dict[str, JSONDict] = {
    "auth": _frame("auth", {"token": {"type": "string"}, "since": _COUNT}, ["token"]),
    "action": _frame(
        "action",
        {
            "action": SCHEMAS["ActionRequest"]["properties"]["action"],
            "decisions": SCHEMAS["ActionRequest"]["properties"]["decisions"],
        },
        ["action"],
    ),
    "ping": _frame("ping", {}),
}


def asyncapi() -> JSONDict:
    """The AsyncAPI 3.0 document of the WebSocket, as ``GET /api/asyncapi.json`` serves it."""
    messages = {
        name: {
            "name": name,
            "contentType": "application/json",
            "payload": {
                "schemaFormat": SCHEMA_FORMAT,
                "schema": _ref(f"{name}Frame"),
            },
        }
        for name in (*FRAMES, *MESSAGES)
    }
    schemas = {f"{name}Frame": schema for name, schema in {**FRAMES, **MESSAGES}.items()}
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "tablegames wire protocol: the table's WebSocket",
            "version": f"{PROTOCOL_VERSION} (tablegames {tablegames.__version__})",
            "description": "A seat's or a spectator's live connection to a table; see the wire protocol page.",
        },
        "defaultContentType": "application/json",
        "channels": {
            "table": {
                "address": "/api/tables/{id}/ws",
                "parameters": {"id": {"description": "the table's id"}},
                "messages": {name: {"$ref": f"#/components/messages/{name}"} for name in messages},
            }
        },
        "operations": {
            "receiveFrames": {
                "action": "send",
                "channel": {"$ref": "#/channels/table"},
                "summary": "what the server sends",
                "messages": [{"$ref": f"#/channels/table/messages/{name}"} for name in FRAMES],
            },
            "sendMessages": {
                "action": "receive",
                "channel": {"$ref": "#/channels/table"},
                "summary": "what a client may send",
                "messages": [{"$ref": f"#/channels/table/messages/{name}"} for name in MESSAGES],
            },
        },
        "components": {"schemas": {**SCHEMAS, **schemas}, "messages": messages},
        "x-json-schema-dialect": DIALECT,
    }
