"""Serving the web client: its page at ``/`` and ``/tables/{id}``, its files under ``/static/``, and their headers.

The browser client is a folder of static files (``tablegames/web`` in the
package, or the folder given to ``tablegames serve --web``). Its page is
``index.html``; everything else is served under ``/static/`` with the
content type its suffix names (`CONTENT_TYPES`; a file of any other kind is
not served), revalidated on every load (``Cache-Control: no-cache``, with
the ``ETag`` and ``Last-Modified`` that let the browser keep an unchanged
file), and with the headers of `SECURITY_HEADERS`. The page's
Content-Security-Policy (`CONTENT_SECURITY_POLICY`) lets it load scripts,
styles and images from this server only and talk to nothing but this
server's HTTP and WebSocket routes; no inline script, no inline style, no
``eval``, and ``require-trusted-types-for 'script'`` so that no script can
write HTML from a string: the client builds every element with the DOM API.

The lobby links each option to its rule on the rules pages: where the
server is given the documentation (`docs_address`: a folder of the built
site, served under ``/docs/``, or the address where it is published), the
page's ``tablegames-docs`` meta names it; without it, the options link to
no rule.

Examples:
    >>> CONTENT_TYPES[".js"]
    'text/javascript; charset=utf-8'
    >>> "script-src 'self'" in CONTENT_SECURITY_POLICY
    True
"""

from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tablegames
from tablegames.core.errors import ConfigError
from tablegames.core.extras import require
from tablegames.server.errors import NotFoundError, error_body, status_of

_datastructures = require("starlette.datastructures", "web")
_responses = require("starlette.responses", "web")
_routing = require("starlette.routing", "web")
_staticfiles = require("starlette.staticfiles", "web")

if TYPE_CHECKING:
    import os

    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.staticfiles import StaticFiles
    from starlette.types import Scope

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "CONTENT_TYPES",
    "DOCS_PATH",
    "SECURITY_HEADERS",
    "ClientFiles",
    "docs_address",
    "web_routes",
    "with_docs",
]

#: Where the server serves a folder of the built documentation it is given.
DOCS_PATH = "/docs/"
#: The page's meta that names where the rules pages are (the lobby links each option to its rule there).
_DOCS_META = re.compile(r'(<meta name="tablegames-docs" content=")[^"]*(")')

#: The content type of each kind of file the client may hold; files of other kinds are not served.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}

#: What the client's pages may load and connect to: this server only, no inline code, no HTML from strings.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
    ]
)

#: The headers every file of the client is served with.
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cache-Control": "no-cache",
}


def _not_served(path: str | os.PathLike[str]) -> Response:
    error = NotFoundError(f"the web client has no file {Path(path).name!r} to serve")
    response: Response = _responses.JSONResponse(error_body(error), status_code=status_of(error))
    return response


_StaticFiles: Any = _staticfiles.StaticFiles


class ClientFiles(_StaticFiles):  # type: ignore[misc]
    """Starlette's static files, each with the content type of its kind and the client's security headers."""

    def file_response(
        self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        """The file with its type from `CONTENT_TYPES` and the headers of `SECURITY_HEADERS`, or 304 if unchanged."""
        kind = CONTENT_TYPES.get(Path(full_path).suffix.lower())
        if kind is None:
            return _not_served(full_path)
        response: Response = _responses.FileResponse(
            full_path, status_code=status_code, stat_result=stat_result, media_type=kind, headers=SECURITY_HEADERS
        )
        if self.is_not_modified(response.headers, _datastructures.Headers(scope=scope)):
            not_modified: Response = _staticfiles.NotModifiedResponse(response.headers)
            return not_modified
        return response


def docs_address(docs: str | os.PathLike[str] | None) -> str | None:
    """Where the lobby's rule links point for ``docs``: its address, `DOCS_PATH` for a folder, or None.

    Raises:
        ConfigError: If ``docs`` is neither an http(s) address nor a folder holding a built site.

    Examples:
        >>> docs_address("https://tablegames.example.org/")
        'https://tablegames.example.org/'
        >>> docs_address("https://tablegames.example.org/en")
        'https://tablegames.example.org/en/'
        >>> docs_address("no-such-folder")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: the docs are a folder holding the built site (its index.html; ...
    """
    if docs is None:
        return None
    if isinstance(docs, str) and docs.startswith(("http://", "https://")):
        return docs if docs.endswith("/") else f"{docs}/"
    if not (Path(docs) / "index.html").is_file():
        raise ConfigError(
            "the docs are a folder holding the built site (its index.html; build it with `mkdocs build`) "
            f"or the http(s) address where it is published, got {str(docs)!r}"
        )
    return DOCS_PATH


def with_docs(page: str, address: str) -> str:
    """The client's page with its ``tablegames-docs`` meta naming ``address``.

    Examples:
        >>> with_docs('<meta name="tablegames-docs" content="">', "/docs/")
        '<meta name="tablegames-docs" content="/docs/">'
    """
    return _DOCS_META.sub(lambda found: f"{found[1]}{html.escape(address)}{found[2]}", page)


def web_routes(web: Path | None, docs: str | os.PathLike[str] | None = None) -> list[Any]:
    """The routes of the web client in ``web`` (its ``index.html`` and files), or a note that none is installed.

    With ``docs`` (see `docs_address`) the page links the lobby's options to the rules there, and a
    folder of the built site is served under `DOCS_PATH`.
    """
    address = docs_address(docs)
    site = []
    if address == DOCS_PATH:  # a folder of the built site, served here
        site.append(_routing.Mount(DOCS_PATH.rstrip("/"), _staticfiles.StaticFiles(directory=docs, html=True)))
    if web is None or not (web / "index.html").is_file():

        async def no_client(request: Request) -> Response:
            del request
            response: Response = _responses.PlainTextResponse(
                f"tablegames {tablegames.__version__} server: no web client is installed here; "
                "the wire protocol is at /api (see the documentation's 'Wire protocol' page)\n"
            )
            return response

        return [_routing.Route("/", no_client), _routing.Route("/tables/{table}", no_client), *site]

    index = web / "index.html"
    files: StaticFiles = ClientFiles(directory=web)
    # Given the docs, the page names them: written once, with the ETag that lets a browser keep it.
    body = b"" if address is None else with_docs(index.read_text("utf-8"), address).encode()
    headers = {**SECURITY_HEADERS, "ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"'}

    async def page(request: Request) -> Response:
        if address is None:
            response: Response = files.file_response(index, index.stat(), request.scope)
        elif headers["ETag"] in request.headers.get("if-none-match", ""):
            response = _responses.Response(status_code=304, headers=headers)
        else:
            response = _responses.Response(body, media_type=CONTENT_TYPES[".html"], headers=headers)
        return response

    return [
        _routing.Route("/", page),
        _routing.Route("/tables/{table}", page),
        _routing.Mount("/static", files, name="static"),
        *site,
    ]
