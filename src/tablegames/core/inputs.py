"""The one discipline for everything that comes from outside: JSON values, text, limits, bounded messages.

Every reader of outside input — ``from_dict``, ``state_from_dict``,
``action_from_dict``, ``Match.from_record``, ``parse_action``, the options of
``load``, the seed of ``start`` and every line the terminal reads — goes
through these checks before it looks at a field:

- **JSON values only**, exactly as `json.loads` gives them: ``dict`` (with
  string keys), ``list``, ``str``, ``int``, ``float``, ``bool`` and ``None``.
  Any other Python value (a tuple, a set, a subclass of dict or str, an
  object) is refused, as is a cycle. Fields are then checked strictly: a
  bool is never an integer, a float never an integer (``6.0`` is not ``6``).
- **Bounded size**: nesting deeper than `MAX_DEPTH`, more than `MAX_VALUES`
  values in one document, a string longer than `MAX_TEXT` characters or an
  integer beyond `MAX_INT` is refused before anything else happens, so no
  input can exhaust the stack or take long to read.
- **Bounded messages**: an error quotes the value it refuses through
  `brief`, which cuts long reprs and never converts a huge integer to text.

Examples:
    >>> from tablegames.core.errors import InvalidStateError
    >>> check_json({"pits": (4, 4)}, InvalidStateError, "state")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidStateError: state holds a tuple at ['pits']; ...
    >>> check_json({"seed": 10**400}, InvalidStateError, "state")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidStateError: state holds an integer of 401 digits at ['seed']; ...
    >>> brief("x" * 500, limit=20)
    "'xxxxxxxxxxxx…' (500 characters)"
"""

from __future__ import annotations

import json
import reprlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablegames.core.errors import TablegamesError

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_NOTATION",
    "MAX_TEXT",
    "MAX_VALUES",
    "brief",
    "check_json",
    "check_text",
    "parse_json",
]

#: The largest integer (in size) any field may hold: 2**64 - 1, a 64-bit seed; most fields have tighter bounds.
MAX_INT = 2**64 - 1
#: The deepest nesting a document may have; a record holding a Kalo state needs 7.
MAX_DEPTH = 32
#: The most values (containers, strings, numbers...) one document may hold.
MAX_VALUES = 1_000_000
#: The longest string (or object key) a document may hold.
MAX_TEXT = 10_000
#: The longest piece of notation a game reads; the longest real action is well under 40 characters.
MAX_NOTATION = 200

_JSON_TYPES = (dict, list, str, int, float, bool, type(None))


class _Brief(reprlib.Repr):
    """A `reprlib.Repr` that never turns a huge integer into text (Python refuses past 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if abs(x) > MAX_INT:
            return f"<an integer of {_digits(x)} digits>"
        return repr(x)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        # As repr shows it: in insertion order (reprlib would sort the keys).
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [f"{self.repr1(key, level - 1)}: {self.repr1(x[key], level - 1)}" for key in list(x)[: self.maxdict]]
        return "{" + ", ".join(pieces) + (", ...}" if len(x) > self.maxdict else "}")


_BRIEF = _Brief()
_BRIEF.maxlevel = 3
_BRIEF.maxstring = 76
_BRIEF.maxother = 76
_BRIEF.maxlist = _BRIEF.maxdict = _BRIEF.maxtuple = _BRIEF.maxset = _BRIEF.maxfrozenset = 8


def _digits(number: int) -> int:
    """The number of decimal digits of ``number``, computed without converting it to text."""
    magnitude = abs(number)
    estimate = max(1, int(magnitude.bit_length() * 0.30102999566398120))
    if magnitude >= 10**estimate:
        estimate += 1
    return estimate


def brief(value: object, limit: int = 80) -> str:
    """A repr of ``value`` fit for an error message: at most about ``limit`` characters, never slow.

    Long strings and containers are cut (the length is said), huge integers
    are described by their number of digits, and deep nesting is elided.

    Examples:
        >>> brief(10**5000)
        '<an integer of 5001 digits>'
        >>> brief([[[[[1]]]]])
        '[[[[...]]]]'
        >>> brief(list(range(100)))
        '[0, 1, 2, 3, 4, 5, 6, 7, ...] (100 items)'
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: limit - 8]!r}… ({len(value):,} characters)".replace("'…", "…'")
    try:
        text = _BRIEF.repr(value)
    except Exception:  # a hostile __repr__ must not turn an error message into a crash
        text = f"<a {type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > _BRIEF.maxlist:
        text += f" ({len(value):,} items)"
    return text


def _path(parts: tuple[object, ...]) -> str:
    return "".join(f"[{part!r}]" for part in parts) or "the top level"


def check_json(value: object, error: type[TablegamesError], what: str) -> None:
    """Check that ``value`` is a JSON value within the limits, without recursion.

    Args:
        value: The input, as `json.loads` would give it.
        error: The error class to raise.
        what: What the input is, for the message (``"state"``, ``"record"``...).

    Raises:
        TablegamesError: ``error``, saying what was found where, and what is allowed.

    Examples:
        >>> from tablegames.core.errors import InvalidActionError
        >>> deep = []
        >>> for _ in range(100):
        ...     deep = [deep]
        >>> check_json({"cards": deep}, InvalidActionError, "action")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidActionError: action is nested deeper than 32 levels at ['cards'][0][0]...
    """
    # One pass over the containers; a scalar costs a type test. Paths are built only for a message.
    if type(value) not in (list, dict):
        _check_scalar(value, error, what, ())
        return
    stack: list[tuple[Any, int, Any]] = [(value, 1, None)]  # (container, depth, (parent entry, key))
    seen = 1
    while stack:
        entry = stack.pop()
        node, depth, _ = entry
        if depth > MAX_DEPTH:
            raise error(f"{what} is nested deeper than {MAX_DEPTH} levels at {_path(_parts(entry)[:12])}…")
        seen += len(node)
        if seen > MAX_VALUES:
            raise error(f"{what} holds more than {MAX_VALUES:,} values; no tablegames document is that large")
        if type(node) is dict:
            items: Any = node.items()
            for key in node:
                if type(key) is not str or len(key) > MAX_TEXT:
                    shown = brief(key) if type(key) is not str else f"of {len(key):,} characters"
                    raise error(f"{what} has a key {shown} at {_path(_parts(entry))}; keys are short strings")
        else:
            items = enumerate(node)
        for key, child in items:
            kind = type(child)
            if kind is list or kind is dict:
                stack.append((child, depth + 1, (entry, key)))
            elif (
                kind not in _SCALARS
                or (kind is int and abs(child) > MAX_INT)
                or (kind is str and len(child) > MAX_TEXT)
            ):
                _check_scalar(child, error, what, (*_parts(entry), key))


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _parts(entry: tuple[Any, int, Any]) -> tuple[object, ...]:
    """The keys leading to a container of `check_json`'s stack."""
    parts: list[object] = []
    link = entry[2]
    while link is not None:
        parent, key = link
        parts.append(key)
        link = parent[2]
    return tuple(reversed(parts))


def _check_scalar(item: Any, error: type[TablegamesError], what: str, path: tuple[object, ...]) -> None:
    kind = type(item)
    allowed = "a JSON value holds only objects, arrays, strings, numbers, true, false and null"
    if kind not in _SCALARS:
        raise error(f"{what} holds a {kind.__name__} at {_path(path)}; {allowed} (as json.loads gives them)")
    if kind is int and abs(item) > MAX_INT:
        raise error(
            f"{what} holds an integer of {_digits(item)} digits at {_path(path)}; "
            "integers are at most 2**64 - 1 in size"
        )
    if kind is str and len(item) > MAX_TEXT:
        raise error(
            f"{what} holds a string of {len(item):,} characters at {_path(path)}; "
            f"strings are at most {MAX_TEXT:,} characters"
        )


def parse_json(text: str | bytes, error: type[TablegamesError], what: str, *, max_bytes: int = 16_000_000) -> Any:
    """Parse JSON text from a file or a socket and check it with `check_json`.

    Args:
        text: The JSON text.
        error: The error class to raise.
        what: What the text should hold, for the message (``"a record"``...).
        max_bytes: The longest text accepted.

    Raises:
        TablegamesError: ``error``, if the text is too long, is not JSON, or breaks a limit.

    Examples:
        >>> from tablegames.core.errors import InvalidStateError
        >>> parse_json('{"a": [1, 2', InvalidStateError, "a record")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: a record must be JSON text, but it ends early: ...
        >>> parse_json("[" * 5000 + "]" * 5000, InvalidStateError, "a record")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: a record is nested deeper than 32 levels...
    """
    if len(text) > max_bytes:
        raise error(f"{what} is {len(text):,} bytes long; at most {max_bytes:,} are read")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(f"{what} must be UTF-8 text: {problem.reason} at byte {problem.start}") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise error(f"{what} is nested deeper than {MAX_DEPTH} levels (it opens {depth} brackets in a row)")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as problem:
        where = "it ends early" if problem.pos >= len(text.rstrip()) else problem.msg[:1].lower() + problem.msg[1:]
        raise error(f"{what} must be JSON text, but {where}: line {problem.lineno}, column {problem.colno}") from None
    except ValueError as problem:  # NaN, Infinity, or an integer Python will not read (over 4,300 digits)
        raise error(f"{what} must be JSON text: {brief(str(problem), 120)}") from None
    check_json(value, error, what)
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, strings skipped: checked before `json.loads` can recurse."""
    depth = deepest = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def check_text(text: object, error: type[TablegamesError], what: str, *, limit: int = MAX_NOTATION) -> str:
    r"""Check a line of notation or a typed command and return it without surrounding spaces.

    Notation is a ``str`` of at most ``limit`` characters with no control
    characters (tabs and spaces separate words; nothing else is taken for a
    space).

    Raises:
        TablegamesError: ``error``, saying what is wrong with the text.

    Examples:
        >>> from tablegames.core.errors import InvalidActionError
        >>> check_text("  8c 8h ", InvalidActionError, "notation")
        '8c 8h'
        >>> check_text("\x1ca", InvalidActionError, "notation")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidActionError: notation holds U+001C, which is not printable; ...
    """
    if type(text) is not str:
        raise error(f"{what} must be a string, got {brief(text)}")
    if len(text) > limit:
        raise error(f"{what} is {len(text):,} characters long; no notation is longer than {limit}")
    for char in text:
        if not char.isprintable() and char not in " \t":
            raise error(
                f"{what} holds U+{ord(char):04X}, which is not printable; "
                "notation is printable text with words separated by spaces"
            )
    return text.strip(" \t")
