"""Building frozen states on the hot path: every field set at once, without the attrs ``__init__``.

A frozen attrs ``__init__`` sets each field with ``object.__setattr__``,
which looks the field up by name each time, and a frozen class refuses
plain attribute stores. `builder` writes, once per class, a function that
takes every field positionally, makes the object by calling a subclass
that adds nothing but ordinary attribute setting and object's own empty
``__init__`` (the interpreter's quickest way to a bare object), sets each slot
with a plain store (which the interpreter specialises to a direct slot
write), and then gives the object its class: about five times as fast as
the ``__init__`` for a state of 17 fields. Transitions build their next
state with it. It runs no converters or validators, so it is only for
values already in their final form: the same fields give an equal state,
with the same hash and type, as calling the class (the tests check that of
every state class that uses it).

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = builder(Point)
    >>> build(1, 2) == Point(1, 2)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["builder"]

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """Return a function building ``cls`` from its ``__init__`` fields, in order, given positionally.

    A field not in ``__init__`` whose default is worked out from the others
    (a factory that takes the object) is given positionally too, in the
    class's order, by a caller that knows what the factory would make (the
    tests check it does); the other fields not in ``__init__`` get their
    default. ``cls`` must be a slotted attrs class whose fields need no
    converter, validator or other factory, and whose slots are its fields
    (no cached hash).

    Raises:
        TypeError: If ``cls`` is not such a class.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    derived = {field.name for field in fields if not field.init and _takes_self(field.default)}
    for field in fields:
        if field.converter is not None or field.validator is not None:
            raise TypeError(f"{cls.__name__}.{field.name} has a converter or validator")
        if isinstance(field.default, attrs.Factory) and field.name not in derived:  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name} has a factory that is not worked out from the other fields")
    unknown = set(cls.__dict__["__slots__"]) - {field.name for field in fields} - {"__weakref__"}
    if unknown:  # such as the hash that attrs caches for a class made with cache_hash
        raise TypeError(f"{cls.__name__} has slots that are not its fields: {', '.join(sorted(unknown))}")
    if cls.__new__ is not object.__new__:
        raise TypeError(f"{cls.__name__} has a __new__ of its own, which building without arguments would call")
    given = [field.name for field in fields if field.init or field.name in derived]
    # The subclass adds no slots, so an object can change between it and cls; both set and delete must be the
    # plain ones, since Python's one slot for them uses the generic store only when neither is overridden.
    metaclass: Any = type(cls)  # the class's own (ABCMeta for the states), as any subclass of it has
    settable = metaclass(
        f"_Settable{cls.__name__}",
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            # Calling the subclass makes a bare object by the interpreter's quickest path (no attrs __init__).
            "__init__": object.__init__,
            "__module__": cls.__module__,
        },
    )
    namespace: dict[str, Any] = {"cls": cls, "settable": settable}
    lines = [f"def build({', '.join(given)}):", "    obj = settable()"]
    for index, field in enumerate(fields):
        if field.name in given:
            lines.append(f"    obj.{field.name} = {field.name}")
        else:
            namespace[f"default{index}"] = field.default
            lines.append(f"    obj.{field.name} = default{index}")
    lines += ["    obj.__class__ = cls", "    return obj"]
    exec("\n".join(lines), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"Build a {cls.__name__} from every field, positionally (see tablegames.core.build)."
    return build


def _takes_self(default: Any) -> bool:
    """True for a default worked out from the object's other fields: a factory that takes the object."""
    return isinstance(default, attrs.Factory) and bool(default.takes_self)  # type: ignore[arg-type]
