"""Each rule of docs/rules/kalaha.md as a hypothesis property, many checked against the plain model in reference.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.kalaha import Captured, ExtraMove, GameEnded, Kalaha, KalahaState, Sow, Sowed, Swept
from tests.kalaha import reference
from tests.kalaha.strategies import arranged, games, positions


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
    """Two rows of `pits` pits and two stores; every pit holds `seeds`, stores are empty, seat 0 moves first.

    Checks rules/kalaha.md#the-board, rules/kalaha.md#seeds and rules/kalaha.md#who-starts.
    """
    state = game.start()
    assert state.pits == ((game.seeds,) * game.pits,) * 2
    assert state.stores == (0, 0)
    assert state.current_player == 0


@given(moves())
def test_move_matches_reference(case: tuple[KalahaState, int]) -> None:
    """Sowing, moving again, capturing and the end all agree with an independent model.

    The model walks the pit numbers upward to the mover's store, then the opponent's row. Checks
    rules/kalaha.md#sowing, rules/kalaha.md#moving-again, rules/kalaha.md#capturing, rules/kalaha.md#sweep
    and rules/kalaha.md#pit-numbers.
    """
    state, pit = case
    after, ref = _moved(state, pit)
    assert (after.pits, after.stores, after.current_player) == (ref.rows, ref.stores, ref.to_move)


@given(positions())
def test_legal_actions_are_the_movers_non_empty_pits(state: KalahaState) -> None:
    """Every one of the mover's non-empty pits, and nothing else, is a legal move, in pit order.

    Checks rules/kalaha.md#sowing and rules/kalaha.md#faq-extra-move-not-forced.
    """
    mover = state.current_player
    assert mover is not None
    assert [action.pit for action in state.legal_actions()] == [
        pit for pit, seeds in enumerate(state.pits[mover]) if seeds
    ]


@given(moves())
def test_seeds_are_conserved_and_stores_never_decrease(case: tuple[KalahaState, int]) -> None:
    """Sowing moves seeds, never makes or loses one, and nothing leaves a store.

    Checks rules/kalaha.md#seeds and rules/kalaha.md#score-and-winner.
    """
    state, pit = case
    after, _ = _moved(state, pit)
    assert sum(map(sum, after.pits)) + sum(after.stores) == sum(map(sum, state.pits)) + sum(state.stores)
    assert after.stores[0] >= state.stores[0]
    assert after.stores[1] >= state.stores[1]


@given(moves())
def test_opponents_store_is_skipped(case: tuple[KalahaState, int]) -> None:
    """The opponent's store never receives a sown seed; it grows only by the final sweep.

    Checks rules/kalaha.md#skipping-the-opponents-store and rules/kalaha.md#faq-opponents-store.
    """
    state, pit = case
    mover = state.current_player
    assert mover is not None
    after, ref = _moved(state, pit)
    assert after.stores[1 - mover] == state.stores[1 - mover] + ref.swept[1 - mover]


@given(moves())
def test_extra_move_exactly_when_last_seed_in_own_store(case: tuple[KalahaState, int]) -> None:
    """The mover moves again exactly when the last seed falls in their own store and the game goes on; else it passes.

    The last seed's place is found by walking the sowing route place by place. Checks rules/kalaha.md#moving-again,
    rules/kalaha.md#faq-extra-move, rules/kalaha.md#who-starts and rules/kalaha.md#extra-move-that-ends-the-game.
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
    """A last seed in an own pit that held nothing before it captures it and the seeds of pit pits-1-i opposite.

    Counted by arithmetic on the sowing route of 2*pits+1 places (own pits, own store, opponent's pits), the
    emptied start pit counting as empty, under both capture settings. Checks rules/kalaha.md#capturing,
    rules/kalaha.md#faq-empty-pit, rules/kalaha.md#lap-ending-in-its-start-pit, rules/kalaha.md#empty-opposite-pit
    and rules/kalaha.md#pit-numbers.
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
    """The game ends as soon as either row is empty, whoever moved; until then the mover always has a move.

    Checks rules/kalaha.md#game-end, rules/kalaha.md#faq-empty-row and rules/kalaha.md#no-passing.
    """
    state, pit = case
    after, ref = _moved(state, pit)
    assert after.is_over == (not any(ref.sown[0]) or not any(ref.sown[1]))
    assert after.is_over == (after.current_player is None) == (after.legal_actions() == ())


@given(moves())
def test_sweep_gives_each_seat_its_own_row(case: tuple[KalahaState, int]) -> None:
    """At the end each player puts the seeds left in their own row into their own store (rules/kalaha.md#sweep)."""
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
    """Score is the seeds in one's store; more wins, equal is a draw.

    Checks rules/kalaha.md#score-and-winner and rules/kalaha.md#draw.
    """
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
    """Equal positions compare and hash equal however they were reached (rules/kalaha.md#equal-positions)."""
    game = Kalaha(empty_capture=empty_capture)
    a = game.start().apply(Sow(2)).apply(Sow(5))
    b = game.position(rows=((4, 4, 0, 5, 5, 0), (5, 5, 5, 5, 4, 4)), stores=(2, 0), to_move=1)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@given(st.data())
def test_a_whole_lap_ends_in_the_emptied_start_pit_and_captures(data: st.DataObject) -> None:
    """Exactly 2*pits+1 seeds sow every place once and end in the emptied start pit, which captures.

    The opposite pit received a seed on the way, so this captures under both capture settings. Checks
    rules/kalaha.md#lap-ending-in-its-start-pit.
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


def _rows(data: st.DataObject, p: int, most: int = 3) -> list[int]:
    return data.draw(st.lists(st.integers(0, most), min_size=p, max_size=p))


@given(st.data())
def test_a_whole_lap_sows_every_place_the_emptied_pit_included(data: st.DataObject) -> None:
    """More than 2*pits+1 seeds go round again, each place of the lap taking a seed a lap, the emptied pit included.

    The lap is the mover's pits, the mover's store and the opponent's pits: the opponent's store is no place of it.
    Checks rules/kalaha.md#a-whole-lap and rules/kalaha.md#skipping-the-opponents-store.
    """
    p = data.draw(st.integers(1, 6))
    lap, mover, pit = 2 * p + 1, data.draw(st.sampled_from((0, 1))), data.draw(st.integers(0, p - 1))
    own, other = _rows(data, p), _rows(data, p)
    other[data.draw(st.integers(0, p - 1))] += 1
    seeds = data.draw(st.integers(lap + 1, 3 * lap))
    own[pit] = seeds
    state = data.draw(arranged(own, other, mover))
    route = [(mover, i) for i in range(p)] + [(mover, None)] + [(1 - mover, i) for i in range(p)]
    rows, stores = [list(state.pits[0]), list(state.pits[1])], list(state.stores)
    rows[mover][pit] = 0
    for k in range(1, seeds + 1):
        side, place = route[(pit + k) % lap]
        if place is None:
            stores[side] += 1
        else:
            rows[side][place] += 1
    after = state.apply(Sow(pit))
    assert after.pits[mover][pit] == seeds // lap
    assert after.pits == (tuple(rows[0]), tuple(rows[1]))
    assert after.stores == (stores[0], stores[1])
    assert after.current_player == (mover if (pit + seeds) % lap == p else 1 - mover)


@given(st.data())
def test_a_last_seed_in_an_empty_pit_facing_an_empty_pit(data: st.DataObject) -> None:
    """Facing an empty pit, the lone last seed is captured under the sheet's rule and stays put under the variant.

    Checks rules/kalaha.md#empty-opposite-pit and rules/kalaha.md#options.
    """
    p = data.draw(st.integers(2, 6))
    mover, land = data.draw(st.sampled_from((0, 1))), data.draw(st.integers(1, p - 1))
    start = data.draw(st.integers(0, land - 1))
    own, other = _rows(data, p), _rows(data, p)
    own[start], own[land], other[p - 1 - land] = land - start, 0, 0
    other[p - land] += 1
    state = data.draw(arranged(own, other, mover))
    transition = state.step(Sow(start))
    after, rule = transition.state, state.game.empty_capture
    captured = [event for event in transition.events if isinstance(event, Captured)]
    swept = sum(event.seeds for event in transition.events if isinstance(event, Swept) and event.seat == mover)
    assert captured == ([Captured(seat=mover, pit=land, seeds=1)] if rule else [])
    assert after.stores[mover] == state.stores[mover] + rule + swept
    if not after.is_over:
        assert after.pits[mover][land] == (0 if rule else 1)
        assert after.pits[1 - mover] == state.pits[1 - mover]


@given(st.data())
def test_an_extra_move_that_empties_the_row_ends_the_game(data: st.DataObject) -> None:
    """A lone seed sown from the pit next to the store empties the row: the game ends, no extra move, the rest is swept.

    Checks rules/kalaha.md#extra-move-that-ends-the-game, rules/kalaha.md#game-end and rules/kalaha.md#sweep.
    """
    p = data.draw(st.integers(1, 6))
    mover, pit = data.draw(st.sampled_from((0, 1))), p - 1
    own, other = [0] * p, _rows(data, p)
    own[pit] = 1
    other[data.draw(st.integers(0, p - 1))] += 1
    state = data.draw(arranged(own, other, mover))
    transition = state.step(Sow(pit))
    after = transition.state
    assert after.is_over
    assert after.current_player is None
    assert [type(event) for event in transition.events] == [Sowed, Swept, GameEnded]
    assert Swept(seat=1 - mover, seeds=sum(other)) in transition.events
    assert after.stores[mover] == state.stores[mover] + 1
    assert after.stores[1 - mover] == state.stores[1 - mover] + sum(other)


@given(st.data())
def test_a_capture_that_empties_the_opponents_row_ends_the_game(data: st.DataObject) -> None:
    """A capture of the opponent's last seeds ends the game on their turn; the mover sweeps their own row.

    Checks rules/kalaha.md#capture-that-ends-the-game and rules/kalaha.md#game-end.
    """
    p = data.draw(st.integers(2, 6))
    mover, land = data.draw(st.sampled_from((0, 1))), data.draw(st.integers(1, p - 1))
    start = data.draw(st.integers(0, land - 1))
    own, other = _rows(data, p), [0] * p
    own[start], own[land] = land - start, 0
    other[p - 1 - land] = data.draw(st.integers(1, 6))
    state = data.draw(arranged(own, other, mover))
    transition = state.step(Sow(start))
    after, left = transition.state, sum(own) - 1
    assert after.is_over
    assert Captured(seat=mover, pit=land, seeds=other[p - 1 - land] + 1) in transition.events
    assert [event for event in transition.events if isinstance(event, Swept)] == (
        [Swept(seat=mover, seeds=left)] if left else []
    )
    assert after.stores[mover] == state.stores[mover] + sum(own) + sum(other)
    assert after.stores[1 - mover] == state.stores[1 - mover]
