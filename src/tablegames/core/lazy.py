"""A package's names imported on first use (PEP 562): the one lazy mechanism of tablegames.

A package's ``__init__`` names what it offers and the module that defines
each; `on_first_use` gives it the module ``__getattr__`` that imports a name
the first time it is asked for, and `listing` the ``__dir__`` that lists
them all. A name may also be one of the package's own submodules
(``tablegames.kalaha.bots``). Imports go through `importlib.import_module`,
whose per-module locks make threads that ask at once wait for one import.

Examples:
    >>> __getattr__ = on_first_use("mypackage", {"sqrt": "math"}, {})
    >>> __getattr__("sqrt")(9.0)
    3.0
    >>> __getattr__("cbrt")
    Traceback (most recent call last):
    ...
    AttributeError: module 'mypackage' has no attribute 'cbrt'
    >>> "sqrt" in listing({"sqrt": "math"}, {})()
    True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["listing", "on_first_use"]


def on_first_use(package: str, names: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """Return a module ``__getattr__`` that imports each of ``names`` from its module when first asked for.

    Args:
        package: The package's ``__name__``, for the error message.
        names: Each name and the module that defines it; a name whose module
            is ``f"{package}.{name}"`` is that submodule itself.
        namespace: The package's ``globals()``: a name imported once is kept there.

    Returns:
        The function to assign to the package's ``__getattr__``; it raises
        `AttributeError` for any other name.
    """

    def __getattr__(name: str) -> Any:  # noqa: N807 - it is the module's __getattr__
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(names[name])
        value = module if names[name] == f"{package}.{name}" else getattr(module, name)
        namespace[name] = value
        return value

    return __getattr__


def listing(names: dict[str, str], namespace: dict[str, Any]) -> Callable[[], list[str]]:
    """Return a module ``__dir__`` listing the public names there and those `on_first_use` imports."""

    def __dir__() -> list[str]:  # noqa: N807 - it is the module's __dir__
        return sorted(name for name in {*namespace, *names} if not name.startswith("_"))

    return __dir__
