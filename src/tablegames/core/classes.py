"""The metaclass of the classes that stay Python classes in the compiled build.

`PythonType` is the metaclass of `tablegames.core.protocol`'s bases and of
`tablegames.core.plain.Plain`. It is an `abc.ABCMeta` that adds nothing, and
it is there for the compiler: mypyc compiles a class whose metaclass is not
``ABCMeta`` itself as an ordinary Python class with compiled methods, never as
a native class, which could not extend a class of the interpreter. So a game's
state, compiled with its rules, extends the protocol's bases, which stay
interpreted so that any game, compiled or not, written with attrs or not, can
extend them too. This module is never compiled.

Examples:
    >>> from tablegames import State
    >>> type(State) is PythonType, issubclass(PythonType, abc.ABCMeta)
    (True, True)
"""

from __future__ import annotations

import abc

__all__ = ["PythonType"]


class PythonType(abc.ABCMeta):
    """An `abc.ABCMeta` that keeps the classes using it, and their subclasses, Python classes in the compiled build."""
