"""Each rule of docs/rules/kalaha.md as a property, checked against the plain model in reference.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.kalaha import Captured, ExtraMove, GameEnded, Kalaha, KalahaState, Sow, Swept
from tests.kalaha import reference
from tests.kalaha.strategies import games, positions


def _moved(state: KalahaState, pit: int) -> tuple[KalahaState, reference.Move]:
    """Apply a sow through the library and through the reference model."""
    mover = state.current_player
    assert mover is not None
    ref = reference.move(state.pits, state.stores, mover, pit, state.game.empty_capture)
    return state.apply(Sow(pit)), ref


@st.composite
def moves(draw: st.DrawFn) -> tuple[KalahaState, int]:
    state = draw(positions())
    return state, draw(st.sampled_from(state.legal_actions())).pit


@given(games())
def test_start_position(game: Kalaha) -> None:
    """Setting up: every pit holds `seeds`, both stores are empty, seat 0 moves first (rules#setting-up)."""
    state = game.start()
    assert state.pits == ((game.seeds,) * game.pits,) * 2
    assert state.stores == (0, 0)
    assert state.current_player == 0


@given(moves())
def test_move_matches_reference(case: tuple[KalahaState, int]) -> None:
    """Sowing, moving again, capturing and the end all agree with an independent model (rules#sowing)."""
    state, pit = case
    after, ref = _moved(state, pit)
    assert (after.pits, after.stores, after.current_player) == (ref.rows, ref.stores, ref.to_move)


@given(positions())
def test_legal_actions_are_the_movers_non_empty_pits(state: KalahaState) -> None:
    """A move takes all seeds of one of the mover's own non-empty pits, in pit order (rules#sowing)."""
    mover = state.current_player
    assert mover is not None
    assert [action.pit for action in state.legal_actions()] == [
        pit for pit, seeds in enumerate(state.pits[mover]) if seeds
    ]


@given(moves())
def test_seeds_are_conserved_and_stores_never_decrease(case: tuple[KalahaState, int]) -> None:
    """Sowing moves seeds, never makes or loses one, and nothing leaves a store (rules#sowing)."""
    state, pit = case
    after, _ = _moved(state, pit)
    assert sum(map(sum, after.pits)) + sum(after.stores) == sum(map(sum, state.pits)) + sum(state.stores)
    assert after.stores[0] >= state.stores[0]
    assert after.stores[1] >= state.stores[1]


@given(moves())
def test_opponents_store_is_skipped(case: tuple[KalahaState, int]) -> None:
    """The opponent's store never receives a sown seed; it grows only by the final sweep (rules#sowing)."""
    state, pit = case
    mover = state.current_player
    assert mover is not None
    after, ref = _moved(state, pit)
    assert after.stores[1 - mover] == state.stores[1 - mover] + ref.swept[1 - mover]


@given(moves())
def test_extra_move_exactly_when_last_seed_in_own_store(case: tuple[KalahaState, int]) -> None:
    """The mover moves again exactly when the last seed falls in their own store and the game goes on (H3).

    The last seed's place is found by walking the sowing route place by place (rules#moving-again).
    """
    state, pit = case
    mover = state.current_player
    assert mover is not None
    p = state.game.pits
    route = [("pit", mover, i) for i in range(p)] + [("store", mover)] + [("pit", 1 - mover, i) for i in range(p)]
    place = pit
    for _ in range(state.pits[mover][pit]):
        place = place + 1 if place + 1 < len(route) else 0
    lands_in_store = route[place] == ("store", mover)
    transition = state.step(Sow(pit))
    after = transition.state
    again = lands_in_store and not after.is_over
    assert (after.current_player == mover) == again
    assert (ExtraMove(seat=mover) in transition.events) == again


@given(moves())
def test_capture_exactly_on_own_empty_pit(case: tuple[KalahaState, int]) -> None:
    """A last seed in an own pit that held nothing before it captures it and the opposite seeds (H4, rules#capturing).

    Counted by arithmetic on the sowing route of 2*pits+1 places (own pits, own store, opponent's pits).
    """
    state, pit = case
    mover = state.current_player
    assert mover is not None
    p, route = state.game.pits, 2 * state.game.pits + 1
    seeds = state.pits[mover][pit]
    last = (pit + seeds) % route

    def landed(place: int, upto: int) -> int:
        """How many of the first `upto` seeds fall on route place `place`."""
        first = (place - pit - 1) % route + 1
        return 0 if first > upto else (upto - first) // route + 1

    expected = 0
    if last < p:
        held_before = (0 if last == pit else state.pits[mover][last]) + landed(last, seeds - 1)
        across = state.pits[1 - mover][p - 1 - last] + landed(2 * p - last, seeds)
        if held_before == 0 and (state.game.empty_capture or across):
            expected = across + 1
    captured = [event.seeds for event in state.step(Sow(pit)).events if isinstance(event, Captured)]
    assert captured == ([expected] if expected else [])
    _, ref = _moved(state, pit)
    assert ref.captured == expected


@given(moves())
def test_game_ends_exactly_when_a_row_is_empty(case: tuple[KalahaState, int]) -> None:
    """The game ends as soon as either row is empty, whoever moved (H5, rules#the-end)."""
    state, pit = case
    after, ref = _moved(state, pit)
    assert after.is_over == (not any(ref.sown[0]) or not any(ref.sown[1]))
    assert after.is_over == (after.current_player is None) == (after.legal_actions() == ())


@given(moves())
def test_sweep_gives_each_seat_its_own_row(case: tuple[KalahaState, int]) -> None:
    """At the end each player puts the seeds left in their own row into their own store (H5, rules#the-end)."""
    state, pit = case
    transition = state.step(Sow(pit))
    after, ref = transition.state, _moved(state, pit)[1]
    swept = {event.seat: event.seeds for event in transition.events if isinstance(event, Swept)}
    if after.is_over:
        assert after.pits == ((0,) * state.game.pits,) * 2
        assert swept == {seat: sum(row) for seat, row in enumerate(ref.sown) if sum(row)}
        assert after.stores == ref.stores
        assert isinstance(transition.events[-1], GameEnded)
    else:
        assert swept == {}


@given(positions())
def test_winner_has_more_seeds_in_store(state: KalahaState) -> None:
    """Score is the seeds in one's store; more wins, equal is a draw (H5, rules#the-end)."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    a, b = state.stores
    assert state.scores == (a, b)
    expected = {0} if a > b else {1} if b > a else {0, 1}
    assert state.winners == expected
    outcome = state.outcome
    assert outcome is not None
    assert outcome.is_draw == (a == b)


@pytest.mark.parametrize("empty_capture", [True, False])
def test_equal_positions_are_equal_values(empty_capture: bool) -> None:
    """Equal positions compare and hash equal however they were reached (rules#positions)."""
    game = Kalaha(empty_capture=empty_capture)
    a = game.start().apply(Sow(2)).apply(Sow(5))
    b = game.position(rows=((4, 4, 0, 5, 5, 0), (5, 5, 5, 5, 4, 4)), stores=(2, 0), to_move=1)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@given(st.data())
def test_a_whole_lap_ends_in_the_emptied_start_pit_and_captures(data: st.DataObject) -> None:
    """Exactly 2*pits+1 seeds sow every place once and end in the emptied start pit, which captures (H2, H4).

    The opposite pit received a seed on the way, so this captures under both capture settings (rules#capturing).
    """
    game = Kalaha(
        pits=data.draw(st.integers(1, 6)), seeds=data.draw(st.integers(4, 6)), empty_capture=data.draw(st.booleans())
    )
    p, mover = game.pits, data.draw(st.sampled_from((0, 1)))
    pit = data.draw(st.integers(0, p - 1))
    small = st.lists(st.integers(0, 2), min_size=p, max_size=p)
    own, other = data.draw(small), data.draw(small.filter(any))
    own[pit] = 2 * p + 1
    rest = 2 * p * game.seeds - sum(own) - sum(other)
    rows = (own, other) if mover == 0 else (other, own)
    lap = game.position(rows=rows, stores=(rest, 0), to_move=mover)
    transition = lap.step(Sow(pit))
    across = other[p - 1 - pit] + 1
    assert Captured(seat=mover, pit=pit, seeds=across + 1) in transition.events
    if not transition.state.is_over:
        assert transition.state.pits[mover][pit] == 0
        assert sum(transition.state.pits[mover]) == sum(own) - (2 * p + 1) + (p - 1)
