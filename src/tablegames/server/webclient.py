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

Examples:
    >>> CONTENT_TYPES[".js"]
    'text/javascript; charset=utf-8'
    >>> "script-src 'self'" in CONTENT_SECURITY_POLICY
    True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import tablegames
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

__all__ = ["CONTENT_SECURITY_POLICY", "CONTENT_TYPES", "SECURITY_HEADERS", "ClientFiles", "web_routes"]

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


def web_routes(web: Path | None) -> list[Any]:
    """The routes of the web client in ``web`` (its ``index.html`` and files), or a note that none is installed."""
    if web is None or not (web / "index.html").is_file():

        async def no_client(request: Request) -> Response:
            del request
            response: Response = _responses.PlainTextResponse(
                f"tablegames {tablegames.__version__} server: no web client is installed here; "
                "the wire protocol is at /api (see the documentation's 'Wire protocol' page)\n"
            )
            return response

        return [_routing.Route("/", no_client), _routing.Route("/tables/{table}", no_client)]

    index = web / "index.html"
    files: StaticFiles = ClientFiles(directory=web)

    async def page(request: Request) -> Response:
        response: Response = files.file_response(index, index.stat(), request.scope)
        return response

    return [
        _routing.Route("/", page),
        _routing.Route("/tables/{table}", page),
        _routing.Mount("/static", files, name="static"),
    ]
