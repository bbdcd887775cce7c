"""The reading discipline for outside input: JSON values only, bounded in every direction, bounded messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import InvalidActionError, InvalidStateError
from tablegames.core.inputs import MAX_DEPTH, MAX_INT, MAX_TEXT, brief, check_json, check_text, parse_json

_SCALARS = st.none() | st.booleans() | st.integers(-MAX_INT, MAX_INT) | st.floats() | st.text(max_size=20)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30,
)


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


def _nest(value: Any, levels: int) -> Any:
    for _ in range(levels):
        value = [value]
    return value


@given(_JSON, st.integers(min_value=0, max_value=60))
def test_a_json_value_is_accepted_exactly_when_it_is_nested_no_deeper_than_the_limit(value: Any, levels: int) -> None:
    """A value json.loads could give passes when it nests at most MAX_DEPTH deep, and is refused otherwise."""
    nested = _nest(value, levels)
    if _depth(nested) <= MAX_DEPTH:
        check_json(nested, InvalidStateError, "state")
    else:
        with pytest.raises(InvalidStateError, match="nested deeper than 32 levels"):
            check_json(nested, InvalidStateError, "state")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((1, 2), r"holds a tuple at the top level"),
        ({"a": [1, {2, 3}]}, r"holds a set at \['a'\]\[1\]"),
        ({"a": {3: 1}}, r"has a key 3 at \['a'\]; keys are short strings"),
        ({"a": [MAX_INT + 1]}, r"holds an integer of 20 digits at \['a'\]\[0\]"),
        ({"a": -(10**5000)}, r"holds an integer of 5001 digits at \['a'\]"),
        (["x" * (MAX_TEXT + 1)], r"holds a string of 10,001 characters at \[0\]"),
        ({"k" * (MAX_TEXT + 1): 1}, r"has a key of 10,001 characters at the top level"),
        (list(range(1_000_001)), r"holds more than 1,000,000 values"),
        ({"a": object()}, r"holds a object at \['a'\]"),
        ({"a": b"bytes"}, r"holds a bytes at \['a'\]"),
        (_nest(0, 10_000), r"nested deeper than 32 levels"),
    ],
)
def test_what_json_cannot_hold_or_is_far_too_large_is_refused(value: object, message: str) -> None:
    """Values json.loads never gives, and sizes far beyond any real document, are refused with where they are."""
    with pytest.raises(InvalidStateError, match=message):
        check_json(value, InvalidStateError, "state")


def test_subclasses_of_json_types_are_refused() -> None:
    """A dict or str subclass could change how it compares or strips: only the exact types pass."""

    class Sly(str):
        __slots__ = ()

    with pytest.raises(InvalidStateError, match="holds a Sly"):
        check_json({"card": Sly("Qh")}, InvalidStateError, "state")


def test_a_cycle_is_refused_without_recursing() -> None:
    """A value that contains itself is a nesting without end: refused as too deep, never a RecursionError."""
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(InvalidStateError, match="nested deeper"):
        check_json(cycle, InvalidStateError, "state")


@given(_JSON)
def test_json_text_reads_back_as_the_value_it_holds(value: Any) -> None:
    """Text written by json.dumps within the limits reads back equal (NaN and infinities aside)."""
    text = json.dumps(value)
    try:
        json.dumps(value, allow_nan=False)
    except ValueError:  # NaN or an infinity somewhere: Python writes them, but they are not JSON
        with pytest.raises(InvalidStateError, match="must be JSON text"):
            parse_json(text, InvalidStateError, "a record")
    else:
        assert parse_json(text, InvalidStateError, "a record") == json.loads(text)


@given(_JSON, st.data())
def test_json_text_cut_short_or_opened_too_deep_is_a_typed_error(value: Any, data: st.DataObject) -> None:
    """Truncated text, and brackets opened past the limit (which json.loads would recurse into), are typed errors."""
    text = json.dumps({"v": value})
    cut = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    with pytest.raises(InvalidStateError, match="a record"):
        parse_json(text[:cut], InvalidStateError, "a record")
    with pytest.raises(InvalidStateError, match="nested deeper than 32 levels"):
        parse_json("[" * 100_000 + text + "]" * 100_000, InvalidStateError, "a record")


def test_json_text_that_python_cannot_read_is_a_typed_error() -> None:
    """Integers past Python's digit limit, bad UTF-8 and oversized text are refused as input, not crashes."""
    cases: list[tuple[str | bytes, str]] = [
        ("9" * 5000, "must be JSON text"),
        (b"\xff\xfe", "must be UTF-8 text"),
        ("[1]" + " " * 17_000_000, "at most 16,000,000 are read"),
    ]
    for text, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            parse_json(text, InvalidStateError, "a record")


@given(st.from_type(object) | _JSON | st.integers())
def test_brief_is_always_short_and_never_fails(value: object) -> None:
    """Whatever is quoted in an error message is quoted in a bounded repr."""
    assert len(brief(value)) <= 110


def test_brief_describes_what_it_cannot_print() -> None:
    """Huge integers, deep nesting and a failing repr are described instead of printed."""

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert brief(10**10_000) == "<an integer of 10001 digits>"
    assert brief(_nest(1, 5000)) == "[[[[...]]]]"
    assert brief(Hostile()).startswith("<Hostile instance at")


@given(st.text(max_size=50))
def test_notation_is_printable_text_stripped_of_spaces_only(text: str) -> None:
    """Printable text with spaces and tabs passes, stripped of those only; any other character is refused."""
    if all(char.isprintable() or char in " \t" for char in text):
        assert check_text(text, InvalidActionError, "notation") == text.strip(" \t")
    else:
        with pytest.raises(InvalidActionError, match="which is not printable"):
            check_text(text, InvalidActionError, "notation")


def test_notation_that_is_no_string_or_far_too_long_is_refused() -> None:
    """Notation is a str of at most 200 characters: bytes, str subclasses and megabytes are refused first."""

    class Sly(str):
        __slots__ = ()

    for text, message in [(b"a", "must be a string"), (Sly("a"), "must be a string"), ("a" * 201, "201 characters")]:
        with pytest.raises(InvalidActionError, match=message):
            check_text(text, InvalidActionError, "notation")
