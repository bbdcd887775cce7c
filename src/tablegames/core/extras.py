"""Optional dependencies: import a module of an extra, or say which extra to install.

tablegames' core needs only attrs. The server, the adapters, the batched
engine, the Ray backend and the plots need more; each lives in an extra named
for its use (``web``, ``rl``, ``openspiel``, ``fast``, ``ray``, ``plot``), and
the code that needs it imports it through `require`, so a missing extra is one
clear error instead of an ``ImportError`` from deep inside.

Examples:
    >>> require("json", "cli").__name__
    'json'
    >>> require("tablegames_no_such_module", "web")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.MissingExtraError: ... the extra 'web' installs: python -m pip install 'tablegames[web]'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from tablegames.core.errors import MissingExtraError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["install_hint", "require"]


def install_hint(extra: str) -> str:
    """Return the command that installs ``extra``.

    Examples:
        >>> install_hint("rl")
        "python -m pip install 'tablegames[rl]'"
    """
    return f"python -m pip install 'tablegames[{extra}]'"


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, which the extra ``extra`` installs.

    Args:
        module: The module's dotted name, e.g. ``"starlette.applications"``.
        extra: The tablegames extra that installs it, e.g. ``"web"``.

    Raises:
        MissingExtraError: If the module cannot be imported; the message names
            the extra and the command that installs it.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtraError(
            f"this needs the module {module!r}, which the extra {extra!r} installs: {install_hint(extra)}",
            extra=extra,
        ) from error
