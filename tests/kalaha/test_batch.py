"""The batched engine against `KalahaState`: the same games, the same position after every move."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ConfigError, IllegalActionError, InvalidStateError
from tablegames.kalaha import Kalaha
from tablegames.kalaha.actions import SOWS
from tests.extras import need_module
from tests.kalaha.strategies import openings

np = need_module("numpy", "fast")
batch = need_module("tablegames.kalaha.batch", "fast")


@st.composite
def kalaha_games(draw: st.DrawFn) -> Kalaha:
    """Any board, small enough to play quickly: few pits with many seeds (full laps) as well as many pits."""
    pits = draw(st.integers(1, 14))
    seeds = draw(st.integers(1, 30 if pits <= 3 else 6))
    return Kalaha(pits=pits, seeds=seeds, empty_capture=draw(st.booleans()))


@given(kalaha_games(), st.integers(1, 6), st.integers(0, 2**32 - 1), st.integers(0, 6))
def test_the_batch_plays_exactly_as_kalaha_state(game: Kalaha, games: int, seed: int, opening: int) -> None:
    """Played by the batch and by `KalahaState`, random games agree on every position, mover and legal pit.

    Checks rules/kalaha.md#sowing, rules/kalaha.md#moving-again, rules/kalaha.md#capturing,
    rules/kalaha.md#empty-opposite-pit, rules/kalaha.md#game-end and rules/kalaha.md#sweep in the batch.
    """
    rng = random.Random(seed)
    states = openings(game, games, rng, opening)  # each game from its own position a few random moves in
    positions = batch.KalahaBatch.from_states(states)
    while True:
        assert positions.states() == states
        mask = positions.legal_mask()
        for state, legal in zip(states, mask, strict=True):
            assert [action.pit for action in state.legal_actions()] == np.flatnonzero(legal).tolist()
        assert positions.is_over.tolist() == [state.is_over for state in states]
        assert positions.scores.tolist() == [list(state.scores) for state in states]
        if all(state.is_over for state in states):
            break
        pits = [rng.choice(state.legal_actions()).pit if not state.is_over else 0 for state in states]
        positions = positions.step(pits)
        states = [state if state.is_over else state.apply(SOWS[pit]) for state, pit in zip(states, pits, strict=True)]


def test_step_refuses_an_illegal_pit_and_changes_nothing() -> None:
    """An empty or missing pit in a live game is refused with the legal pits; the batch is unchanged."""
    game = Kalaha(pits=3, seeds=2)
    positions = batch.KalahaBatch.start(game, 2).step([0, 1])
    before = positions.boards.copy()
    with pytest.raises(IllegalActionError, match=r"game 1: pit 5 cannot be sown by seat 0 \(legal: \[0, 2\]\)"):
        positions.step([0, 5])
    with pytest.raises(IllegalActionError, match="one pit per game"):
        positions.step([0])
    assert (positions.boards == before).all()
    with pytest.raises(InvalidStateError):
        batch.KalahaBatch.from_states([game.start(), Kalaha().start()])


@pytest.mark.parametrize(
    ("pits", "seeds", "empty_capture"), [(6, 4, True), (6, 4, False), (13, 3, True), (2, 20, True)]
)
def test_random_playouts_end_every_game_with_every_seed_in_the_stores(
    pits: int, seeds: int, empty_capture: bool
) -> None:
    """Every game ends with the 2 x pits x seeds seeds in the stores; the same seed plays the same games."""
    scores, moves = batch.random_playouts(300, seed=5, pits=pits, seeds=seeds, empty_capture=empty_capture)
    assert scores.shape == (300, 2)
    assert (scores.sum(axis=1) == 2 * pits * seeds).all()
    assert moves >= 300
    again, same = batch.random_playouts(300, seed=5, pits=pits, seeds=seeds, empty_capture=empty_capture)
    assert same == moves
    assert (again == scores).all()


def _one_at_a_time(game: Kalaha, games: int, seed: int, width: int) -> tuple[list[list[int]], int]:
    """`random_playouts` played one `KalahaState` at a time: the same draws, the same rows, the same refills."""
    rng = np.random.default_rng(seed)
    rows = [(number, game.start()) for number in range(min(games, width))]  # (which game, its state), in row order
    started, moves, final = len(rows), 0, [[0, 0]] * games
    while rows:
        moved = []
        for (number, state), draw in zip(rows, rng.random(len(rows)).tolist(), strict=True):
            legal = state.legal_actions()
            moved.append((number, state.apply(legal[int(draw * len(legal))])))
        moves += len(rows)
        rows = []
        for number, state in moved:
            if not state.is_over:
                rows.append((number, state))
                continue
            final[number] = list(state.stores)
            if started < games:  # a finished game's row goes to the next game
                rows.append((started, game.start()))
                started += 1
    return final, moves


@pytest.mark.parametrize("pack", [True, False])
@pytest.mark.parametrize("width", [3, 16, 16_384])
@pytest.mark.parametrize(("pits", "seeds", "empty_capture"), [(6, 4, True), (6, 4, False), (3, 5, True)])
def test_random_playouts_play_the_games_kalaha_state_plays_with_the_same_draws(
    pits: int, seeds: int, empty_capture: bool, width: int, pack: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every move of every playout, moving again (H3) and in rows taking a finished game's place, is `KalahaState`'s.

    Checks rules/kalaha.md#sowing, rules/kalaha.md#moving-again, rules/kalaha.md#capturing and
    rules/kalaha.md#game-end in `random_playouts`, on packed and plain boards alike.
    """
    monkeypatch.setattr(batch, "_WIDTH", width)
    monkeypatch.setattr(batch, "_PACK", pack)
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    scores, moves = batch.random_playouts(40, seed=11, pits=pits, seeds=seeds, empty_capture=empty_capture)
    assert (scores.tolist(), moves) == _one_at_a_time(game, 40, 11, width)


def test_random_playouts_play_the_games_they_played_before() -> None:
    """One seed plays the same games from one release to the next."""
    scores, moves = batch.random_playouts(1_000, seed=7)
    assert moves == 40_101
    assert int(scores[:, 0].sum()) == 24_172
    assert scores[:5].tolist() == [[30, 18], [31, 17], [19, 29], [23, 25], [25, 23]]


def test_random_pits_are_legal_and_uniform_by_table_and_by_sum() -> None:
    """Both ways of drawing a move (by table, for small boards, and by cumulative sum) pick each non-empty pit alike."""
    rules = batch._rules(Kalaha(pits=4))
    by_sum = attrs.evolve(rules, counts=None, nth=None)
    patterns = np.full(40_000, 0b1011, dtype=np.int64)
    for each in (rules, by_sum):
        chosen = batch._random_pits(each, patterns, np.random.default_rng(3))
        counts = np.bincount(chosen, minlength=4)
        assert counts[2] == 0
        assert (abs(counts[[0, 1, 3]] - 40_000 / 3) < 600).all()


@pytest.mark.parametrize("empty_capture", [True, False])
def test_full_laps_sow_as_kalaha_state(empty_capture: bool) -> None:
    """One lap of seeds, a lap and one, or two laps sow as in `KalahaState` (rules/kalaha.md#a-whole-lap)."""
    game = Kalaha(pits=2, seeds=10, empty_capture=empty_capture)  # a route has 5 places; 40 seeds in all
    states = [
        game.position(rows=((5, 15), (10, 10)), stores=(0, 0), to_move=0),
        game.position(rows=((6, 14), (10, 10)), stores=(0, 0), to_move=0),
        game.position(rows=((10, 1), (5, 19)), stores=(5, 0), to_move=1),
        game.position(rows=((1, 1), (11, 9)), stores=(9, 9), to_move=1),
    ]
    for pit in (0, 1):
        moved = batch.KalahaBatch.from_states(states).step([pit] * len(states))
        assert moved.states() == [state.apply(SOWS[pit]) for state in states]


def test_every_random_playout_starts_from_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game, also one taking a finished game's place, starts with seat 0 to move (rules/kalaha.md#who-starts)."""
    monkeypatch.setattr(batch, "_WIDTH", 16)
    # One pit of two seeds: seat 0 sows into its store and seat 1's pit, and its empty row ends the game 1–3.
    scores, moves = batch.random_playouts(100, seed=2, pits=1, seeds=2)
    assert moves == 100
    assert scores.tolist() == [[1, 3]] * 100


def test_random_playouts_of_no_games_play_none_and_a_bad_count_is_refused() -> None:
    """Zero games give no scores and no moves; a negative or non-integer count is a ConfigError naming it."""
    scores, moves = batch.random_playouts(0, seed=1)
    assert scores.shape == (0, 2)
    assert moves == 0
    for bad in (-1, 2.0, True):
        with pytest.raises(ConfigError, match="games must be an integer of at least 0"):
            batch.random_playouts(bad, seed=1)
