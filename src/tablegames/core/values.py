"""The class decorators of tablegames' values: attrs', with one ``__repr__`` shared by every class.

attrs writes and compiles a ``__repr__`` for each class it builds, about a
third of the time building a class takes, and loading the three games
builds over thirty classes. `frozen` and `define` are ``attrs.frozen`` and
``attrs.define`` with ``repr=False``, after which the class takes
`attrs_repr`, which gives exactly the text attrs' own ``__repr__`` would
(a class that writes its own ``__repr__`` keeps it). attrs' own also
guards against a value that holds itself, which no value of tablegames
does. Everything else is attrs': fields, validators, equality, hashing,
slots, ``attrs.evolve``.

Examples:
    >>> @frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> Point(1)
    Point(x=1, y=0)
    >>> import attrs
    >>> attrs.has(Point), attrs.evolve(Point(1), y=2)
    (True, Point(x=1, y=2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

__all__ = ["attrs_repr", "define", "frozen"]


def attrs_repr(self: Any) -> str:
    """The text attrs' generated ``__repr__`` gives: the class's name, then each field shown, ``name=value``."""
    cls = type(self)
    shown = _SHOWN.get(cls)
    if shown is None:
        shown = _SHOWN[cls] = tuple(
            (field.name, repr if field.repr is True else field.repr) for field in attrs.fields(cls) if field.repr
        )
    parts = ", ".join(f"{name}={show(getattr(self, name, attrs.NOTHING))}" for name, show in shown)
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({parts})"


#: The fields each class shows, with the function that shows each, worked out on the first repr.
_SHOWN: dict[type, tuple[tuple[str, Any], ...]] = {}


def _shared(decorate: Any, name: str) -> Any:
    def decorator(maybe_cls: type | None = None, **options: Any) -> Any:
        def build(cls: type) -> type:
            made: type = decorate(cls, repr=False, **options)
            if "__repr__" not in cls.__dict__:
                made.__repr__ = attrs_repr  # type: ignore[method-assign, assignment]
            return made

        return build if maybe_cls is None else build(maybe_cls)

    decorator.__doc__ = f"``attrs.{name}``, with the shared `attrs_repr` (see the module docs)."
    return decorator


if TYPE_CHECKING:  # type checkers see attrs' own decorators, which these are but for the repr
    from attrs import define, frozen
else:
    frozen = _shared(attrs.frozen, "frozen")
    define = _shared(attrs.define, "define")
