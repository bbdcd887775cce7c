"""Run the server under uvicorn: what ``tablegames serve`` calls.

`serve` builds the application with `create_app` and runs it with uvicorn:
one process, one event loop (the tables live in it, and SQLite has one
writer; uvloop and httptools when installed, as the ``web`` extra does),
its own access log (no query strings), every log line passed through
`Redact` so that no token reaches a log, WebSocket messages limited to
``Limits.max_message`` bytes by uvicorn itself, and frames sent
uncompressed (they are small, and compressing each one for each listener
costs the server more time than it saves on the wire). Behind a reverse
proxy on the same machine, uvicorn trusts its ``X-Forwarded-*`` headers, so
join links carry the proxy's scheme.

The server process tunes Python's garbage collector (see `tune_collector`):
a full collection walks every object the process holds, the tables'
histories included, and stops every table while it runs (100-200 ms with a
hundred busy tables on a small machine), so it is kept rare, and what the
server holds once started is never walked again.

Examples:
    >>> config = log_config("info")
    >>> config["filters"]["redact"]["()"].__name__
    'Redact'
"""

from __future__ import annotations

import copy
import gc
import socket
from typing import TYPE_CHECKING, Any

from tablegames.core.extras import require
from tablegames.server.app import WEB, create_app
from tablegames.server.botrunner import ProcessBotRunner
from tablegames.server.limits import Limits
from tablegames.server.logs import Redact

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from pathlib import Path

    from tablegames.server.store import Synchronous

__all__ = ["COLLECTOR_THRESHOLDS", "log_config", "serve", "tune_collector"]

#: `gc.set_threshold` for the server process: young collections every 10,000 new objects (not 700),
#: and a full one after 100 of the middle generation's (not 10).
COLLECTOR_THRESHOLDS = (10_000, 50, 100)


def log_config(level: str) -> dict[str, Any]:
    """Uvicorn's logging configuration with tokens redacted from every handler, and the server's loggers added."""
    uvicorn_config = require("uvicorn.config", "web")
    config: dict[str, Any] = copy.deepcopy(uvicorn_config.LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": Redact}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    config["loggers"]["tablegames.server"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        config["loggers"].setdefault(name, {})["level"] = level.upper()
    return config


def tune_collector() -> None:
    """Keep the garbage collector's pauses out of the server's latency; run once the server has started.

    Sets `COLLECTOR_THRESHOLDS`, collects once, and freezes what survives
    (`gc.freeze`): the modules, and the tables restored from the database,
    stay alive as long as the server and are left out of every later
    collection. Values are still freed by reference counting when they go;
    the rare cycle among frozen objects is kept until the process ends.
    """
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    gc.collect()
    gc.freeze()


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | os.PathLike[str] = "tablegames.sqlite3",
    *,
    bot_delay: float = 0.5,
    bot_workers: int = 2,
    synchronous: Synchronous = "normal",
    public_url: str | None = None,
    origins: Sequence[str] = (),
    web: Path | None = WEB,
    docs: str | os.PathLike[str] | None = None,
    limits: Limits | None = None,
    log_level: str = "info",
    reuse_port: bool = False,
) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM stop it cleanly; every acknowledged action is already on disk).

    Args:
        host: The address to listen on; the default serves this machine only.
        port: The port.
        db: The SQLite file (``":memory:"``: keep nothing).
        bot_delay: The pause before each bot move, in seconds, for tables that do not set one.
        bot_workers: How many processes bots decide in.
        synchronous: ``"normal"`` or ``"full"`` (see `tablegames.server.store`).
        public_url: The address people reach the server at, behind a reverse proxy.
        origins: Other browser origins whose pages may use the server.
        web: The web client's directory, or None.
        docs: The rules pages the lobby links to: a folder of the built site (served under
            ``/docs/``) or the address where it is published.
        limits: The limits (default `Limits()`).
        log_level: ``"debug"``, ``"info"``, ``"warning"`` or ``"error"``.
        reuse_port: Listen with ``SO_REUSEPORT``, so that several servers on one machine (sharing a
            PostgreSQL database) take turns at the same port, the kernel spreading new connections over them.

    Raises:
        MissingExtraError: If the ``web`` extra is not installed.
    """
    uvicorn = require("uvicorn", "web")
    limits = limits or Limits()
    app = create_app(
        db,
        limits=limits,
        runner=ProcessBotRunner(bot_workers),
        bot_delay=bot_delay,
        synchronous=synchronous,
        public_url=public_url,
        origins=origins,
        web=web,
        docs=docs,
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=log_config(log_level),
        log_level=log_level,
        access_log=False,
        ws_max_size=limits.max_message,
        ws_per_message_deflate=False,
        server_header=False,
        lifespan="on",
    )

    class Server(uvicorn.Server):  # type: ignore[misc,name-defined]
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            tune_collector()

    listening = None
    if reuse_port:
        listening = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listening.bind((host, port))
        listening.listen(2048)
    Server(config).run(sockets=None if listening is None else [listening])
