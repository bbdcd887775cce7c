"""The game server: any registered game on the network, over HTTP and WebSockets, kept in SQLite or PostgreSQL.

``tablegames serve`` runs it (the ``web`` extra installs what it needs:
``python -m pip install 'tablegames[web]'``). A frontend in any language
creates a table, gets a secret token for each person's seat, and from then
on sees exactly what that seat may see and acts only for it; bots play on
the server; every accepted action is committed before anyone is told of it,
and a restarted server carries on every unfinished table.

The server uses tablegames' public API only and knows no game by name. Its
modules:

- `tablegames.server.app`: the Starlette application, its routes mounted and its errors;
- `tablegames.server.routes`: the HTTP routes;
- `tablegames.server.origins`: the server's settings, and the pages' origins allowed;
- `tablegames.server.sockets`: the WebSocket endpoint;
- `tablegames.server.wire`: reading requests, writing JSON;
- `tablegames.server.errors`: the errors a client can be sent, and their statuses;
- `tablegames.server.lobby`: the tables of a server and the path of every action;
- `tablegames.server.catalogue`: the games offered, and the seats a table of one may have;
- `tablegames.server.expiry`: tables nobody touches expiring;
- `tablegames.server.tables`: one table, its seats and what each seat has been told;
- `tablegames.server.hub`: the connections and what is pushed to them;
- `tablegames.server.botrunner`: bots deciding in worker processes, and their pauses;
- `tablegames.server.storage`: the store interface, and choosing a store from ``--db``;
- `tablegames.server.store`: the SQLite schema, its version and migrations;
- `tablegames.server.pgstore`: the same in PostgreSQL (psycopg's async API), for several servers on one database;
- `tablegames.server.pgschema`: its schema and migrations;
- `tablegames.server.news`: keeping those processes' tables in step;
- `tablegames.server.presence`: the seats connected on the other processes;
- `tablegames.server.tokens`: tokens, their hashes, table ids;
- `tablegames.server.limits`: the limits;
- `tablegames.server.logs`: logs without secrets;
- `tablegames.server.rates`: rate limits per client;
- `tablegames.server.contract`: the OpenAPI document and the JSON Schemas of the protocol's bodies;
- `tablegames.server.run`: running it under uvicorn.

Importing this package needs nothing beyond tablegames; `create_app` and
`serve` need the ``web`` extra and say so if it is missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablegames.server.app import create_app
    from tablegames.server.run import serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    """Import `create_app` and `serve` when first asked for: they need the ``web`` extra."""
    if name == "create_app":
        from tablegames.server.app import create_app

        return create_app
    if name == "serve":
        from tablegames.server.run import serve

        return serve
    raise AttributeError(f"module 'tablegames.server' has no attribute {name!r}")
