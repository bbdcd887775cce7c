"""The rule sheet's own statements and every question of its FAQ, as scripted positions (docs/rules/kalaha.md)."""

from __future__ import annotations

import pytest

from tablegames import IllegalActionError
from tablegames.kalaha import Captured, ExtraMove, GameEnded, Kalaha, Sow, Sowed, Swept

GAME = Kalaha()


def test_setup_is_four_seeds_in_each_of_twelve_pits() -> None:
    """Four seeds in each of the twelve pits, 48 in all, and two empty stores.

    Checks rules/kalaha.md#the-board and rules/kalaha.md#seeds.
    """
    state = GAME.start()
    assert state.pits == ((4,) * 6, (4,) * 6)
    assert sum(map(sum, state.pits)) == 48
    assert state.stores == (0, 0)


def test_sowing_one_seed_per_pit_and_into_own_store() -> None:
    """Take all seeds of a pit and sow one per pit toward your store, one into your store (rules/kalaha.md#sowing)."""
    state = GAME.start().apply(Sow(4))
    assert state.pits == ((4, 4, 4, 4, 0, 5), (5, 5, 4, 4, 4, 4))
    assert state.stores == (1, 0)
    assert state.current_player == 1


def test_faq_extra_move_whatever_the_number_of_seeds() -> None:
    """FAQ 1: a last seed in your own store gives another move, however many seeds you moved.

    Checks rules/kalaha.md#faq-extra-move and rules/kalaha.md#moving-again.
    """
    one = GAME.position(rows=((4, 4, 4, 4, 4, 1), (4, 4, 4, 4, 4, 4)), stores=(3, 0))
    assert one.apply(Sow(5)).current_player == 0
    lapped = GAME.position(rows=((1, 1, 1, 1, 1, 14), (4, 4, 4, 4, 4, 4)), stores=(5, 0))
    after = lapped.apply(Sow(5))
    assert after.stores == (7, 0)
    assert after.current_player == 0


def test_faq_extra_moves_chain() -> None:
    """FAQ 1: it holds every time, so extra moves chain.

    Checks rules/kalaha.md#faq-extra-move and rules/kalaha.md#moving-again.
    """
    state = GAME.position(rows=((0, 0, 0, 3, 2, 1), (4, 4, 4, 4, 4, 4)), stores=(10, 8))
    for pit in (5, 4, 5, 3, 5):
        transition = state.step(Sow(pit))
        assert ExtraMove(seat=0) in transition.events
        state = transition.state
        assert state.current_player == 0
    assert state.pits[0] == (0, 0, 0, 0, 1, 0)
    assert state.stores == (15, 8)
    last = state.step(Sow(4))
    assert Captured(seat=0, pit=5, seeds=5) in last.events
    assert last.state.stores == (20, 28)


def test_faq_capture_takes_the_seed_and_the_opposite_pit() -> None:
    """FAQ 2: a last seed in an empty pit on your side takes it and the seeds opposite.

    Checks rules/kalaha.md#faq-empty-pit and rules/kalaha.md#capturing.
    """
    state = GAME.position(rows=((1, 0, 4, 4, 4, 4), (4, 4, 4, 4, 7, 4)), stores=(3, 1))
    transition = state.step(Sow(0))
    assert Captured(seat=0, pit=1, seeds=8) in transition.events
    after = transition.state
    assert after.pits == ((0, 0, 4, 4, 4, 4), (4, 4, 4, 4, 0, 4))
    assert after.stores == (11, 1)
    assert after.current_player == 1


def test_faq_no_capture_on_the_opponents_side() -> None:
    """FAQ 2: an empty pit on the opponent's side gives no capture.

    Checks rules/kalaha.md#faq-empty-pit and rules/kalaha.md#capturing.
    """
    state = GAME.position(rows=((4, 4, 4, 4, 4, 2), (0, 4, 4, 4, 4, 4)), stores=(3, 3))
    transition = state.step(Sow(5))
    assert not any(isinstance(event, Captured) for event in transition.events)
    assert transition.state.pits == ((4, 4, 4, 4, 4, 0), (1, 4, 4, 4, 4, 4))
    assert transition.state.stores == (4, 3)


def test_faq_extra_move_is_not_compulsory() -> None:
    """FAQ 3: no rule forces the move that gives an extra move; every non-empty pit may be sown.

    Checks rules/kalaha.md#faq-extra-move-not-forced and rules/kalaha.md#who-starts (the turn then passes).
    """
    state = GAME.start()
    assert Sow(2) in state.legal_actions()
    assert state.apply(Sow(0)).current_player == 1


def test_faq_never_sow_into_the_opponents_store() -> None:
    """FAQ 4: passing the opponent's store you skip it; only your own store takes seeds.

    Checks rules/kalaha.md#faq-opponents-store and rules/kalaha.md#skipping-the-opponents-store.
    """
    state = GAME.position(rows=((1, 1, 1, 4, 4, 10), (4, 4, 4, 4, 4, 4)), stores=(3, 0))
    after = state.apply(Sow(5))
    assert after.stores == (4, 0)
    assert after.pits == ((2, 2, 2, 4, 4, 0), (5, 5, 5, 5, 5, 5))
    seat1 = GAME.position(rows=((4, 4, 4, 4, 4, 4), (1, 1, 1, 4, 4, 10)), stores=(0, 3), to_move=1)
    assert seat1.apply(Sow(5)).stores == (0, 4)


def test_faq_game_ends_when_the_mover_empties_their_own_row() -> None:
    """FAQ 5: the game ends at once when the mover's own row is empty, even on an extra move.

    Checks rules/kalaha.md#faq-empty-row, rules/kalaha.md#extra-move-that-ends-the-game, rules/kalaha.md#sweep
    and rules/kalaha.md#score-and-winner.
    """
    state = GAME.position(rows=((0, 0, 0, 0, 0, 1), (1, 2, 3, 0, 0, 4)), stores=(20, 17))
    transition = state.step(Sow(5))
    after = transition.state
    assert after.is_over
    assert after.stores == (21, 27)
    assert Swept(seat=1, seeds=10) in transition.events
    assert transition.events[-1] == GameEnded(scores=(21, 27), winners=frozenset({1}))
    assert after.winners == frozenset({1})


def test_faq_game_ends_when_the_opponents_row_is_emptied() -> None:
    """FAQ 5: it ends whoever's turn it is: a capture that empties the opponent's row ends it.

    Checks rules/kalaha.md#faq-empty-row, rules/kalaha.md#capture-that-ends-the-game and rules/kalaha.md#game-end.
    """
    state = GAME.position(rows=((1, 0, 0, 0, 0, 3), (0, 0, 0, 0, 2, 0)), stores=(10, 32))
    transition = state.step(Sow(0))
    assert [type(event) for event in transition.events] == [Sowed, Captured, Swept, GameEnded]
    assert transition.state.stores == (16, 32)
    assert transition.state.winners == frozenset({1})


def test_draw_on_equal_stores() -> None:
    """Equal stores at the end are a draw: both seats share the win (rules/kalaha.md#draw)."""
    state = GAME.position(rows=((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)), stores=(23, 23))
    after = state.apply(Sow(5))
    assert after.stores == (24, 24)
    assert after.winners == frozenset({0, 1})
    assert after.outcome is not None
    assert after.outcome.is_draw


def test_lap_sows_into_the_emptied_start_pit() -> None:
    """A pit with seeds for a whole lap sows into the pit it was emptied from as well (rules/kalaha.md#a-whole-lap)."""
    state = GAME.position(rows=((15, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1)), stores=(11, 11))
    after = state.apply(Sow(0))
    assert after.pits == ((1, 3, 3, 2, 2, 2), (2, 2, 2, 2, 2, 2))
    assert after.stores == (12, 11)


def test_lap_ending_in_the_emptied_start_pit_captures() -> None:
    """Thirteen seeds end in the emptied start pit, empty before that seed: a capture.

    Checks rules/kalaha.md#lap-ending-in-its-start-pit.
    """
    state = GAME.position(rows=((0, 0, 13, 0, 0, 0), (0, 0, 0, 5, 0, 0)), stores=(15, 15))
    transition = state.step(Sow(2))
    assert Captured(seat=0, pit=2, seeds=7) in transition.events
    assert transition.state.pits == ((1, 1, 0, 1, 1, 1), (1, 1, 1, 0, 1, 1))
    assert transition.state.stores == (23, 15)


@pytest.mark.parametrize(("empty_capture", "captured", "store"), [(True, 1, 1), (False, 0, 0)])
def test_capture_against_an_empty_pit(empty_capture: bool, captured: int, store: int) -> None:
    """Opposite pit empty: the sheet captures the lone seed; the variant leaves it.

    Checks rules/kalaha.md#empty-opposite-pit and rules/kalaha.md#options.
    """
    rows = ((1, 0, 1, 1, 1, 1), (1, 1, 1, 1, 0, 1))
    state = Kalaha(empty_capture=empty_capture).position(rows=rows, stores=(19, 19))
    transition = state.step(Sow(0))
    events = [event for event in transition.events if isinstance(event, Captured)]
    assert [event.seeds for event in events] == ([captured] if captured else [])
    assert transition.state.stores == (19 + store, 19)
    assert transition.state.pits[0][1] == 1 - captured


def test_empty_pit_cannot_be_sown() -> None:
    """A move must take the seeds of a non-empty pit; the error says which pits are legal (rules/kalaha.md#sowing)."""
    state = GAME.position(rows=((0, 4, 0, 4, 4, 4), (4, 4, 4, 4, 4, 4)), stores=(4, 4))
    with pytest.raises(IllegalActionError, match=r"pit a is empty; legal: b, d, e, f"):
        state.apply(Sow(0))
