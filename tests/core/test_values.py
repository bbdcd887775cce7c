"""The class decorators of tablegames' values: attrs' own, with a shared ``__repr__``, ``__eq__`` and ``__hash__``.

The repr reads as attrs' would, and values compare and hash as attrs' own would have them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.core.values import attrs_repr, define, frozen
from tablegames.kalaha import KalahaState, Sow


def _sample(decorate: Any) -> Any:
    """One class with every kind of field attrs shows: plain, defaulted, hidden, shown by a function, not in init."""

    @decorate
    class Sample:
        number: int
        word: str = "x"
        hidden: int = attrs.field(default=0, repr=False)
        shown: int = attrs.field(default=5, repr=lambda value: f"<{value}>")
        later: int = attrs.field(init=False, default=7)
        unset: int = attrs.field(init=False)
        inner: tuple[Any, ...] = ()

    return Sample


@pytest.mark.parametrize(("ours", "theirs"), [(frozen, attrs.frozen), (define, attrs.define)])
def test_the_shared_repr_reads_as_attrs_own(ours: Any, theirs: Any) -> None:
    """Each field shown as attrs shows it, hidden ones left out, the class named without its enclosing function."""
    mine, reference = _sample(ours), _sample(theirs)
    assert mine.__repr__ is attrs_repr
    for arguments in [(1,), (2, "y", 3, 4, ("a", None)), (-1, "", 0, 0, (reference(9),))]:
        assert repr(mine(*arguments)) == repr(reference(*arguments))
    assert repr(mine(1)) == "Sample(number=1, word='x', shown=<5>, later=7, unset=NOTHING, inner=())"


def test_a_class_with_a_repr_of_its_own_keeps_it() -> None:
    """The shared repr never replaces one the class writes itself."""

    @frozen
    class Own:
        value: int

        def __repr__(self) -> str:
            return f"own {self.value}"

    assert repr(Own(3)) == "own 3"


def test_the_games_values_use_it() -> None:
    """The games' values are built with them, and their reprs are attrs' as before."""
    assert KalahaState.__repr__ is attrs_repr
    assert Sow.__eq__.__code__.co_filename == "<tablegames.core.values>"
    assert KalahaState.__eq__.__module__ == "tablegames.core.values"
    assert repr(Sow(2)) == "Sow(pit=2)"
    assert attrs.has(KalahaState)
    assert attrs.evolve(Sow(2), pit=3) == Sow(3)


def test_no_class_of_tablegames_takes_attrs_own_decorators() -> None:
    """Every class of tablegames is built by `frozen` or `define`: attrs' own would compile a repr as it loads."""
    root = Path(tablegames.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.match(r"@attrs\.(frozen|define)\b", line)
    ]
    assert found == []


def _compared(decorate: Any) -> Any:
    """Classes of no field, one field and several, one of them left out of comparisons."""

    @decorate
    class Empty:
        pass

    @decorate
    class One:
        value: Any

    @decorate
    class Several:
        number: int
        word: str
        inner: tuple[Any, ...] = ()
        ignored: int = attrs.field(default=0, eq=False)

    return Empty, One, Several


_VALUES = st.one_of(st.integers(-2, 2), st.sampled_from(["", "a", "b"]), st.tuples(st.integers(0, 1)))


@given(
    one=st.lists(_VALUES, min_size=2, max_size=2),
    several=st.lists(
        st.tuples(st.integers(-2, 2), st.sampled_from(["a", "b"]), st.tuples(st.integers(0, 1)), st.integers(0, 2)),
        min_size=2,
        max_size=2,
    ),
)
def test_equality_and_hashing_agree_with_attrs_own(one: list[Any], several: list[tuple[Any, ...]]) -> None:
    """Equal exactly when attrs' own would say so; equal values hash alike; other classes never equal."""
    ours, theirs = _compared(frozen), _compared(attrs.frozen)
    samples = [((), ()), *((value,) for value in one), *several]
    cases = [
        (mine, reference, arguments)
        for mine, reference in zip(ours, theirs, strict=True)
        for arguments in samples
        if len(arguments) == len(attrs.fields(reference))
    ]
    for left_mine, left_reference, left in cases:
        a, a_reference = left_mine(*left), left_reference(*left)
        assert hash(a) == hash(left_mine(*left))
        assert (a == 1) is False
        assert (a != 1) is True
        for right_mine, right_reference, right in cases:
            b, b_reference = right_mine(*right), right_reference(*right)
            assert (a == b) is (a_reference == b_reference)
            assert (a != b) is (a_reference != b_reference)
            if a == b:
                assert hash(a) == hash(b)


def test_classes_with_the_same_fields_are_not_equal_and_hash_apart() -> None:
    """Each class compares only with itself, and mixes a number of its own into its hashes."""
    first, second = _compared(frozen)[1], _compared(frozen)[1]
    assert first(3) != second(3)
    assert hash(first(3)) != hash(second(3))


def test_a_mutable_class_is_unhashable() -> None:
    """`define` makes classes that compare by their fields and cannot be hashed, as attrs' own."""
    one = _compared(define)[1]
    assert one([1]) == one([1])
    with pytest.raises(TypeError, match="unhashable"):
        hash(one([1]))


def test_options_about_equality_leave_it_to_attrs() -> None:
    """A class made with an option about equality or hashing gets attrs' own methods."""

    @frozen(cache_hash=True)
    class Cached:
        value: int

    assert Cached.__eq__.__code__.co_filename.startswith("<attrs generated")
    assert Cached(1) == Cached(1)
    assert hash(Cached(1)) == hash(Cached(1))
    assert _compared(frozen)[1].__eq__.__code__.co_filename == "<tablegames.core.values>"


def test_a_field_compared_by_a_key_is_refused() -> None:
    """The shared equality compares fields as they are; a key function needs attrs' own decorator."""
    with pytest.raises(TypeError, match="compares by a key"):

        @frozen
        class Keyed:
            word: str = attrs.field(eq=str.lower)
