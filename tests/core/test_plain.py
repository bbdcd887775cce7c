"""Plain values: equal by class and fields, hashable, replaceable, with a repr like attrs'."""

from __future__ import annotations

import copy
import pickle
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.plain import Plain


class Pair(Plain):
    __slots__ = ("left", "right")
    __match_args__ = ("left", "right")
    left: Final[int]
    right: Final[tuple[int, ...]]

    def __init__(self, left: int, right: tuple[int, ...]) -> None:
        self.left = left
        self.right = right


class OtherPair(Pair):
    __slots__ = ()


values = st.builds(Pair, st.integers(), st.tuples(st.integers()))


@given(values, values)
def test_equal_exactly_when_the_fields_are(a: Pair, b: Pair) -> None:
    assert (a == b) is (a.left == b.left and a.right == b.right)
    if a == b:
        assert hash(a) == hash(b)


@given(values)
def test_a_subclass_value_is_not_equal(a: Pair) -> None:
    assert a != OtherPair(a.left, a.right)


@given(values, st.integers())
def test_replace_changes_only_what_it_names(a: Pair, left: int) -> None:
    changed = a.__replace__(left=left)
    assert (changed.left, changed.right) == (left, a.right)
    assert a.__replace__() == a


@given(values)
def test_pickled_and_copied_values_are_equal(a: Pair) -> None:
    assert pickle.loads(pickle.dumps(a)) == a == copy.copy(a) == copy.deepcopy(a)


def test_replace_refuses_a_field_that_is_not_there() -> None:
    with pytest.raises(TypeError, match="Pair has no field middle"):
        Pair(1, ()).__replace__(middle=2)


def test_repr_names_the_fields() -> None:
    assert repr(Pair(1, (2,))) == "Pair(left=1, right=(2,))"
