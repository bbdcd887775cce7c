"""What tells the compiler which classes stay Python classes, and which compiled classes Python classes extend.

`PythonType` is the metaclass of the protocol's `Game`, `Action`, `View`
and `Event`. It is an `abc.ABCMeta` that adds nothing, and it is there for
the compiler: mypyc compiles a class whose metaclass is not ``ABCMeta``
itself as an ordinary Python class with compiled methods, never as a
native class, which could not be extended by a class of the interpreter.
So the games' actions, views and events, written with attrs, extend these
bases, and so can any game's, compiled or not.
`tablegames.core.state.State` and `tablegames.core.plain.Plain` are the
exceptions: they are compiled, and `mypyc_attr` tells the compiler that
interpreted classes extend them, so that the games' states and plain
values are native classes while a state of your own, written with attrs,
extends `State` too (see the performance guide). This module is never
compiled.

`mypyc_attr` is the compiler's own mark, from ``mypy_extensions``, which
is installed with the compiler; where it is not, a mark that does nothing
stands in, so tablegames needs nothing but attrs to run.

Examples:
    >>> from tablegames import Action
    >>> type(Action) is PythonType, issubclass(PythonType, abc.ABCMeta)
    (True, True)
    >>> mypyc_attr(allow_interpreted_subclasses=True)(Action) is Action
    True
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["PythonType", "mypyc_attr"]

#: A class that `mypyc_attr` marks.
T = TypeVar("T")

try:  # the compiler reads this mark; a base class it marks may be extended by classes of the interpreter
    from mypy_extensions import mypyc_attr
except ImportError:  # installed with the compiler only: without it the mark does nothing

    def mypyc_attr(*marks: str, **settings: object) -> Callable[[T], T]:
        """Return the class unchanged: only the compiler acts on this mark."""
        return lambda cls: cls


class PythonType(abc.ABCMeta):
    """An `abc.ABCMeta` that keeps the classes using it, and their subclasses, Python classes in the compiled build."""
