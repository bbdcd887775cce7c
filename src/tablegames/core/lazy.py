"""Imports made on first use, so that importing tablegames and starting a game stay cheap.

`on_first_use` gives a package a module ``__getattr__`` (PEP 562) that
imports a name from its module the first time it is asked for; `lazy_module`
returns a module that is executed the first time one of its attributes is
read (`importlib.util.LazyLoader`), for modules such as a game's events,
which only transitions that collect events need.

Examples:
    >>> __getattr__ = on_first_use("mypackage", {"sqrt": "math"}, {})
    >>> __getattr__("sqrt")(9.0)
    3.0
    >>> "sqrt" in listing({"sqrt": "math"}, {})()
    True
    >>> lazy_module("json").dumps([1])
    '[1]'
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

__all__ = ["lazy_module", "listing", "on_first_use"]


def lazy_module(name: str) -> ModuleType:
    """Return the module ``name``, executed only when one of its attributes is first read.

    An imported module is returned as it is. The module is put in
    ``sys.modules`` at once, so a later ``import`` of it finds the same object.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def on_first_use(package: str, names: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """Return a module ``__getattr__`` that imports each of ``names`` from its module when first asked for.

    Args:
        package: The package's ``__name__``, for the error message.
        names: Each name and the module that defines it.
        namespace: The package's ``globals()``: a name imported once is kept there.

    Returns:
        The function to assign to the package's ``__getattr__``; it raises
        `AttributeError` for any other name.
    """

    def __getattr__(name: str) -> Any:  # noqa: N807 - it is the module's __getattr__
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(names[name]), name)
        namespace[name] = value
        return value

    return __getattr__


def listing(names: dict[str, str], namespace: dict[str, Any]) -> Callable[[], list[str]]:
    """Return a module ``__dir__`` that lists the names `on_first_use` imports along with those already there."""

    def __dir__() -> list[str]:  # noqa: N807 - it is the module's __dir__
        return sorted({*namespace, *names})

    return __dir__
