"""Plain typed values, for the classes the rules make millions of.

Values in tablegames are ``@attrs.frozen`` classes, except the few a game makes
at every decision (its state, and the working copy its rules change): those
are plain classes with ``__slots__``, ``Final`` fields and an ``__init__``
written out, which build in a fraction of the time, and which the compiled
build (see the performance guide) compiles with the rules. `Plain` gives them
what attrs would: equality, hashing, a repr and ``__replace__``, all from the
field names in ``__match_args__``. Their fields are final: the type checker
refuses assignments to them, and no code of tablegames makes one.

`Plain` and `State` are compiled native classes that classes of the
interpreter may extend (`tablegames.core.compiler` says why), so a plain
class of your own can extend `Plain`. A game's state extends `PlainState`
instead, which gives it the same and is a `State`. The games' states are
also marked ``@final``: the compiled build checks that a value handed to a
compiled method is of the class itself, so a program that needs a state
with more in it wraps one rather than extends it.

Either class lists its fields in ``__match_args__``, in the order its
``__init__`` takes them, and holds them in ``__slots__``.

Examples:
    >>> from typing import Final
    >>> class Point(Plain):
    ...     __slots__ = ("x", "y")
    ...     __match_args__ = ("x", "y")
    ...     x: Final[int]
    ...     y: Final[int]
    ...
    ...     def __init__(self, x: int, y: int) -> None:
    ...         self.x = x
    ...         self.y = y
    >>> Point(1, 2)
    Point(x=1, y=2)
    >>> Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1)
    (True, False)
    >>> Point(1, 2).__replace__(y=5)
    Point(x=1, y=5)
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from tablegames.core.compiler import mypyc_attr
from tablegames.core.state import State

__all__ = ["Plain", "PlainState"]


def _values(value: Any) -> tuple[Any, ...]:
    return tuple([getattr(value, name) for name in value.__match_args__])


def _repr(value: Any) -> str:
    fields = ", ".join(f"{name}={getattr(value, name)!r}" for name in value.__match_args__)
    return f"{type(value).__name__}({fields})"


def _replace(value: Any, changes: dict[str, Any]) -> Any:
    names: tuple[str, ...] = value.__match_args__
    unknown = [name for name in changes if name not in names]
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field {', '.join(sorted(unknown))}")
    return type(value)(*[changes[name] if name in changes else getattr(value, name) for name in names])


@mypyc_attr(allow_interpreted_subclasses=True)
class Plain:
    """Equality, hashing, a repr and ``__replace__`` for a plain class, from the field names in ``__match_args__``.

    Two values are equal when they are of the same class and their fields are
    equal; ``__replace__`` (what `copy.replace` calls) returns a copy with some
    fields changed, through the class's own ``__init__``.
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        return _repr(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy a value as its class and its fields, which a compiled class needs said."""
        return type(self), _values(self)

    def __replace__(self, **changes: Any) -> Self:
        """Return a copy with ``changes`` made, built by the class's ``__init__``.

        Raises:
            TypeError: If a change names no field.
        """
        replaced: Self = _replace(self, changes)
        return replaced


class PlainState(State):
    """What `Plain` gives a value, for a game's `State`: the base of the games' own state classes.

    Its ``str`` is the table as a spectator sees it, ``str(state.view(None))``.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> state = Kalaha(pits=2, seeds=1).start()
        >>> isinstance(state, PlainState), state == Kalaha(pits=2, seeds=1).start()
        (True, True)
        >>> state.__replace__(current_player=1).current_player
        1
        >>> import pickle
        >>> pickle.loads(pickle.dumps(state)) == state
        True
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        return _repr(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy a state as its class and its fields (see `Plain.__reduce__`)."""
        return type(self), _values(self)

    def __replace__(self, **changes: Any) -> Self:
        """Return a copy with ``changes`` made, as `Plain.__replace__` does."""
        replaced: Self = _replace(self, changes)
        return replaced

    def __str__(self) -> str:
        """The state as a spectator sees it: ``str(self.view(None))``."""
        return str(self.view(None))
