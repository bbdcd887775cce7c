"""``tablegames serve``: run the game server (the ``web`` extra), with plain messages, no rich needed.

Examples:
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="tablegames")
    >>> add_serve_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["serve", "--port", "9000", "--db", ":memory:"])
    >>> args.host, args.port, args.db, args.bot_delay
    ('127.0.0.1', 9000, ':memory:', 0.5)
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urljoin

import attrs

import tablegames
from tablegames import ConfigError
from tablegames.core.extras import require
from tablegames.server.limits import Limits

__all__ = ["add_serve_parser", "read_limits", "run_serve"]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, got {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"from 0 to 10 seconds, got {text!r}")
    return value


def add_serve_parser(commands: Any) -> None:
    """Add the ``serve`` command to the ``tablegames`` parser's subcommands."""
    serve = commands.add_parser(
        "serve",
        help="serve games over the network (HTTP and WebSockets), kept in a SQLite file or PostgreSQL",
        description="Serve tables of every game over HTTP and WebSockets. Needs the web extra: "
        "python -m pip install 'tablegames[web]'. Every accepted action is on disk before anyone is told; "
        "stopped and started again on the same --db, the server carries on every unfinished table. "
        "With --db postgresql://... (the postgres extra) any number of servers share the tables.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
    )
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db",
        default="tablegames.sqlite3",
        metavar="PATH|URL",
        help="the SQLite file holding the tables (default tablegames.sqlite3 here; ':memory:' keeps nothing), "
        "or a PostgreSQL database, postgresql://user@host/name, which several servers may share",
    )
    serve.add_argument(
        "--bot-delay",
        type=_seconds,
        default=0.5,
        metavar="SECONDS",
        help="the pause before each bot move, so people can follow (default 0.5; a table may set its own)",
    )
    serve.add_argument("--bot-workers", type=int, default=2, metavar="N", help="processes bots decide in (default 2)")
    serve.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address people reach the server at behind a reverse proxy, e.g. https://games.example.org",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin whose web pages may connect, e.g. https://app.example.org (repeatable)",
    )
    serve.add_argument(
        "--web",
        type=Path,
        default=None,
        metavar="DIR",
        help="serve this directory's web client instead of the installed one",
    )
    serve.add_argument(
        "--docs",
        default=None,
        metavar="DIR|URL",
        help="the rules pages the lobby links each option to: the folder of the built documentation "
        "(mkdocs build makes site/; served at /docs/) or the address where it is published",
    )
    serve.add_argument(
        "--synchronous",
        choices=["normal", "full"],
        default="normal",
        help="SQLite durability: normal survives the server being killed, full also a power cut (default normal)",
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the server's limits, e.g. creations_per_minute=60 (repeatable; GET /api lists them all)",
    )
    serve.add_argument(
        "--reuse-port",
        action="store_true",
        help="let several servers on this machine listen on the same port (SO_REUSEPORT; with PostgreSQL)",
    )
    serve.add_argument(
        "--log-level",
        choices=["debug", "info", "warning", "error"],
        default="info",
        help="how much to log (default info)",
    )


def read_limits(pairs: list[str]) -> Limits:
    """The server's limits with the ``NAME=VALUE`` changes of ``--limit``.

    Raises:
        ConfigError: If a name is not a limit's, or a value is not a positive number.

    Examples:
        >>> read_limits(["creations_per_minute=60"]).creations_per_minute
        60
        >>> read_limits(["speed=3"])
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: --limit speed=3: speed is not a limit; the limits: max_body, ...
    """
    names = list(attrs.fields_dict(Limits))
    changes: dict[str, float] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in names:
            raise ConfigError(f"--limit {pair}: {name} is not a limit; the limits: {', '.join(names)}")
        try:
            value: float = float(text) if name == "max_bot_delay" else int(text)
        except ValueError:
            raise ConfigError(f"--limit {pair}: the value is a whole number, got {text!r}") from None
        changes[name] = value
    try:
        return Limits(**changes)  # type: ignore[arg-type]
    except ValueError as error:
        raise ConfigError(f"--limit: {error}") from None


def run_serve(args: argparse.Namespace, out: TextIO) -> None:
    """Run ``tablegames serve`` with parsed ``args`` until interrupted.

    Raises:
        MissingExtraError: If the ``web`` extra is not installed.
        ConfigError: If an argument is out of range.
    """
    if not 0 < args.port < 65536:
        raise ConfigError(f"--port must be 1 to 65535, got {args.port}")
    if args.bot_workers < 1:
        raise ConfigError(f"--bot-workers must be at least 1, got {args.bot_workers}")
    limits = read_limits(args.limit)
    from tablegames.server.pgstore import without_password
    from tablegames.server.run import serve
    from tablegames.server.storage import is_postgres
    from tablegames.server.webclient import docs_address

    web_args: dict[str, Any] = {} if args.web is None else {"web": args.web}
    rules = docs_address(args.docs)  # refused before the server starts
    if rules is not None:
        web_args["docs"] = args.docs
    if args.reuse_port:
        web_args["reuse_port"] = True
    if is_postgres(args.db):
        require("psycopg", "postgres")
        require("psycopg_pool", "postgres")
        where = without_password(args.db)
    else:
        where = "memory: nothing is kept" if args.db == ":memory:" else str(Path(args.db).resolve())
    print(
        f"tablegames {tablegames.__version__} serves {', '.join(tablegames.names())} "
        f"at http://{args.host}:{args.port} (database: {where})"
        + ("" if rules is None else f"; the rules pages at {urljoin(f'http://{args.host}:{args.port}', rules)}"),
        file=out,
        flush=True,
    )
    serve(
        args.host,
        args.port,
        args.db,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        synchronous=args.synchronous,
        public_url=args.public_url,
        origins=args.allow_origin,
        log_level=args.log_level,
        limits=limits,
        **web_args,
    )
