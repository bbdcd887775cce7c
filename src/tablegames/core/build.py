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

`changer` writes a function that builds a copy of an object with a few
fields changed: it takes the object and the new values, and reads the
other fields itself, which saves a transition passing every field that
stays as it was. The games make their builders and changers with
`tablegames.core.lazy.made_on_first_call`, so that loading a game compiles
none that starting it does not use.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = builder(Point)
    >>> build(1, 2) == Point(1, 2)
    True
    >>> changer(Point, "y")(Point(1, 2), 5)
    Point(x=1, y=5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["builder", "changer"]

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
    fields = _checked(cls)
    given = [field.name for field in fields if field.init or _takes_self(field.default)]
    build = _compile(cls, fields, "build", given, {name: name for name in given})
    build.__doc__ = f"Build a {cls.__name__} from every field, positionally (see tablegames.core.build)."
    return build


def changer(cls: type[T], *changed: str) -> Callable[..., T]:
    """Return a function ``change(old, *values)``: a new ``cls`` like ``old`` but for the fields ``changed``.

    The values of ``changed`` are given positionally, in the order named;
    every other field of ``__init__`` is read from ``old``, and so is a field
    worked out from the others (see `builder`) unless it is named: a caller
    that changes what it is worked out from names it. ``cls`` must be a
    class `builder` takes; the new object is built as `builder` builds it.

    Raises:
        TypeError: If ``cls`` is not such a class, or ``changed`` names what is not one of those fields.
    """
    fields = _checked(cls)
    given = {field.name for field in fields if field.init or _takes_self(field.default)}
    unknown = [name for name in changed if name not in given]
    if unknown or len(set(changed)) != len(changed):
        raise TypeError(f"{cls.__name__} cannot be changed in {', '.join(changed)}: its fields are {', '.join(given)}")
    values = {name: name if name in changed else f"__old.{name}" for name in given}
    change = _compile(cls, fields, "change", ["__old", *changed], values)
    change.__doc__ = f"A {cls.__name__} like __old but for {', '.join(changed)} (see tablegames.core.build)."
    return change


def _compile(cls: type[T], fields: Any, name: str, parameters: list[str], values: dict[str, str]) -> Callable[..., T]:
    """Compile ``name(*parameters)``, which builds a ``cls`` with each field set to ``values``, or its default.

    Its own names start with ``__``, as no field's does (attrs mangles such names), so that no field hides them.
    """
    # The subclass adds no slots, so an object can change between it and cls; both set and delete must be the
    # plain ones, since Python's one slot for them uses the generic store only when neither is overridden.
    metaclass: Any = type(cls)  # the class's own (ABCMeta for the states), as any subclass of it has
    settable = _SETTABLE.get(cls)
    if settable is None:
        settable = _SETTABLE[cls] = metaclass(
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
    namespace: dict[str, Any] = {"__cls": cls, "__settable": settable}
    lines = [f"def {name}({', '.join(parameters)}):", "    __obj = __settable()"]
    for index, field in enumerate(fields):
        if field.name in values:
            lines.append(f"    __obj.{field.name} = {values[field.name]}")
        else:
            namespace[f"__default{index}"] = field.default
            lines.append(f"    __obj.{field.name} = __default{index}")
    lines += ["    __obj.__class__ = __cls", "    return __obj"]
    exec("\n".join(lines), namespace)
    made: Callable[..., T] = namespace[name]
    return made


#: The settable subclass of each class built, made once.
_SETTABLE: dict[type, type] = {}


def _checked(cls: Any) -> Any:
    """The fields of ``cls``, once it is known to be a class `builder` takes."""
    fields = attrs.fields(cls)
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    for field in fields:
        if field.converter is not None or field.validator is not None:
            raise TypeError(f"{cls.__name__}.{field.name} has a converter or validator")
        if isinstance(field.default, attrs.Factory) and not _takes_self(field.default):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name} has a factory that is not worked out from the other fields")
    unknown = set(cls.__dict__["__slots__"]) - {field.name for field in fields} - {"__weakref__"}
    if unknown:  # such as the hash that attrs caches for a class made with cache_hash
        raise TypeError(f"{cls.__name__} has slots that are not its fields: {', '.join(sorted(unknown))}")
    if cls.__new__ is not object.__new__:
        raise TypeError(f"{cls.__name__} has a __new__ of its own, which building without arguments would call")
    return fields


def _takes_self(default: Any) -> bool:
    """True for a default worked out from the object's other fields: a factory that takes the object."""
    return isinstance(default, attrs.Factory) and bool(default.takes_self)  # type: ignore[arg-type]
