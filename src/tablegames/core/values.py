"""The class decorators of tablegames' values: attrs', with ``__repr__``, ``__eq__`` and ``__hash__`` shared.

attrs writes and compiles a ``__repr__``, an ``__eq__`` and a ``__hash__``
for each class it builds, which is most of the time building a class takes,
and loading the three games builds over thirty classes. `frozen` and
`define` are ``attrs.frozen`` and ``attrs.define`` without those three;
then:

- the class takes `attrs_repr`, which gives exactly the text attrs' own
  ``__repr__`` would (a class that writes its own ``__repr__`` keeps it).
  attrs' own also guards against a value that holds itself, which no value
  of tablegames does;
- the class takes an ``__eq__`` and a ``__hash__`` of its compared fields
  (those not made with ``eq=False``): two values are equal if they are of
  the same class and their fields are, in order; the hash is that of the
  fields, mixed with a number of the class's own. A class of one field
  compares in the very code attrs writes (compiled once, given each class's
  field name by `types.CodeType.replace`), as fast as attrs' own, for the
  actions that legal moves are compared with; a class of several compares
  the tuples of its fields, read in one call (`operator.attrgetter`), so
  an element that is the same object on both sides counts as equal, as in
  any tuple. A mutable class (`define`) is unhashable, as with attrs.

A class given any option about equality or hashing (``eq``, ``order``,
``unsafe_hash``, ``hash``, ``cache_hash``) gets attrs' own ``__eq__`` and
``__hash__``, and a field may not compare by a key function (``eq=key``;
``eq=False`` leaves it out, as with attrs). Everything else is attrs':
fields, validators, slots, ``attrs.evolve``, pickling.

Examples:
    >>> @frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> Point(1)
    Point(x=1, y=0)
    >>> Point(1) == Point(1, 0), Point(1) == Point(1, 2), hash(Point(1)) == hash(Point(1, 0))
    (True, False, True)
    >>> import attrs
    >>> attrs.has(Point), attrs.evolve(Point(1), y=2)
    (True, Point(x=1, y=2))
"""

from __future__ import annotations

import builtins
import functools
from operator import attrgetter
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

import attrs

__all__ = ["attrs_repr", "define", "frozen"]

#: The options that leave a class's equality and hashing to attrs.
_ATTRS_EQUALITY = frozenset({"eq", "order", "unsafe_hash", "hash", "cache_hash"})


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


@functools.cache
def _one_field() -> tuple[CodeType, CodeType]:
    """The code of ``__eq__`` and ``__hash__`` for one field, named ``_field``: the code attrs writes, compiled once."""
    source = (
        "def __eq__(self, other):\n"
        "    if other.__class__ is not self.__class__:\n"
        "        return NotImplemented\n"
        "    return self._field == other._field\n"
        "def __hash__(self):\n"
        "    return hash(self._field) ^ salt\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, "<tablegames.core.values>", "exec"), namespace)
    return namespace["__eq__"].__code__, namespace["__hash__"].__code__


#: How many classes have been given the shared methods under each name.
_NAMED: dict[str, int] = {}


def _no_fields(_: object) -> tuple[()]:
    return ()


def _equality(cls: type, *, hashable: bool) -> None:
    """Give ``cls`` the shared ``__eq__`` and ``__hash__`` (None unless ``hashable``) of its compared fields."""
    fields = attrs.fields(cls)
    keyed = [field.name for field in fields if field.eq_key is not None]
    if keyed:
        raise TypeError(f"{cls.__name__}.{keyed[0]} compares by a key: build the class with attrs' own decorator")
    compared = [field.name for field in fields if field.eq]
    full_name = f"{cls.__module__}.{cls.__qualname__}"
    _NAMED[full_name] = count = _NAMED.get(full_name, 0) + 1  # a class made again under the same name hashes apart
    salt = hash(f"{full_name}/{count}")
    eq: Any
    hash_: Any
    if len(compared) == 1:  # the field read in the bytecode, as attrs' own reads it
        namespace = {"__name__": cls.__module__, "__builtins__": builtins, "salt": salt}
        named = {"_field": compared[0]}
        eq, hash_ = (
            FunctionType(code.replace(co_names=tuple(named.get(each, each) for each in code.co_names)), namespace)
            for code in _one_field()
        )
    else:  # all the fields read in one call, as a tuple
        key: Any = attrgetter(*compared) if compared else _no_fields

        def eq(self: Any, other: Any) -> Any:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return key(self) == key(other)

        def hash_(self: Any) -> int:
            return hash(key(self)) ^ salt

    for name, method in (("__eq__", eq), ("__hash__", hash_)):
        method.__name__, method.__qualname__ = name, f"{cls.__qualname__}.{name}"
    cls.__eq__ = eq  # type: ignore[method-assign]
    cls.__hash__ = hash_ if hashable else None  # type: ignore[method-assign, assignment]


def _shared(decorate: Any, name: str) -> Any:
    hashable = decorate is attrs.frozen

    def decorator(maybe_cls: type | None = None, **options: Any) -> Any:
        def build(cls: type) -> type:
            shared_equality = _ATTRS_EQUALITY.isdisjoint(options)
            made: type = decorate(cls, repr=False, **({"eq": False} | options if shared_equality else options))
            if "__repr__" not in cls.__dict__:
                made.__repr__ = attrs_repr  # type: ignore[method-assign, assignment]
            if shared_equality:
                _equality(made, hashable=hashable or bool(options.get("frozen")))
            return made

        return build if maybe_cls is None else build(maybe_cls)

    decorator.__doc__ = f"``attrs.{name}``, with the shared ``__repr__``, ``__eq__`` and ``__hash__`` (see the module)."
    return decorator


if TYPE_CHECKING:  # type checkers see attrs' own decorators, which these are but for the shared methods
    from attrs import define, frozen
else:
    frozen = _shared(attrs.frozen, "frozen")
    define = _shared(attrs.define, "define")
