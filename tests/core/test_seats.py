"""Turn order: the seat after each seat, and every seat once from a given one."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.seats import next_seat, seats_from


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, int]:
    """One seat of a table, and the table's size."""
    players = draw(st.integers(min_value=1, max_value=64))
    return draw(st.integers(min_value=0, max_value=players - 1)), players


@given(tables())
def test_seats_from_lists_every_seat_once_in_turn_order(table: tuple[int, int]) -> None:
    first, players = table
    order = seats_from(first, players)
    assert sorted(order) == list(range(players))
    assert order[0] == first
    assert all(next_seat(seat, players) == after for seat, after in pairwise(order))


@given(tables())
def test_the_seat_after_the_last_is_the_first(table: tuple[int, int]) -> None:
    first, players = table
    assert next_seat(seats_from(first, players)[-1], players) == first
