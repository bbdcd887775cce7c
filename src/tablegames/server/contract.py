"""The wire protocol as a machine-readable contract: JSON Schema 2020-12 of its own bodies, and OpenAPI 3.1.

``GET /api/openapi.json`` serves `openapi`: every HTTP route, its
parameters, its request body and, for each status it may answer, the
schema of the answer. The schemas of the protocol's own bodies (`SCHEMAS`:
a table's summary, a seat's answer, a snapshot, an error...) are built
from the server's own definitions where it has them (the limits from
`Limits`' fields, a table request's fields from the reader's, the error
types from the server's errors), so that they cannot drift from what the
server reads and writes. A game's view, event, action and record are the
library's own JSON ([JSON formats](../reference/formats.md)); here they are
objects whose fields the formats page lists.

Examples:
    >>> document = openapi()
    >>> document["openapi"], sorted(document["paths"])[:3]
    ('3.1.0', ['/api', '/api/asyncapi.json', '/api/games'])
    >>> SCHEMAS["ErrorAnswer"]["properties"]["error"]["required"]
    ['type', 'message']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

import tablegames
from tablegames.core.schemas import KINDS
from tablegames.server import errors
from tablegames.server.limits import Limits
from tablegames.server.wire import _CREATE_FIELDS, MAX_NAME, MAX_SEED, PROTOCOL_VERSION

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = ["ERROR_TYPES", "SCHEMAS", "openapi"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: Every error type a client may be sent (`tablegames.server.errors.WIRE_TYPES`).
ERROR_TYPES = list(errors.WIRE_TYPES)


def _ref(name: str) -> JSONDict:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(properties: dict[str, Any], required: list[str] | None = None, *, closed: bool = True) -> JSONDict:
    schema: JSONDict = {"type": "object", "properties": properties}
    schema["required"] = list(properties) if required is None else required
    if closed:
        schema["additionalProperties"] = False
    return schema


_COUNT = {"type": "integer", "minimum": 0}
_GAME_JSON = {"type": "object", "description": "the library's own JSON: see the JSON formats page"}


def _limits() -> JSONDict:
    kinds = {int: "integer", float: "number"}
    return _object({field.name: {"type": kinds[type(field.default)]} for field in attrs.fields(Limits)})


def _create_request() -> JSONDict:
    properties = {
        "game": {"type": "string", "description": "a game's name, as GET /api/games lists them"},
        "options": {"type": "object", "description": "the game's options; the defaults for those not given"},
        "seats": {"type": "array", "items": {"type": "string"}, "description": '"human" or a bot\'s name per seat'},
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED - 1},
        "start": {"type": "object", "description": "a state to start from, instead of a seed"},
        "bot_delay": {"type": "number", "minimum": 0},
        "open": {"type": "boolean"},
        "names": {
            "type": "array",
            "items": {"type": ["string", "null"], "maxLength": MAX_NAME},
            "description": "the name each seat's player goes by, null for none and for a bot's seat",
        },
    }
    assert tuple(properties) == _CREATE_FIELDS, "the schema of a table request lists the reader's fields"
    return _object(properties, ["game"])


_ERROR_BODY = _object(
    {
        "type": {"enum": ERROR_TYPES},
        "message": {"type": "string"},
        "legal": {"type": "array", "items": {"type": "string"}},
        "reason": {
            **_object(
                {
                    "key": {"type": "string"},
                    "fields": {
                        "type": "object",
                        "additionalProperties": {
                            "type": ["string", "integer", "boolean", "null", "array"],
                            "items": {"type": "string"},
                        },
                    },
                },
                ["key", "fields"],
            ),
            "description": (
                "why the action, or the game's options or seats, were refused (IllegalActionError and "
                "ConfigError only): a key such as kalaha.pit_empty or config.integer and language-neutral fields "
                "(seats, counts, pits and ranks as integers, cards in notation, suits as letters, options by name), "
                "for a client to say what the message says in English in its player's language"
            ),
        },
    },
    ["type", "message"],
)

#: The JSON Schema (2020-12) of each of the protocol's own bodies, by name.
SCHEMAS: dict[str, JSONDict] = {
    "ErrorAnswer": _object({"error": _ERROR_BODY}),
    "Seat": {
        "oneOf": [
            _object(
                {
                    "seat": _COUNT,
                    "player": {"const": "human"},
                    "name": {"type": ["string", "null"], "maxLength": MAX_NAME},
                    "joined": {"type": "boolean"},
                    "connected": {"type": "boolean"},
                    "places": _COUNT,
                }
            ),
            _object({"seat": _COUNT, "player": {"const": "bot"}, "bot": {"type": "string"}}),
        ]
    },
    "Table": _object(
        {
            "id": {"type": "string"},
            "game": {"type": "string"},
            "options": {"type": "object"},
            "status": {"enum": ["waiting", "playing", "over", "expired"]},
            "seats": {"type": "array", "items": _ref("Seat")},
            "free": {"type": "array", "items": _COUNT},
            "open": {"type": "boolean"},
            "bot_delay": {"type": "number", "minimum": 0},
            "idle_expiry": {"type": "integer", "minimum": 1},
        },
        ["id", "game", "options", "status", "seats", "free", "open", "bot_delay"],
    ),
    "CreateRequest": _create_request(),
    "ActionRequest": _object(
        {"action": {"type": ["string", "object"]}, "decisions": {"type": "integer", "minimum": 0, "maximum": 2**31}},
        ["action"],
    ),
    "SeatToken": _object({"seat": _COUNT, "token": {"type": "string"}, "join": {"type": "string"}}),
    "Created": _object({"table": _ref("Table"), "seats": {"type": "array", "items": _ref("SeatToken")}}),
    "Snapshot": _object(
        {
            "table": _ref("Table"),
            "seat": {"type": ["integer", "null"], "minimum": 0},
            "view": _GAME_JSON,
            "events": {
                "type": "array",
                "items": _object({"n": {"type": "integer", "minimum": 1}, "event": _GAME_JSON}),
            },
            "next": _COUNT,
            "decisions": _COUNT,
        },
        ["table", "seat", "view", "events", "next"],
    ),
    "Checks": _object(
        {
            "decisions": _COUNT,
            "checks": {
                "type": "array",
                "items": _object(
                    {
                        "action": {"type": "string"},
                        "legal": {"type": "boolean"},
                        "reason": {
                            "type": "string",
                            "description": (
                                "why the action may not be taken now, in the rules' words in English (refusals "
                                "only); the error's reason says it as a key and fields, for other languages"
                            ),
                        },
                        "error": _ERROR_BODY,
                    },
                    ["action", "legal"],
                ),
            },
        }
    ),
    "ServerInfo": _object(
        {
            "server": {"const": "tablegames"},
            "version": {"type": "string"},
            "protocol": {"const": PROTOCOL_VERSION},
            "games": {"type": "array", "items": {"type": "string"}},
            "limits": _limits(),
        }
    ),
    "Games": _object(
        {
            "games": {
                "type": "array",
                "items": _object(
                    {
                        "name": {"type": "string"},
                        "options": {"type": "object"},
                        "options_by_players": {"type": "object", "additionalProperties": {"type": "object"}},
                        "players": _object({"min": _COUNT, "max": _COUNT}),
                        "bots": {"type": "array", "items": {"type": "string"}},
                    }
                ),
            }
        }
    ),
    "Tables": _object({"tables": {"type": "array", "items": _ref("Table")}}),
    "GameRecord": {
        "type": "object",
        "description": "the record once over (a saved game); before, the seat's transcript",
    },
}


def _json(schema: str, description: str) -> JSONDict:
    return {"description": description, "content": {"application/json": {"schema": _ref(schema)}}}


def _errors(*statuses: int) -> dict[str, JSONDict]:
    told = {
        400: "a malformed request, or one the game's readers refuse",
        401: "a request that needs a seat's token without one",
        403: "a token of no seat of this table, or a page of another origin",
        404: "no such table, seat or schema",
        409: "not now: an illegal action, a stale decisions, a table waiting for players, a seat taken",
        413: "a body over max_body",
        415: "a body that is not application/json",
        429: "a client over its rate limit; Retry-After says when to try again",
        503: "the server is at a limit",
    }
    return {str(status): _json("ErrorAnswer", told[status]) for status in statuses}


_TABLE_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
_SINCE = {
    "name": "since",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 0, "maximum": 999_999_999},
    "description": "how many of its events the client holds",
}
_BEARER: list[JSONDict] = [{"bearer": []}]
_OPTIONAL_BEARER: list[JSONDict] = [{}, {"bearer": []}]


def _operation(summary: str, answers: dict[str, JSONDict], **more: Any) -> JSONDict:
    return {"summary": summary, "responses": answers, **more}


def openapi() -> JSONDict:
    """The OpenAPI 3.1 document of the HTTP routes, as ``GET /api/openapi.json`` serves it."""
    body = {"required": True, "content": {"application/json": {"schema": _ref("CreateRequest")}}}
    action_body = {"required": True, "content": {"application/json": {"schema": _ref("ActionRequest")}}}
    table = [_TABLE_ID]
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": DIALECT,
        "info": {
            "title": "tablegames wire protocol",
            "version": f"{PROTOCOL_VERSION} (tablegames {tablegames.__version__})",
            "description": "Play Kalaha, Kalo and Loo over HTTP and a WebSocket; see the wire protocol page.",
        },
        "paths": {
            "/api": {
                "get": _operation(
                    "the server: protocol version, games, limits", {"200": _json("ServerInfo", "the server")}
                )
            },
            "/api/openapi.json": {
                "get": _operation(
                    "this document",
                    {
                        "200": {
                            "description": "OpenAPI 3.1",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        }
                    },
                )
            },
            "/api/asyncapi.json": {
                "get": _operation(
                    "the AsyncAPI 3 document of the WebSocket",
                    {
                        "200": {
                            "description": "AsyncAPI 3.0",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        }
                    },
                )
            },
            "/api/games": {
                "get": _operation(
                    "every game, its default options, players and bots", {"200": _json("Games", "the games")}
                )
            },
            "/api/tables": {
                "get": _operation("the unfinished tables, newest first", {"200": _json("Tables", "the tables")}),
                "post": _operation(
                    "create a table",
                    {
                        "201": _json("Created", "the table and a token per person's seat"),
                        **_errors(400, 403, 413, 415, 429, 503),
                    },
                    requestBody=body,
                ),
            },
            "/api/tables/{id}": {
                "get": _operation(
                    "a seat's (or a spectator's) snapshot",
                    {"200": _json("Snapshot", "the snapshot"), **_errors(400, 401, 403, 404)},
                    parameters=[*table, _SINCE],
                    security=_OPTIONAL_BEARER,
                )
            },
            "/api/tables/{id}/actions": {
                "post": _operation(
                    "a seat's action",
                    {
                        "200": _json("Snapshot", "the seat's new snapshot"),
                        **_errors(400, 401, 403, 404, 409, 413, 415, 429),
                    },
                    parameters=[*table, _SINCE],
                    requestBody=action_body,
                    security=_BEARER,
                )
            },
            "/api/tables/{id}/seats/{seat}": {
                "post": _operation(
                    "claim a free seat of an open table",
                    {"201": _json("SeatToken", "the seat's new token"), **_errors(400, 403, 404, 409)},
                    parameters=[*table, {"name": "seat", "in": "path", "required": True, "schema": {"type": "string"}}],
                )
            },
            "/api/tables/{id}/check": {
                "get": _operation(
                    "whether each action would be taken now, and why not",
                    {"200": _json("Checks", "one answer per action"), **_errors(400, 401, 403, 404, 409)},
                    parameters=[
                        *table,
                        {
                            "name": "action",
                            "in": "query",
                            "required": True,
                            "schema": {"type": "array", "items": {"type": "string"}},
                            "style": "form",
                            "explode": True,
                        },
                    ],
                    security=_BEARER,
                )
            },
            "/api/schemas/{game}/{kind}": {
                "get": _operation(
                    "the JSON Schema of a game's state, view, action, event or record",
                    {
                        "200": {
                            "description": "a JSON Schema 2020-12 document",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        **_errors(404),
                    },
                    parameters=[
                        {"name": "game", "in": "path", "required": True, "schema": {"enum": list(tablegames.names())}},
                        {"name": "kind", "in": "path", "required": True, "schema": {"enum": list(KINDS)}},
                    ],
                )
            },
            "/api/tables/{id}/record": {
                "get": _operation(
                    "the record once over; before, the seat's transcript",
                    {"200": _json("GameRecord", "the record or transcript"), **_errors(400, 401, 403, 404)},
                    parameters=table,
                    security=_OPTIONAL_BEARER,
                )
            },
        },
        "components": {
            "schemas": dict(SCHEMAS),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
