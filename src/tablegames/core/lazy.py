"""Imports made on first use, so that importing tablegames and starting a game stay cheap.

`on_first_use` gives a package a module ``__getattr__`` (PEP 562) that
imports a name from its module the first time it is asked for; `lazy_module`
returns a stand-in for a module that imports it the first time one of its
attributes is read, for modules such as a game's events, which only
transitions that collect events need; `on_first_call` returns a stand-in for
one function that a module calls, which its first call replaces with the
function itself, so that later calls cost nothing more (a game's views are
built on search bots' hot paths); `made_on_first_call` does the same for a
function that is made rather than imported (the compiled builders of
`tablegames.core.build`). All import with
`importlib.import_module`, whose per-module locks make threads that ask at
the same time wait for one import to finish: no thread sees a module half
run.

Examples:
    >>> __getattr__ = on_first_use("mypackage", {"sqrt": "math"}, {})
    >>> __getattr__("sqrt")(9.0)
    3.0
    >>> "sqrt" in listing({"sqrt": "math"}, {})()
    True
    >>> lazy_module("json").dumps([1])
    '[1]'
    >>> namespace = {}
    >>> namespace["dumps"] = on_first_call("json", "dumps", namespace)
    >>> namespace["dumps"]([2]), namespace["dumps"] is __import__("json").dumps
    ('[2]', True)
    >>> namespace["twice"] = made_on_first_call(lambda: (lambda x: 2 * x), "twice", namespace)
    >>> namespace["twice"](4), namespace["twice"].__name__
    (8, '<lambda>')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["lazy_module", "listing", "made_on_first_call", "on_first_call", "on_first_use"]

T = TypeVar("T")


def lazy_module(name: str) -> Any:
    """Return a stand-in for the module ``name`` that imports it when one of its attributes is first read.

    Nothing is imported before then, so ``name`` is not in ``sys.modules``
    until it is used; each attribute read is kept on the stand-in, so later
    reads cost what a module's do.
    """
    return _OnFirstUse(name)


class _OnFirstUse:
    """Stands in for a module not imported yet (see `lazy_module`)."""

    def __init__(self, name: str) -> None:
        self.__name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):  # the stand-in's own (copy, pickle, its name): never the module's
            raise AttributeError(attribute)
        value = getattr(importlib.import_module(self.__name), attribute)
        setattr(self, attribute, value)
        return value

    def __repr__(self) -> str:
        return f"<module {self.__name!r}, imported on first use>"


def on_first_call(module: str, name: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    """Return a stand-in for the function (or class) ``name`` of ``module``, to be bound to ``name`` in ``namespace``.

    Its first call imports the function, puts it in ``namespace`` in the
    stand-in's place and returns what the function returns, so later calls
    from that module are the function's own. This is for a function a module
    only calls (a class it only instantiates), on a hot path where the
    attribute read of a `lazy_module` on every call would show.

    Args:
        module: The module that defines the function.
        name: The function's name there, and the name it is bound to in ``namespace``.
        namespace: The calling module's ``globals()``.
    """
    return made_on_first_call(lambda: getattr(importlib.import_module(module), name), name, namespace)


def made_on_first_call(make: Callable[[], Callable[..., T]], name: str, namespace: dict[str, Any]) -> Callable[..., T]:
    """Return a stand-in for the function ``make()`` returns, to be bound to ``name`` in ``namespace``.

    Its first call makes the function, puts it in ``namespace`` in the
    stand-in's place and returns what it returns, so later calls from that
    module are the function's own, and nothing is made until one is needed.
    Threads that call it at once each make the function and may each bind
    it: ``make`` must give equivalent functions every time.

    Args:
        make: Makes the function (it may import or compile).
        name: The name the stand-in is bound to in ``namespace``.
        namespace: The calling module's ``globals()``.
    """

    def first_call(*args: Any, **kwargs: Any) -> T:
        function = namespace[name] = make()
        return function(*args, **kwargs)

    return first_call


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
