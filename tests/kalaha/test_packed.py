"""Packed boards (`tablegames.kalaha.packed`) against `KalahaState`: the same games, the same position every move."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ConfigError
from tablegames.kalaha import Kalaha
from tablegames.kalaha.actions import SOWS
from tests.extras import need_module
from tests.kalaha.strategies import openings

np = need_module("numpy", "fast")
batch = need_module("tablegames.kalaha.batch", "fast")
packed = need_module("tablegames.kalaha.packed", "fast")

if sys.byteorder != "little":
    pytest.skip("boards are packed on little-endian machines only (packed.fits)", allow_module_level=True)


@st.composite
def packable_games(draw: st.DrawFn) -> Kalaha:
    """Every board that packs: up to 7 pits a row, up to 127 seeds in all (few pits: full laps)."""
    pits = draw(st.integers(1, packed.MAX_PITS))
    seeds = draw(st.integers(1, packed.MAX_SEEDS // (2 * pits)))
    return Kalaha(pits=pits, seeds=seeds, empty_capture=draw(st.booleans()))


def _pattern(row: tuple[int, ...]) -> int:
    return sum(1 << pit for pit, seeds in enumerate(row) if seeds)


@given(packable_games(), st.integers(1, 6), st.integers(0, 2**32 - 1), st.integers(0, 6))
def test_packed_boards_play_exactly_as_kalaha_state(game: Kalaha, games: int, seed: int, opening: int) -> None:
    """Sown on packed boards and by `KalahaState`, random games agree on every position, mover and row pattern.

    A game is over on a packed board when a row's pattern is 0 (`empty_rows`),
    and then each seat's seeds are its final store (the sweep). Every move
    works in one `Scratch` made for the first, widest batch.

    Checks rules/kalaha.md#sowing, rules/kalaha.md#a-whole-lap, rules/kalaha.md#moving-again,
    rules/kalaha.md#capturing, rules/kalaha.md#empty-opposite-pit, rules/kalaha.md#game-end and
    rules/kalaha.md#sweep on packed boards.
    """
    assert packed.fits(game)
    engine = packed.PackedRules.of(game)
    rng = random.Random(seed)
    states = openings(game, games, rng, opening)  # each game from its own position a few random moves in
    live = [state for state in states if not state.is_over]
    words = engine.pack(np.array([state.board for state in live]))
    work = packed.Scratch(len(live))
    while live:
        assert engine.unpack(words).tolist() == [list(state.board) for state in live]
        assert engine.patterns(words).tolist() == [[_pattern(row) for row in state.pits] for state in live]
        pits = [rng.choice(state.legal_actions()).pit for state in live]
        movers = np.array([state.current_player for state in live], dtype=np.intp)
        extra = engine.sow(words, movers, np.array(pits, dtype=np.intp), work)
        after = [state.apply(SOWS[pit]) for state, pit in zip(live, pits, strict=True)]
        patterns = engine.patterns(words)
        over = (patterns == 0).any(axis=1)
        assert over.tolist() == [state.is_over for state in after]
        assert engine.empty_rows(words).tolist() == over.tolist()
        assert engine.seeds(words)[over].tolist() == [list(state.stores) for state in after if state.is_over]
        for state, again, mover in zip(after, extra.tolist(), movers.tolist(), strict=True):
            if not state.is_over:
                assert (state.current_player == mover) == again
        words = words[~over]
        live = [state for state in after if not state.is_over]


@pytest.mark.parametrize(
    ("pits", "seeds", "empty_capture"),
    [(6, 4, True), (6, 4, False), (7, 9, True), (3, 21, False), (2, 30, True), (1, 63, True)],
)
def test_random_playouts_on_packed_boards_play_the_same_games(
    pits: int, seeds: int, empty_capture: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`random_playouts` gives the same scores and moves on packed boards as on plain ones (same seed, same draws)."""
    assert packed.fits(Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture))
    fast = batch.random_playouts(2_000, seed=9, pits=pits, seeds=seeds, empty_capture=empty_capture)
    monkeypatch.setattr(batch, "_PACK", False)
    plain = batch.random_playouts(2_000, seed=9, pits=pits, seeds=seeds, empty_capture=empty_capture)
    assert fast[1] == plain[1]
    assert (fast[0] == plain[0]).all()


def test_only_boards_that_fit_are_packed() -> None:
    """Up to 7 pits a row and 127 seeds in all: a byte a place, and no place ever passes 127; others are refused."""
    assert packed.fits(Kalaha(pits=7, seeds=9))
    assert not packed.fits(Kalaha(pits=8, seeds=1))
    assert not packed.fits(Kalaha(pits=4, seeds=16))
    with pytest.raises(
        ValueError, match="boards of 4 pits a row and 128 seeds in all do not pack: packed boards hold up"
    ):
        packed.PackedRules.of(Kalaha(pits=4, seeds=16))


def test_narrow_integer_types_sow_as_wide_ones() -> None:
    """Movers and pits given as int8 (as `KalahaBatch.to_move` is) index the sowing tables as intp would."""
    game = Kalaha(pits=7, seeds=9)
    engine = packed.PackedRules.of(game)
    state = game.position(rows=((1, 1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1, 2)), stores=(56, 55), to_move=1)
    words = engine.pack(np.array([state.board]))
    engine.sow(words, np.array([1], dtype=np.int8), np.array([6], dtype=np.int8))
    assert engine.unpack(words).tolist() == [list(state.apply(SOWS[6]).board)]


def test_sowing_refuses_words_it_cannot_change_in_place() -> None:
    """A strided view of packed boards would be sown half in a copy (a pit emptied there, seeds added here): refused."""
    game = Kalaha()
    engine = packed.PackedRules.of(game)
    words = engine.pack(np.array([game.start().board] * 4))
    before = words.copy()
    with pytest.raises(ValueError, match="C-contiguous"):
        engine.sow(words[::2], np.zeros(2, dtype=np.intp), np.zeros(2, dtype=np.intp))
    assert (words == before).all()


def test_patterns_and_empty_rows_write_into_the_arrays_given() -> None:
    """`patterns` writes into ``out`` and returns it (``words`` itself too); `empty_rows` works in an array given."""
    game = Kalaha()
    engine = packed.PackedRules.of(game)
    over = (0, 0, 0, 0, 0, 0, 20, 1, 1, 1, 1, 1, 1, 22)  # seat 0's row empty: the game is over
    words = engine.pack(np.array([game.start().board, over]))
    fresh = engine.patterns(words)
    assert fresh.tolist() == [[0b111111, 0b111111], [0, 0b111111]]
    out = np.empty_like(words)
    assert engine.patterns(words, out) is out
    assert (out == fresh).all()
    same = words.copy()
    assert (engine.patterns(same, same) == fresh).all()
    work = np.empty((5, 2), dtype=np.uint64)[:2]
    assert engine.empty_rows(words, work).tolist() == engine.empty_rows(words).tolist() == [False, True]


def test_one_scratch_serves_every_batch_up_to_its_size() -> None:
    """A larger `Scratch` sows as new arrays would; its result holds until the next sowing; a smaller one is refused."""
    game = Kalaha()
    engine = packed.PackedRules.of(game)
    words = engine.pack(np.array([game.start().board] * 3))
    alone = words.copy()
    work = packed.Scratch(10)
    movers = np.zeros(3, dtype=np.intp)
    extra = engine.sow(words, movers, np.array([2, 0, 5]), work)
    assert extra.tolist() == engine.sow(alone, movers, np.array([2, 0, 5])).tolist() == [True, False, False]
    assert (words == alone).all()
    engine.sow(words, np.ones(3, dtype=np.intp), np.array([0, 0, 0]), work)
    assert extra.tolist() == [False, False, False]  # the next sowing's answer, in the same array
    wide = engine.pack(np.array([game.start().board] * 11))
    before = wide.copy()
    with pytest.raises(ValueError, match="a Scratch made for 10 games cannot sow 11"):
        engine.sow(wide, np.zeros(11, dtype=np.intp), np.zeros(11, dtype=np.intp), work)
    assert (wide == before).all()
    with pytest.raises(ConfigError, match="games must be an integer of at least 0"):
        packed.Scratch(-1)
